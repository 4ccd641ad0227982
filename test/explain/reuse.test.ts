/**
 * Grading speed must not change a grade: the explainer keeps neighbourhood scopes, screen results
 * and the solutions its questions had (per set of facts, and per literal for questions on fewer
 * facts) across steps (`Explainer.reuse`, the default). Here every puzzle is explained twice, on
 * two fresh explainers, once with everything kept and once with every scope worked out afresh where
 * it is used (the way the explainer worked before they were kept), and the two explanations must be
 * the same step for step: the same values, facts, given cells, technique, and so the same grade.
 * The fact solver answers each question from the same state, so its cores agree too.
 */
import { describe, expect, it } from 'vitest';
import { Explainer, runExplainer, type Explanation } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { stepFingerprint } from '../helpers/explain-checks.js';

/** Light Up at every Tatham level, Bridges (m2, m4, no-loops), Star Battle, Block Party. */
const FIXTURES: [string, number][] = [
  ['fixtures/akari/tatham-7x7-d0.txt', 2],
  ['fixtures/akari/tatham-7x7-d1.txt', 2],
  ['fixtures/akari/tatham-7x7-d2.txt', 3],
  ['fixtures/akari/tatham-10x10-d1.txt', 1],
  ['fixtures/akari/tatham-10x10-d2.txt', 2],
  ['fixtures/hashi/tatham-7x7.txt', 3],
  ['fixtures/hashi/tatham-10x10.txt', 2],
  ['fixtures/hashi/tatham-maxbridges.txt', 2],
  ['fixtures/hashi/tatham-noloops.txt', 2],
  ['fixtures/starbattle/parks-5x5.txt', 1],
  ['fixtures/starbattle/norvig-board1.txt', 1],
  ['fixtures/blockparty/example-5x5.txt', 1],
];

function explain(file: string, id: string, reuse: boolean): Explanation {
  const found = puzzlesOf(file, 10).find((p) => p.id === id)!;
  const ex = new Explainer(found.type, found.puzzle);
  ex.reuse = reuse;
  try {
    return runExplainer(ex);
  } finally {
    ex.dispose();
  }
}


describe('explain: kept scopes give the same steps as fresh ones', () => {
  for (const [file, n] of FIXTURES) {
    it(file, () => {
      for (const { id } of puzzlesOf(file, n)) {
        const kept = explain(file, id, true);
        const fresh = explain(file, id, false);
        expect(kept.status, id).toBe('solved');
        expect(stepFingerprint(kept), id).toEqual(stepFingerprint(fresh));
        expect(gradeExplanation(kept), id).toEqual(gradeExplanation(fresh));
      }
    });
  }
});
