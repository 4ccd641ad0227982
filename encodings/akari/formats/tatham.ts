/**
 * Simon Tatham's Light Up game IDs: `<params>:<description>`, e.g. `7x7:hBBb1dBa3cBaBc1a4d2bBBh`
 * or `10x10b20s2d2:…`. Params are `WxH` optionally followed by `b<black %>s<symmetry>d<difficulty>`.
 * The description runs over all cells row by row: `a`–`z` a run of 1–26 white cells (runs continue
 * across row ends), `B` a black cell without number, `0`–`4` a black cell with that clue.
 */
import { ParseError } from '../../../src/util/errors.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import { clueCell, type AkariCell, type AkariPuzzle } from '../puzzle.js';
import { checkedAkari } from '../check.js';

const ID = /^(\s*)(\d+)x(\d+)((?:[bsd]\d+)*):(.*?)\s*$/;

export const tathamFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'tatham',
  matchLine: (line) => /^\s*\d+x\d+(?:[bsd]\d+)*:/.test(line),
  parse: (input) => checkedAkari(parseTatham(String(input)), 'Tatham game ID'),
  write: writeTatham,
};

export function parseTatham(line: string): AkariPuzzle {
  const m = ID.exec(line);
  if (!m) {
    const colon = line.indexOf(':');
    throw new ParseError(
      colon < 0 ? 'a Light Up game ID is <params>:<description>, e.g. 7x7:hBBb1dBa3cBaBc1a4d2bBBh' : `bad Light Up params '${line.slice(0, colon).trim()}' (expected WxH[b<n>s<n>d<n>])`,
      { line: 1, column: 1 },
    );
  }
  const cols = Number(m[2]);
  const rows = Number(m[3]);
  if (cols < 1 || rows < 1) throw new ParseError(`grid size ${cols}x${rows} has no cells`, { line: 1, column: m[1]!.length + 1 });
  const descStart = m[1]!.length + m[2]!.length + 1 + m[3]!.length + m[4]!.length + 1;
  const desc = m[5]!;
  const total = rows * cols;
  const flat: AkariCell[] = [];
  for (let i = 0; i < desc.length; i++) {
    const ch = desc[i]!;
    const column = descStart + i + 1;
    let add: AkariCell[];
    if (ch >= 'a' && ch <= 'z') add = new Array<AkariCell>(ch.charCodeAt(0) - 96).fill('white');
    else if (ch === 'B') add = ['black'];
    else if (clueCell(ch) !== undefined) add = [clueCell(ch)!];
    else throw new ParseError(`unexpected character '${ch}' in the description (expected a-z, B or 0-4)`, { line: 1, column });
    if (flat.length + add.length > total) {
      throw new ParseError(`the description runs past the ${cols}x${rows} grid`, { line: 1, column });
    }
    flat.push(...add);
  }
  if (flat.length < total) {
    throw new ParseError(`the description covers ${flat.length} cells, the ${cols}x${rows} grid has ${total}`, { line: 1, column: descStart + desc.length + 1 });
  }
  const cells = Array.from({ length: rows }, (_, r) => flat.slice(r * cols, (r + 1) * cols));
  return { rows, cols, cells };
}

/**
 * The game ID as Tatham's programs print it: short params `WxH` (the generator's `b`/`s`/`d` are
 * not part of the puzzle), white runs cut at 26 (`z`).
 */
export function writeTatham(puzzle: AkariPuzzle): string {
  if (puzzle.rows < 2 || puzzle.cols < 2) {
    throw new FormatLimitError('tatham', `the grid is ${puzzle.cols}x${puzzle.rows}; Tatham's Light Up needs at least 2x2 (its validator rejects smaller grids)`);
  }
  let desc = '';
  let whites = 0;
  const flush = () => {
    for (; whites > 0; whites -= Math.min(whites, 26)) desc += String.fromCharCode(96 + Math.min(whites, 26));
  };
  for (const cell of puzzle.cells.flat()) {
    if (cell === 'white') { whites++; continue; }
    flush();
    desc += cell === 'black' ? 'B' : String(cell);
  }
  flush();
  return `${puzzle.cols}x${puzzle.rows}:${desc}`;
}
