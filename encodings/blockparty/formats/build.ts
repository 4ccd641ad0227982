/**
 * The checks every Block Party format shares once it has read a region grid and the givens:
 * region ids made canonical, givens within their region's range.
 */
import { ParseError, type Location } from '../../../src/util/errors.js';
import type { BlockPartyPuzzle } from '../puzzle.js';

export interface RawPuzzle {
  rows: number;
  cols: number;
  /** Any region key per cell (a label, a list index). */
  regionKeys: (string | number)[][];
  /** Given value per cell, or null. */
  givens: (number | null)[][];
  /** Label to show for each region key, when the source has labels. */
  labelOf?: (key: string | number) => string;
  answer?: number;
}

/**
 * Builds the puzzle with region ids numbered by first appearance in row-major order, so two
 * sources listing the same regions in different orders give equal puzzles.
 * `locate(r, c)` says where cell (r,c)'s given was written, for errors: a location, and for
 * formats without line numbers a path to prefix the message with (e.g. `givens[3]`).
 */
export function buildPuzzle(
  raw: RawPuzzle,
  locate: (r: number, c: number) => { location: Location; path?: string },
): BlockPartyPuzzle {
  const ids = new Map<string | number, number>();
  const regions = raw.regionKeys.map((row) => row.map((key) => {
    if (!ids.has(key)) ids.set(key, ids.size);
    return ids.get(key)!;
  }));
  const sizes = new Array<number>(ids.size).fill(0);
  for (const row of regions) for (const id of row) sizes[id]! += 1;
  raw.givens.forEach((row, r) => row.forEach((v, c) => {
    if (v === null) return;
    const size = sizes[regions[r]![c]!]!;
    if (!Number.isInteger(v) || v < 1 || v > size) {
      const { location, path } = locate(r, c);
      const reason = `given ${v} is outside 1..${size}, the values of its ${size}-cell region`;
      throw new ParseError(path ? `${path}: ${reason}` : reason, location);
    }
  }));
  const puzzle: BlockPartyPuzzle = { rows: raw.rows, cols: raw.cols, regions, givens: raw.givens };
  if (raw.labelOf) puzzle.labels = [...ids.keys()].map((key) => raw.labelOf!(key));
  if (raw.answer !== undefined) puzzle.answer = raw.answer;
  return puzzle;
}
