/**
 * The Python-list form of seed 004's boards: `board_6 = [['_','_','X','_','0','_','_'],[…],…]`
 * (the `name =` prefix is optional; quotes may be single or double): one inner list per row, cells
 * `'_'` white, `'X'` black without number, `'0'`–`'4'` black with clue.
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { clueCell, type AkariCell, type AkariPuzzle } from '../puzzle.js';
import { checkedAkari } from '../check.js';

const HEAD = /^\s*(?:[A-Za-z_]\w*\s*=\s*)?\[\s*\[/;

export const pylistFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'pylist',
  matchLine: (line) => HEAD.test(line),
  matchText: (text) => HEAD.test(text),
  parse: (input) => checkedAkari(parsePyList(String(input)), 'Python list'),
  write: writePyList,
};

/** One line, as seed 004 writes its boards: `[['_','X','0'],[…]]`. */
export function writePyList(puzzle: AkariPuzzle): string {
  const cell = (c: AkariPuzzle['cells'][number][number]) => `'${c === 'white' ? '_' : c === 'black' ? 'X' : String(c)}'`;
  return `[${puzzle.cells.map((row) => `[${row.map(cell).join(',')}]`).join(',')}]`;
}

/** A tiny scanner over `[[ 'c', … ], …]`, tracking line and column for errors. */
export function parsePyList(text: string): AkariPuzzle {
  let i = 0;
  const where = (at: number) => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    return { line, column: at - before.lastIndexOf('\n') };
  };
  const fail = (reason: string, at: number, cell?: [number, number]): never => {
    throw new ParseError(reason, { ...where(at), ...(cell ? { cell } : {}) });
  };
  const skipSpace = () => { while (i < text.length && /\s/.test(text[i]!)) i++; };
  const expect = (ch: string) => { skipSpace(); if (text[i] !== ch) fail(`expected '${ch}'`, i); i++; };

  const prefix = /^\s*(?:[A-Za-z_]\w*\s*=\s*)?/.exec(text)!;
  i = prefix[0].length;
  expect('[');
  const cells: AkariCell[][] = [];
  for (;;) {
    skipSpace();
    if (text[i] === ']') { i++; break; }
    const r = cells.length;
    expect('[');
    const row: AkariCell[] = [];
    for (;;) {
      skipSpace();
      if (text[i] === ']') { i++; break; }
      const quote = text[i];
      if (quote !== "'" && quote !== '"') fail('expected a quoted cell such as \'_\'', i, [r, row.length]);
      const end = text.indexOf(quote!, i + 1);
      if (end < 0) fail('unterminated string', i, [r, row.length]);
      const value = text.slice(i + 1, end);
      const cell: AkariCell | undefined = value === '_' ? 'white' : value === 'X' ? 'black' : clueCell(value);
      if (cell === undefined) fail(`unexpected cell '${value}' (expected _, X or 0-4)`, i + 1, [r, row.length]);
      row.push(cell!);
      i = end + 1;
      skipSpace();
      if (text[i] === ',') i++;
    }
    if (r > 0 && row.length !== cells[0]!.length) fail(`${rowLabel(r)} has ${row.length} cells, the first row has ${cells[0]!.length}`, i - 1);
    if (row.length === 0) fail('empty row', i - 1);
    cells.push(row);
    skipSpace();
    if (text[i] === ',') i++;
  }
  skipSpace();
  if (i < text.length) fail('unexpected text after the board', i);
  if (cells.length === 0) fail('the board has no rows', i - 1);
  return { rows: cells.length, cols: cells[0]!.length, cells };
}
