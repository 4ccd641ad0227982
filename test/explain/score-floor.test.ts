/**
 * `scoreFloor` is what lets `generate --difficulty` stop grading a puzzle early: it must never be
 * above the grade the whole explanation gets. Checked on real explanations of every graded type,
 * after every step (with the cells the explainer says are still open), against `gradeExplanation`
 * of the finished explanation; and on a 10×10 2★ Star Battle, where it matters, the floor passes
 * `hard`'s upper end (5) long before the explanation ends, so the early stop saves real work.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readInputs } from '../../src/formats/inputs.js';
import { Explainer, runExplainer } from '../../src/explain/explain.js';
import { gradeExplanation, LEVELS, scoreFloor } from '../../src/explain/grade.js';
import { gradePuzzle, gradePuzzleUnless } from '../../src/explain/hint.js';
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne } from '../../src/generate/generate.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'fixtures');

function fixturePuzzles(file: string, n: number): { type: AnyPuzzleType; puzzle: unknown; name: string }[] {
  return [...readInputs([path.join(FIXTURES, file)])].filter((e) => e.ok).slice(0, n)
    .map((e, i) => ({ type: e.type!, puzzle: e.puzzle, name: `${file} #${i + 1}` }));
}

/** Each step's floor (taken as the explainer goes, with its open cells), and the final grade. */
function floorsAndGrade(type: AnyPuzzleType, puzzle: unknown) {
  const ex = new Explainer(type, puzzle);
  try {
    const floors: ReturnType<typeof scoreFloor>[] = [];
    const explanation = runExplainer(ex, { stopWhen: (steps, open) => { floors.push(scoreFloor(steps, open)); return false; } });
    return { floors, grade: gradeExplanation(explanation)!, steps: explanation.steps.length };
  } finally {
    ex.dispose();
  }
}

const starBattle = findPuzzleType('starbattle')!;
const cases = [
  ...fixturePuzzles('akari/tatham-10x10-d2.txt', 4),
  ...fixturePuzzles('akari/tatham-7x7-d1.txt', 2),
  ...fixturePuzzles('hashi/tatham-10x10.txt', 4),
  ...fixturePuzzles('blockparty/example-5x5.txt', 1),
  ...[0, 1, 2].map((i) => ({ type: starBattle, puzzle: generateOne(starBattle, { rows: 6, cols: 6, stars: 1 }, 31, i).puzzle, name: `Star Battle 6x6 #${i}` })),
];

describe('scoreFloor is a floor of the grade', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: every step\'s floor is at most the final score and level; the last one is the score', (_name, c) => {
    const { floors, grade, steps } = floorsAndGrade(c.type, c.puzzle);
    expect(grade, 'graded').toBeDefined();
    expect(floors).toHaveLength(steps);
    for (const f of floors) {
      expect(f.score).toBeLessThanOrEqual(grade.score);
      expect(LEVELS.indexOf(f.level)).toBeLessThanOrEqual(LEVELS.indexOf(grade.level));
    }
    // With no cell open the shares are known: the floor is the score (rounded down, so within 0.01).
    expect(grade.score - floors[floors.length - 1]!.score).toBeLessThanOrEqual(0.01 + 1e-12);
    expect(floors[floors.length - 1]!.level).toBe(grade.level);
  });
});

describe('grading stopped at the floor', () => {
  // Seed 77's first 10x10 2★ layout explains in under a second (others take up to 16 s) and grades expert.
  const puzzle = generateOne(starBattle, { rows: 10, cols: 10, stars: 2 }, 77, 0).puzzle;

  it('a 10x10 2★ Star Battle: the floor passes 5 well before the last step, and the stopped grade says so', () => {
    const { floors, grade } = floorsAndGrade(starBattle, puzzle);
    expect(grade.score).toBeGreaterThan(5);
    const first = floors.findIndex((f) => f.score > 5);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(floors.length / 2);
    const stopped = gradePuzzleUnless(starBattle, puzzle, (f) => f.score > 5);
    expect(stopped).toEqual({ atLeast: floors[first] });
  });

  it('a predicate that never holds grades in full, as gradePuzzle does', () => {
    const small = generateOne(starBattle, { rows: 6, cols: 6, stars: 1 }, 31, 0).puzzle;
    expect(gradePuzzleUnless(starBattle, small, () => false)).toEqual(gradePuzzle(starBattle, small));
  });
});
