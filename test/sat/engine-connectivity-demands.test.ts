/**
 * The connectivity propagator's demands (`addConnectivity(vertices, edges, demands)`): with every
 * vertex's edge weights adding up to its demand, it also forbids weight that would close a group
 * off from the other vertices (Hashi's isolation rule). Checked against brute force on small random
 * multigraphs whose edges carry order-encoded weights 0..2 (two literals, "at least 1" and "at
 * least 2"), with the sums written as plain clauses here, some demands unknown, random extra
 * clauses, assumptions, and units arriving between solves: the engine must count exactly the
 * connected models that satisfy the clauses, with or without the demands.
 */
import { describe, expect, it } from 'vitest';
import type { Clause, ConnectivityEdge } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { seededRandom } from '../helpers/cnf-gen.js';
import { bruteForceModels as models } from '../helpers/connectivity-brute.js';

interface Instance {
  vars: number;
  vertices: number;
  edges: (ConnectivityEdge & { weights: number[] })[];
  demands: (number | null)[];
  clauses: Clause[];
}

/**
 * 3..7 vertices, a random spanning tree plus a few more edges (parallel edges allowed), each with
 * variables a ("at least 1", the edge literal) and b ("at least 2", implies a); demands planted
 * from random weights (the tree's at least 1, so a connected model exists), a few of them
 * unknown or changed.
 */
function instance(seed: number): Instance {
  const rand = seededRandom(seed);
  const n = 3 + Math.floor(rand() * 5);
  const pairs: [number, number][] = [];
  for (let v = 1; v < n; v++) pairs.push([Math.floor(rand() * v), v]);
  const extra = Math.floor(rand() * 3);
  for (let k = 0; k < extra && pairs.length < 7; k++) {
    const u = Math.floor(rand() * n), v = (u + 1 + Math.floor(rand() * (n - 1))) % n;
    pairs.push([u, v]);
  }
  const edges = pairs.map(([u, v], i) => ({ u, v, lit: 2 * i + 1, weights: [2 * i + 1, 2 * i + 2] }));
  // the tree's edges carry 1 or 2, the others 0..2: the planted weights are a connected model
  const planted = edges.map((_, i) => (i < n - 1 ? 1 + Math.floor(rand() * 2) : Math.floor(rand() * 3)));
  const demands: (number | null)[] = Array.from({ length: n }, (_, v) =>
    edges.reduce((s, e, i) => s + (e.u === v || e.v === v ? planted[i]! : 0), 0));
  for (let v = 0; v < n; v++) {
    const r = rand();
    if (r < 0.15) demands[v] = null;
    else if (r < 0.25) demands[v] = Math.max(0, demands[v]! + (rand() < 0.5 ? -1 : 1));
  }
  const clauses: Clause[] = edges.map((e) => [-e.weights[1]!, e.weights[0]!]);
  // the sums, as clauses: every count vector of a vertex's edges that misses its demand is excluded
  demands.forEach((d, v) => {
    if (d === null) return;
    const mine = edges.filter((e) => e.u === v || e.v === v);
    const counts = new Array<number>(mine.length).fill(0);
    const each = (i: number): void => {
      if (i === mine.length) {
        if (counts.reduce((a, b) => a + b, 0) === d) return;
        clauses.push(mine.flatMap((e, j) => {
          const [a, b] = e.weights as [number, number];
          return counts[j] === 0 ? [a] : counts[j] === 1 ? [-a, b] : [-b];
        }));
        return;
      }
      for (let c = 0; c <= 2; c++) { counts[i] = c; each(i + 1); }
    };
    each(0);
  });
  const vars = 2 * edges.length;
  for (let c = Math.floor(rand() * 2); c > 0; c--) {
    const x = 1 + Math.floor(rand() * vars), y = 1 + Math.floor(rand() * vars);
    clauses.push([rand() < 0.5 ? x : -x, rand() < 0.5 ? y : -y]);
  }
  return { vars, vertices: n, edges, demands, clauses };
}

function solver(inst: Instance, withDemands: boolean): WasmSolver {
  const s = new WasmSolver();
  for (let v = 0; v < inst.vars; v++) s.newVar();
  s.addClauses(inst.clauses);
  s.addConnectivity(inst.vertices, inst.edges, withDemands ? inst.demands : undefined);
  return s;
}

function count(s: WasmSolver, inst: Instance, assumptions: number[] = []): Set<number> {
  const found = new Set<number>();
  const selector = s.newVar();
  while (s.solve({ assumptions: [...assumptions, selector] }) === 'sat') {
    const m = s.model();
    let bits = 0;
    for (let v = 1; v <= inst.vars; v++) if (m[v]) bits |= 1 << (v - 1);
    expect(found.has(bits)).toBe(false);
    found.add(bits);
    s.addClause([-selector, ...Array.from({ length: inst.vars }, (_, i) => ((bits >> i) & 1 ? -(i + 1) : i + 1))]);
  }
  s.addClause([-selector]);
  return found;
}

const sorted = (x: Set<number>): number[] => [...x].sort((a, b) => a - b);

describe('connectivity with demands (the isolation rule), against brute force', () => {
  const seeds = Array.from({ length: 200 }, (_, i) => 41_000 + i);

  it('counts exactly the connected models of 200 random weighted multigraphs, with and without demands', () => {
    let withModels = 0, without = 0, forcedWith = 0, forcedWithout = 0;
    for (const seed of seeds) {
      const inst = instance(seed);
      const expected = sorted(models(inst));
      const a = solver(inst, true), b = solver(inst, false);
      expect(sorted(count(a, inst)), `seed ${seed} with demands`).toEqual(expected);
      expect(sorted(count(b, inst)), `seed ${seed} without`).toEqual(expected);
      forcedWith += a.stats().connectivity!.forced;
      forcedWithout += b.stats().connectivity!.forced;
      if (expected.length > 0) withModels++; else without++;
      a.dispose(); b.dispose();
    }
    expect(withModels).toBeGreaterThan(50);
    expect(without).toBeGreaterThan(10);
    // the demands do work of their own: more weight literals forced than the cuts alone force
    expect(forcedWith).toBeGreaterThan(forcedWithout);
  });

  it('answers the same under assumptions and as units arrive between solves', () => {
    const rand = seededRandom(5);
    for (const seed of seeds.slice(0, 100)) {
      const inst = instance(seed);
      const s = solver(inst, true);
      for (let round = 0; round < 4; round++) {
        const assumptions: number[] = [];
        while (assumptions.length < 2) {
          const v = 1 + Math.floor(rand() * inst.vars);
          if (!assumptions.some((x) => Math.abs(x) === v)) assumptions.push(rand() < 0.5 ? v : -v);
        }
        const expected = models(inst, assumptions.map((x) => [x]));
        expect(count(s, inst, assumptions).size, `seed ${seed} assuming ${assumptions.join(' ')}`).toBe(expected.size);
      }
      const unit: Clause = [rand() < 0.5 ? inst.edges[0]!.weights[1]! : -inst.edges[inst.edges.length - 1]!.lit];
      s.addClause(unit);
      inst.clauses.push(unit);
      expect(count(s, inst).size, `seed ${seed} after the unit ${unit[0]}`).toBe(models(inst).size);
      s.dispose();
    }
  });

  it('rejects demands that do not fit the graph', () => {
    const s = new WasmSolver();
    expect(() => s.addConnectivity(2, [{ u: 0, v: 1, lit: 1 }], [1])).toThrow(/demands/);
    expect(() => s.addConnectivity(2, [{ u: 0, v: 1, lit: 1 }], [1, -1])).toThrow(/demand/);
    s.dispose();
  });
});
