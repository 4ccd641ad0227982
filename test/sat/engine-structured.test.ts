import { describe, expect, it } from 'vitest';
import { WasmSolver } from '../../src/sat/wasm.js';
import { falsifiedClause, parityChains, pigeonhole, type Cnf } from '../helpers/cnf-gen.js';

function solve(cnf: Cnf): { result: string; stats: ReturnType<WasmSolver['stats']> } {
  const solver = new WasmSolver();
  solver.addClauses(cnf.clauses);
  const result = solver.solve();
  if (result === 'sat') expect(falsifiedClause(cnf.clauses, solver.model())).toBeUndefined();
  const stats = solver.stats();
  solver.dispose();
  return { result, stats };
}

describe('wasm engine on pigeonhole formulas', () => {
  it('proves PHP(n+1, n) unsatisfiable for n = 1..8', () => {
    for (let n = 1; n <= 8; n++) {
      const { result, stats } = solve(pigeonhole(n + 1, n));
      expect(result, `PHP(${n + 1},${n})`).toBe('unsat');
      if (n >= 4) expect(stats.conflicts).toBeGreaterThan(0); // a real search, not a trivial refutation
    }
  });

  it('finds a placement when there are as many holes as pigeons', () => {
    for (let n = 1; n <= 12; n++) expect(solve(pigeonhole(n, n)).result, `PHP(${n},${n})`).toBe('sat');
  });
});

describe('wasm engine on XOR chains', () => {
  it('solves two equal-parity chains in different orders (SAT) with a consistent model', () => {
    for (const n of [10, 20, 40]) {
      for (let seed = 1; seed <= 3; seed++) expect(solve(parityChains(n, false, seed)).result, `n=${n}`).toBe('sat');
    }
  });

  it('refutes two chains with opposite parities (UNSAT)', () => {
    for (const n of [10, 16, 22]) {
      for (let seed = 1; seed <= 3; seed++) expect(solve(parityChains(n, true, seed)).result, `n=${n}`).toBe('unsat');
    }
  });
});
