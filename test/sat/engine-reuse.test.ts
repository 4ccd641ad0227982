import { describe, expect, it } from 'vitest';
import { WasmSolver } from '../../src/sat/wasm.js';
import { falsifiedClause, seededRandom } from '../helpers/cnf-gen.js';
import type { Clause } from '../../src/sat/types.js';

describe('wasm instances reused after dispose', () => {
  it('a reused instance starts empty: no clauses, variables, model or counters of the last formula', () => {
    const a = new WasmSolver();
    a.addClauses([[1], [-1, 2], [-2, -3]]);
    expect(a.solve()).toBe('sat');
    a.addClause([-2]);
    expect(a.solve()).toBe('unsat');
    a.dispose();
    const b = new WasmSolver(); // takes a's instance from the idle pool
    expect(b.numVars()).toBe(0);
    expect(b.stats().conflicts).toBe(0);
    b.addClauses([[-1], [2, 3]]);
    expect(b.solve()).toBe('sat');
    expect(b.value(-1)).toBe(true);
    b.dispose();
  });

  it('many formulas in turn on recycled instances give the same answers as fresh ones', () => {
    const rand = seededRandom(4242);
    for (let round = 0; round < 60; round++) {
      const n = 20 + Math.floor(rand() * 40);
      const clauses: Clause[] = Array.from({ length: Math.floor(n * 4.3) }, () =>
        [0, 1, 2].map(() => (1 + Math.floor(rand() * n)) * (rand() < 0.5 ? 1 : -1)));
      const recycled = new WasmSolver();
      recycled.addClauses(clauses);
      const got = recycled.solve();
      if (got === 'sat') expect(falsifiedClause(clauses, recycled.model())).toBeUndefined();
      // Several live at once force fresh instances beside the recycled ones.
      const fresh = [new WasmSolver(), new WasmSolver(), new WasmSolver(), new WasmSolver(), new WasmSolver()];
      fresh[4]!.addClauses(clauses);
      expect(fresh[4]!.solve(), `round ${round}`).toBe(got);
      for (const f of fresh) f.dispose();
      recycled.dispose();
    }
  });
});
