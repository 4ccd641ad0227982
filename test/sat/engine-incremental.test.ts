import { describe, expect, it } from 'vitest';
import type { Clause } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import {
  bruteForceCount, bruteForceSat, falsifiedClause, pigeonhole, random3SatAtThreshold, randomKSat, seededRandom,
} from '../helpers/cnf-gen.js';

describe('wasm engine, incremental use', () => {
  it('re-solves correctly as clauses are added between solves', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const cnf = randomKSat(16, 16 * 6, 3, 500 + seed);
      const solver = new WasmSolver();
      for (let upTo = 8; upTo <= cnf.clauses.length; upTo += 8) {
        solver.addClauses(cnf.clauses.slice(upTo - 8, upTo));
        const prefix = { numVars: cnf.numVars, clauses: cnf.clauses.slice(0, upTo) };
        const result = solver.solve();
        expect(result, `seed=${seed} clauses=${upTo}`).toBe(bruteForceSat(prefix) ? 'sat' : 'unsat');
        if (result === 'sat') expect(falsifiedClause(prefix.clauses, solver.model())).toBeUndefined();
      }
      expect(solver.numClauses()).toBe(cnf.clauses.length);
      solver.dispose();
    }
  });

  it('enumerates exactly the brute-force number of models with blocking clauses', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const cnf = randomKSat(12, 30, 3, 900 + seed);
      const solver = new WasmSolver();
      solver.addClauses(cnf.clauses);
      const seen = new Set<string>();
      while (solver.solve() === 'sat') {
        const model = solver.model();
        expect(falsifiedClause(cnf.clauses, model)).toBeUndefined();
        const key = Array.from(model.subarray(1, 13)).join('');
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        solver.addClause(Array.from({ length: 12 }, (_, i) => (model[i + 1] ? -(i + 1) : i + 1)));
      }
      expect(seen.size, `seed=${seed}`).toBe(bruteForceCount(cnf));
      solver.dispose();
    }
  });

  it('solves under assumptions; failed assumptions are a subset that is itself contradictory', () => {
    const rand = seededRandom(4242);
    let unsatUnderAssumptions = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const cnf = randomKSat(14, 45, 3, 1300 + seed);
      const solver = new WasmSolver();
      solver.addClauses(cnf.clauses);
      for (let round = 0; round < 6; round++) {
        const assumptions: number[] = [];
        const size = 1 + Math.floor(rand() * 6);
        while (assumptions.length < size) {
          const v = 1 + Math.floor(rand() * 14);
          if (!assumptions.some((a) => Math.abs(a) === v)) assumptions.push(rand() < 0.5 ? v : -v);
        }
        const withUnits = { numVars: 14, clauses: [...cnf.clauses, ...assumptions.map((a): Clause => [a])] };
        const result = solver.solve({ assumptions });
        expect(result).toBe(bruteForceSat(withUnits) ? 'sat' : 'unsat');
        if (result === 'sat') {
          expect(falsifiedClause(withUnits.clauses, solver.model())).toBeUndefined();
        } else {
          unsatUnderAssumptions++;
          const failed = solver.failedAssumptions();
          for (const lit of failed) expect(assumptions).toContain(lit);
          expect(solver.solve({ assumptions: failed })).toBe('unsat');
          const justFailed = { numVars: 14, clauses: [...cnf.clauses, ...failed.map((a): Clause => [a])] };
          expect(bruteForceSat(justFailed)).toBe(false);
        }
      }
      // assumptions are not remembered: the plain formula's answer is unchanged
      expect(solver.solve()).toBe(bruteForceSat(cnf) ? 'sat' : 'unsat');
      solver.dispose();
    }
    expect(unsatUnderAssumptions).toBeGreaterThan(10);
  });

  it('names both sides of contradictory assumptions and accepts new variables in assumptions', () => {
    const solver = new WasmSolver();
    solver.addClauses([[1, 2], [-1, 3]]);
    expect(solver.solve({ assumptions: [3, -3] })).toBe('unsat');
    expect(solver.failedAssumptions().sort()).toEqual([-3, 3]);
    expect(solver.solve({ assumptions: [-2, -3] })).toBe('unsat');
    expect(new Set(solver.failedAssumptions())).toEqual(new Set([-2, -3]));
    expect(solver.solve({ assumptions: [7] })).toBe('sat');
    expect(solver.numVars()).toBe(7);
    expect(solver.value(7)).toBe(true);
    solver.dispose();
  });

  it('stays UNSAT for good once the formula itself is contradictory; empty formula is SAT', () => {
    const solver = new WasmSolver();
    expect(solver.solve()).toBe('sat');
    solver.addClauses([[1], [-1, 2], [-2]]);
    expect(solver.solve()).toBe('unsat');
    expect(solver.failedAssumptions()).toEqual([]);
    solver.addClause([3]);
    expect(solver.solve({ assumptions: [3] })).toBe('unsat');
    expect(solver.failedAssumptions()).toEqual([]);
    const empty = new WasmSolver();
    empty.addClause([]);
    expect(empty.solve()).toBe('unsat');
  });
});

