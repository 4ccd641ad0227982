/**
 * Bridge variables on a bridge graph, shared by `hashi` and `bridges-signs`.
 *
 * Each possible connection gets order-encoded literals `ge[k-1]` = "at least k bridges here",
 * k = 1..maxBridges, so the number of bridges at an island is simply how many of its edges'
 * ge-literals are true: island sums become plain cardinality constraints.
 */
import { cellLabel } from '../../src/geometry/grid.js';
import type { ConnectivityOptions, Lit } from '../../src/sat/types.js';
import type { CardinalityOptions, Model } from '../../src/cnf/model.js';
import type { Valuation } from '../../src/puzzle/types.js';
import type { BridgeGraph, Edge } from './graph.js';
import type { Bridge, HashiSolution } from './puzzle.js';
import type { ShownBridge } from './render.js';
import { components } from './graph.js';

export interface BridgeVars {
  graph: BridgeGraph;
  maxBridges: number;
  /** `ge[edge][k-1]`: at least k bridges on that connection. */
  ge: Lit[][];
  /** Every ge-literal, connection by connection (`ge` flattened): the puzzle's projection. */
  all: Lit[];
}

/** How rules name an island to a player: rows and columns counted from 1. */
export function islandAt(graph: BridgeGraph, i: number): string {
  const isl = graph.islands[i]!;
  return cellLabel(isl.row, isl.col);
}

/** The cells a connection concerns: its two islands and the water between them. */
export function edgeCells(graph: BridgeGraph, e: Edge): [number, number][] {
  const a = graph.islands[e.a]!;
  const b = graph.islands[e.b]!;
  return [[a.row, a.col], ...e.cells, [b.row, b.col]];
}

/** "(3,4)–(3,8)" */
function connectionName(graph: BridgeGraph, e: Edge): string {
  return `${islandAt(graph, e.a)}–${islandAt(graph, e.b)}`;
}

function edgeName(graph: BridgeGraph, e: Edge): string {
  const a = graph.islands[e.a]!;
  const b = graph.islands[e.b]!;
  return `(${a.row},${a.col})-(${b.row},${b.col})`;
}

/**
 * Rule: a pair of islands is joined by 0..maxBridges bridges (order-encoded). The literals are one
 * block of variables, connection by connection (`ge[e][k-1]` is variable first + e * maxBridges + k - 1),
 * named and worded from the block's offsets only when read.
 */
export function bridgeVariables(model: Model, graph: BridgeGraph, maxBridges: number): BridgeVars {
  const m = maxBridges;
  const { edges } = graph;
  const first = model.newVars(edges.length * m, {
    name: (i) => `bridges${edgeName(graph, edges[Math.floor(i / m)]!)}>=${(i % m) + 1}`,
    decision: (i) => {
      const e = edges[Math.floor(i / m)]!;
      const k = (i % m) + 1;
      const name = connectionName(graph, e);
      return k === 1
        ? { cells: edgeCells(graph, e), yes: `a bridge joins ${name}`, no: `no bridge joins ${name}` }
        : { cells: edgeCells(graph, e), yes: `${name} has at least ${k} bridges`, no: `${name} has fewer than ${k} bridges` };
    },
  });
  const all: Lit[] = new Array<Lit>(edges.length * m);
  const ge: Lit[][] = new Array<Lit[]>(edges.length);
  for (let e = 0, v = first; e < edges.length; e++) {
    const lits: Lit[] = new Array<Lit>(m);
    for (let k = 0; k < m; k++, v++) {
      lits[k] = all[v - first] = v;
      if (k > 0) model.implies(v, v - 1); // k + 1 bridges imply k bridges
    }
    ge[e] = lits;
  }
  return { graph, maxBridges, ge, all };
}

/** The used-at-all literal of an edge. */
export function used(vars: BridgeVars, edge: number): Lit {
  return vars.ge[edge]![0]!;
}

/** Every ge-literal of every connection at an island: their true count is the island's bridge count. */
export function bridgeUnits(vars: BridgeVars, island: number): Lit[] {
  return vars.graph.edgesOf[island]!.flatMap((e) => vars.ge[e]!);
}

