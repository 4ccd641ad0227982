/**
 * Hashi as CNF, one function per rule:
 *  - a connection carries 0..maxBridges bridges (order-encoded, see bridges.ts);
 *  - bridges do not cross;
 *  - each island has exactly its number of bridges;
 *  - with `L`, the bridges form no loop;
 *  - all islands are connected: lazily (cuts from `refine`, default) or eagerly (distances to a root).
 */
import type { Model } from '../../src/cnf/model.js';
import type { CardinalityOptions } from '../../src/cnf/model.js';
import type { Lit } from '../../src/sat/types.js';
import type { EncodeOptions, Encoded, Valuation } from '../../src/puzzle/types.js';
import { buildBridgeGraph, type BridgeGraph } from './graph.js';
import {
  bridgeCounts, bridgeUnits, bridgeVariables, connectedEagerly, connectivityCuts, noCrossing, noLoops,
  type BridgeVars,
} from './bridges.js';
import type { HashiPuzzle, HashiSolution } from './puzzle.js';
import { renderBridgesText, type ShownBridge } from './render.js';

export const CONNECTIVITY = ['lazy', 'eager'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];

export function hashiGraph(puzzle: HashiPuzzle): BridgeGraph {
  return buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands);
}

/** Rule: each island has exactly its number of bridges; an unknown island has at least one (if not alone). */
function islandNumbers(model: Model, puzzle: HashiPuzzle, vars: BridgeVars, card: CardinalityOptions): void {
  puzzle.islands.forEach((island, i) => {
    const units = bridgeUnits(vars, i);
    if (island.count !== null) model.exactly(units, island.count, card);
    else if (puzzle.islands.length > 1) model.addClause(units);
  });
}

export function connectivityOf(options: EncodeOptions): Connectivity {
  const c = options.variant?.connectivity ?? 'lazy';
  if (!(CONNECTIVITY as readonly string[]).includes(c)) {
    throw new Error(`unknown connectivity '${c}' (expected ${CONNECTIVITY.join(' or ')})`);
  }
  return c as Connectivity;
}

/** Connectivity rule shared with bridges-signs: eager clauses now, or lazy cuts through `refine`. */
export function connectAllIslands(
  model: Model,
  vars: BridgeVars,
  connectivity: Connectivity,
): ((value: Valuation) => Lit[][]) | undefined {
  if (connectivity === 'eager') {
    connectedEagerly(model, vars);
    return undefined;
  }
  return (value) => connectivityCuts(vars, value);
}

/** Reads the bridges of a model as a solution. */
export function decodeBridges(vars: BridgeVars, value: Valuation): HashiSolution {
  const counts = bridgeCounts(vars, value);
  const { graph } = vars;
  const bridges = graph.edges
    .filter((e) => counts[e.index]! > 0)
    .map((e) => {
      const a = graph.islands[e.a]!;
      const b = graph.islands[e.b]!;
      return { a: [a.row, a.col] as const, b: [b.row, b.col] as const, count: counts[e.index]! };
    });
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

export function encodeHashi(model: Model, puzzle: HashiPuzzle, options: EncodeOptions): Encoded<HashiSolution> {
  const card: CardinalityOptions = options.cardinality ? { encoding: options.cardinality } : {};
  const connectivity = connectivityOf(options);
  const vars = bridgeVariables(model, hashiGraph(puzzle), puzzle.maxBridges);
  noCrossing(model, vars);
  islandNumbers(model, puzzle, vars, card);
  if (puzzle.noLoops) noLoops(model, vars, card);
  const refine = connectAllIslands(model, vars, connectivity);
  return {
    projection: vars.ge.flat(),
    decode: (value) => decodeBridges(vars, value),
    ...(refine ? { refine } : {}),
    renderDetermined: (fixed) => renderBridgesText(puzzle, determinedBridges(vars, fixed)),
  };
}
