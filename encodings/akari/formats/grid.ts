/**
 * The Akari grid of seed 004: one line per row, `_` white, `X` black without number, `0`–`4` black
 * with clue (spaces or commas between cells are allowed). Lines starting with `#` are comments.
 * Example:
 * ```
 * __X_0__
 * _______
 * ```
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { clueCell, type AkariCell, type AkariPuzzle } from '../puzzle.js';
import { checkedAkari } from '../check.js';

export const gridFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'grid',
  matchText: (text) => {
    const rows = contentLines(text);
    return rows.length > 0 && rows.every((l) => /^[_X0-4 ,\t]+$/.test(l.value)) && rows.some((l) => l.value.includes('_'));
  },
  parse: (input) => checkedAkari(parseGrid(String(input)), 'grid'),
  write: writeGrid,
};

function contentLines(text: string): { value: string; line: number }[] {
  return text.split(/\r?\n/).map((value, i) => ({ value: value.trimEnd(), line: i + 1 }))
    .filter((l) => l.value.trim() !== '' && !l.value.trimStart().startsWith('#'));
}

export function parseGrid(text: string): AkariPuzzle {
  const lines = contentLines(text);
  if (lines.length === 0) throw new ParseError('no grid rows found', { line: 1, column: 1 });
  const cells: AkariCell[][] = [];
  for (const { value, line } of lines) {
    const r = cells.length;
    const row: AkariCell[] = [];
    for (let i = 0; i < value.length; i++) {
      const ch = value[i]!;
      if (ch === ' ' || ch === ',' || ch === '\t') continue;
      const cell: AkariCell | undefined = ch === '_' ? 'white' : ch === 'X' ? 'black' : clueCell(ch);
      if (cell === undefined) throw new ParseError(`unexpected character '${ch}' (expected _, X or 0-4)`, { line, column: i + 1, cell: [r, row.length] });
      row.push(cell);
    }
    if (r > 0 && row.length !== cells[0]!.length) {
      throw new ParseError(`${rowLabel(r)} has ${row.length} cells, the first row has ${cells[0]!.length}`, { line, column: 1 });
    }
    cells.push(row);
  }
  return { rows: cells.length, cols: cells[0]!.length, cells };
}

/** Writes the puzzle in the seed grid format. */
export function writeGrid(puzzle: AkariPuzzle): string {
  return puzzle.cells.map((row) => row.map((c) => (c === 'white' ? '_' : c === 'black' ? 'X' : String(c))).join('')).join('\n') + '\n';
}
