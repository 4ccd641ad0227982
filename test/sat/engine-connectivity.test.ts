/**
 * The wasm engine's connectivity propagator (src/sat/engine/connectivity.c) against brute force:
 * small random graphs (edges on literals of at most 12 variables, some shared or negated, plus
 * random clauses), where every assignment is enumerated and its true edges checked for spanning
 * connectivity by a union-find written here. The engine must count the same models (blocking
 * clauses), answer the same under assumptions, stay exact when clauses arrive between solves, and
 * do its work during the search (conflicts and forced edges), not only on complete assignments.
 */
import { describe, expect, it } from 'vitest';
import type { Clause, ConnectivityEdge } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { createSolver } from '../../src/sat/index.js';
import { falsifiedClause, seededRandom } from '../helpers/cnf-gen.js';
import { bruteForceModels, enumerateModels, holds, modelBits, randomAssumptions, randomGraphInstance, spans, type RandomGraphInstance } from '../helpers/connectivity-brute.js';

type Instance = RandomGraphInstance;

function solverFor(inst: Instance): WasmSolver {
  const solver = new WasmSolver();
  for (let v = 0; v < inst.vars; v++) solver.newVar();
  solver.addClauses(inst.clauses);
  solver.addConnectivity(inst.vertices, inst.edges);
  return solver;
}

const bitsOf = modelBits;

/** Enumerates the engine's models with blocking clauses: each must be a brute-force model. */
function engineModels(solver: WasmSolver, inst: Instance, assumptions: number[] = []): Set<number> {
  return enumerateModels(solver, inst.vars, assumptions);
}

describe('wasm engine connectivity constraint, against brute force', () => {
  const seeds = Array.from({ length: 150 }, (_, i) => 7000 + i);

  it('counts exactly the connected models of 150 random graphs with random clauses', () => {
    let withModels = 0, without = 0;
    for (const seed of seeds) {
      const inst = randomGraphInstance(seed);
      const expected = bruteForceModels(inst);
      const solver = solverFor(inst);
      const found = engineModels(solver, inst);
      expect([...found].sort((a, b) => a - b), `seed ${seed}`).toEqual([...expected].sort((a, b) => a - b));
      if (expected.size > 0) withModels++; else without++;
      solver.dispose();
    }
    // both kinds of answer occur, so neither "always connected" nor "never" would pass
    expect(withModels).toBeGreaterThan(30);
    expect(without).toBeGreaterThan(5);
  });

  it('answers the same under assumptions, with failed assumptions that really fail', () => {
    const rand = seededRandom(99);
    let unsat = 0;
    for (const seed of seeds.slice(0, 80)) {
      const inst = randomGraphInstance(seed);
      const solver = solverFor(inst);
      for (let round = 0; round < 5; round++) {
        const assumptions = randomAssumptions(rand, inst.vars, 4);
        const expected = bruteForceModels(inst, assumptions.map((a) => [a]));
        const r = solver.solve({ assumptions });
        expect(r, `seed ${seed} assuming ${assumptions.join(' ')}`).toBe(expected.size > 0 ? 'sat' : 'unsat');
        if (r === 'sat') {
          const bits = bitsOf(solver.model(), inst.vars);
          expect(expected.has(bits)).toBe(true);
        } else {
          unsat++;
          const failed = solver.failedAssumptions();
          for (const f of failed) expect(assumptions).toContain(f);
          expect(bruteForceModels(inst, failed.map((a) => [a])).size).toBe(0);
        }
        // under assumptions, every model the engine can still give matches brute force
        expect(engineModels(solver, inst, assumptions).size).toBe(expected.size);
      }
      solver.dispose();
    }
    expect(unsat).toBeGreaterThan(10);
  });

  it('stays exact as clauses arrive between solves', () => {
    for (const seed of seeds.slice(0, 60)) {
      const inst = randomGraphInstance(seed);
      const later = randomGraphInstance(seed + 100_000).clauses.filter((c) => c.every((l) => Math.abs(l) <= inst.vars));
      const solver = solverFor(inst);
      const added: Clause[] = [];
      for (const clause of [[], ...later.map((c) => [c])]) {
        solver.addClauses(clause);
        added.push(...clause);
        const expected = bruteForceModels(inst, added);
        const r = solver.solve();
        expect(r, `seed ${seed}, ${added.length} clauses added`).toBe(expected.size > 0 ? 'sat' : 'unsat');
        if (r === 'sat') expect(expected.has(bitsOf(solver.model(), inst.vars))).toBe(true);
      }
      solver.dispose();
    }
  });
});