/**
 * "The bridges at `island` add up to exactly `n`", written straight on the order-encoded counts
 * (no counter variables): for every way of taking k_e bridges from each connection e that adds up
 * to n + 1, not all of them (too many); for every way of leaving each connection at most j_e that
 * adds up to n - 1, one goes higher (too few). An island has at most 4 connections, so these are
 * at most a few dozen short clauses, and unit propagation on them is exact for the sum: e.g. an
 * island of n with c connections of at most m bridges needs at least n - m(c-1) on each, a unit
 * clause here. (Measured on 400-island Hashi: a sequential counter per island cost our engine and
 * un-preprocessed MiniSat ~1000 conflicts, where MiniSat after eliminating the counters needs ~50.)
 */
export function islandSum(model: Model, vars: BridgeVars, island: number, n: number, guard?: Lit): void {
  const edges = vars.graph.edgesOf[island]!;
  const m = vars.maxBridges;
  if (n > m * edges.length) { // more than it can ever take
    model.addClause(guard === undefined ? [model.FALSE] : [-guard, model.FALSE]);
    return;
  }
  const { tooMany, tooFew } = sumPatterns(edges.length, m, n);
  // Too many: k_e bridges on each connection with sum n + 1 cannot all be there.
  for (const slots of tooMany) addSumClause(model, vars.ge, edges, slots, -1, guard);
  // Too few: if each connection had at most j_e with sum n - 1, the island would be short.
  for (const slots of tooFew) addSumClause(model, vars.ge, edges, slots, 1, guard);
}

/**
 * One clause of `islandSum`: the literal `slots[2j + 1]` of connection `edges[slots[2j]]` for each
 * j, with `sign`. With a guard (the generator's annealing: "this island shows n") the clause holds
 * only when the guard is true: the guard goes first. The clause is written into a reused array of
 * its length (the model copies what it is given): a few dozen clauses per island, thousands per grid.
 */
function addSumClause(model: Model, ge: readonly Lit[][], edges: readonly number[], slots: Uint16Array, sign: 1 | -1, guard: Lit | undefined): void {
  const first = guard === undefined ? 0 : 1;
  const clause = scratchClause(first + (slots.length >> 1));
  if (guard !== undefined) clause[0] = -guard;
  for (let j = first, s = 0; j < clause.length; j++, s += 2) clause[j] = sign * ge[edges[slots[s]!]!]![slots[s + 1]!]!;
  model.addClause(clause);
}

/** One reused array per clause length, for clauses that are copied as soon as they are added. */
const scratch: Lit[][] = [];

function scratchClause(length: number): Lit[] {
  return (scratch[length] ??= new Array<Lit>(length).fill(0));
}

/**
 * The clauses of `islandSum` for d connections of at most m bridges and a number n, as (connection,
 * literal index) pairs: too many, from every choice of 0..m per connection adding up to n + 1 (the
 * literal "at least k_e" of each connection with k_e > 0), too few, from every choice adding up to
 * n - 1 (the literal "at least j_e + 1" of each connection with j_e < m). Cached by (d, m, n).
 */
const patternCache = new Map<number, { tooMany: Uint16Array[]; tooFew: Uint16Array[] }>();

function sumPatterns(d: number, m: number, n: number): { tooMany: Uint16Array[]; tooFew: Uint16Array[] } {
  const key = d < 16 && m < 65536 ? (n * 65536 + m) * 16 + d : -1; // -1: not cached (no grid has such sizes)
  let found = key < 0 ? undefined : patternCache.get(key);
  if (!found) {
    const slots = (pick: number[], take: (k: number) => number | null): Uint16Array => {
      const out: number[] = [];
      pick.forEach((k, e) => { const at = take(k); if (at !== null) out.push(e, at); });
      return Uint16Array.from(out);
    };
    found = {
      tooMany: choicesAddingUp(d, m, n + 1).map((pick) => slots(pick, (k) => (k > 0 ? k - 1 : null))),
      tooFew: choicesAddingUp(d, m, n - 1).map((pick) => slots(pick, (j) => (j < m ? j : null))),
    };
    if (key >= 0) patternCache.set(key, found);
  }
  return found;
}

/** Every way of choosing 0..m for each of d connections that adds up to `total`. */
function choicesAddingUp(d: number, m: number, total: number): number[][] {
  const out: number[][] = [];
  const pick = new Array<number>(d).fill(0);
  const each = (e: number, left: number): void => {
    if (e === d) { if (left === 0) out.push([...pick]); return; }
    if (left > m * (d - e)) return;
    for (let k = 0; k <= Math.min(m, left); k++) { pick[e] = k; each(e + 1, left - k); }
  };
  if (total >= 0) each(0, total);
  return out;
}

