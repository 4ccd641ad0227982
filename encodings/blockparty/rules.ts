/**
 * Block Party as CNF. One literal `holds(r,c,K)` per cell and value, for K up to the size of the
 * cell's region (larger values get no literal at all, i.e. they are fixed false). The rules:
 *   1. every cell holds exactly one value;
 *   2. every region of k cells holds each of 1..k exactly once;
 *   3. the givens hold;
 *   4. a cell holding K sees no other K closer than K, and 5. some K at distance exactly K.
 * Rules 4 and 5 come in two variants (`variant.distance`):
 *   - `direct`: pairwise clauses over the cells closer than K, and one clause over the cells at
 *     distance exactly K (the IP/CP model of the seed);
 *   - `cones`: the same rules stated over auxiliary "some K in this part of the grid" literals that
 *     neighbouring cells share (see ConeLiterals), so each rule is a handful of short clauses.
 */
import { variantOf } from '../../src/puzzle/variants.js';
import { cellLabel } from '../../src/geometry/grid.js';
import type { Model } from '../../src/cnf/model.js';
import type { CardinalityOptions } from '../../src/cnf/model.js';
import type { EncodeOptions, Encoded } from '../../src/puzzle/types.js';
import type { Lit } from '../../src/sat/types.js';
import { regionCells, regionLabel, type BlockPartyPuzzle, type BlockPartySolution } from './puzzle.js';
import { renderGrid } from './render.js';

export const DISTANCE_VARIANTS = ['direct', 'cones'] as const;
export type DistanceVariant = (typeof DISTANCE_VARIANTS)[number];

/** `holds(r,c,K)` literals; `undefined` where K cannot stand (outside the grid, or above the region size). */
class ValueLiterals {
  private readonly lits: (Lit | undefined)[][][];

  constructor(model: Model, readonly puzzle: BlockPartyPuzzle) {
    const sizes = regionCells(puzzle).map((cells) => cells.length);
    this.lits = puzzle.regions.map((row, r) => row.map((id, c) => {
      const values: (Lit | undefined)[] = [undefined];
      for (let k = 1; k <= sizes[id]!; k++) {
        // Names and wording are lazy: only explanations, DIMACS comments and backbones read them.
        const lit = model.newVar(() => `holds(${r},${c},${k})`);
        model.describe(lit, () => ({ cells: [[r, c]], yes: `${at(r, c)} is ${k}`, no: `${at(r, c)} is not ${k}` }));
        values.push(lit);
      }
      return values;
    }));
  }

  holds(r: number, c: number, k: number): Lit | undefined {
    return this.lits[r]?.[c]?.[k];
  }

  /** The literals of one cell, for values 1..size. */
  cellValues(r: number, c: number): Lit[] {
    return this.lits[r]![c]!.slice(1) as Lit[];
  }

  /** Every literal: the puzzle's own decision variables. */
  all(): Lit[] {
    return this.lits.flatMap((row) => row.flatMap((values) => values.slice(1) as Lit[]));
  }
}

/** How rules name cells to a player: rows and columns counted from 1. */
const at = cellLabel;

type CellFn = (r: number, c: number) => void;

function forEachCell(puzzle: BlockPartyPuzzle, fn: CellFn): void {
  for (let r = 0; r < puzzle.rows; r++) for (let c = 0; c < puzzle.cols; c++) fn(r, c);
}

/**
 * Calls `fn` for each in-grid cell at taxicab distance exactly `d` (>= 1) from (r,c), row by row.
 * No arrays: rules 4 and 5 visit these rings for every cell and value, thousands of times a grid.
 */
function forEachCellAtDistance(puzzle: BlockPartyPuzzle, r: number, c: number, d: number, fn: CellFn): void {
  for (let rr = Math.max(0, r - d); rr <= Math.min(puzzle.rows - 1, r + d); rr++) {
    const rest = d - Math.abs(rr - r);
    if (c - rest >= 0) fn(rr, c - rest);
    if (rest > 0 && c + rest < puzzle.cols) fn(rr, c + rest);
  }
}

/** The in-grid cells at taxicab distance exactly `d` (>= 1) from (r,c). */
function cellsAtDistance(puzzle: BlockPartyPuzzle, r: number, c: number, d: number): [number, number][] {
  const out: [number, number][] = [];
  forEachCellAtDistance(puzzle, r, c, d, (rr, cc) => out.push([rr, cc]));
  return out;
}

function present(lits: readonly (Lit | undefined)[]): Lit[] {
  return lits.filter((l): l is Lit => l !== undefined);
}

// Rule 1.
function eachCellHoldsOneValue(model: Model, x: ValueLiterals, card: CardinalityOptions): void {
  forEachCell(x.puzzle, (r, c) => {
    const size = x.cellValues(r, c).length;
    const text = () => size === 1 ? `${at(r, c)} is a region of 1 cell, so it holds 1` : `${at(r, c)} holds one number, 1 to ${size} (the size of its region)`;
    model.rule(text, () => [[r, c]], () => { model.exactly(x.cellValues(r, c), 1, card); });
  });
}

