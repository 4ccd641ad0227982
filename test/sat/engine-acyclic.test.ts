/**
 * The wasm engine's acyclicity constraint (`addConnectivity(…, { acyclic: true })`, in
 * src/sat/engine/connectivity.c): the true edges must connect every vertex and close no cycle, so
 * they form a spanning tree. Checked against brute force written apart from the engine
 * (test/helpers/connectivity-brute.ts: union-finds over each assignment's true edges).
 * - Small random graphs: edges on literals of at most 12 variables, some shared or negated, plus
 *   random clauses. The engine must count the same models with blocking clauses, with and without
 *   the island-style demands, and answer the same under assumptions.
 * - It must do its work during the search (edges forced false, conflicts), not only on complete
 *   assignments.
 */
import { describe, expect, it } from 'vitest';
import type { Clause, ConnectivityEdge } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { seededRandom } from '../helpers/cnf-gen.js';
import { acyclic, enumerateModels, holds, randomAssumptions, randomGraphInstance, spans, weightedGraphInstance, type GraphInstance, type RandomGraphInstance } from '../helpers/connectivity-brute.js';

/** The assignments satisfying the clauses whose true edges form a spanning tree. */
function spanningTreeModels(inst: GraphInstance, extra: readonly Clause[] = []): Set<number> {
  const out = new Set<number>();
  const clauses = [...inst.clauses, ...extra];
  for (let bits = 0; bits < 1 << inst.vars; bits++) {
    const isTrue = (l: number) => holds(l, bits);
    if (clauses.every((c) => c.some(isTrue)) && spans(inst, isTrue) && acyclic(inst, isTrue)) out.add(bits);
  }
  return out;
}

function treeSolver(inst: RandomGraphInstance): WasmSolver {
  const solver = new WasmSolver();
  for (let v = 0; v < inst.vars; v++) solver.newVar();
  solver.addClauses(inst.clauses);
  solver.addConnectivity(inst.vertices, inst.edges, undefined, { acyclic: true });
  return solver;
}

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('wasm engine acyclic connectivity, against brute force', () => {
  const seeds = Array.from({ length: 200 }, (_, i) => 31_000 + i);

  it('counts exactly the spanning-tree models of 200 random graphs with random clauses', () => {
    let withModels = 0, without = 0, cyclicConnected = 0;
    for (const seed of seeds) {
      const inst = randomGraphInstance(seed);
      const expected = spanningTreeModels(inst);
      const solver = treeSolver(inst);
      expect(sorted(enumerateModels(solver, inst.vars)), `seed ${seed}`).toEqual(sorted(expected));
      if (expected.size > 0) withModels++; else without++;
      // instances where connected models with a cycle exist: the constraint really removed some
      for (let bits = 0; bits < 1 << inst.vars; bits++) {
        const isTrue = (l: number) => holds(l, bits);
        if (inst.clauses.every((c) => c.some(isTrue)) && spans(inst, isTrue) && !acyclic(inst, isTrue)) { cyclicConnected++; break; }
      }
      solver.dispose();
    }
    expect(withModels).toBeGreaterThan(40);
    expect(without).toBeGreaterThan(5);
    expect(cyclicConnected).toBeGreaterThan(40);
  });

  it('answers the same under assumptions, and after clauses arrive between solves', () => {
    const rand = seededRandom(4242);
    let unsat = 0, sat = 0;
    for (const seed of seeds.slice(0, 100)) {
      const inst = randomGraphInstance(seed);
      const solver = treeSolver(inst);
      for (let round = 0; round < 4; round++) {
        const assumptions = randomAssumptions(rand, inst.vars, 3);
        const expected = spanningTreeModels(inst, assumptions.map((l) => [l]));
        const r = solver.solve({ assumptions });
        expect(r, `seed ${seed} assuming ${assumptions.join(' ')}`).toBe(expected.size > 0 ? 'sat' : 'unsat');
        if (r === 'sat') {
          sat++;
          const isTrue = (l: number) => solver.value(l);
          expect(spans(inst, isTrue) && acyclic(inst, isTrue)).toBe(true);
        } else {
          unsat++;
          for (const l of solver.failedAssumptions()) expect(assumptions).toContain(l);
        }
      }
      // a clause arriving between solves
      const extra: Clause = [rand() < 0.5 ? 1 : -1, 1 + Math.floor(rand() * inst.vars)].filter((l, i, a) => a.findIndex((x) => Math.abs(x) === Math.abs(l)) === i);
      solver.addClause(extra);
      inst.clauses.push(extra);
      expect(sorted(enumerateModels(solver, inst.vars)), `seed ${seed} after ${extra.join(' ')}`).toEqual(sorted(spanningTreeModels(inst)));
      solver.dispose();
    }
    expect(sat).toBeGreaterThan(50);
    expect(unsat).toBeGreaterThan(20);
  });

  it('counts the same models with demands on the vertices (weights of one or two)', () => {
    // Weighted multigraphs: each edge "at least 1" (its literal) and "at least 2"; each vertex's
    // weights add up to its demand, written as clauses, and the engine is told the demands too.
    let nonEmpty = 0;
    for (let seed = 0; seed < 120; seed++) {
      const inst = weightedGraphInstance(52_000 + seed);
      const expected = spanningTreeModels(inst);
      const solver = new WasmSolver();
      for (let v = 0; v < inst.vars; v++) solver.newVar();
      solver.addClauses(inst.clauses);
      solver.addConnectivity(inst.vertices, inst.edges, inst.demands, { acyclic: true });
      expect(sorted(enumerateModels(solver, inst.vars)), `seed ${seed}`).toEqual(sorted(expected));
      if (expected.size > 0) nonEmpty++;
      solver.dispose();
    }
    expect(nonEmpty).toBeGreaterThan(35); // 47 of the 120; in 46 of them connected models with a cycle are left out
  });

  it('forces edges false and raises conflicts during the search', () => {
    // A wheel: hub 0 joined to a rim 1..k, the rim a cycle; every spanning tree leaves out k edges.
    const k = 12;
    const edges: ConnectivityEdge[] = [];
    for (let i = 1; i <= k; i++) edges.push({ u: 0, v: i, lit: edges.length + 1 });
    for (let i = 1; i <= k; i++) edges.push({ u: i, v: (i % k) + 1, lit: edges.length + 1 });
    const solver = new WasmSolver();
    for (let v = 0; v < edges.length; v++) solver.newVar();
    // two spokes and the rim edge between them: the third is forced false at once
    solver.addConnectivity(k + 1, edges, undefined, { acyclic: true });
    expect(solver.solve({ assumptions: [1, 2] })).toBe('sat');
    expect(solver.value(k + 1)).toBe(false); // rim 1-2 closes the loop 0-1-2
    const stats = solver.stats().connectivity!;
    expect(stats.forced).toBeGreaterThan(0);
    // all rim edges true but one leaves room for exactly one spoke: count the trees then
    const rim = Array.from({ length: k - 1 }, (_, i) => k + 1 + i);
    const trees = enumerateModels(solver, edges.length, rim);
    expect(trees.size).toBe(k); // any one spoke
    // a cycle assumed true is refuted
    expect(solver.solve({ assumptions: [1, 2, k + 1] })).toBe('unsat');
    solver.dispose();
  });
});
