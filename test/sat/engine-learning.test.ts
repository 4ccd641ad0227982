import { describe, expect, it } from 'vitest';
import type { Clause } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { falsifiedClause, seededRandom } from '../helpers/cnf-gen.js';

/**
 * Learnt-clause shrinking (solver.c, shrink_learnt) and the alternating search modes, checked
 * against brute force on formulas shaped like the puzzles: "exactly k of these cells" over rows,
 * columns and random groups of a small grid, written with sequential counters (auxiliary variables,
 * long implication chains: the learnt clauses have several literals per lower decision level, which
 * is what shrinking replaces by that level's first UIP), plus a few random clauses. Every model is
 * enumerated the way src/cnf/queries.ts counts solutions (blocking clauses over the cells, guarded
 * by a selector assumed true), across many incremental solves, and solves under random assumptions
 * are compared with brute force. An unsound shrink (a clause not implied by the formula) loses
 * models: with shrinking allowed to pass over lower-level literals that are neither in the clause
 * nor redundant, the first test fails at its first seed (lost models).
 */

type Rand = () => number;

/** Sinz's sequential counter: at most k of xs true. Auxiliary variables from next(). */
function atMost(xs: readonly number[], k: number, next: () => number): Clause[] {
  const out: Clause[] = [];
  if (k >= xs.length) return out;
  if (k === 0) return xs.map((x): Clause => [-x]);
  const s = xs.map(() => Array.from({ length: k }, next));
  for (let i = 0; i < xs.length; i++) {
    out.push([-xs[i]!, s[i]![0]!]);
    if (i > 0) {
      for (let j = 0; j < k; j++) out.push([-s[i - 1]![j]!, s[i]![j]!]);
      for (let j = 1; j < k; j++) out.push([-xs[i]!, -s[i - 1]![j - 1]!, s[i]![j]!]);
      out.push([-xs[i]!, -s[i - 1]![k - 1]!]);
    }
  }
  return out;
}

function exactly(xs: readonly number[], k: number, next: () => number): Clause[] {
  return [...atMost(xs, k, next), ...atMost(xs.map((x) => -x), xs.length - k, next)];
}

interface Puzzle { n: number; k: number; cells: number; clauses: Clause[]; check: (bits: number) => boolean }

/** Every way to pick k of n columns, as bit masks. */
function rowChoices(n: number, k: number): number[] {
  const out: number[] = [];
  for (let m = 0; m < 1 << n; m++) {
    let c = 0;
    for (let b = m; b; b &= b - 1) c++;
    if (c === k) out.push(m);
  }
  return out;
}

/**
 * An n x n grid, exactly k per row and column, and random groups of cells with an exact count
 * each: the count a random planted placement has, sometimes one more (often UNSAT then).
 */
function gridCnf(n: number, k: number, rand: Rand): Puzzle {
  const cells = n * n;
  let top = cells;
  const next = () => ++top;
  const choices = rowChoices(n, k);
  const planted = Array.from({ length: n }, () => choices[Math.floor(rand() * choices.length)]!);
  const isPlanted = (v: number) => ((planted[Math.floor((v - 1) / n)]! >> ((v - 1) % n)) & 1) === 1;
  const groups: { members: number[]; count: number }[] = [];
  for (let r = 0; r < n; r++) groups.push({ members: Array.from({ length: n }, (_, c) => r * n + c + 1), count: k });
  for (let c = 0; c < n; c++) groups.push({ members: Array.from({ length: n }, (_, r) => r * n + c + 1), count: k });
  for (let g = 0; g < 4; g++) {
    const members = Array.from({ length: cells }, (_, i) => i + 1).filter(() => rand() < 0.3);
    if (members.length < 2) continue;
    const count = members.filter(isPlanted).length + (rand() < 0.15 ? 1 : 0);
    groups.push({ members, count: Math.min(count, members.length) });
  }
  const clauses = groups.flatMap((g) => exactly(g.members, g.count, next));
  const check = (bits: number): boolean => groups.every((g) => g.members.filter((v) => ((bits >> (v - 1)) & 1) === 1).length === g.count);
  return { n, k, cells, clauses, check };
}

