/**
 * Hashi as CNF, one function per rule:
 *  - a connection carries 0..maxBridges bridges (order-encoded, see bridges.ts);
 *  - bridges do not cross;
 *  - each island has exactly its number of bridges;
 *  - with `L`, the bridges form no loop (inside the engine beside connectivity, else n - 1 connections);
 *  - all islands are connected: inside the engine (default; lazy cuts on engines without it), lazily
 *    (cuts from `refine`) or eagerly (distances to a root).
 */
import type { Model } from '../../src/cnf/model.js';
import type { CardinalityOptions } from '../../src/cnf/model.js';
import type { EncodeOptions, Encoded } from '../../src/puzzle/types.js';
import { variantOf } from '../../src/puzzle/variants.js';
import { buildBridgeGraph } from './graph.js';
import {
  bridgeUnits, bridgeVariables, edgeCells, islandAt, islandCells, islandSum, connectAllIslands, CONNECTIVITY, decodeBridges, determinedBridges, connectivityInEngine, noCrossing, noLoops,
  type BridgeVars,
} from './bridges.js';
import type { HashiPuzzle, HashiSolution } from './puzzle.js';
import { renderBridgesText } from './render.js';

/**
 * Rule: each island has exactly its number of bridges; an unknown island has at least one (if not
 * alone). The sum is written straight on the connections' counts (`islandSum`); a cardinality
 * encoding asked for by name (`--cardinality`) counts the bridge units with that encoding instead.
 */
function islandNumbers(model: Model, puzzle: HashiPuzzle, vars: BridgeVars, card: CardinalityOptions): void {
  puzzle.islands.forEach((island, i) => {
    const cells = () => islandCells(vars.graph, i);
    if (island.count !== null) {
      const n = island.count;
      model.rule(() => `island ${islandAt(vars.graph, i)} needs ${n} bridge${n === 1 ? '' : 's'}`, cells,
        () => (card.encoding ? model.exactly(bridgeUnits(vars, i), n, card) : islandSum(model, vars, i, n)));
    } else if (puzzle.islands.length > 1) {
      model.rule(() => `island ${islandAt(vars.graph, i)} needs a bridge`, cells, () => model.addClause(bridgeUnits(vars, i)));
    }
  });
}

/**
 * Rule (implied by connectivity, so it holds whichever way connectivity is enforced): no two or
 * three islands close themselves off from the rest. Two islands that both need k <= maxBridges are
 * not joined by k bridges; islands a-b-c in a row of connections, where b needs exactly what a and
 * c need together (each at most maxBridges), do not take all of a's from b and all of c's from b.
 */
function noClosedGroups(model: Model, puzzle: HashiPuzzle, vars: BridgeVars): void {
  const { graph, ge, maxBridges } = vars;
  const n = graph.islands.length;
  const need = (i: number): number | null => puzzle.islands[i]!.count;
  const fits = (k: number | null): k is number => k !== null && k >= 1 && k <= maxBridges;
  const other = (e: number, i: number): number => (graph.edges[e]!.a === i ? graph.edges[e]!.b : graph.edges[e]!.a);
  const cells = (es: number[]) => () => es.flatMap((e) => edgeCells(graph, graph.edges[e]!));
  // The two rules, each written by a function of its own: the loops below that look for groups
  // then make no closures, so they allocate nothing for the connections they pass over.
  const pairCloses = (e: number, k: number): void => {
    const { a, b } = graph.edges[e]!;
    model.rule(() => `islands ${islandAt(graph, a)} and ${islandAt(graph, b)} would close on themselves`,
      cells([e]), () => model.addClause([-ge[e]![k - 1]!]));
  };
  const tripleCloses = (b: number, ex: number, ey: number): void => {
    const a = other(ex, b), c = other(ey, b);
    const ka = need(a)!, kc = need(c)!;
    model.rule(() => `islands ${islandAt(graph, a)}, ${islandAt(graph, b)} and ${islandAt(graph, c)} would close on themselves`,
      cells([ex, ey]), () => model.addClause([-ge[ex]![ka - 1]!, -ge[ey]![kc - 1]!]));
  };
  if (n > 2) {
    for (const e of graph.edges) {
      const k = need(e.a);
      if (fits(k) && need(e.b) === k) pairCloses(e.index, k);
    }
  }
  if (n > 3) {
    graph.edgesOf.forEach((edges, b) => {
      for (let x = 0; x < edges.length; x++) {
        for (let y = x + 1; y < edges.length; y++) {
          const ka = need(other(edges[x]!, b)), kc = need(other(edges[y]!, b));
          if (fits(ka) && fits(kc) && need(b) === ka + kc) tripleCloses(b, edges[x]!, edges[y]!);
        }
      }
    });
  }
}

/**
 * Clauses implied by connectivity that the encoding writes up front: `small-groups` (default:
 * `noClosedGroups`, measured on 400-island Hashi to cut the search by a third or more) or `none`
 * (connectivity alone finds them; the connectivity tests use it to exercise cuts and propagator).
 */
export const IMPLIED = ['small-groups', 'none'] as const;

export function encodeHashi(model: Model, puzzle: HashiPuzzle, options: EncodeOptions): Encoded<HashiSolution> {
  return encodeHashiWithVars(model, puzzle, options).encoded;
}

/** `encodeHashi`, also handing out the bridge variables (the generator guards island numbers on them). */
export function encodeHashiWithVars(model: Model, puzzle: HashiPuzzle, options: EncodeOptions): { encoded: Encoded<HashiSolution>; vars: BridgeVars } {
  const card: CardinalityOptions = options.cardinality ? { encoding: options.cardinality } : {};
  const connectivity = variantOf('hashi', options, 'connectivity', CONNECTIVITY);
  const vars = bridgeVariables(model, buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands), puzzle.maxBridges);
  noCrossing(model, vars);
  islandNumbers(model, puzzle, vars, card);
  if (variantOf('hashi', options, 'implied', IMPLIED) === 'small-groups') noClosedGroups(model, puzzle, vars);
  const acyclic = puzzle.noLoops && connectivityInEngine(model, vars, connectivity);
  if (puzzle.noLoops && !acyclic) noLoops(model, vars, card);
  // Island numbers are exact bridge sums (islandNumbers), so the engine may reason with them too.
  const refine = connectAllIslands(model, vars, connectivity, puzzle.islands.map((i) => i.count), { acyclic });
  return {
    vars,
    encoded: {
      projection: vars.all,
      decode: (value) => decodeBridges(vars, value),
      ...(refine ? { refine } : {}),
      renderDetermined: (fixed) => renderBridgesText(puzzle, determinedBridges(vars, fixed)),
    },
  };
}
