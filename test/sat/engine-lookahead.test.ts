/**
 * The wasm engine's look-ahead DPLL strategy (src/sat/engine/lookahead.c): answers and models
 * against brute force and native minisat, the rules by which `auto` picks it over CDCL, its
 * behaviour across incremental solves, budgets, and the variables its models must cover.
 */
import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import type { Clause, SearchStrategy, SolveResult } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import {
  bruteForceCount, bruteForceSat, falsifiedClause, parityChains, random3SatAtThreshold, randomIncrementalSession, randomKSat, seededRandom,
  type Cnf,
} from '../helpers/cnf-gen.js';
import { minisatAvailable, nativeMinisat } from '../helpers/native-minisat.js';

/**
 * Random clauses of lengths 1..maxLen over 1..numVars, literals drawn independently: clauses may
 * repeat a literal or hold both signs of a variable (the engine simplifies both before look-ahead).
 */
function randomMixed(numVars: number, numClauses: number, maxLen: number, seed: number): Cnf {
  const rand = seededRandom(seed);
  const lit = (): number => (1 + Math.floor(rand() * numVars)) * (rand() < 0.5 ? 1 : -1);
  const clauses: Clause[] = [];
  for (let i = 0; i < numClauses; i++) {
    // units are kept rare, or nearly every formula would be UNSAT at once
    const len = rand() < 0.015 ? 1 : 2 + Math.floor(rand() * (maxLen - 1));
    clauses.push(Array.from({ length: len }, lit));
  }
  return { numVars, clauses };
}

interface Outcome {
  result: SolveResult;
  lookaheadSolves: number;
  model?: Uint8Array;
}

/** Solves cnf once on a fresh wasm solver; a SAT model is checked against every clause. */
function solveOnce(cnf: Cnf, strategy: SearchStrategy, label: string): Outcome {
  const solver = new WasmSolver({ strategy });
  solver.addClauses(cnf.clauses);
  const result = solver.solve();
  const outcome: Outcome = { result, lookaheadSolves: solver.stats().lookaheadSolves! };
  if (result === 'sat') {
    const model = solver.model();
    expect(model.length, `${label}: model size`).toBe(solver.numVars() + 1);
    expect(falsifiedClause(cnf.clauses, model), `${label}: falsified clause`).toBeUndefined();
    outcome.model = model;
  }
  solver.dispose();
  return outcome;
}

/** Every value of a model is 0 or 1. */
function expectBinaryModel(model: Uint8Array, label: string): void {
  for (let v = 1; v < model.length; v++) expect(model[v] === 0 || model[v] === 1, `${label}: model[${v}] = ${model[v]}`).toBe(true);
}

/** Clause-to-variable ratios near the k-SAT thresholds, so both answers occur. */
const THRESHOLD: Record<number, number> = { 3: 4.26, 4: 9.93, 5: 21.1 };

