/**
 * Brute force for the connectivity propagator's tests: every assignment of a small instance is
 * enumerated and its true edges checked for spanning connectivity by a union-find written here,
 * independently of the engine's own bookkeeping.
 */
import type { Clause, ConnectivityEdge } from '../../src/sat/types.js';

/** A small instance: clauses over `vars` variables, and a graph whose edges carry literals. */
export interface GraphInstance {
  vars: number;
  vertices: number;
  edges: readonly ConnectivityEdge[];
  clauses: readonly Clause[];
}

/** Whether `lit` is true in the assignment `bits` (bit v − 1 is variable v). */
export const holds = (lit: number, bits: number): boolean => (((bits >> (Math.abs(lit) - 1)) & 1) === 1) === lit > 0;

/** Whether the edges whose literals are true join all vertices. */
export function spans(inst: Pick<GraphInstance, 'vertices' | 'edges'>, isTrue: (lit: number) => boolean): boolean {
  const parent = Array.from({ length: inst.vertices }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  let parts = inst.vertices;
  for (const e of inst.edges) {
    if (!isTrue(e.lit)) continue;
    const a = find(e.u), b = find(e.v);
    if (a !== b) { parent[a] = b; parts--; }
  }
  return parts <= 1;
}

/** The assignments (bit masks over the variables) satisfying the clauses (and `extra`) and connectivity. */
export function bruteForceModels(inst: GraphInstance, extra: readonly Clause[] = []): Set<number> {
  const out = new Set<number>();
  const clauses = [...inst.clauses, ...extra];
  for (let bits = 0; bits < 1 << inst.vars; bits++) {
    if (clauses.every((c) => c.some((l) => holds(l, bits))) && spans(inst, (l) => holds(l, bits))) out.add(bits);
  }
  return out;
}

/** Whether the edges whose literals are true close no loop (a union-find of their ends: a loop joins two ends already joined). */
export function acyclic(inst: Pick<GraphInstance, 'vertices' | 'edges'>, isTrue: (lit: number) => boolean): boolean {
  const parent = Array.from({ length: inst.vertices }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  for (const e of inst.edges) {
    if (!isTrue(e.lit)) continue;
    const a = find(e.u), b = find(e.v);
    if (a === b) return false;
    parent[a] = b;
  }
  return true;
}