// Rule 2, one instance per region and value.
function eachRegionHoldsEachValueOnce(model: Model, x: ValueLiterals, card: CardinalityOptions): void {
  regionCells(x.puzzle).forEach((cells, id) => {
    for (let k = 1; k <= cells.length; k++) {
      model.rule(() => `region ${regionLabel(x.puzzle, id)} (${cells.length} cells) holds one ${k}`, cells,
        () => { model.exactly(cells.map(([r, c]) => x.holds(r, c, k)!), 1, card); });
    }
  });
}

// Rule 3.
function givensHold(model: Model, x: ValueLiterals): void {
  forEachCell(x.puzzle, (r, c) => {
    const v = x.puzzle.givens[r]![c];
    if (v === null || v === undefined) return;
    const lit = x.holds(r, c, v);
    // a given larger than its region can never hold
    model.rule(`${at(r, c)} is given as ${v}`, [[r, c]], () => model.addClause([lit ?? model.FALSE]));
  });
}

/** Rules 4 and 5 for one cell and value, in words. */
function nearestEqualText(r: number, c: number, k: number): string {
  return `a ${k} at ${at(r, c)} has its nearest other ${k} exactly ${k} away`;
}

/** The cells within taxicab distance `d` of (r,c) (itself included): what rules 4 and 5 concern. */
function ballCells(puzzle: BlockPartyPuzzle, r: number, c: number, d: number): [number, number][] {
  const out: [number, number][] = [[r, c]];
  for (let e = 1; e <= d; e++) out.push(...cellsAtDistance(puzzle, r, c, e));
  return out;
}

/** Largest value any cell can hold. */
function maxValue(puzzle: BlockPartyPuzzle): number {
  return Math.max(0, ...regionCells(puzzle).map((cells) => cells.length));
}

// Rules 4 and 5, `direct`.
function nearestEqualAtExactDistanceDirect(model: Model, x: ValueLiterals): void {
  const { puzzle } = x;
  const index = (r: number, c: number) => r * puzzle.cols + c;
  const largest = maxValue(puzzle);
  forEachCell(puzzle, (r, c) => {
    for (let k = 1; k <= largest; k++) {
      const self = x.holds(r, c, k);
      if (self === undefined) continue;
      model.rule(() => nearestEqualText(r, c, k), () => ballCells(puzzle, r, c, k), () => {
        // 4: no other K closer than K. Each unordered pair once when solving; in explain mode each
        // cell's rule states all its pairs, so that the rule alone says what its words say.
        for (let d = 1; d < k; d++) {
          forEachCellAtDistance(puzzle, r, c, d, (rr, cc) => {
            const other = x.holds(rr, cc, k);
            if (other !== undefined && (model.explaining || index(rr, cc) > index(r, c))) model.addClause([-self, -other]);
          });
        }
        // 5: some K at distance exactly K.
        const ring: Lit[] = [];
        forEachCellAtDistance(puzzle, r, c, k, (rr, cc) => {
          const other = x.holds(rr, cc, k);
          if (other !== undefined) ring.push(other);
        });
        model.implies(self, ring);
      });
    }
  });
}

/**
 * "Some K stands in this part of the grid" literals, built recursively and memoised so that
 * neighbouring cells share them. The taxicab ball of radius d around (r,c), minus the cell itself,
 * is the union of
 *   - the upper cone of radius d-1 hanging from (r-1,c): rows above, within distance d of (r,c);
 *   - the lower cone of radius d-1 from (r+1,c);
 *   - the row intervals c-d..c-1 and c+1..c+d.
 * A cone of radius d from (p,q) is the row interval q-d..q+d of row p plus the cone of radius d-1
 * from the next row outwards; a row interval is a shorter interval plus one or two cells.
 * Each literal is the OR of its parts (both directions), so it is true exactly when some K is there.
 */
class ConeLiterals {
  private readonly memo = new Map<string, Lit | undefined>();
  /** Per row, the columns whose cell can hold K: intervals are keyed by the cells they really cover. */
  private readonly columns: number[][];

  constructor(private readonly model: Model, private readonly x: ValueLiterals, private readonly k: number) {
    const { rows, cols } = x.puzzle;
    this.columns = Array.from({ length: rows }, (_, p) =>
      Array.from({ length: cols }, (_, c) => c).filter((c) => x.holds(p, c, k) !== undefined));
  }