describe('look-ahead vs brute force on small formulas', () => {
  it.each([3, 4, 5])('uniform %i-SAT near the threshold: same answer, every model satisfies every clause', (k) => {
    const tally = { sat: 0, unsat: 0 };
    for (const n of [k + 1, 6, 8, 10, 12, 14, 16]) {
      for (let seed = 1; seed <= 25; seed++) {
        // ratios from 0.6x to 1.4x the threshold
        const ratio = THRESHOLD[k]! * (0.6 + 0.8 * ((seed % 9) / 8));
        const cnf = randomKSat(n, Math.max(1, Math.round(n * ratio)), k, k * 100_000 + n * 1000 + seed);
        const expected = bruteForceSat(cnf) ? 'sat' : 'unsat';
        const label = `k=${k} n=${n} seed=${k * 100_000 + n * 1000 + seed} m=${cnf.clauses.length}`;
        for (const strategy of ['lookahead', 'auto'] as const) {
          const got = solveOnce(cnf, strategy, `${label} ${strategy}`);
          expect(got.result, `${label} ${strategy}`).toBe(expected);
          // a uniform k >= 3 formula over <= 2000 variables is look-ahead's under auto too
          expect(got.lookaheadSolves, `${label} ${strategy}`).toBe(1);
        }
        tally[expected] += 1;
      }
    }
    expect(tally.sat).toBeGreaterThan(30);
    expect(tally.unsat).toBeGreaterThan(30);
  });

  it('mixed lengths 1..5 with units, repeated literals and tautologies', () => {
    const tally = { sat: 0, unsat: 0 };
    for (let seed = 1; seed <= 400; seed++) {
      const n = 3 + (seed % 14); // 3..16
      const m = Math.round(n * (2 + (seed % 7) * 1.2));
      const cnf = randomMixed(n, m, 5, 5_000 + seed);
      const expected = bruteForceSat(cnf) ? 'sat' : 'unsat';
      const label = `mixed n=${n} m=${m} seed=${5_000 + seed}`;
      const got = solveOnce(cnf, 'lookahead', label);
      expect(got.result, label).toBe(expected);
      // units can make the formula UNSAT while clauses are added; then no search runs at all
      if (expected === 'sat') expect(got.lookaheadSolves, label).toBe(1);
      if (got.lookaheadSolves === 1) tally[expected] += 1;
    }
    // both answers really came from look-ahead searches
    expect(tally.sat).toBeGreaterThan(100);
    expect(tally.unsat).toBeGreaterThan(30);
  });

  it('uniform length 3 as given, but repeated literals make binaries and tautologies: auto still picks look-ahead', () => {
    // The engine measures clause lengths as given, before simplification, so look-ahead gets
    // formulas with binary clauses (and fewer clauses) here even under auto.
    const tally = { sat: 0, unsat: 0 };
    for (let seed = 1; seed <= 150; seed++) {
      const n = 4 + (seed % 10);
      const rand = seededRandom(8_000 + seed);
      const lit = (): number => (1 + Math.floor(rand() * n)) * (rand() < 0.5 ? 1 : -1);
      const clauses: Clause[] = [];
      for (let i = 0; i < Math.round(n * 3.5); i++) {
        const c = [lit(), lit(), lit()];
        if (rand() < 0.3) c[2] = c[0]!; // a repeated literal
        else if (rand() < 0.1) c[2] = -c[0]!; // a tautology
        clauses.push(c);
      }
      const cnf = { numVars: n, clauses };
      const expected = bruteForceSat(cnf) ? 'sat' : 'unsat';
      const label = `dup n=${n} seed=${8_000 + seed}`;
      const got = solveOnce(cnf, 'auto', label);
      expect(got.result, label).toBe(expected);
      // a clause like [x, x, x] is a unit that can make the formula UNSAT before any search
      if (expected === 'sat') expect(got.lookaheadSolves, label).toBe(1);
      if (got.lookaheadSolves === 1) tally[expected] += 1;
    }
    expect(tally.sat).toBeGreaterThan(20);
    expect(tally.unsat).toBeGreaterThan(20);
  });
});

if (!minisatAvailable) console.warn('native minisat not on PATH: skipping look-ahead-vs-minisat comparison');

describe.skipIf(!minisatAvailable)('look-ahead vs native minisat on random 3-SAT at ratio 4.26', () => {
  const minisat = nativeMinisat('gridsat-lookahead-');

  it('auto (look-ahead) and cdcl both give minisat\'s answer for n = 50..200', () => {
    const tally = { sat: 0, unsat: 0 };
    for (const [n, instances] of [[50, 10], [100, 6], [150, 4], [200, 3]] as const) {
      for (let seed = 1; seed <= instances; seed++) {
        const s = n * 104_729 + seed;
        const cnf = random3SatAtThreshold(n, s);
        const expected = minisat(cnf, `r${n}-${seed}`);
        const label = `n=${n} seed=${s}`;
        const auto = solveOnce(cnf, 'auto', `${label} auto`);
        expect(auto.result, `${label} auto`).toBe(expected);
        expect(auto.lookaheadSolves, `${label} auto`).toBe(1);
        const cdcl = solveOnce(cnf, 'cdcl', `${label} cdcl`);
        expect(cdcl.result, `${label} cdcl`).toBe(expected);
        expect(cdcl.lookaheadSolves, `${label} cdcl`).toBe(0);
        tally[expected] += 1;
      }
    }
    expect(tally.sat).toBeGreaterThan(3);
    expect(tally.unsat).toBeGreaterThan(3);
  });
});

