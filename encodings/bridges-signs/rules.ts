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
import type { Lit } from '../../src/sat/types.js';
import { buildBridgeGraph } from '../hashi/graph.js';
import { bridgeUnits, bridgeVariables, islandCells, noCrossing, type BridgeVars } from '../hashi/bridges.js';
import { cellLabel } from '../../src/geometry/grid.js';
import { variantOf } from '../../src/puzzle/variants.js';
import { CONNECTIVITY, connectAllIslands, decodeBridges, determinedBridges } from '../hashi/bridges.js';
import {
  DIRECTIONS, MAX_BRIDGES, MAX_VALUE, addendsOf, fromGrid, toGrid,
  type Direction, type SignsPuzzle, type SignsSolution,
} from './puzzle.js';
import { renderSignsText, signLetter } from './render.js';

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

/** How rules name a grid position to a player: rows from the top and columns from the left, from 1. */
const at = (p: SignsPuzzle, pt: readonly [number, number]): string => {
  const [row, col] = toGrid(p, pt);
  return cellLabel(row, col);
};

const DIRECTION_WORDS: Readonly<Record<Direction, string>> = { N: 'north', S: 'south', E: 'east', W: 'west' };

/** Rule: an island's value is its number of bridges, 1..8. */
function islandValues(model: Model, p: SignsPuzzle, vars: BridgeVars, options: EncodeOptions): IntVar[] {
  return p.islands.map((pt, i) => {
    // In explain mode both views of the value are built here, outside any rule: the views'
    // definitions are not puzzle facts, and must not be switched off with the rule that asks first.
    const value = intVar(model, 1, MAX_VALUE, { name: `value(${pt[0]},${pt[1]})`, encoding: model.explaining ? 'both' : 'order' });
    // value - (number of bridges) = 0
    const bridges = bridgeUnits(vars, i).map((lit) => ({ coef: -1, lit }));
    model.rule(`island ${at(p, pt)}'s value is its number of bridges (at least 1: all islands are connected)`, islandCells(vars.graph, i),
      () => sumEquals(model, [value, ...bridges], 0, options.cardinality ? { cardinality: options.cardinality } : {}));
    return value;
  });
}

/** Rule: each numbered sign corner is the sum of distinct values in its direction. */
function signSums(model: Model, p: SignsPuzzle, values: IntVar[], options: EncodeOptions): void {
  const card = options.cardinality ? { cardinality: options.cardinality } : {};
  p.signs.forEach((sign, s) => {
    for (const dir of DIRECTIONS) {
      const total = sign[dir];
      if (total === 0) continue; // the corner shows nothing
      const islands = addendsOf(p, sign, dir);
      const addends = islands.map((i) => values[i]!);
      const named = islands.map((i) => at(p, p.islands[i]!));
      const where = named.length ? `the values of the islands ${DIRECTION_WORDS[dir]} of it (${named.join(', ')})` : `the values ${DIRECTION_WORDS[dir]} of it (no island)`;
      model.rule(`sign ${signLetter(s)} at ${at(p, sign.at)} shows ${total} ${DIRECTION_WORDS[dir]}: ${where} sum to ${total}, no value repeated`,
        [toGrid(p, sign.at), ...islands.map((i) => toGrid(p, p.islands[i]!))],
        () => {
          sumEquals(model, addends, total, card);
          allDifferent(model, addends, card);
        });
    }
  });
}

export function encodeSigns(model: Model, p: SignsPuzzle, options: EncodeOptions): Encoded<SignsSolution> {
  const vars = signsBridges(model, p);
  noCrossing(model, vars);
  const values = islandValues(model, p, vars, options);
  signSums(model, p, values, options);
  const refine = connectAllIslands(model, vars, variantOf('bridges-signs', options, 'connectivity', CONNECTIVITY));

  // An island's value is its number of bridges: read from the bridges (the puzzle's own
  // variables), so a grid decided on the bridges alone (an explanation's) decodes in full.
  const sums = (counts: readonly number[], known: (e: number) => boolean): number[] =>
    p.islands.map((_, i) => (vars.graph.edgesOf[i]!.every(known) ? vars.graph.edgesOf[i]!.reduce((a, e) => a + counts[e]!, 0) : 0));
  const bridgesOf = (value: Valuation): SignsSolution['bridges'] =>
    decodeBridges(vars, value).bridges.map((b) => ({ a: fromGrid(p, b.a), b: fromGrid(p, b.b), count: b.count }));
  const decode = (value: Valuation): SignsSolution => ({
    bridges: bridgesOf(value),
    values: sums(vars.ge.map((lits) => lits.filter((l) => value(l)).length), () => true),
  });
  const decodePartial = (fixed: (lit: Lit) => boolean | undefined): SignsSolution => ({
    bridges: bridgesOf((lit) => fixed(lit) === true),
    // 0: the value depends on connections not decided yet (a real value is at least 1).
    values: sums(vars.ge.map((lits) => lits.filter((l) => fixed(l) === true).length), (e) => vars.ge[e]!.every((l) => fixed(l) !== undefined)),
  });
  return {
    projection: vars.all,
    decode,
    decodePartial,
    ...(refine ? { refine } : {}),
    renderDetermined: (fixed) => renderSignsText(p, null, determinedBridges(vars, fixed)),
  };
}
