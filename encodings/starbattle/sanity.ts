/**
 * Checks a reading before anything is solved. Every Star Battle format calls `checkReading` on
 * what it read, so a misread input (a URL decoded with the wrong bit layout, a grid with a row too
 * many) is an error that says what was read, never a confident "no solution".
 *
 * Every check is a consequence of the rules, so no solvable puzzle is ever rejected:
 * - R rows and C columns each hold S stars: R·S = C·S stars, so the grid is square;
 * - every region holds S stars too, so there are as many regions as rows (cells in no region,
 *   as in janko's `@`/`#` and Parks' `-1`, do not count);
 * - stars never touch, so any two adjacent rows hold at most ceil(n/2) stars (one per 2×2 block
 *   of a column pair): 2·S ≤ ceil(n/2) when n ≥ 2;
 * - a region, a row or a column with fewer cells (in regions) than S cannot hold S stars.
 */
import { ParseError, type Location } from '../../src/util/errors.js';
import { columnLabel, rowLabel } from '../../src/util/cells.js';
import { regionCells, regionCount, regionLabel, type StarBattlePuzzle } from './puzzle.js';

/** How a format names its reading in messages, and where in the input each part was read. */
export interface Reading {
  /** `URL decoded to`, `janko grid has`, …: completes "9×9 URL decoded to 10 regions". */
  says: string;
  /** Where the size, the star count and the regions were read (whole-input location when absent). */
  size?: Location;
  stars?: Location;
  regions?: Location;
}

/** Most stars per row, column and region an n×n grid can hold without two touching. */
export function maxStarsFor(n: number): number {
  return n <= 1 ? n : Math.floor(Math.ceil(n / 2) / 2);
}

/** Throws a located ParseError when the reading cannot be a Star Battle; returns the puzzle otherwise. */
export function checkReading<P extends StarBattlePuzzle>(puzzle: P, reading: Reading): P {
  const { rows, cols, stars } = puzzle;
  const size = `${rows}×${cols}`;
  if (rows !== cols) {
    throw new ParseError(`the ${size} grid is not square: a Star Battle has as many rows as columns `
      + `(R rows and C columns each hold S stars, so R·S = C·S)`, reading.size ?? {});
  }
  const most = maxStarsFor(rows);
  if (stars > most) {
    throw new ParseError(`${stars} stars per row, column and region do not fit in a ${size} grid: `
      + `at most ${most} fit without two touching`, reading.stars ?? {});
  }
  const count = regionCount(puzzle);
  if (count !== rows) {
    throw new ParseError(`${size} ${reading.says} ${count} region${count === 1 ? '' : 's'}; `
      + `a ${size} Star Battle has ${rows}, one per row`, reading.regions ?? {});
  }
  regionCells(puzzle).forEach((cells, id) => {
    if (cells.length < stars) {
      throw new ParseError(`${size} ${reading.says} region ${regionLabel(puzzle, id)} of ${cells.length} cell${cells.length === 1 ? '' : 's'}, `
        + `too small for ${stars} stars`, { ...(reading.regions ?? {}), cell: cells[0]! });
    }
  });
  for (let r = 0; r < rows; r++) {
    const open = puzzle.regions[r]!.filter((id) => id !== null).length;
    if (open < stars) {
      throw new ParseError(`${size} ${reading.says} ${rowLabel(r)} with ${open} cells in regions, too few for ${stars} stars`,
        { ...(reading.regions ?? {}), cell: [r, 0] });
    }
  }
  for (let c = 0; c < cols; c++) {
    const open = puzzle.regions.filter((row) => row[c] !== null).length;
    if (open < stars) {
      throw new ParseError(`${size} ${reading.says} ${columnLabel(c)} with ${open} cells in regions, too few for ${stars} stars`,
        { ...(reading.regions ?? {}), cell: [0, c] });
    }
  }
  return puzzle;
}
