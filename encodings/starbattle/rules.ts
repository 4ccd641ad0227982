/**
 * Star Battle as CNF. One boolean `star(r,c)` per cell; each rule below is one function.
 *
 * Variants (`options.variant.noTouch`):
 * - `window`: at most one star in every 2×2 window — every touching pair of cells shares a
 *   window, so this is exactly "no two stars touch", written with the chosen cardinality encoding.
 * - `pairs` (default): a binary clause ¬a ∨ ¬b for every pair of touching cells. No auxiliary
 *   variables; on the wasm engine it needs fewer conflicts than `window` with a counter encoding.
 * - `count=auto` (default): `apart` from APART_FROM_STARS stars up, `plain` below.
 * - `count=apart`: each row, column and region is counted by a totalizer over its cells
 *   in place order (`halvingOrder`), whose every node counts no further than the most stars its
 *   cells hold without touching (`mostApart`): a 2×2 block counts to one. Smaller counters, and
 *   what no-touch implies about the counts is written down instead of found by search (the hard
 *   17×17 4★ puzzles need 60% of the conflicts of `plain`; README, engine section). The counts'
 *   clauses are then exact only together with the no-touch rule, which every solve has.
 * - `count=plain`: each count on its own with `options.cardinality` (default: the model's).
 *   Naming a cardinality encoding (`--encoding cardinality=…`) without `count` also means `plain`,
 *   so comparing encodings compares them. Explanations use `plain`: each fact is then its rule alone.
 * - `implied=auto` (default): `confined` from BANDS_FROM_STARS stars up, `none` below.
 * - `implied=bands`: also the solvers' "2×2 blocks" argument, written up front (see
 *   `bandsFillTheirBlocks`).
 * - `implied=confined`: the 2×2 blocks and the solvers' "regions confined to rows" argument (see
 *   `confinedRegionsLeaveTheRest`).
 * - `implied=none` leaves both to the search. Explanations use `none`.
 */
import { variantOf } from '../../src/puzzle/variants.js';
import { halvingOrder, mostApart } from '../../src/geometry/apart.js';
import { boundingBox, cellLabel, KING_FORWARD, neighbours, type Cell } from '../../src/geometry/grid.js';
import { columnLabel, rowLabel } from '../../src/util/cells.js';
import type { Model } from '../../src/cnf/model.js';
import type { CardinalityEncoding } from '../../src/cnf/cardinality.js';
import type { Lit } from '../../src/sat/types.js';
import type { EncodeOptions, Encoded, Valuation } from '../../src/puzzle/types.js';
import { regionCells, regionLabel, type StarBattlePuzzle, type StarBattleSolution } from './puzzle.js';
import { renderCells } from './render.js';

export const NO_TOUCH_VARIANTS = ['pairs', 'window'] as const;
export type NoTouchVariant = (typeof NO_TOUCH_VARIANTS)[number];
export const COUNT_VARIANTS = ['auto', 'apart', 'plain'] as const;
export const IMPLIED_VARIANTS = ['auto', 'bands', 'confined', 'none'] as const;

/**
 * `auto` writes counts apart from this many stars per row up. Below it they cost more than they
 * save: on janko's published Star Battles (in process, per puzzle, `count: 2`) plain counts took
 * 0.28–0.52× the time of counts apart with bands on 1★ puzzles of 5×5 to 25×25 and 0.63–0.82× on
 * 2★ ones (writing the counters is most of a solve that takes a millisecond); on 3★ ones counts
 * apart took 0.79× (janko 14×14) and 0.84× (starbattlelab's 117) the time of plain counts.
 */
export const APART_FROM_STARS = 3;

/**
 * `auto` writes the implied rules (`confined`) from this many stars per row up: on 3★ puzzles (a
 * few dozen conflicts) the bands cost more than they save (counts apart without them 0.84× and
 * 0.79× the time with them, as above), on the hard 17×17 4★ ones the pipeline takes 0.81× the time
 * with them, on 21×21 5★ 0.63×, and confinement takes that to about 0.9× again (measurement log).
 */
export const BANDS_FROM_STARS = 4;

/** How one "exactly n stars in these cells" rule is written (see `count` above). */
type CountStars = (cells: readonly Cell[], n: number) => void;

