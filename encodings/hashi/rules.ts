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
  bridgeUnits, bridgeVariables, islandAt, islandCells, connectAllIslands, CONNECTIVITY, decodeBridges, determinedBridges, noCrossing, noLoops,
  type BridgeVars,
} from './bridges.js';
import type { HashiPuzzle, HashiSolution } from './puzzle.js';
import { renderBridgesText } from './render.js';

/** Rule: each island has exactly its number of bridges; an unknown island has at least one (if not alone). */
function islandNumbers(model: Model, puzzle: HashiPuzzle, vars: BridgeVars, card: CardinalityOptions): void {
  puzzle.islands.forEach((island, i) => {
    const units = bridgeUnits(vars, i);
    const cells = islandCells(vars.graph, i);
    const name = islandAt(vars.graph, i);
    if (island.count !== null) {
      model.rule(`island ${name} needs ${island.count} bridge${island.count === 1 ? '' : 's'}`, cells,
        () => model.exactly(units, island.count!, card));
    } else if (puzzle.islands.length > 1) {
      model.rule(`island ${name} needs a bridge`, cells, () => model.addClause(units));
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
