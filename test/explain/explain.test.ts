/**
 * Every step of every explanation is replayed on a fresh engine: the step's facts and given cells
 * alone force its values, dropping any one fact or given cell no longer forces them all, and the
 * last grid is the solution the independent verifier accepts (and the pipeline finds).
 */
import { describe, expect, it } from 'vitest';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { Explainer, explainPuzzle, type Explanation } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import { Propagator, techniqueFor, techniqueOn } from '../helpers/propagate-reference.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { expectReplayEndsAtSolution, replaySteps } from '../helpers/explain-checks.js';

/** Small and medium fixtures (the suite must stay quick): file and how many puzzles of it. */
const FIXTURES: [string, number][] = [
  ['fixtures/starbattle/parks-5x5.txt', 1],
  ['fixtures/starbattle/parks-9x9.txt', 1],
  ['fixtures/starbattle/norvig-board1.txt', 1],
  ['fixtures/akari/tatham-7x7-d0.txt', 2],
  ['fixtures/akari/tatham-7x7-d1.txt', 2],
  ['fixtures/akari/tatham-7x7-d2.txt', 3],
  ['fixtures/akari/tatham-10x10-d2.txt', 1],
  ['fixtures/hashi/tatham-7x7.txt', 3],
  ['fixtures/hashi/tatham-maxbridges.txt', 3],
  ['fixtures/hashi/tatham-noloops.txt', 2],
  ['fixtures/blockparty/example-5x5.txt', 1],
  ['fixtures/bridges-signs/map1.json', 1],
];

/** Replays an explanation on a fresh engine; returns the final decided values. */
function replay(type: AnyPuzzleType, puzzle: unknown, explanation: Explanation): Map<number, boolean> {
  const fresh = new Explainer(type, puzzle);
  try {
    return replaySteps(fresh, explanation);
  } finally {
    fresh.dispose();
  }
}

describe('explain: every step of every explanation holds on replay', () => {
  for (const [file, n] of FIXTURES) {
    it(file, () => {
      for (const { id, type, puzzle } of puzzlesOf(file, n)) {
        const explanation = explainPuzzle(type, puzzle);
        expect(explanation.status, id).toBe('solved');
        const decided = replay(type, puzzle, explanation);
        // The last grid is the verified solution, the one the solving pipeline finds.
        const ex = new Explainer(type, puzzle);
        try {
          expectReplayEndsAtSolution(type, puzzle, ex, decided, id);
        } finally {
          ex.dispose();
        }
        expect(gradeExplanation(explanation)?.level).toMatch(/easy|medium|hard|expert/);
      }
    });
  }
});

describe('explain: puzzles with more than one solution', () => {
  for (const file of ['fixtures/starbattle/handmade-two-solutions.txt', 'fixtures/starbattle/norvig-5x5.txt', 'fixtures/blockparty/two-solutions.txt']) {
    it(`${file}: goes as far as deductions go, then shows two solutions and where they differ`, () => {
      const [{ type, puzzle }] = puzzlesOf(file, 1) as [{ id: string; type: AnyPuzzleType; puzzle: unknown }];
      const explanation = explainPuzzle(type, puzzle);
      expect(explanation.status).toBe('stuck');
      const decided = replay(type, puzzle, explanation);
      const alt = explanation.alternative!;
      expect(alt).toBeDefined();
      expect(type.verify(puzzle, alt.first)).toEqual([]);
      expect(type.verify(puzzle, alt.second)).toEqual([]);
      const a = alt.first as unknown[][]; // stars (Star Battle) or numbers (Block Party) per cell
      const b = alt.second as unknown[][];
      const differing = a.flatMap((row, r) => row.flatMap((v, c) => (v !== b[r]![c] ? [`${r},${c}`] : [])));
      expect(differing.sort()).toEqual(alt.cells.map(([r, c]) => `${r},${c}`).sort());
      // Every deduced value holds in both solutions, and no step decided a cell where they differ.
      for (const d of alt.differences) expect(decided.has(Math.abs(d.first.lit))).toBe(false);
      expect(solvePuzzle(type, puzzle, { count: 0 }).count).toBeGreaterThan(1);
    });
  }
});

describe('techniques', () => {
  it('tells propagation, probing and case analysis apart on small clause sets', () => {
    expect(techniqueFor([[1, 2], [-1, 2]], [-2])).toBe('propagation');
    // x1 -> x2, x1 -> -x2, -x1 -> x3, -x1 -> -x3: no unit propagates, probing either side of x1 fails.
    expect(techniqueFor([[-1, 2], [-1, -2], [1, 3], [1, -3]], [])).toBe('probing');
    // The four clauses over x1, x2 with nothing unit and no failed literal among them: case analysis.
    expect(techniqueFor([[1, 2, 3], [1, 2, -3], [1, -2, 3], [1, -2, -3], [-1, 4, 5], [-1, 4, -5], [-1, -4, 5], [-1, -4, -5]], [])).toBe('case analysis');
  });

  it('the propagator kept for a clause list starts clean each time, whatever was assumed before', () => {
    const clauses = [[-1, 2], [-1, -2], [1, 3], [1, -3], [4, 5]];
    // One propagator asked again and again, as the explainer keeps one per fact list.
    const kept = new Propagator(clauses);
    expect(techniqueOn(kept, [1])).toBe('propagation');
    expect(techniqueOn(kept, [])).toBe('probing');
    expect(techniqueOn(kept, [-4, -5])).toBe('propagation');
    expect(techniqueOn(kept, [-4])).toBe('probing');
    // An assumption on a variable no clause mentions, then its negation: a conflict among assumptions.
    expect(techniqueOn(kept, [9, -9])).toBe('propagation');
    expect(techniqueOn(kept, [9])).toBe('probing');
    // The same answers from a fresh propagator.
    expect(techniqueFor(clauses, [-4])).toBe('probing');
  });
});
