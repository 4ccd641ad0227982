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
import type { Clause } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { seededRandom } from '../helpers/cnf-gen.js';
import { bruteForceModels as models, enumerateModels, weightedGraphInstance as instance, type WeightedGraphInstance } from '../helpers/connectivity-brute.js';

type Instance = WeightedGraphInstance;

function solver(inst: Instance, withDemands: boolean): WasmSolver {
  const s = new WasmSolver();
  for (let v = 0; v < inst.vars; v++) s.newVar();
  s.addClauses(inst.clauses);
  s.addConnectivity(inst.vertices, inst.edges, withDemands ? inst.demands : undefined);
  return s;
}

function count(s: WasmSolver, inst: Instance, assumptions: number[] = []): Set<number> {
  return enumerateModels(s, inst.vars, assumptions);
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