/** Rule: bridges never cross each other. */
export function noCrossing(model: Model, vars: BridgeVars): void {
  const { graph } = vars;
  for (const [h, v] of graph.crossings) {
    const eh = graph.edges[h]!;
    const ev = graph.edges[v]!;
    model.rule(() => `bridges do not cross: ${connectionName(graph, eh)} and ${connectionName(graph, ev)}`,
      () => [...edgeCells(graph, eh), ...edgeCells(graph, ev)],
      () => model.addClause([-used(vars, h), -used(vars, v)]));
  }
}

/** Number of bridges on each connection in a model. */
export function bridgeCounts(vars: BridgeVars, value: (lit: Lit) => boolean): number[] {
  return vars.ge.map((lits) => {
    let n = 0;
    for (const l of lits) if (value(l)) n++;
    return n;
  });
}

/**
 * Lazy connectivity: for every connected component of the model's bridges (when there is more
 * than one), the cut "some bridge leaves this component". Each cut holds in every connected
 * solution, so cuts may be kept while enumerating.
 */
export function connectivityCuts(vars: BridgeVars, value: (lit: Lit) => boolean): Lit[][] {
  const { graph } = vars;
  const comp = components(graph, (e) => value(used(vars, e.index)));
  if (comp.count <= 1) return [];
  const cuts: Lit[][] = Array.from({ length: comp.count }, () => []);
  for (const e of graph.edges) {
    const ca = comp.of[e.a]!;
    const cb = comp.of[e.b]!;
    if (ca === cb) continue;
    cuts[ca]!.push(used(vars, e.index));
    cuts[cb]!.push(used(vars, e.index));
  }
  return cuts;
}

/**
 * Eager connectivity: every island except a root has a parent, a bridged neighbour strictly closer
 * to the root. Distances are order-encoded: `far[i][k-1]` = "island i is at least k steps from the
 * root", k = 1..n-1. The root is an island with the most possible connections (measured on the
 * janko collection, it makes the search markedly shorter than the top-left island).
 */
export function connectedEagerly(model: Model, vars: BridgeVars): void {
  const { graph } = vars;
  const n = graph.islands.length;
  if (n <= 1) return;
  let root = 0;
  for (let i = 1; i < n; i++) if (graph.edgesOf[i]!.length > graph.edgesOf[root]!.length) root = i;
  const name = (i: number): string => `(${graph.islands[i]!.row},${graph.islands[i]!.col})`;
  const far: Lit[][] = graph.islands.map((_, i) => {
    if (i === root) return [];
    const lits: Lit[] = [];
    for (let k = 1; k < n; k++) {
      const lit = model.newVar(`dist${name(i)}>=${k}`);
      if (k > 1) model.implies(lit, lits[k - 2]!);
      lits.push(lit);
    }
    model.addClause([lits[0]!]); // only the root is at distance 0
    return lits;
  });

  for (let i = 0; i < n; i++) {
    if (i === root) continue;
    const parents: Lit[] = [];
    for (const ei of graph.edgesOf[i]!) {
      const e = graph.edges[ei]!;
      const j = e.a === i ? e.b : e.a;
      const parent = model.newVar(`parent${name(i)}=${name(j)}`);
      model.implies(parent, used(vars, ei));
      // dist(j) < dist(i): dist(j) >= k implies dist(i) >= k+1 (nothing to require when j is the root)
      for (let k = 1; k < n && j !== root; k++) {
        if (k + 1 < n) model.addClause([-parent, -far[j]![k - 1]!, far[i]![k]!]);
        else model.addClause([-parent, -far[j]![k - 1]!]);
      }
      parents.push(parent);
    }
    model.addClause(parents);
  }
}

/**
 * Rule (Tatham `L`): no loops. With all islands connected, that is exactly n-1 connections in use,
 * the clauses a solve gets when connectivity is not inside the engine (there the engine keeps the
 * connections a tree itself: `connectivityInEngine`); an explanation, which switches rules on one at a
 * time, gets clauses exact without connectivity and reads the rule as "no connection joins islands
 * already joined" (Model.forestRule).
 */
export function noLoops(model: Model, vars: BridgeVars, cardinality: CardinalityOptions = {}): void {
  const { graph } = vars;
  const n = graph.islands.length;
  const edges = graph.edges.map((e) => ({ u: e.a, v: e.b, lit: used(vars, e.index) }));
  model.forestRule('the bridges form no loop', () => allIslandCells(graph), n, edges,
    () => model.exactly(edges.map((e) => e.lit), Math.max(0, n - 1), cardinality));
}

