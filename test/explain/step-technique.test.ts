/**
 * A step's technique is the technique of every value it decides, checked with the reference
 * propagator (test/helpers/propagate-reference.ts) on the step's own clauses rather than with the
 * explainer's fact solver; and a grade does not hang on how the grid is turned. Before both held, a
 * Star Battle step that ruled out a cell by propagation and placed stars by counting was called
 * propagation or probing by whichever value came first in the fact's cell order, and a 2-fact
 * probing step could be taken where a 2-fact propagating one was there: the same 10×10 puzzle graded
 * 0.8 (easy) or 2.9 (medium) by rotation.
 */
import { describe, expect, it } from 'vitest';
import { explainPuzzle } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import { TECHNIQUES } from '../../src/explain/technique.js';
import type { Clause } from '../../src/sat/types.js';
import type { StarBattlePuzzle } from '../../encodings/starbattle/puzzle.js';
import { forEachExplainFormula } from '../helpers/explain-formula.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { techniqueFor } from '../helpers/propagate-reference.js';

/** Star Battle and Akari: every rule is clauses there (Hashi's connectivity is a graph in the fact solver). */
const FIXTURES: [string, number][] = [
  ['fixtures/starbattle/generated-10x10-2star.txt', 4],
  ['fixtures/starbattle/parks-9x9.txt', 1],
  ['fixtures/starbattle/norvig-board1.txt', 1],
  ['fixtures/akari/tatham-10x10-d2.txt', 3],
];

const GENERATED = 'fixtures/starbattle/generated-10x10-2star.txt';

describe('a step decides only values its technique reaches, and one of them needs it', () => {
  for (const [file, n] of FIXTURES) {
    it(file, () => {
      const entries = puzzlesOf(file, n);
      forEachExplainFormula(entries[0]!.type, entries, (formula, id) => {
        const explanation = explainPuzzle(entries[0]!.type, entries.find((e) => e.id === id)!.puzzle);
        expect(explanation.status, id).toBe('solved');
        explanation.steps.forEach((step, i) => {
          const clauses: Clause[] = [...formula.baseClauses, ...step.facts.flatMap((f) => formula.factClauses[f.index]!)];
          const given = step.given.map((g) => g.lit);
          const ranks = step.values.map((v) => TECHNIQUES.indexOf(techniqueFor(clauses, [...given, -v.lit])));
          expect(Math.max(...ranks), `${id} step ${i + 1}: ${step.values.map((v) => v.text).join('; ')}`).toBe(TECHNIQUES.indexOf(step.technique));
        });
      });
    });
  }
});

/** The regions turned k quarter turns clockwise, then mirrored left to right when k ≥ 4. */
function turned(puzzle: StarBattlePuzzle, k: number): StarBattlePuzzle {
  let regions = puzzle.regions.map((row) => [...row]);
  for (let i = 0; i < k % 4; i++) regions = regions[0]!.map((_, c) => regions.map((row) => row[c]!).reverse());
  if (k >= 4) regions = regions.map((row) => [...row].reverse());
  return { ...puzzle, regions };
}

describe('a Star Battle grade does not depend on how the grid is turned', () => {
  for (const [index, { id, type, puzzle }] of puzzlesOf(GENERATED, 4).entries()) {
    it(`${id}: the same hardest technique and level in all 8 orientations`, () => {
      const grades = Array.from({ length: 8 }, (_, k) => gradeExplanation(explainPuzzle(type, turned(puzzle as StarBattlePuzzle, k))));
      for (const g of grades) expect(g, `${id} #${index}`).toBeDefined();
      expect(new Set(grades.map((g) => g!.technique)).size, grades.map((g) => `${g!.technique} ${g!.score}`).join(', ')).toBe(1);
      expect(new Set(grades.map((g) => g!.level)).size, grades.map((g) => g!.score).join(', ')).toBe(1);
    });
  }
});