describe('wasm engine, limits', () => {
  const hard = random3SatAtThreshold(200, 7);

  it('returns unknown when a budget runs out, and keeps working afterwards', () => {
    const solver = new WasmSolver();
    solver.addClauses(pigeonhole(9, 8).clauses);
    expect(solver.solve({ limits: { conflicts: 1 } })).toBe('unknown');
    expect(solver.solve({ limits: { propagations: 10 } })).toBe('unknown');
    expect(solver.solve({ limits: { deadline: Date.now() - 1 } })).toBe('unknown');
    expect(solver.stats().solves).toBe(3);
    expect(solver.solve()).toBe('unsat');
    solver.dispose();
  });

  it.each(['cdcl', 'lookahead'] as const)('stops a long %s search at a deadline soon after it passes', (strategy) => {
    const solver = new WasmSolver({ strategy });
    solver.addClauses(randomKSat(600, 2556, 3, 99).clauses); // far too hard for 150 ms either way
    const start = Date.now();
    expect(solver.solve({ limits: { deadline: start + 150 } })).toBe('unknown');
    expect(Date.now() - start).toBeLessThan(1500);
    expect(solver.stats().lookaheadSolves).toBe(strategy === 'lookahead' ? 1 : 0);
    solver.dispose();
  });

  it('resumes a long search in conflict-limited slices, keeping (and pruning) what it learned', () => {
    // Instances a fresh solve needs many conflicts for, until two of them took more than two slices
    // (a sliced run may be luckier than the fresh one and finish early); every answer is checked.
    let hardOnes = 0;
    for (let seed = 1; hardOnes < 2; seed++) {
      expect(seed, 'no instance needed more than two slices').toBeLessThan(60);
      const cnf = random3SatAtThreshold(200, seed);
      // CDCL: random 3-SAT would otherwise go to look-ahead, which keeps nothing between solves
      const fresh = new WasmSolver({ strategy: 'cdcl' });
      fresh.addClauses(cnf.clauses);
      const expected = fresh.solve();
      if (fresh.stats().conflicts < 8000) continue; // only instances that need many slices
      const sliced = new WasmSolver({ strategy: 'cdcl' });
      sliced.addClauses(cnf.clauses);
      let result = 'unknown';
      let slices = 0;
      let pruned = false;
      let learned = 0;
      while (result === 'unknown') {
        // an assumption-free slice, then a slice under an assumption that may fail
        result = sliced.solve({ limits: { conflicts: 1500 } });
        slices++;
        const now = sliced.stats().learnedClauses;
        if (now < learned) pruned = true;
        learned = now;
        if (result === 'unknown' && sliced.solve({ assumptions: [slices], limits: { conflicts: 300 } }) === 'sat') {
          expect(falsifiedClause(cnf.clauses, sliced.model())).toBeUndefined();
        }
      }
      expect(result, `seed=${seed}`).toBe(expected);
      if (result === 'sat') expect(falsifiedClause(cnf.clauses, sliced.model())).toBeUndefined();
      if (slices <= 2) continue;
      hardOnes++;
      expect(pruned, `seed=${seed}`).toBe(true);
    }
  });

  it('gives the unlimited answer when the budgets are generous', () => {
    const a = new WasmSolver();
    a.addClauses(hard.clauses);
    const b = new WasmSolver();
    b.addClauses(hard.clauses);
    const limited = a.solve({ limits: { conflicts: 10_000_000, propagations: 1e12, deadline: Date.now() + 60_000 } });
    expect(limited).toBe(b.solve());
    expect(limited).not.toBe('unknown');
  });
});

describe('wasm engine, binding', () => {
  it('rejects bad literals with an Error and keeps the clauses before them', () => {
    const solver = new WasmSolver();
    expect(() => solver.addClause([1, 0])).toThrow(/invalid literal 0/);
    expect(() => solver.addClause([1.5])).toThrow(/invalid literal/);
    expect(() => solver.addClauses([[-1], [2, Number.NaN]])).toThrow(/invalid literal/);
    expect(() => solver.solve({ assumptions: [0] })).toThrow(/invalid literal/);
    expect(solver.numClauses()).toBe(1);
    expect(solver.solve()).toBe('sat');
    expect(solver.value(-1)).toBe(true);
    solver.addClause([1]);
    expect(solver.solve()).toBe('unsat');
    expect(() => solver.model()).toThrow(/no model/);
    solver.dispose();
    expect(() => solver.solve()).toThrow(/dispose/);
  });

  it('allocates variables explicitly and implicitly, and counts work', () => {
    const solver = new WasmSolver();
    expect(solver.newVar()).toBe(1);
    expect(solver.newVar()).toBe(2);
    solver.addClause([-5, 2]);
    expect(solver.numVars()).toBe(5);
    expect(solver.numClauses()).toBe(1);
    solver.addClauses(pigeonhole(7, 6).clauses.map((c) => c.map((l) => (l > 0 ? l + 5 : l - 5))));
    expect(solver.solve()).toBe('unsat');
    const s = solver.stats();
    expect(s.conflicts).toBeGreaterThan(10);
    expect(s.decisions).toBeGreaterThan(10);
    expect(s.propagations).toBeGreaterThan(s.conflicts);
    expect(s.peakMemoryBytes).toBeGreaterThan(65536);
    expect(s.solves).toBe(1);
  });

  it('takes a large formula in one addClauses call (bulk transfer across chunks)', () => {
    const cnf = randomKSat(20_000, 60_000, 3, 3);
    const solver = new WasmSolver();
    solver.addClauses(cnf.clauses);
    expect(solver.numClauses()).toBe(60_000);
    expect(solver.solve()).toBe('sat');
    expect(falsifiedClause(cnf.clauses, solver.model())).toBeUndefined();
    const long: Clause = Array.from({ length: 100_000 }, (_, i) => -(i + 1));
    solver.addClause(long);
    expect(solver.solve()).toBe('sat');
    expect(long.some((l) => solver.value(l))).toBe(true);
  });

  it('creates thousands of solvers cheaply', () => {
    const start = performance.now();
    for (let i = 0; i < 2000; i++) {
      const s = new WasmSolver();
      s.addClauses([[1, 2], [-1], [-2, 3]]);
      expect(s.solve()).toBe('sat');
      expect(s.value(3)).toBe(true);
      s.dispose();
    }
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