describe('auto keeps structured uniform formulas on CDCL', () => {
  /** Two XOR chains over the same variables forced to differ, written with ternary clauses only. */
  function ternaryParityContradiction(n: number, seed: number): { numVars: number; clauses: Clause[] } {
    const cnf = parityChains(n, false, seed);
    const chains = cnf.clauses.filter((c) => c.length === 3);
    const ends = cnf.clauses.filter((c) => c.length === 1).map((c) => Math.abs(c[0]!));
    const [a, b] = ends as [number, number];
    const z = cnf.numVars + 1;
    const w = cnf.numVars + 2;
    // a != b: (a | b) and (-a | -b), each split over a fresh variable into two ternary clauses
    const clauses: Clause[] = [...chains, [a, b, z], [a, b, -z], [-a, -b, w], [-a, -b, -w]];
    return { numVars: w, clauses };
  }

  it('sends an all-ternary XOR contradiction to CDCL, which refutes it', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { clauses } = ternaryParityContradiction(20, 900 + seed);
      expect(clauses.every((c) => c.length === 3)).toBe(true);
      const solver = new WasmSolver();
      solver.addClauses(clauses);
      expect(solver.solve({ limits: { deadline: Date.now() + 20_000 } }), `seed=${seed}`).toBe('unsat');
      expect(solver.stats().lookaheadSolves).toBe(0);
      solver.dispose();
    }
  });

  it('still sends random 3-SAT of the same size to look-ahead', () => {
    const solver = new WasmSolver();
    solver.addClauses(random3SatAtThreshold(150, 4242).clauses);
    expect(solver.solve()).not.toBe('unknown');
    expect(solver.stats().lookaheadSolves).toBe(1);
    solver.dispose();
  });
});