describe('wasm engine connectivity constraint on larger graphs, against brute force', () => {
  /**
   * A 4×4 grid graph (16 vertices, 24 edges) whose edges share 16 variables, some negated, with
   * random clauses and unit clauses fixing a few edges false at level 0: cuts then mix edges fixed
   * for good with edges the search set (the propagator leaves the fixed ones out of its clauses),
   * and a broken tree edge's two sides are big enough for the repair to stop early or to search.
   */
  function gridInstance(seed: number): Instance {
    const rand = seededRandom(seed);
    const vars = 16, w = 4;
    const edges: ConnectivityEdge[] = [];
    const id = (r: number, c: number): number => r * w + c;
    const lit = () => { const v = 1 + Math.floor(rand() * vars); return rand() < 0.15 ? -v : v; };
    for (let r = 0; r < w; r++) for (let c = 0; c < w; c++) {
      if (c + 1 < w) edges.push({ u: id(r, c), v: id(r, c + 1), lit: lit() });
      if (r + 1 < w) edges.push({ u: id(r, c), v: id(r + 1, c), lit: lit() });
    }
    const clauses: Clause[] = [];
    for (let u = 0; u < 2; u++) clauses.push([-Math.abs(edges[Math.floor(rand() * edges.length)]!.lit)]);
    for (let c = 0; c < 6; c++) {
      const clause: number[] = [];
      while (clause.length < 3) {
        const v = 1 + Math.floor(rand() * vars);
        if (!clause.some((l) => Math.abs(l) === v)) clause.push(rand() < 0.5 ? v : -v);
      }
      clauses.push(clause);
    }
    return { vars, vertices: w * w, edges, clauses };
  }

  it('counts exactly the connected models of 40 grids with edges fixed at level 0, and as units arrive', () => {
    let withModels = 0, changed = 0;
    for (let seed = 0; seed < 40; seed++) {
      const inst = gridInstance(31_000 + seed);
      const expected = bruteForceModels(inst);
      const solver = solverFor(inst);
      expect([...engineModels(solver, inst)].sort((a, b) => a - b), `seed ${seed}`).toEqual([...expected].sort((a, b) => a - b));
      if (expected.size > 0) withModels++;
      // a unit arriving between solves fixes another edge false: the models must shrink accordingly
      const unit: Clause = [-Math.abs(inst.edges[seed % inst.edges.length]!.lit)];
      solver.addClause(unit);
      const after = bruteForceModels(inst, [unit]);
      if (after.size !== expected.size) changed++;
      expect(engineModels(solver, inst).size, `seed ${seed} after ${unit[0]}`).toBe(after.size);
      solver.dispose();
    }
    expect(withModels).toBeGreaterThan(10);
    expect(changed).toBeGreaterThan(5);
  });
});

describe('wasm engine, two connectivity constraints over shared variables', () => {
  it('counts exactly the models connecting both graphs (60 random pairs)', () => {
    let withModels = 0;
    for (let seed = 0; seed < 60; seed++) {
      const first = randomGraphInstance(9000 + seed);
      const other = randomGraphInstance(19000 + seed);
      // the second graph's edges on the first instance's variables
      const edges = other.edges.map((e) => ({ ...e, lit: Math.sign(e.lit) * (1 + ((Math.abs(e.lit) - 1) % first.vars)) }));
      const second: Instance = { ...first, vertices: other.vertices, edges, clauses: [] };
      const expected = [...bruteForceModels(first)].filter((bits) => spans(second, (l) => holds(l, bits)));
      const solver = solverFor(first);
      solver.addConnectivity(second.vertices, second.edges);
      const found = engineModels(solver, first);
      expect([...found].sort((a, b) => a - b), `seed ${seed}`).toEqual(expected.sort((a, b) => a - b));
      if (expected.length > 0) withModels++;
      solver.dispose();
    }
    expect(withModels).toBeGreaterThan(10);
  });
});

