import { describe, expect, it } from 'vitest';
import { WasmSolver } from '../../src/sat/wasm.js';
import { bruteForceSat, falsifiedClause, random3SatAtThreshold, randomKSat, type Cnf } from '../helpers/cnf-gen.js';
import { minisatAvailable, nativeMinisat } from '../helpers/native-minisat.js';

function solveWithEngine(cnf: Cnf): 'sat' | 'unsat' | 'unknown' {
  const solver = new WasmSolver();
  solver.addClauses(cnf.clauses);
  const result = solver.solve();
  if (result === 'sat') expect(falsifiedClause(cnf.clauses, solver.model())).toBeUndefined();
  solver.dispose();
  return result;
}

describe('wasm engine on random 3-SAT vs brute force', () => {
  it('agrees with exhaustive search for n <= 20 and every model satisfies every clause', () => {
    const tally = { sat: 0, unsat: 0 };
    for (const n of [5, 8, 12, 16]) {
      for (let seed = 1; seed <= 40; seed++) {
        const cnf = random3SatAtThreshold(n, n * 1000 + seed);
        const expected = bruteForceSat(cnf) ? 'sat' : 'unsat';
        expect(solveWithEngine(cnf), `n=${n} seed=${seed}`).toBe(expected);
        tally[expected] += 1;
      }
    }
    for (let seed = 1; seed <= 6; seed++) {
      const cnf = random3SatAtThreshold(20, 20_000 + seed);
      const expected = bruteForceSat(cnf) ? 'sat' : 'unsat';
      expect(solveWithEngine(cnf), `n=20 seed=${seed}`).toBe(expected);
      tally[expected] += 1;
    }
    // The threshold gives a mix, so both answers were really exercised.
    expect(tally.sat).toBeGreaterThan(20);
    expect(tally.unsat).toBeGreaterThan(20);
  });

  it('handles wider clauses and under/over-constrained formulas', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const cnf = randomKSat(14, 14 * (seed % 2 === 0 ? 6 : 12), 4, seed);
      expect(solveWithEngine(cnf)).toBe(bruteForceSat(cnf) ? 'sat' : 'unsat');
    }
  });
});

if (!minisatAvailable) console.warn('native minisat not on PATH: skipping engine-vs-minisat comparison');

describe.skipIf(!minisatAvailable)('wasm engine on random 3-SAT vs native minisat', () => {
  const minisat = nativeMinisat('gridsat-engine-');

  it('gives the same answer for n = 50..200 at ratio 4.26', () => {
    const tally = { sat: 0, unsat: 0 };
    for (const [n, instances] of [[50, 12], [100, 8], [150, 5], [200, 3]] as const) {
      for (let seed = 1; seed <= instances; seed++) {
        const cnf = random3SatAtThreshold(n, n * 7919 + seed);
        const expected = minisat(cnf, `r${n}-${seed}`);
        expect(solveWithEngine(cnf), `n=${n} seed=${seed}`).toBe(expected);
        tally[expected] += 1;
      }
    }
    expect(tally.sat).toBeGreaterThan(4);
    expect(tally.unsat).toBeGreaterThan(4);
  });
});