/** The models over the cells, by brute force over the placements with k per row (10^5 for 5x5, k = 2). */
function bruteModels(p: Puzzle, fixed: readonly number[] = []): Set<number> {
  const out = new Set<number>();
  const choices = rowChoices(p.n, p.k);
  const walk = (row: number, bits: number): void => {
    if (row === p.n) {
      if (fixed.every((l) => (((bits >> (Math.abs(l) - 1)) & 1) === 1) === l > 0) && p.check(bits)) out.add(bits);
      return;
    }
    for (const c of choices) walk(row + 1, bits | (c << (row * p.n)));
  };
  walk(0, 0);
  return out;
}

describe('wasm engine learning (shrinking, mode phases) on counter-encoded grids vs brute force', () => {
  it('enumerates exactly the brute-force models, incrementally, with blocking clauses behind a selector', () => {
    let total = 0, conflicts = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rand = seededRandom(31_000 + seed);
      const p = gridCnf(5, 1 + (seed % 2), rand);
      const expected = bruteModels(p);
      const solver = new WasmSolver();
      solver.addClauses(p.clauses);
      const selector = solver.newVar();
      const found = new Set<number>();
      while (solver.solve({ assumptions: [selector] }) === 'sat') {
        const m = solver.model();
        expect(falsifiedClause(p.clauses, m)).toBeUndefined();
        let bits = 0;
        for (let v = 1; v <= p.cells; v++) if (m[v]) bits |= 1 << (v - 1);
        expect(found.has(bits), `seed=${seed}: a model came back twice`).toBe(false);
        found.add(bits);
        solver.addClause([-selector, ...Array.from({ length: p.cells }, (_, i) => (m[i + 1] ? -(i + 1) : i + 1))]);
      }
      expect([...found].sort((a, b) => a - b), `seed=${seed}`).toEqual([...expected].sort((a, b) => a - b));
      // without the selector the blocking clauses are off: the formula itself is as before
      expect(solver.solve()).toBe(expected.size > 0 ? 'sat' : 'unsat');
      total += expected.size;
      conflicts += solver.stats().conflicts;
      solver.dispose();
    }
    expect(total).toBeGreaterThan(100);
    expect(conflicts).toBeGreaterThan(100);
  });

  it('answers solves under random assumptions as brute force does; failed assumptions are contradictory', () => {
    let sat = 0, unsat = 0, conflicts = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const rand = seededRandom(47_000 + seed);
      const p = gridCnf(5, 2, rand);
      const solver = new WasmSolver();
      solver.addClauses(p.clauses);
      const models = bruteModels(p);
      for (let round = 0; round < 8; round++) {
        const assumptions = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => (1 + Math.floor(rand() * p.cells)) * (rand() < 0.3 ? 1 : -1));
        const holds = (bits: number, lits: readonly number[]) => lits.every((l) => (((bits >> (Math.abs(l) - 1)) & 1) === 1) === l > 0);
        const expected = [...models].some((b) => holds(b, assumptions)) ? 'sat' : 'unsat';
        const got = solver.solve({ assumptions });
        expect(got, `seed=${seed} round=${round}`).toBe(expected);
        if (got === 'sat') {
          sat++;
          const m = solver.model();
          expect(falsifiedClause([...p.clauses, ...assumptions.map((a): Clause => [a])], m)).toBeUndefined();
        } else {
          unsat++;
          const failed = solver.failedAssumptions();
          for (const a of failed) expect(assumptions).toContain(a);
          expect([...models].some((b) => holds(b, failed))).toBe(false);
        }
      }
      conflicts += solver.stats().conflicts;
      solver.dispose();
    }
    expect(sat).toBeGreaterThan(5);
    expect(unsat).toBeGreaterThan(5);
    expect(conflicts).toBeGreaterThan(50);
  });
});
