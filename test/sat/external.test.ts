import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import { ExternalSolver, findExternalSolvers, KNOWN_BINARIES, resolveExternalBinary } from '../../src/sat/external.js';
import { seededRandom } from '../../src/util/random.js';


function random3Sat(n: number, m: number, random: () => number): number[][] {
  const clauses: number[][] = [];
  for (let i = 0; i < m; i++) {
    const vars = new Set<number>();
    while (vars.size < 3) vars.add(1 + Math.floor(random() * n));
    clauses.push([...vars].map((v) => (random() < 0.5 ? -v : v)));
  }
  return clauses;
}

const satisfies = (clauses: number[][], value: (v: number) => boolean): boolean =>
  clauses.every((c) => c.some((l) => (l > 0 ? value(l) : !value(-l))));

/** Brute force over all 2^n assignments: is there one satisfying the clauses and the assumptions? */
function bruteForceSat(n: number, clauses: number[][], assumptions: number[] = []): boolean {
  const all = [...clauses, ...assumptions.map((a) => [a])];
  for (let mask = 0; mask < 1 << n; mask++) {
    if (satisfies(all, (v) => ((mask >> (v - 1)) & 1) === 1)) return true;
  }
  return false;
}

/** Pigeonhole: `pigeons` into `pigeons - 1` holes. UNSAT and hard for resolution. */
function pigeonhole(pigeons: number): number[][] {
  const holes = pigeons - 1;
  const x = (p: number, h: number): number => p * holes + h + 1;
  const clauses: number[][] = [];
  for (let p = 0; p < pigeons; p++) clauses.push(Array.from({ length: holes }, (_, h) => x(p, h)));
  for (let h = 0; h < holes; h++) {
    for (let a = 0; a < pigeons; a++) for (let b = a + 1; b < pigeons; b++) clauses.push([-x(a, h), -x(b, h)]);
  }
  return clauses;
}

const available = findExternalSolvers();
const names = available.map((b) => b.name);
if (available.length === 0) console.warn('external.test: no native SAT solver on the PATH; skipping engine tests');

// Every run writes its temp files under this directory, so we can check that they are removed.
let scratch = '';
const savedTmp = process.env.TMPDIR;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'gridsat-external-test-'));
  process.env.TMPDIR = scratch;
});
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(scratch, { recursive: true, force: true });
});

describe('findExternalSolvers / resolveExternalBinary', () => {
  it('lists only known binaries, in preference order, with executable paths', () => {
    const order = available.map((b) => KNOWN_BINARIES.indexOf(b.name));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const b of available) expect(resolveExternalBinary(b.path)).toEqual(b);
  });

  it('rejects unknown and missing solvers with a clear message', () => {
    expect(() => resolveExternalBinary('glucose')).toThrow(/unknown external solver 'glucose'/);
    expect(() => resolveExternalBinary('/nonexistent/dir/cadical')).toThrow(/not on the PATH/);
    expect(() => createSolver('external', { binary: 'mystery' })).toThrow(/unknown external solver/);
  });
});

describe.each(names.length ? names : ['none'])('external engine: %s', (binary) => {
  const skip = binary === 'none';

  it.skipIf(skip)('agrees with brute force on random formulas, with and without assumptions', () => {
    const random = seededRandom(binary.length * 1000 + 17);
    let sat = 0;
    let unsat = 0;
    for (let round = 0; round < 24; round++) {
      const n = 8 + (round % 5);
      const clauses = random3Sat(n, Math.round(n * (3.5 + random() * 2)), random);
      const assumptions = round % 2 ? [1 + Math.floor(random() * n), -(1 + Math.floor(random() * n))] : [];
      if (assumptions.length === 2 && Math.abs(assumptions[0]!) === Math.abs(assumptions[1]!)) assumptions.pop();

      const solver = new ExternalSolver({ binary });
      solver.addClauses(clauses);
      const result = solver.solve({ assumptions });
      const expected = bruteForceSat(n, clauses, assumptions);
      expect(result).toBe(expected ? 'sat' : 'unsat');
      if (result === 'sat') {
        sat++;
        expect(satisfies(clauses, (v) => solver.value(v))).toBe(true);
        for (const a of assumptions) expect(solver.value(a)).toBe(true);
        expect(solver.model()[1]).toBe(solver.value(1) ? 1 : 0);
      } else {
        unsat++;
        const failed = solver.failedAssumptions();
        for (const f of failed) expect(assumptions).toContain(f);
        expect(bruteForceSat(n, clauses, failed)).toBe(false);
      }
      expect(solver.stats().solves).toBe(1);
    }
    expect(sat).toBeGreaterThan(3);
    expect(unsat).toBeGreaterThan(3);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it.skipIf(skip)('is usable incrementally: clauses added after a solve count in the next one', () => {
    const solver = createSolver('external', { binary });
    expect(solver.name).toBe(`external:${binary}`);
    const [a, b] = [solver.newVar(), solver.newVar()];
    solver.addClause([a, b]);
    expect(solver.solve()).toBe('sat');
    solver.addClause([-a]);
    expect(solver.solve()).toBe('sat');
    expect(solver.value(b)).toBe(true);
    expect(solver.solve({ assumptions: [-b] })).toBe('unsat');
    expect(solver.failedAssumptions()).toEqual([-b]);
    solver.addClause([-b]);
    expect(solver.solve()).toBe('unsat');
    expect(solver.stats().solves).toBe(4);
    solver.dispose();
  });

  it.skipIf(skip)('returns unknown at the deadline instead of hanging, and when the deadline has passed', () => {
    const solver = new ExternalSolver({ binary });
    solver.addClauses(pigeonhole(13));
    expect(solver.solve({ limits: { deadline: Date.now() - 1 } })).toBe('unknown');
    const start = Date.now();
    expect(solver.solve({ limits: { deadline: start + 800 } })).toBe('unknown');
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThanOrEqual(700);
    expect(elapsed).toBeLessThan(4000);
    expect(readdirSync(scratch)).toEqual([]);
  });
});

describe.skipIf(!names.includes('cadical'))('external cadical specifics', () => {
  it('honours a conflict budget and reports its statistics', () => {
    const solver = new ExternalSolver({ binary: 'cadical' });
    solver.addClauses(pigeonhole(10));
    expect(solver.solve({ limits: { conflicts: 50 } })).toBe('unknown');
    const stats = solver.stats();
    expect(stats.conflicts).toBeGreaterThanOrEqual(50);
    expect(stats.conflicts).toBeLessThan(200);
    expect(solver.lastRun()?.solverSeconds).toBeDefined();
    // cadical reports its resident set size; a process needs at least a megabyte.
    expect(stats.peakMemoryBytes).toBeGreaterThan(2 ** 20);
  });
});

describe.skipIf(!names.includes('picosat'))('external picosat specifics', () => {
  it('reports a failed-assumption core smaller than all assumptions', () => {
    const solver = new ExternalSolver({ binary: 'picosat' });
    // x1 -> x2, x2 -> x3; assuming x1, -x3, x4, x5 fails only because of x1 and -x3.
    solver.addClauses([[-1, 2], [-2, 3], [4, 5]]);
    expect(solver.solve({ assumptions: [4, 1, 5, -3] })).toBe('unsat');
    expect(solver.failedAssumptions().sort()).toEqual([-3, 1]);
  });
});
