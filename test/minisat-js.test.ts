import { describe, expect, it } from 'vitest';
import { MiniSatJsSolver } from '../src/sat/minisat-js.js';
import type { Clause } from '../src/sat/types.js';
import { falsifiedClause, seededRandom } from './helpers/cnf-gen.js';

/** A fresh, non-incremental answer: the assumptions become unit clauses. */
function freshSolve(clauses: readonly Clause[], assumptions: readonly number[]): 'sat' | 'unsat' | 'unknown' {
  const s = new MiniSatJsSolver();
  s.addClauses(clauses);
  s.addClauses(assumptions.map((a): Clause => [a]));
  return s.solve();
}

describe('minisat-js engine (logic-solver) used incrementally', () => {
  it('agrees with fresh solves over long sessions with several assumptions per call', () => {
    // Seed 77020 once gave UNSAT: an activation variable had taken a number a later clause used.
    for (let seed = 77_001; seed <= 77_040; seed++) {
      const rand = seededRandom(seed);
      const numVars = 30 + Math.floor(rand() * 60);
      const lit = (): number => (1 + Math.floor(rand() * numVars)) * (rand() < 0.5 ? 1 : -1);
      const solver = new MiniSatJsSolver();
      const all: Clause[] = [];
      for (let round = 0; round < 12; round++) {
        const batch: Clause[] = [];
        const size = Math.floor(numVars * (0.2 + rand() * 0.5));
        for (let i = 0; i < size; i++) {
          const r = rand();
          const len = r < 0.03 ? 1 : r < 0.2 ? 2 : r < 0.9 ? 3 : 4 + Math.floor(rand() * 6);
          batch.push(Array.from({ length: len }, lit));
        }
        solver.addClauses(batch);
        all.push(...batch);
        const assumptions = Array.from({ length: Math.floor(rand() * 6) }, lit);
        const got = solver.solve({ assumptions });
        expect(got, `seed=${seed} round=${round}`).toBe(freshSolve(all, assumptions));
        if (got === 'sat') {
          expect(falsifiedClause([...all, ...assumptions.map((a): Clause => [a])], solver.model())).toBeUndefined();
        }
      }
    }
  });
});