export function encodeStarBattle(model: Model, puzzle: StarBattlePuzzle, options: EncodeOptions = {}): Encoded<StarBattleSolution> {
  const noTouch = variantOf('starbattle', options, 'noTouch', NO_TOUCH_VARIANTS);
  const encoding = options.cardinality;
  const countChoice = variantOf('starbattle', options, 'count', COUNT_VARIANTS);
  const count = countChoice !== 'auto' ? countChoice : puzzle.stars >= APART_FROM_STARS && encoding === undefined ? 'apart' : 'plain';
  const impliedChoice = variantOf('starbattle', options, 'implied', IMPLIED_VARIANTS);
  const implied = impliedChoice !== 'auto' ? impliedChoice : puzzle.stars >= BANDS_FROM_STARS ? 'confined' : 'none';
  const star = starVariables(model, puzzle);
  const exactlyStars: CountStars = count === 'apart'
    ? starsCountedApart(model, puzzle, star)
    : (cells, n) => model.exactly(cells.map(([r, c]) => star[r]![c]!), n, { encoding });

  noStarOutsideRegions(model, puzzle, star);
  exactlyStarsPerRow(model, puzzle, exactlyStars);
  exactlyStarsPerColumn(model, puzzle, exactlyStars);
  exactlyStarsPerRegion(model, puzzle, exactlyStars);
  if (noTouch === 'window') atMostOneStarPerWindow(model, puzzle, star, encoding);
  else noTouchingPairs(model, puzzle, star);
  if (implied !== 'none') bandsFillTheirBlocks(model, puzzle, star);
  if (implied === 'confined') confinedRegionsLeaveTheRest(model, puzzle, star, exactlyStars);

  return {
    projection: star.flat(),
    decode: (value: Valuation) => star.map((row) => row.map((lit) => value(lit))),
    renderDetermined: (fixed) => renderCells(puzzle, (r, c) => {
      const v = fixed(star[r]![c]!);
      return v === true ? '*' : v === false ? undefined : '?';
    }),
  };
}

/** How rules name cells and counts to a player: rows and columns counted from 1. */
const at = cellLabel;
const stars = (n: number): string => `${n} star${n === 1 ? '' : 's'}`;

/** `star[r][c]`: a star stands on cell (r,c). */
function starVariables(model: Model, puzzle: StarBattlePuzzle): Lit[][] {
  return Array.from({ length: puzzle.rows }, (_, r) =>
    Array.from({ length: puzzle.cols }, (_, c) => {
      // Names and wording are lazy: only explanations, DIMACS comments and backbones read them.
      const lit = model.newVar(() => `star(${r},${c})`);
      model.describe(lit, () => ({ cells: [[r, c]], yes: `${at(r, c)} is a star`, no: `${at(r, c)} has no star` }));
      return lit;
    }));
}

/** A cell in no region (Parks) never holds a star. */
function noStarOutsideRegions(model: Model, puzzle: StarBattlePuzzle, star: Lit[][]): void {
  puzzle.regions.forEach((row, r) => row.forEach((id, c) => {
    if (id === null) model.rule(() => `${at(r, c)} is in no region`, () => [[r, c]], () => model.addClause([-star[r]![c]!]));
  }));
}

/**
 * Exactly S stars in the given cells, counted by a totalizer that knows stars never touch: its
 * inputs in place order, each node capped at the most stars its cells hold apart.
 */
function starsCountedApart(model: Model, puzzle: StarBattlePuzzle, star: Lit[][]): CountStars {
  const cellOf: Cell[] = []; // by literal: star literals are variables, numbered densely
  star.forEach((row, r) => row.forEach((lit, c) => { cellOf[lit] = [r, c]; }));
  const mostTrue = (lits: readonly Lit[]) => mostApart(lits.map((lit) => cellOf[lit]!));
  return (cells, n) => model.exactly(halvingOrder(cells).map(([r, c]) => star[r]![c]!), n, { encoding: 'totalizer', mostTrue });
}

function exactlyStarsPerRow(model: Model, puzzle: StarBattlePuzzle, exactlyStars: CountStars): void {
  for (let r = 0; r < puzzle.rows; r++) {
    const row = Array.from({ length: puzzle.cols }, (_, c) => [r, c] as const);
    model.rule(() => `${rowLabel(r)} needs ${stars(puzzle.stars)}`, () => row, () => exactlyStars(row, puzzle.stars));
  }
}

