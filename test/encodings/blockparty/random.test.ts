import { describe, expect, it } from 'vitest';
import type { CardinalityEncoding } from '../../../src/cnf/cardinality.js';
import { Model } from '../../../src/cnf/model.js';
import { enumerate, valuation } from '../../../src/cnf/queries.js';
import { createSolver } from '../../../src/sat/index.js';
import { generateBlockParty, randomRegions } from '../../helpers/blockparty-generate.js';
import { seededRandom } from '../../../src/util/random.js';
import type { BlockPartyPuzzle, BlockPartySolution } from '../../../encodings/blockparty/puzzle.js';
import { DISTANCE_VARIANTS, encodeBlockParty } from '../../../encodings/blockparty/rules.js';
import { verifyBlockParty } from '../../../encodings/blockparty/verify.js';

const key = (s: BlockPartySolution) => s.map((row) => row.join(',')).join('/');

/** Every solution's key (up to `limit`), sorted, for one encoding choice. */
function solutionKeys(puzzle: BlockPartyPuzzle, distance: string, cardinality: CardinalityEncoding, limit: number): { keys: string[]; complete: boolean } {
  const model = new Model(createSolver('minisat-js'));
  const encoded = encodeBlockParty(model, puzzle, { cardinality, variant: { distance } });
  const res = enumerate(model, encoded.projection, { limit });
  const solutions = res.solutions.map((m) => encoded.decode(valuation(m)));
  model.solver.dispose();
  for (const s of solutions) expect(verifyBlockParty(puzzle, s)).toEqual([]);
  return { keys: solutions.map(key).sort(), complete: res.complete };
}

const CARDINALITIES: CardinalityEncoding[] = ['sequential', 'pairwise', 'totalizer'];

describe('blockparty: random puzzles', () => {
  it('generated puzzles are unique, and every encoding finds the same solution', () => {
    for (const seed of [1, 2]) {
      const generated = generateBlockParty({ rows: 6, cols: 6, maxSize: 6, seed });
      expect(generated, `seed ${seed}`).not.toBeNull();
      const { puzzle, solution } = generated!;
      expect(verifyBlockParty(puzzle, solution)).toEqual([]);
      for (const distance of DISTANCE_VARIANTS) {
        for (const cardinality of CARDINALITIES) {
          expect(solutionKeys(puzzle, distance, cardinality, 2), `seed ${seed} ${distance} ${cardinality}`)
            .toEqual({ keys: [key(solution)], complete: true });
        }
      }
    }
  });

  it('on random layouts without givens (often infeasible), every encoding finds the same solution set', () => {
    const random = seededRandom(7);
    let feasible = 0;
    for (let i = 0; i < 10; i++) {
      const regions = randomRegions(4, 5, 5, random);
      const puzzle: BlockPartyPuzzle = { rows: 4, cols: 5, regions, givens: regions.map((row) => row.map(() => null)) };
      const reference = solutionKeys(puzzle, 'direct', 'sequential', 200);
      expect(reference.complete).toBe(true);
      if (reference.keys.length > 0) feasible += 1;
      for (const distance of DISTANCE_VARIANTS) {
        for (const cardinality of CARDINALITIES) {
          expect(solutionKeys(puzzle, distance, cardinality, 200), `layout ${i} ${distance} ${cardinality}`).toEqual(reference);
        }
      }
    }
    // The sample must exercise both outcomes to mean anything.
    expect(feasible).toBeGreaterThan(0);
    expect(feasible).toBeLessThan(10);
  });
});