describe('wasm engine connectivity constraint, its work during the search', () => {
  /** A w×h grid graph, every edge its own variable, with "at least one neighbour" per vertex. */
  function grid(w: number, h: number): Instance {
    const edges: ConnectivityEdge[] = [];
    const id = (r: number, c: number): number => r * w + c;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      if (c + 1 < w) edges.push({ u: id(r, c), v: id(r, c + 1), lit: edges.length + 1 });
      if (r + 1 < h) edges.push({ u: id(r, c), v: id(r + 1, c), lit: edges.length + 1 });
    }
    return { vars: edges.length, vertices: w * h, edges, clauses: [] };
  }

  it('raises conflicts and forces edges before assignments are complete', () => {
    // A spanning tree of a 6×6 grid: exactly 35 of its 60 edges, connected (so no cycle).
    const inst = grid(6, 6);
    const solver = createSolver('wasm');
    for (let v = 0; v < inst.vars; v++) solver.newVar();
    // at most 35 edges (sequential counter clauses over fresh variables)
    const lits = inst.edges.map((e) => e.lit);
    const k = inst.vertices - 1;
    const s: number[][] = lits.map(() => Array.from({ length: k }, () => solver.newVar()));
    lits.forEach((x, i) => {
      solver.addClause([-x, s[i]![0]!]);
      if (i > 0) {
        for (let j = 0; j < k; j++) solver.addClause([-s[i - 1]![j]!, s[i]![j]!]);
        for (let j = 1; j < k; j++) solver.addClause([-x, -s[i - 1]![j - 1]!, s[i]![j]!]);
        solver.addClause([-x, -s[i - 1]![k - 1]!]);
      }
    });
    solver.addConnectivity!(inst.vertices, inst.edges);
    let models = 0;
    while (models < 30 && solver.solve() === 'sat') {
      const m = solver.model();
      const bits = inst.edges.filter((e) => m[e.lit]).length;
      expect(bits).toBe(k);
      expect(spans(inst, (l) => m[l] === 1)).toBe(true);
      solver.addClause(inst.edges.map((e) => (m[e.lit] ? -e.lit : e.lit)));
      models++;
    }
    expect(models).toBe(30);
    const c = solver.stats().connectivity!;
    expect(c.checks).toBeGreaterThan(0);
    expect(c.conflicts).toBeGreaterThan(0);
    expect(c.forced).toBeGreaterThan(0);
    solver.dispose();
  });

  it('is UNSAT at once when a vertex has no edge, and trivially true for one vertex', () => {
    const solver = new WasmSolver();
    solver.addConnectivity(3, [{ u: 0, v: 1, lit: 1 }]);
    expect(solver.solve()).toBe('unsat');
    solver.dispose();
    const single = new WasmSolver();
    single.addClause([-1]);
    single.addConnectivity(1, []);
    expect(single.solve()).toBe('sat');
    single.dispose();
  });

  it('sees the edges a forced edge makes false (a path needing x and not x is UNSAT)', () => {
    // found by the brute-force comparison: forcing edge x made the edge on -x false unnoticed
    const solver = new WasmSolver();
    solver.addConnectivity(4, [{ u: 0, v: 1, lit: 1 }, { u: 1, v: 2, lit: 2 }, { u: 2, v: 3, lit: -2 }]);
    expect(solver.solve()).toBe('unsat');
    solver.dispose();
  });

  it('forces a bridge of the whole graph at level 0', () => {
    const solver = new WasmSolver();
    // triangle 0-1-2 plus the pendant vertex 3 on edge 4
    solver.addConnectivity(4, [{ u: 0, v: 1, lit: 1 }, { u: 1, v: 2, lit: 2 }, { u: 2, v: 0, lit: 3 }, { u: 2, v: 3, lit: 4 }]);
    expect(solver.solve({ assumptions: [-4] })).toBe('unsat');
    expect(solver.failedAssumptions()).toEqual([-4]);
    expect(solver.solve({ assumptions: [-1, -2] })).toBe('unsat');
    expect(solver.solve({ assumptions: [-1] })).toBe('sat');
    expect(solver.value(2) && solver.value(3) && solver.value(4)).toBe(true);
    expect(falsifiedClause([[2], [3], [4]], solver.model())).toBeUndefined();
    solver.dispose();
  });

  it('rejects an endpoint that is not a vertex; engines without the propagator do not offer it', () => {
    const solver = new WasmSolver();
    expect(() => solver.addConnectivity(2, [{ u: 0, v: 2, lit: 1 }])).toThrow(/not a vertex/);
    solver.dispose();
    const js = createSolver('minisat-js');
    expect(js.addConnectivity).toBeUndefined();
    js.dispose();
  });
});