function exactlyStarsPerColumn(model: Model, puzzle: StarBattlePuzzle, exactlyStars: CountStars): void {
  for (let c = 0; c < puzzle.cols; c++) {
    const column = Array.from({ length: puzzle.rows }, (_, r) => [r, c] as const);
    model.rule(() => `${columnLabel(c)} needs ${stars(puzzle.stars)}`, () => column, () => exactlyStars(column, puzzle.stars));
  }
}

function exactlyStarsPerRegion(model: Model, puzzle: StarBattlePuzzle, exactlyStars: CountStars): void {
  regionCells(puzzle).forEach((cells, id) => model.rule(() => `region ${regionLabel(puzzle, id)} needs ${stars(puzzle.stars)}`, cells,
    () => exactlyStars(cells, puzzle.stars)));
}

/**
 * No two stars touch: at most one star in every 2×2 window. (A grid one cell high or wide has no
 * windows, but there the row and column counts already leave no solution beyond 1×1.)
 */
function atMostOneStarPerWindow(model: Model, puzzle: StarBattlePuzzle, star: Lit[][], encoding?: CardinalityEncoding): void {
  for (let r = 0; r + 1 < puzzle.rows; r++) {
    for (let c = 0; c + 1 < puzzle.cols; c++) {
      model.rule(() => `stars do not touch: the 2×2 window at ${at(r, c)} holds at most one`, () => [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]],
        () => model.atMost([star[r]![c]!, star[r]![c + 1]!, star[r + 1]![c]!, star[r + 1]![c + 1]!], 1, { encoding }));
    }
  }
}

/** No two stars touch: for each cell, its right, lower-left, lower and lower-right neighbours. */
function noTouchingPairs(model: Model, puzzle: StarBattlePuzzle, star: Lit[][]): void {
  for (let r = 0; r < puzzle.rows; r++) {
    for (let c = 0; c < puzzle.cols; c++) {
      for (const [nr, nc] of neighbours(puzzle.rows, puzzle.cols, r, c, KING_FORWARD)) {
        model.rule(() => `stars do not touch: ${at(r, c)} and ${at(nr, nc)}`, () => [[r, c], [nr, nc]],
          () => model.addClause([-star[r]![c]!, -star[nr]![nc]!]));
      }
    }
  }
}

/**
 * Implied by the rules (the solvers' "2×2 blocks"): two adjacent rows hold 2S stars. Cut them into
 * blocks of two columns (one column at an odd end); a block's cells all touch, so each holds one
 * star at most, and at least 2S of the band's B blocks hold one: at most B − 2S are empty. Both
 * ways of pairing the columns, and the same for two adjacent columns. On a 17×17 4★ grid that is
 * "at most one of these 9 blocks is empty", which resolution proves only at great length (with it the hard 17×17
 * and 21×21 puzzles need 61% and 40% of the conflicts they need without; README, engine section).
 * `block` is only "this block holds a star" in one direction (true implies a star): the counts need
 * no more, and the other direction made the searches slower.
 */
function bandsFillTheirBlocks(model: Model, puzzle: StarBattlePuzzle, star: Lit[][]): void {
  for (const across of ['rows', 'columns'] as const) {
    const [lines, length] = across === 'rows' ? [puzzle.rows, puzzle.cols] : [puzzle.cols, puzzle.rows];
    const starAt = (line: number, at: number): Lit => (across === 'rows' ? star[line]![at]! : star[at]![line]!);
    // Each block belongs to one band and one pairing. (A 2×2 block of a row band is also one of a
    // column band; one literal for both measured the same, within the searches' noise.)
    const block = (line: number, first: number, last: number): Lit => {
      const lit = model.newVar(() => `block(${across} ${line + 1}-${line + 2}, ${first + 1}-${last + 1})`);
      const cells: Lit[] = [];
      for (let at = first; at <= last; at++) cells.push(starAt(line, at), starAt(line + 1, at));
      model.implies(lit, cells);
      return lit;
    };
    for (let line = 0; line + 1 < lines; line++) {
      for (const offset of [0, 1]) {
        // The band's blocks as [first, last] along it: pairs, one alone at an odd end.
        const spans: [number, number][] = [];
        for (let at = -offset; at < length; at += 2) spans.push([Math.max(at, 0), Math.min(at + 1, length - 1)]);
        const cells = () => spans.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i): Cell[] =>
          (across === 'rows' ? [[line, first + i], [line + 1, first + i]] : [[first + i, line], [first + i, line + 1]])).flat());
        const name = across === 'rows' ? `${rowLabel(line)} and ${rowLabel(line + 1)}` : `${columnLabel(line)} and ${columnLabel(line + 1)}`;
        model.rule(() => `${name} hold ${stars(2 * puzzle.stars)}, one at most in each of their ${spans.length} blocks${offset ? ' (shifted by one)' : ''}`,
          cells, () => model.atMost(spans.map(([first, last]) => -block(line, first, last)), spans.length - 2 * puzzle.stars));
      }
    }
  }
}

