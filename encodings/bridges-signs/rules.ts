/**
 * Bridges with sum signs as CNF, one function per rule (bridge machinery shared with hashi):
 *  - a connection carries 0..2 bridges, bridges do not cross and do not pass through signs
 *    (signs are blocked cells of the bridge graph);
 *  - an island's value (1..8) is its number of bridges;
 *  - each sign corner with a number: the values of the islands in that direction (up to the next
 *    sign or the edge) sum to it, with no value repeated;
 *  - all islands are connected (lazy cuts by default, or eager).
 */
import type { Model } from '../../src/cnf/model.js';
import { allDifferent, intVar, sumEquals, type IntVar } from '../../src/cnf/integers.js';
import type { EncodeOptions, Encoded, Valuation } from '../../src/puzzle/types.js';
import { buildBridgeGraph } from '../hashi/graph.js';
import { bridgeUnits, bridgeVariables, noCrossing, type BridgeVars } from '../hashi/bridges.js';
import { variantOf } from '../../src/puzzle/variants.js';
import { CONNECTIVITY, connectAllIslands, decodeBridges, determinedBridges } from '../hashi/bridges.js';
import {
  DIRECTIONS, MAX_BRIDGES, MAX_VALUE, addendsOf, fromGrid, toGrid,
  type SignsPuzzle, type SignsSolution,
} from './puzzle.js';
import { renderSignsText } from './render.js';

/** The bridge graph on the grid (row 0 = north); signs block bridges and sight. */
function signsBridges(model: Model, p: SignsPuzzle): BridgeVars {
  const signCells = new Set(p.signs.map((s) => toGrid(p, s.at).join(',')));
  const islands = p.islands.map((pt) => {
    const [row, col] = toGrid(p, pt);
    return { row, col };
  });
  const graph = buildBridgeGraph(p.height, p.width, islands, (r, c) => signCells.has(`${r},${c}`));
  return bridgeVariables(model, graph, MAX_BRIDGES);
}

/** Rule: an island's value is its number of bridges, 1..8. */
function islandValues(model: Model, p: SignsPuzzle, vars: BridgeVars, options: EncodeOptions): IntVar[] {
  return p.islands.map(([x, y], i) => {
    const value = intVar(model, 1, MAX_VALUE, { name: `value(${x},${y})`, encoding: 'order' });
    // value - (number of bridges) = 0
    const bridges = bridgeUnits(vars, i).map((lit) => ({ coef: -1, lit }));
    sumEquals(model, [value, ...bridges], 0, options.cardinality ? { cardinality: options.cardinality } : {});
    return value;
  });
}

/** Rule: each numbered sign corner is the sum of distinct values in its direction. */
function signSums(model: Model, p: SignsPuzzle, values: IntVar[], options: EncodeOptions): void {
  const card = options.cardinality ? { cardinality: options.cardinality } : {};
  for (const sign of p.signs) {
    for (const dir of DIRECTIONS) {
      const total = sign[dir];
      if (total === 0) continue; // the corner shows nothing
      const addends = addendsOf(p, sign, dir).map((i) => values[i]!);
      sumEquals(model, addends, total, card);
      allDifferent(model, addends, card);
    }
  }
}

export function encodeSigns(model: Model, p: SignsPuzzle, options: EncodeOptions): Encoded<SignsSolution> {
  const vars = signsBridges(model, p);
  noCrossing(model, vars);
  const values = islandValues(model, p, vars, options);
  signSums(model, p, values, options);
  const refine = connectAllIslands(model, vars, variantOf('bridges-signs', options, 'connectivity', CONNECTIVITY));

  const decode = (value: Valuation): SignsSolution => ({
    bridges: decodeBridges(vars, value).bridges.map((b) => ({ a: fromGrid(p, b.a), b: fromGrid(p, b.b), count: b.count })),
    values: values.map((v) => v.value(value)),
  });
  return {
    projection: vars.ge.flat(),
    decode,
    ...(refine ? { refine } : {}),
    renderDetermined: (fixed) => renderSignsText(p, null, determinedBridges(vars, fixed)),
  };
}