/**
 * Whether `connectAllIslands` puts connectivity inside the engine. Then "no loops" goes there too
 * (`{ acyclic: true }`) instead of as clauses: the engine keeps the connections in use a tree.
 * "Exactly n-1 connections" as a counter grows as n² (on 400 islands 0.4 million clauses: the
 * bench's no-loops family took 85 ms a puzzle that way, 4–5 ms with the engine keeping the tree;
 * README, engine section).
 */
export function connectivityInEngine(model: Model, vars: BridgeVars, connectivity: Connectivity): boolean {
  return connectivity === 'in-engine' && vars.graph.islands.length > 1 && model.takesConnectivity();
}

function allIslandCells(graph: BridgeGraph): [number, number][] {
  return graph.islands.map((isl) => [isl.row, isl.col]);
}

/** The cells an island's number concerns: the island, and every connection it could make. */
export function islandCells(graph: BridgeGraph, i: number): [number, number][] {
  const isl = graph.islands[i]!;
  const out: [number, number][] = [[isl.row, isl.col]];
  // Each connection's water and far island (edgeCells without this island), in connection order.
  for (const ei of graph.edgesOf[i]!) {
    const e = graph.edges[ei]!;
    const far = graph.islands[e.a === i ? e.b : e.a]!;
    if (e.a !== i) out.push([far.row, far.col]);
    for (const cell of e.cells) out.push(cell);
    if (e.a === i) out.push([far.row, far.col]);
  }
  return out;
}

/** How "all islands are connected" is enforced; the first is the default. */
export const CONNECTIVITY = ['in-engine', 'lazy', 'eager'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];

/**
 * Connectivity rule shared with bridges-signs: inside the engine (its connectivity propagator,
 * when it has one: the wasm engine), eager clauses now, or lazy cuts through `refine` (also what
 * `in-engine` falls back to on engines without the propagator, and on a clause collector).
 */
export function connectAllIslands(
  model: Model,
  vars: BridgeVars,
  connectivity: Connectivity,
  demands?: readonly (number | null)[],
  options: ConnectivityOptions = {},
): ((value: Valuation) => Lit[][]) | undefined {
  const { graph } = vars;
  if (connectivity === 'eager') {
    // The distances are the clauses' own variables; what they mean is on the connections.
    const edges = graph.edges.map((e) => ({ u: e.a, v: e.b, lit: used(vars, e.index) }));
    model.connectedRule('all islands are connected', allIslandCells(graph), graph.islands.length, edges, () => connectedEagerly(model, vars));
    return undefined;
  }
  if (connectivityInEngine(model, vars, connectivity)) {
    const edges = graph.edges.map((e) => ({ u: e.a, v: e.b, lit: used(vars, e.index), weights: vars.ge[e.index]! }));
    model.connected(graph.islands.length, edges, demands, options);
    return undefined;
  }
  if (options.acyclic) throw new Error('internal error: no loops was left to an engine that does not take connectivity');
  return (value) => connectivityCuts(vars, value);
}

/** Reads the bridges of a model as a solution (one pass over the connections: it runs on every model found). */
export function decodeBridges(vars: BridgeVars, value: Valuation): HashiSolution {
  const { graph } = vars;
  const counts = bridgeCounts(vars, value);
  const bridges: Bridge[] = [];
  for (const e of graph.edges) {
    const count = counts[e.index]!;
    if (count === 0) continue;
    const a = graph.islands[e.a]!;
    const b = graph.islands[e.b]!;
    bridges.push({ a: [a.row, a.col], b: [b.row, b.col], count });
  }
  return { bridges };
}

/** What every solution agrees on: a connection's count where all its ge-literals are fixed, else unknown. */
export function determinedBridges(vars: BridgeVars, fixed: (lit: Lit) => boolean | undefined): ShownBridge[] {
  const { graph } = vars;
  return graph.edges.flatMap((e) => {
    const vals = vars.ge[e.index]!.map(fixed);
    const known = vals.every((v) => v !== undefined);
    const count = vals.filter((v) => v === true).length;
    if (known && count === 0) return [];
    const a = graph.islands[e.a]!;
    const b = graph.islands[e.b]!;
    return [{ a: [a.row, a.col] as const, b: [b.row, b.col] as const, count: Math.max(count, 1), known }];
  });
}
