/**
 * gridsat's own Akari JSON:
 * ```json
 * { "type": "akari", "rows": 3, "cols": 4, "grid": ["_2__", "#___", "__0_"] }
 * ```
 * `grid` has one string per row, one character per cell: `_` white, `#` black without number,
 * `0`–`4` black with that clue. `rows`/`cols` are optional (checked when present). `type` may be
 * any of the type's names (`akari`, `lightup`, `light-up`). `grid[0]` is the top row; messages name
 * rows and cells counting from 1 (`grid[0]` is row 1).
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { clueCell, type AkariCell, type AkariPuzzle } from '../puzzle.js';
import { checkedAkari } from '../check.js';
import { parseJsonText } from '../../../src/util/json-text.js';

export interface AkariJson {
  type: 'akari';
  rows: number;
  cols: number;
  grid: string[];
}

const NAMES = ['akari', 'lightup', 'light-up'];

export const jsonFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'json',
  matchJson: (value) => typeof value === 'object' && value !== null
    && NAMES.includes(String((value as { type?: unknown }).type).toLowerCase()),
  parse: (input) => checkedAkari(parseAkariJson(typeof input === 'string' ? parseJsonText(input) : input), 'JSON'),
  write: (puzzle) => JSON.stringify(toAkariJson(puzzle)),
};

export function parseAkariJson(value: unknown): AkariPuzzle {
  if (typeof value !== 'object' || value === null) throw new ParseError('an Akari JSON puzzle is an object { "type": "akari", "grid": [...] }');
  const v = value as Record<string, unknown>;
  if (!NAMES.includes(String(v.type).toLowerCase())) throw new ParseError(`"type" must be "akari", found ${JSON.stringify(v.type)}`);
  const grid = v.grid;
  if (!Array.isArray(grid) || grid.length === 0 || !grid.every((row) => typeof row === 'string')) {
    throw new ParseError('"grid" must be a non-empty array of strings, one per row');
  }
  const cells = (grid as string[]).map((row, r) => [...row].map((ch, c): AkariCell => {
    const cell: AkariCell | undefined = ch === '_' ? 'white' : ch === '#' ? 'black' : clueCell(ch);
    if (cell === undefined) throw new ParseError(`unexpected character '${ch}' in grid[${r}] (expected _, # or 0-4)`, { cell: [r, c] });
    return cell;
  }));
  const cols = cells[0]!.length;
  cells.forEach((row, r) => {
    if (row.length !== cols || cols === 0) throw new ParseError(`grid[${r}] (${rowLabel(r)}) has ${row.length} cells, expected ${cols}`, { cell: [r, Math.min(row.length, cols)] });
  });
  if (v.rows !== undefined && v.rows !== cells.length) throw new ParseError(`"rows" is ${JSON.stringify(v.rows)} but the grid has ${cells.length} rows`);
  if (v.cols !== undefined && v.cols !== cols) throw new ParseError(`"cols" is ${JSON.stringify(v.cols)} but the grid rows have ${cols} cells`);
  return { rows: cells.length, cols, cells };
}

export function toAkariJson(puzzle: AkariPuzzle): AkariJson {
  return {
    type: 'akari',
    rows: puzzle.rows,
    cols: puzzle.cols,
    grid: puzzle.cells.map((row) => row.map((c) => (c === 'white' ? '_' : c === 'black' ? '#' : String(c))).join('')),
  };
}
