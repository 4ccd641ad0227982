/**
 * Hashi as CNF, one function per rule:
 *  - a connection carries 0..maxBridges bridges (order-encoded, see bridges.ts);
 *  - bridges do not cross;
 *  - each island has exactly its number of bridges;
 *  - with `L`, the bridges form no loop;
 *  - all islands are connected: inside the engine (default; lazy cuts on engines without it), lazily
 *    (cuts from `refine`) or eagerly (distances to a root).
 */
import type { Model } from '../../src/cnf/model.js';
import type { CardinalityOptions } from '../../src/cnf/model.js';
import type { EncodeOptions, Encoded } from '../../src/puzzle/types.js';
import { variantOf } from '../../src/puzzle/variants.js';
import { buildBridgeGraph } from './graph.js';
import {
  bridgeUnits, bridgeVariables, islandAt, islandCells, islandSum, connectAllIslands, CONNECTIVITY, decodeBridges, determinedBridges, noCrossing, noLoops,
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

export function encodeHashi(model: Model, puzzle: HashiPuzzle, options: EncodeOptions): Encoded<HashiSolution> {
  const card: CardinalityOptions = options.cardinality ? { encoding: options.cardinality } : {};
  const connectivity = variantOf('hashi', options, 'connectivity', CONNECTIVITY);
  const vars = bridgeVariables(model, buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands), puzzle.maxBridges);
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
