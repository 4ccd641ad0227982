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

/** A weighted instance of `weightedGraphInstance`. */
export interface WeightedGraphInstance {
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
export function weightedGraphInstance(seed: number): WeightedGraphInstance {
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