describe('which strategy auto picks', () => {
  /** Solves with the given strategy and reports whether look-ahead ran. */
  function ranLookahead(clauses: readonly Clause[], strategy: SearchStrategy = 'auto', assumptions: number[] = []): { result: SolveResult; lookahead: boolean } {
    const solver = createSolver('wasm', { strategy });
    solver.addClauses(clauses);
    const result = solver.solve({ assumptions });
    if (result === 'sat') {
      expect(falsifiedClause([...clauses, ...assumptions.map((a): Clause => [a])], solver.model())).toBeUndefined();
    }
    const lookaheadSolves = solver.stats().lookaheadSolves!;
    expect(lookaheadSolves === 0 || lookaheadSolves === 1).toBe(true);
    solver.dispose();
    return { result, lookahead: lookaheadSolves === 1 };
  }

  const threeSat = randomKSat(60, 200, 3, 31).clauses;

  it('uniform 3-SAT -> look-ahead; cdcl never uses it', () => {
    expect(ranLookahead(threeSat).lookahead).toBe(true);
    expect(ranLookahead(threeSat, 'cdcl').lookahead).toBe(false);
    expect(ranLookahead(randomKSat(40, 300, 6, 32).clauses).lookahead).toBe(true); // k = 6
  });

  it('a single clause of another length -> CDCL (binary, unit, or 4-clause among 3-clauses)', () => {
    expect(ranLookahead([...threeSat, [1, -2]]).lookahead).toBe(false);
    expect(ranLookahead([[5, 6], ...threeSat]).lookahead).toBe(false);
    expect(ranLookahead([...threeSat, [7]]).lookahead).toBe(false);
    expect(ranLookahead([...threeSat, [1, 2, 3, 4]]).lookahead).toBe(false);
    // ... but lookahead forces it
    expect(ranLookahead([...threeSat, [1, -2], [7]], 'lookahead').lookahead).toBe(true);
  });

  it('uniform 2-SAT and all-unit formulas -> CDCL; the empty formula -> CDCL', () => {
    const twoSat = randomKSat(50, 40, 2, 33);
    const auto = ranLookahead(twoSat.clauses);
    expect(auto.lookahead).toBe(false);
    const forced = ranLookahead(twoSat.clauses, 'lookahead');
    expect(forced.lookahead).toBe(true);
    expect(forced.result).toBe(auto.result);
    expect(ranLookahead([[1], [-2], [3]]).lookahead).toBe(false);
    expect(ranLookahead([]).lookahead).toBe(false);
  });

  it('a solve under assumptions -> CDCL, even with strategy lookahead; answers match brute force', () => {
    const rand = seededRandom(34);
    for (let seed = 1; seed <= 30; seed++) {
      const cnf = randomKSat(12, 40, 3, 3_400 + seed);
      const assumptions = [0, 1, 2].map(() => (1 + Math.floor(rand() * 12)) * (rand() < 0.5 ? 1 : -1));
      const withUnits = { numVars: 12, clauses: [...cnf.clauses, ...assumptions.map((a): Clause => [a])] };
      for (const strategy of ['auto', 'lookahead'] as const) {
        const got = ranLookahead(cnf.clauses, strategy, assumptions);
        expect(got.lookahead, `seed=${seed} ${strategy}`).toBe(false);
        expect(got.result, `seed=${seed} ${strategy}`).toBe(bruteForceSat(withUnits) ? 'sat' : 'unsat');
      }
    }
  });

  it('each solver keeps its own strategy when engine instances are pooled and reused', () => {
    // disposed instances are reset and handed to the next solver: nothing may carry over
    const order: SearchStrategy[] = ['lookahead', 'cdcl', 'auto', 'cdcl', 'lookahead', 'auto'];
    for (const [i, strategy] of order.entries()) {
      const solver = new WasmSolver({ strategy });
      solver.addClauses(threeSat);
      expect(solver.solve(), `${i} ${strategy}`).toBe('sat');
      expect(solver.stats().lookaheadSolves, `${i} ${strategy}`).toBe(strategy === 'cdcl' ? 0 : 1);
      expect(falsifiedClause(threeSat, solver.model())).toBeUndefined();
      solver.dispose();
    }
  });

  it('at most 2000 variables: 2000 -> look-ahead, 2001 -> CDCL', () => {
    for (const n of [2000, 2001]) {
      const cnf = randomKSat(n, 2 * n, 3, 35);
      // make sure the highest variable really occurs
      cnf.clauses.push([n, -(n - 1), n - 2]);
      const auto = ranLookahead(cnf.clauses);
      expect(auto.result, `n=${n}`).toBe('sat');
      expect(auto.lookahead, `n=${n}`).toBe(n <= 2000);
      const forced = ranLookahead(cnf.clauses, 'lookahead');
      expect(forced.result, `n=${n} lookahead`).toBe('sat');
      expect(forced.lookahead, `n=${n} lookahead`).toBe(true);
    }
  });
});

