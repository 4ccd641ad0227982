/**
 * Hard questions: on a 10×10 2★ Star Battle, the explainer's first step asked the fact solver
 * questions over 60–75 rules that took it thousands of conflicts each, and shrinking such a core one
 * rule at a time took 47 of them (14 s for the first step). Such cores are now shrunk in chunks
 * (src/explain/explain.ts shrink), which must still give a minimal reason: every rule and every
 * given cell of each step is needed, checked on the engine (test/helpers/explain-checks.ts). The
 * learnt clauses' blocker in the fact solver changes no answer (explanations elsewhere are the same:
 * `node scripts/explain-golden.mjs` against the previous build).
 *
 * The puzzle is the one `generateOne(starbattle, 10×10 2★, seed 77, #4)` made before the engine
 * probed failed literals (thirtieth session), written out: the generator's engine calls now take other
 * paths, so the same seed makes another puzzle, and this one is the measured hard case.
 */
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { Explainer, runExplainer } from '../../src/explain/explain.js';
import { replaySteps } from '../helpers/explain-checks.js';
import type { StarBattlePuzzle } from '../../encodings/starbattle/puzzle.js';

const SEED_77_4_REGIONS = [
  [0, 0, 1, 1, 1, 2, 2, 2, 2, 2],
  [4, 0, 0, 0, 1, 1, 2, 3, 3, 2],
  [4, 4, 4, 0, 1, 6, 2, 3, 3, 3],
  [7, 7, 4, 5, 1, 6, 3, 3, 3, 3],
  [7, 7, 4, 5, 5, 6, 3, 3, 3, 3],
  [7, 4, 4, 5, 5, 6, 6, 6, 6, 3],
  [7, 7, 4, 5, 8, 6, 9, 9, 3, 3],
  [7, 7, 4, 5, 8, 8, 9, 9, 9, 3],
  [7, 7, 4, 5, 5, 8, 8, 9, 9, 3],
  [7, 5, 5, 5, 8, 8, 8, 8, 9, 3],
];

describe('a core shrunk in chunks is still a minimal reason', () => {
  it('10x10 2★ Star Battle (seed 77, #4): its first two steps, each reason minimal', () => {
    const type = findPuzzleType('starbattle')!;
    const puzzle: StarBattlePuzzle = { rows: 10, cols: 10, stars: 2, regions: SEED_77_4_REGIONS };
    const ex = new Explainer(type, puzzle);
    const fresh = new Explainer(type, puzzle);
    try {
      const explanation = runExplainer(ex, { maxSteps: 2 });
      expect(explanation.steps).toHaveLength(2);
      expect(ex.stats.chunkedShrinks, 'the chunked path was taken').toBeGreaterThan(0);
      replaySteps(fresh, explanation, { everyStepHasFacts: true });
    } finally {
      ex.dispose();
      fresh.dispose();
    }
  }, 60_000);
});
