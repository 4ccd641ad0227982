/**
 * Brute force for the connectivity propagator's tests: every assignment of a small instance is
 * enumerated and its true edges checked for spanning connectivity by a union-find written here,
 * independently of the engine's own bookkeeping.
 */
import type { Clause, ConnectivityEdge, SatSolver } from '../../src/sat/types.js';
import { seededRandom } from './cnf-gen.js';

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

/** A random instance of `randomGraphInstance`. */
export interface RandomGraphInstance extends GraphInstance {
  edges: ConnectivityEdge[];
  clauses: Clause[];
}

/** A random graph on 2..7 vertices with up to 12 edges, its literals over `vars` variables. */
export function randomGraphInstance(seed: number): RandomGraphInstance {
  const rand = seededRandom(seed);
  const vertices = 2 + Math.floor(rand() * 6);
  const vars = Math.min(12, 4 + Math.floor(rand() * 9));
  const m = Math.min(12, vertices - 1 + Math.floor(rand() * 8));
  const edges: ConnectivityEdge[] = [];
  // a spanning path first (in random vertex order) so connected models are common, then random edges
  const order = Array.from({ length: vertices }, (_, i) => i).sort(() => rand() - 0.5);
  for (let i = 0; edges.length < m; i++) {
    const u = i < vertices - 1 ? order[i]! : Math.floor(rand() * vertices);
    let v = i < vertices - 1 ? order[i + 1]! : Math.floor(rand() * vertices);
    if (v === u) v = (u + 1) % vertices;
    // mostly a variable of its own, sometimes one another edge uses too (either sign)
    const variable = i < vars && rand() < 0.8 ? i + 1 : 1 + Math.floor(rand() * vars);
    edges.push({ u, v, lit: rand() < 0.85 ? variable : -variable });
  }
  const clauses: Clause[] = [];
  const nclauses = Math.floor(rand() * (vars + 2));
  for (let c = 0; c < nclauses; c++) {
    const len = 1 + Math.floor(rand() * 3);
    const clause: number[] = [];
    while (clause.length < len) {
      const v = 1 + Math.floor(rand() * vars);
      if (!clause.some((l) => Math.abs(l) === v)) clause.push(rand() < 0.5 ? v : -v);
    }
    clauses.push(clause);
  }
  return { vars, vertices, edges, clauses };
}

/** The assignment of variables 1..vars in a model, as a bit mask (bit v − 1 is variable v). */
export function modelBits(model: Uint8Array, vars: number): number {
  let bits = 0;
  for (let v = 1; v <= vars; v++) if (model[v]) bits |= 1 << (v - 1);
  return bits;
}

/**
 * Every model of a solver over variables 1..vars (as bit masks), enumerated with blocking clauses
 * under a fresh selector, which is switched off afterwards. A model found twice is an error.
 */
export function enumerateModels(solver: SatSolver, vars: number, assumptions: readonly number[] = []): Set<number> {
  const found = new Set<number>();
  const selector = solver.newVar();
  while (solver.solve({ assumptions: [...assumptions, selector] }) === 'sat') {
    const bits = modelBits(solver.model(), vars);
    if (found.has(bits)) throw new Error(`model ${bits} found twice`);
    found.add(bits);
    solver.addClause([-selector, ...Array.from({ length: vars }, (_, i) => ((bits >> i) & 1 ? -(i + 1) : i + 1))]);
  }
  solver.addClause([-selector]);
  return found;
}

/** 1..most distinct random assumption literals over variables 1..vars. */
export function randomAssumptions(rand: () => number, vars: number, most: number): number[] {
  const out: number[] = [];
  const size = 1 + Math.floor(rand() * most);
  while (out.length < Math.min(size, vars)) {
    const v = 1 + Math.floor(rand() * vars);
    if (!out.some((a) => Math.abs(a) === v)) out.push(rand() < 0.5 ? v : -v);
  }
  return out;
}