describe('look-ahead across incremental solves', () => {
  it('auto: look-ahead finds the first model, blocking clauses switch to CDCL, the count matches brute force', () => {
    let withModels = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const n = 4 + (seed % 9); // 4..12, so a blocking clause (length n) is never a 3-clause
      const cnf = randomKSat(n, Math.round(n * (1.5 + (seed % 4))), 3, 9_100 + seed);
      const solver = new WasmSolver();
      solver.addClauses(cnf.clauses);
      const seen = new Set<string>();
      let solves = 0;
      for (;;) {
        const result = solver.solve();
        solves++;
        // only the very first solve sees a uniform formula
        expect(solver.stats().lookaheadSolves, `seed=${seed} solve ${solves}`).toBe(1);
        if (result !== 'sat') {
          expect(result).toBe('unsat');
          break;
        }
        const model = solver.model();
        expect(falsifiedClause(cnf.clauses, model), `seed=${seed}`).toBeUndefined();
        const key = Array.from(model.subarray(1, n + 1)).join('');
        expect(seen.has(key), `seed=${seed}: model repeated`).toBe(false);
        seen.add(key);
        solver.addClause(Array.from({ length: n }, (_, i) => (model[i + 1] ? -(i + 1) : i + 1)));
      }
      expect(seen.size, `seed=${seed} n=${n}`).toBe(bruteForceCount(cnf));
      if (seen.size > 0) withModels++;
      solver.dispose();
    }
    expect(withModels).toBeGreaterThan(10);
  });

  it('strategy lookahead: every enumeration step is a look-ahead solve, the count matches brute force', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const n = 4 + (seed % 9);
      const cnf = randomKSat(n, Math.round(n * (1 + (seed % 4))), 3, 9_300 + seed);
      const solver = new WasmSolver({ strategy: 'lookahead' });
      solver.addClauses(cnf.clauses);
      let count = 0;
      let solves = 0;
      for (;;) {
        const result = solver.solve();
        solves++;
        expect(solver.stats().lookaheadSolves, `seed=${seed}`).toBe(solves);
        if (result !== 'sat') {
          expect(result).toBe('unsat');
          break;
        }
        const model = solver.model();
        expect(falsifiedClause(cnf.clauses, model), `seed=${seed}`).toBeUndefined();
        count++;
        expect(count, `seed=${seed}: more models than exist`).toBeLessThanOrEqual(2 ** n);
        solver.addClause(Array.from({ length: n }, (_, i) => (model[i + 1] ? -(i + 1) : i + 1)));
      }
      expect(count, `seed=${seed} n=${n}`).toBe(bruteForceCount(cnf));
      solver.dispose();
    }
  });

  it('adding 3-clauses after a look-ahead SAT keeps auto on look-ahead and answers stay right', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const cnf = randomKSat(14, 14 * 7, 3, 9_500 + seed);
      const solver = new WasmSolver();
      let solves = 0;
      for (let upTo = 7; upTo <= cnf.clauses.length; upTo += 7) {
        solver.addClauses(cnf.clauses.slice(upTo - 7, upTo));
        const prefix = { numVars: 14, clauses: cnf.clauses.slice(0, upTo) };
        const expected = bruteForceSat(prefix) ? 'sat' : 'unsat';
        const result = solver.solve();
        solves++;
        expect(result, `seed=${seed} clauses=${upTo}`).toBe(expected);
        expect(solver.stats().lookaheadSolves, `seed=${seed} clauses=${upTo}`).toBe(solves);
        if (result === 'sat') expect(falsifiedClause(prefix.clauses, solver.model())).toBeUndefined();
        if (result === 'unsat') break;
      }
      solver.dispose();
    }
  });

  it('a look-ahead UNSAT stays UNSAT: later solves, added clauses, assumptions', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40 && checked < 5; seed++) {
      const cnf = randomKSat(20, 130, 3, 9_700 + seed);
      const solver = new WasmSolver();
      solver.addClauses(cnf.clauses);
      const first = solver.solve();
      expect(first).toBe(bruteForceSat(cnf) ? 'sat' : 'unsat');
      if (first === 'unsat') {
        expect(solver.stats().lookaheadSolves).toBe(1);
        expect(solver.solve()).toBe('unsat');
        solver.addClause([1, 2, 3]);
        expect(solver.solve()).toBe('unsat');
        expect(solver.solve({ assumptions: [4] })).toBe('unsat');
        expect(solver.failedAssumptions()).toEqual([]);
        solver.addClause([5]);
        expect(solver.solve()).toBe('unsat');
        checked++;
      }
      solver.dispose();
    }
    expect(checked).toBe(5);
  });

  it('strategy lookahead mixed with solves under assumptions (CDCL) agrees with a cdcl-only solver', () => {
    // randomIncrementalSession: batches of mixed-length clauses (units, binaries, 3-clauses, long
    // ones); after each batch a solve under assumptions (CDCL, may learn level-0 facts) and a plain
    // solve (look-ahead on the level-0-simplified formula).
    let satRounds = 0;
    let unsatSessions = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const ours = new WasmSolver({ strategy: 'lookahead' });
      const reference = new WasmSolver({ strategy: 'cdcl' });
      const all: Clause[] = [];
      for (const [round, { clauses, assumptions }] of randomIncrementalSession(61_000 + seed).entries()) {
        ours.addClauses(clauses);
        reference.addClauses(clauses);
        all.push(...clauses);
        const label = `session seed=${61_000 + seed} round=${round}`;
        const withAssumptions = ours.solve({ assumptions });
        expect(withAssumptions, `${label} assumptions`).toBe(reference.solve({ assumptions }));
        const before = ours.stats().lookaheadSolves!;
        if (assumptions.length > 0) {
          // the solve above was CDCL: run it once more and watch the counter
          expect(ours.solve({ assumptions }), `${label} assumptions again`).toBe(withAssumptions);
          expect(ours.stats().lookaheadSolves, `${label} assumptions`).toBe(before);
        }
        const expected = reference.solve();
        const got = ours.solve();
        expect(got, `${label} plain`).toBe(expected);
        if (got === 'sat') {
          satRounds++;
          expect(ours.stats().lookaheadSolves, label).toBe(before + 1);
          expect(falsifiedClause(all, ours.model()), label).toBeUndefined();
        } else {
          unsatSessions++;
          break;
        }
      }
      ours.dispose();
      reference.dispose();
    }
    expect(satRounds).toBeGreaterThan(20);
    expect(unsatSessions).toBeGreaterThan(5);
  });

  it('strategy lookahead on units, the empty formula and one-literal clauses', () => {
    const empty = new WasmSolver({ strategy: 'lookahead' });
    expect(empty.solve()).toBe('sat');
    expect(empty.stats().lookaheadSolves).toBe(1);
    expect(empty.model().length).toBe(1);
    empty.dispose();

    const fresh = new WasmSolver({ strategy: 'lookahead' });
    for (let i = 0; i < 4; i++) fresh.newVar();
    expect(fresh.solve()).toBe('sat');
    expect(fresh.model().length).toBe(5);
    expectBinaryModel(fresh.model(), 'newVar only');
    fresh.dispose();

    const one = new WasmSolver({ strategy: 'lookahead' });
    one.addClause([5]);
    expect(one.solve()).toBe('sat');
    expect(one.value(5)).toBe(true);
    one.addClause([-3]);
    expect(one.solve()).toBe('sat');
    expect(one.value(5)).toBe(true);
    expect(one.value(-3)).toBe(true);
    one.addClause([-5]);
    expect(one.solve()).toBe('unsat');
    expect(one.solve()).toBe('unsat');
    one.dispose();

    const emptyClause = new WasmSolver({ strategy: 'lookahead' });
    emptyClause.addClause([]);
    expect(emptyClause.solve()).toBe('unsat');
    emptyClause.dispose();

    const contradictory = new WasmSolver({ strategy: 'lookahead' });
    // units leave 3, 4, 5 with all four 2-clauses over (4, 5) after 3 is forced: UNSAT only by search
    contradictory.addClauses([[1, 2, 3], [-1], [-2], [-3, 4, 5], [-3, -4, 5], [-3, 4, -5], [-3, -4, -5]]);
    expect(contradictory.solve()).toBe('unsat');
    expect(contradictory.stats().lookaheadSolves).toBe(1);
    contradictory.dispose();

    // units alongside random 3-SAT: the models obey them
    for (let seed = 1; seed <= 60; seed++) {
      const n = 8 + (seed % 8);
      const cnf = randomKSat(n, Math.round(n * 3.2), 3, 9_900 + seed);
      const rand = seededRandom(9_950 + seed);
      const units: Clause[] = Array.from({ length: 1 + (seed % 4) }, () => [(1 + Math.floor(rand() * n)) * (rand() < 0.5 ? 1 : -1)]);
      const withUnits = { numVars: n, clauses: [...units, ...cnf.clauses] };
      const got = solveOnce(withUnits, 'lookahead', `units seed=${seed}`);
      expect(got.result, `units seed=${seed}`).toBe(bruteForceSat(withUnits) ? 'sat' : 'unsat');
      // (conflicting units are found while clauses are added; then no search runs)
      if (got.result === 'sat') expect(got.lookaheadSolves, `units seed=${seed}`).toBe(1);
    }
  });
});

