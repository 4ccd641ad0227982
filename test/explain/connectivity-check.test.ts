/**
 * Hashi grading speed must not change a grade: a question that lists the eager connectivity fact
 * ("all islands are connected") is first put to an engine holding the connectivity constraint in
 * place of that fact's distance clauses (`Explainer.quickCheck`, the default), and only a question
 * it cannot satisfy goes to the fact solver for its core. Here every puzzle is explained twice, on
 * two fresh explainers, with and without that check, and the explanations must be the same step for
 * step (values, facts, given cells, technique, kind), so the grades are the same; the check must
 * also have answered questions, or the comparison would show nothing.
 */
import { describe, expect, it } from 'vitest';
import { Explainer, runExplainer, type Explanation } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { stepFingerprint } from '../helpers/explain-checks.js';

/** Tatham's hard (d2) Bridges: m2 at two sizes, m1, m3, no-loops (file, first puzzle, count). */
const FIXTURES: [string, number, number][] = [
  ['fixtures/hashi/tatham-7x7.txt', 40, 4],
  ['fixtures/hashi/tatham-10x10.txt', 30, 3],
  ['fixtures/hashi/tatham-maxbridges.txt', 6, 2],
  ['fixtures/hashi/tatham-maxbridges.txt', 20, 3],
  // Puzzles 9-10 put the most questions to the connectivity engine among the first ten (65 and 22;
  // with the no-loops rule propagated as a graph, 1-6 and 8 put none).
  ['fixtures/hashi/tatham-noloops.txt', 8, 2],
];

function explain(found: ReturnType<typeof puzzlesOf>[number], quickCheck: boolean): { explanation: Explanation; answered: number } {
  const ex = new Explainer(found.type, found.puzzle);
  ex.quickCheck = quickCheck;
  try {
    return { explanation: runExplainer(ex), answered: ex.stats.connectivitySat };
  } finally {
    ex.dispose();
  }
}


describe('explain: the connectivity engine gives the same Hashi steps as the fact solver alone', () => {
  for (const [file, from, n] of FIXTURES) {
    it(`${file}, puzzles ${from + 1}-${from + n}`, () => {
      let answered = 0;
      for (const found of puzzlesOf(file, from + n).slice(from)) {
        const quick = explain(found, true);
        const plain = explain(found, false);
        expect(quick.explanation.status, found.id).toBe('solved');
        expect(plain.answered, found.id).toBe(0);
        expect(stepFingerprint(quick.explanation), found.id).toEqual(stepFingerprint(plain.explanation));
        expect(gradeExplanation(quick.explanation), found.id).toEqual(gradeExplanation(plain.explanation));
        answered += quick.answered;
      }
      expect(answered).toBeGreaterThan(0);
    });
  }
});