/**
 * Confinement leaves a band this many rows' worth of stars at most; beyond it the counts are large
 * and cost more than they save (allowing 2: the hard 17×17 4★ pipeline's conflicts 30,749 → 29,976
 * but its CPU 1.4×, against 26,966 at 1; measurement log).
 */
const CONFINED_SLACK = 1;

/**
 * Implied by the rules (the solvers' "confinement"): rows a..b hold (b − a + 1)·S stars, and k
 * regions lying wholly inside them hold k·S of those, so the rest of those rows holds exactly
 * (b − a + 1 − k)·S: nothing at all when k regions fill k rows' quota. The same for columns.
 * Resolution finds this only by adding up counters, which the search does at great length. Written
 * where at most CONFINED_SLACK rows' worth is left; the whole grid is left out (its rest is empty
 * by the region counts alone), and a rest already written for another band is not written twice.
 */
function confinedRegionsLeaveTheRest(model: Model, puzzle: StarBattlePuzzle, star: Lit[][], exactlyStars: CountStars): void {
  const regions = regionCells(puzzle);
  const boxes = regions.map((cells) => boundingBox(cells));
  const written = new Set<string>();
  for (const across of ['rows', 'columns'] as const) {
    const [lines, length] = across === 'rows' ? [puzzle.rows, puzzle.cols] : [puzzle.cols, puzzle.rows];
    const cellAt = (line: number, at: number): Cell => (across === 'rows' ? [line, at] : [at, line]);
    const first = boxes.map((box) => (across === 'rows' ? box.r0 : box.c0));
    const last = boxes.map((box) => (across === 'rows' ? box.r1 : box.c1));
    for (let a = 0; a < lines; a++) {
      for (let b = a; b < lines && !(a === 0 && b === lines - 1); b++) {
        const inside = regions.map((_, id) => id).filter((id) => first[id]! >= a && last[id]! <= b);
        const left = b - a + 1 - inside.length;
        if (inside.length === 0 || left > CONFINED_SLACK) continue;
        const rest: Cell[] = [];
        for (let line = a; line <= b; line++) {
          for (let at = 0; at < length; at++) {
            const cell = cellAt(line, at);
            const id = puzzle.regions[cell[0]]?.[cell[1]] ?? null;
            if (id !== null && !inside.includes(id)) rest.push(cell);
          }
        }
        if (rest.length === 0 && left === 0) continue; // the regions fill the band: nothing to say
        const key = `${left}:${rest.map(([r, c]) => r * puzzle.cols + c).sort((x, y) => x - y).join(',')}`;
        if (written.has(key)) continue;
        written.add(key);
        const name = a === b ? (across === 'rows' ? rowLabel(a) : columnLabel(a)) : across === 'rows' ? `rows ${a + 1}-${b + 1}` : `columns ${a + 1}-${b + 1}`;
        const names = inside.map((id) => regionLabel(puzzle, id)).join(', ');
        model.rule(() => `regions ${names} lie inside ${name}, so the rest of ${name} holds ${stars(left * puzzle.stars)}`, rest, () => {
          if (left < 0) model.addClause([]);
          else if (left === 0) for (const [r, c] of rest) model.addClause([-star[r]![c]!]);
          else exactlyStars(rest, left * puzzle.stars);
        });
      }
    }
  }
}