  /**
   * Some K in row p, columns a..b. How an interval is split only affects sharing: the intervals
   * beside a cell grow away from it (`left`/`right`: one new cell per step), the centred intervals
   * of cones shrink from both ends, so each family costs about one literal per length.
   */
  interval(p: number, a: number, b: number, grows: 'left' | 'right' | 'both'): Lit | undefined {
    const row = this.columns[p];
    if (!row) return undefined;
    const i = row.findIndex((c) => c >= a);
    let j = row.length - 1;
    while (j >= 0 && row[j]! > b) j--;
    return i < 0 ? undefined : this.span(p, i, j, grows);
  }

  /** Some K among the cells row[i..j] of row p that can hold K. */
  private span(p: number, i: number, j: number, grows: 'left' | 'right' | 'both'): Lit | undefined {
    if (i > j) return undefined;
    const at = (index: number) => this.x.holds(p, this.columns[p]![index]!, this.k);
    if (i === j) return at(i);
    return this.cached(`some(${p},${this.columns[p]![i]}..${this.columns[p]![j]},${this.k})`, () => {
      if (grows === 'right') return [this.span(p, i, j - 1, grows), at(j)];
      if (grows === 'left') return [at(i), this.span(p, i + 1, j, grows)];
      return [at(i), this.span(p, i + 1, j - 1, grows), at(j)];
    });
  }

  /** Some K in the cone of radius d from (p,q), growing upwards (dir -1) or downwards (dir +1). */
  cone(p: number, q: number, d: number, dir: -1 | 1): Lit | undefined {
    if (d < 0 || p < 0 || p >= this.x.puzzle.rows) return undefined;
    if (d === 0) return this.x.holds(p, q, this.k);
    const name = `cone${dir < 0 ? 'Up' : 'Down'}(${p},${q},r${d},${this.k})`;
    return this.cached(name, () => [this.interval(p, q - d, q + d, 'both'), this.cone(p + dir, q, d - 1, dir)]);
  }

  /** Some K at distance 1..d from (r,c). */
  nearbyParts(r: number, c: number, d: number): Lit[] {
    return present([
      this.cone(r - 1, c, d - 1, -1),
      this.cone(r + 1, c, d - 1, 1),
      this.interval(r, c - d, c - 1, 'left'),
      this.interval(r, c + 1, c + d, 'right'),
    ]);
  }

  private cached(key: string, parts: () => (Lit | undefined)[]): Lit | undefined {
    if (this.memo.has(key)) return this.memo.get(key);
    const lits = present(parts());
    const lit = lits.length === 0 ? undefined : lits.length === 1 ? lits[0] : this.model.or(lits, key);
    this.memo.set(key, lit);
    return lit;
  }
}

// Rules 4 and 5, `cones`.
function nearestEqualAtExactDistanceCones(model: Model, x: ValueLiterals): void {
  const { puzzle } = x;
  for (let k = 1; k <= maxValue(puzzle); k++) {
    const cones = new ConeLiterals(model, x, k);
    forEachCell(puzzle, (r, c) => {
      const self = x.holds(r, c, k);
      if (self === undefined) return;
      // The cone literals' definitions are written outside the rule (they are shared, not facts).
      const closer = cones.nearbyParts(r, c, k - 1);
      const within = cones.nearbyParts(r, c, k);
      model.rule(() => nearestEqualText(r, c, k), () => ballCells(puzzle, r, c, k), () => {
        // 4: nothing at distance 1..K-1 ...
        for (const part of closer) model.addClause([-self, -part]);
        // 5: ... but something at distance 1..K, hence at exactly K.
        model.implies(self, within);
      });
    });
  }
}

/** Encodes a Block Party puzzle. Options: `cardinality`, `variant.distance` (`direct` | `cones`). */
export function encodeBlockParty(model: Model, puzzle: BlockPartyPuzzle, options: EncodeOptions = {}): Encoded<BlockPartySolution> {
  const card: CardinalityOptions = options.cardinality ? { encoding: options.cardinality } : {};
  const distance = variantOf('blockparty', options, 'distance', DISTANCE_VARIANTS);
  const x = new ValueLiterals(model, puzzle);
  eachCellHoldsOneValue(model, x, card);
  eachRegionHoldsEachValueOnce(model, x, card);
  givensHold(model, x);
  if (distance === 'direct') nearestEqualAtExactDistanceDirect(model, x);
  else nearestEqualAtExactDistanceCones(model, x);

  const valueOf = (r: number, c: number, truth: (lit: Lit) => boolean | undefined): number | undefined => {
    const values = x.cellValues(r, c);
    const k = values.findIndex((lit) => truth(lit) === true);
    return k < 0 ? undefined : k + 1;
  };
  return {
    projection: x.all(),
    decode: (value) => puzzle.regions.map((row, r) => row.map((_, c) => valueOf(r, c, value) ?? 0)),
    renderDetermined: (fixed) => renderGrid(puzzle, (r, c) => String(valueOf(r, c, fixed) ?? '?')),
  };
}
