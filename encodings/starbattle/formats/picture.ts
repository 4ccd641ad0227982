/**
 * Norvig's picture format (seed 002, "Star Battle Puzzles"): one line per row, one non-space
 * character per cell, each character naming a region; spaces between characters are optional.
 * The star count S is not part of his picture, so a file starts with a header line `stars: 2`
 * (also accepted: `S=2`, `S: 2`, `stars=2`):
 *
 *     stars: 1
 *     , + ' ' '
 *     , + : : '
 *     , + : : .
 *     , . . . .
 *     , . . . .
 *
 * Every cell belongs to the region of its character (this format has no cells outside regions).
 * All rows must have the same number of cells; the grid must be square (as every Star Battle format).
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { puzzleFromLabels, type StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { checkStars, nonBlankLines, starsHeader } from './lines.js';

const HEADER_KEYS = ['stars', 's'];

export const pictureFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'picture',
  matchText(text) {
    const lines = nonBlankLines(text);
    return lines.length >= 2 && starsHeader(lines[0]!.text, HEADER_KEYS) !== undefined;
  },
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('picture format expects text');
    const lines = nonBlankLines(input);
    const header = lines[0];
    const stars = header && starsHeader(header.text, HEADER_KEYS);
    if (!header || stars === undefined) {
      throw new ParseError('expected a header line `stars: N` before the picture', { line: header?.line ?? 1, column: 1 });
    }
    checkStars(stars, { line: header.line, column: 1 });
    const body = lines.slice(1);
    if (body.length === 0) throw new ParseError('the picture has no rows', { line: header.line + 1 });

    const grid = body.map(({ text }) => [...text].filter((ch) => !/\s/.test(ch)));
    const cols = grid[0]!.length;
    grid.forEach((row, r) => {
      if (row.length !== cols) {
        const { line, text } = body[r]!;
        // Column of the first missing or extra cell, counted in characters of the line.
        const column = row.length > cols ? columnOfCell(text, cols) : text.length + 1;
        throw new ParseError(`${rowLabel(r)} has ${row.length} cells, expected ${cols} (as in the first row)`,
          { line, column, cell: [r, Math.min(row.length, cols)] });
      }
    });
    const at = { line: header.line, column: 1 };
    return checkReading(puzzleFromLabels(grid, stars), { says: 'picture has', size: at, stars: at, regions: at });
  },
};

/** 1-based column of the `index`-th non-space character of a line. */
function columnOfCell(text: string, index: number): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    if (seen === index) return i + 1;
    seen++;
  }
  return text.length + 1;
}