describe('look-ahead budgets', () => {
  const hard = random3SatAtThreshold(200, 4_242);

  it('conflicts 1, propagations 10 and a past deadline give unknown; an unlimited solve then gives cdcl\'s answer', () => {
    const reference = solveOnce(hard, 'cdcl', 'hard cdcl').result;
    expect(reference).not.toBe('unknown');
    const solver = new WasmSolver({ strategy: 'lookahead' });
    solver.addClauses(hard.clauses);
    expect(solver.solve({ limits: { conflicts: 1 } })).toBe('unknown');
    expect(() => solver.model()).toThrow();
    expect(solver.solve({ limits: { propagations: 10 } })).toBe('unknown');
    expect(solver.solve({ limits: { deadline: Date.now() - 1 } })).toBe('unknown');
    expect(solver.solve()).toBe(reference);
    if (reference === 'sat') expect(falsifiedClause(hard.clauses, solver.model())).toBeUndefined();
    expect(solver.stats().solves).toBe(4);
    solver.dispose();
  });

  it('the same under auto, for a SAT and an UNSAT instance', () => {
    const outcomes = new Set<SolveResult>();
    for (let seed = 1; seed <= 12 && outcomes.size < 2; seed++) {
      const cnf = random3SatAtThreshold(200, 4_300 + seed);
      const reference = solveOnce(cnf, 'cdcl', `seed=${4_300 + seed} cdcl`).result;
      if (outcomes.has(reference)) continue;
      outcomes.add(reference);
      const solver = new WasmSolver();
      solver.addClauses(cnf.clauses);
      expect(solver.solve({ limits: { conflicts: 1 } }), `seed=${4_300 + seed}`).toBe('unknown');
      expect(solver.solve({ limits: { propagations: 10 } }), `seed=${4_300 + seed}`).toBe('unknown');
      expect(solver.solve(), `seed=${4_300 + seed}`).toBe(reference);
      expect(solver.stats().lookaheadSolves).toBe(3);
      solver.dispose();
    }
    expect([...outcomes].sort()).toEqual(['sat', 'unsat']);
  });
});

