import { describe, expect, it } from 'vitest';
import type { Clause } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { referenceSolve } from '../helpers/minisat-js-reference.js';
import { falsifiedClause, randomIncrementalSession } from '../helpers/cnf-gen.js';

/**
 * Differential test against logic-solver's MiniSat on random incremental sessions: clauses of
 * mixed lengths arrive in batches, each round solves under random assumptions. Exercises
 * level-0 simplification, clause-database reduction and garbage collection across solves.
 * The reference is rebuilt for every round with the assumptions as unit clauses, so it is not
 * itself incremental: every answer is checked against a from-scratch solve.
 */
describe('wasm engine vs minisat-js on random incremental sessions', () => {
  it('agrees on every solve; models and failed assumptions check out', () => {
    const counts = { sat: 0, unsat: 0, failedChecked: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const ours = new WasmSolver();
      const all: Clause[] = [];
      for (const [round, { clauses: batch, assumptions }] of randomIncrementalSession(77_000 + seed).entries()) {
        ours.addClauses(batch);
        all.push(...batch);
        const expected = referenceSolve(all, assumptions);
        const got = ours.solve({ assumptions });
        expect(got, `seed=${seed} round=${round}`).toBe(expected);
        if (got === 'sat') {
          counts.sat++;
          expect(falsifiedClause([...all, ...assumptions.map((a): Clause => [a])], ours.model())).toBeUndefined();
        } else {
          counts.unsat++;
          const failed = ours.failedAssumptions();
          for (const a of failed) expect(assumptions).toContain(a);
          if (failed.length > 0) {
            expect(referenceSolve(all, failed)).toBe('unsat');
            counts.failedChecked++;
          }
        }
      }
      ours.dispose();
    }
    expect(counts.sat).toBeGreaterThan(50);
    expect(counts.unsat).toBeGreaterThan(50);
    expect(counts.failedChecked).toBeGreaterThan(10);
  });
});
