import { describe, expect, it } from 'vitest';
import { MiniSatJsSolver } from '../../src/sat/minisat-js.js';
import type { Clause } from '../../src/sat/types.js';
import { falsifiedClause, randomIncrementalSession } from '../helpers/cnf-gen.js';

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
      const solver = new MiniSatJsSolver();
      const all: Clause[] = [];
      for (const [round, { clauses: batch, assumptions }] of randomIncrementalSession(seed).entries()) {
        solver.addClauses(batch);
        all.push(...batch);
        const got = solver.solve({ assumptions });
        expect(got, `seed=${seed} round=${round}`).toBe(freshSolve(all, assumptions));
        if (got === 'sat') {
          expect(falsifiedClause([...all, ...assumptions.map((a): Clause => [a])], solver.model())).toBeUndefined();
        }
      }
    }
  });
});