describe('look-ahead models cover every variable', () => {
  it('variables allocated beyond the clauses and variables fixed by unit clauses', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const cnf = randomKSat(30, 90, 3, 12_000 + seed);
      for (const strategy of ['auto', 'lookahead'] as const) {
        const solver = new WasmSolver({ strategy });
        solver.addClauses(cnf.clauses);
        while (solver.numVars() < 45) solver.newVar();
        const result = solver.solve();
        // auto may pick CDCL at n = 30, where random clauses often share variable sets by chance
        if (strategy === 'lookahead') expect(solver.stats().lookaheadSolves, `seed=${seed} ${strategy}`).toBe(1);
        expect(result).toBe('sat'); // ratio 3, n = 30: satisfiable for these seeds
        const model = solver.model();
        expect(model.length).toBe(46);
        expectBinaryModel(model, `seed=${seed} ${strategy}`);
        expect(falsifiedClause(cnf.clauses, model)).toBeUndefined();
        expect(typeof solver.value(45)).toBe('boolean');
        solver.dispose();
      }
    }
  });

  it('level-0 facts (units, what they propagate, satisfied clauses) are in the model', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const n = 25;
      const cnf = randomKSat(n, 70, 3, 13_000 + seed);
      const rand = seededRandom(13_500 + seed);
      // a chain of implications from one unit: x1 -> x2 -> ... -> x6 fixes six variables at level 0
      const a = 1 + Math.floor(rand() * 10);
      const chain: Clause[] = [[a]];
      for (let i = 0; i < 5; i++) chain.push([-(a + i), a + i + 1]);
      const units: Clause[] = [[-(20 + (seed % 5))]];
      const clauses = [...chain, ...units, ...cnf.clauses];
      const solver = new WasmSolver({ strategy: 'lookahead' });
      solver.addClauses(clauses);
      solver.newVar(); // var 26, in no clause
      const reference = new WasmSolver({ strategy: 'cdcl' });
      reference.addClauses(clauses);
      const result = solver.solve();
      expect(result, `seed=${seed}`).toBe(reference.solve());
      if (result === 'sat') {
        expect(solver.stats().lookaheadSolves).toBe(1);
        const model = solver.model();
        expect(model.length).toBe(27);
        expectBinaryModel(model, `seed=${seed}`);
        for (let i = 0; i <= 5; i++) expect(model[a + i], `seed=${seed} var ${a + i}`).toBe(1);
        expect(model[20 + (seed % 5)]).toBe(0);
        expect(falsifiedClause(clauses, model), `seed=${seed}`).toBeUndefined();
      }
      solver.dispose();
      reference.dispose();
    }
  });
});
