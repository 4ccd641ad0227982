/**
 * puzz.link / pzprjs Light Up URLs: `https://puzz.link/p?akari/<cols>/<rows>/<body>` (type also
 * `lightup`, or pzpr's Kanpen name `bijutsukan`; any host or none; see src/puzzle/puzzlink-url.ts).
 * The body is one character stream over all cells, row by row (pzpr's `decode4Cell`):
 * `0`–`4` clue n; `5`–`9` clue n−5 then 1 white cell; `a`–`e` clue n−10 then 2 white cells;
 * `g`–`z` a run of 1–20 white cells; `.` a black cell without number.
 * As pzpr writes them, a clue in one of the last two cells may announce white cells past the end
 * (`akari/2/2/ia`: the last cell is clue 0, written `a`); those are ignored. Runs never pass the end.
 */
import { ParseError } from '../../../src/util/errors.js';
import { puzzlinkLineMatcher, readPuzzlinkFrame, writePuzzlinkUrl } from '../../../src/puzzle/puzzlink-url.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { AkariCell, AkariPuzzle } from '../puzzle.js';
import { checkedAkari } from '../check.js';

/** The names pzpr's `toPID` maps to Light Up; pzpr writes `akari`. */
export const LIGHTUP_TYPES = ['lightup', 'akari', 'bijutsukan'] as const;

export const puzzlinkFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'puzzlink',
  typeNames: LIGHTUP_TYPES,
  matchLine: puzzlinkLineMatcher(LIGHTUP_TYPES),
  parse: (input) => checkedAkari(parsePuzzlink(String(input)), 'puzz.link URL'),
  write: writePuzzlink,
};

export function parsePuzzlink(url: string): AkariPuzzle {
  const { cols, rows, body, bodyColumn } = readPuzzlinkFrame(url, LIGHTUP_TYPES);
  const total = rows * cols;
  const flat: AkariCell[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    const column = bodyColumn + i;
    if (flat.length === total) {
      throw new ParseError(`unexpected text '${body.slice(i)}' after the body (its ${total} cells are complete)`, { line: 1, column });
    }
    const cell: [number, number] = [Math.floor(flat.length / cols), flat.length % cols];
    const decoded = decodeChar(ch);
    if (!decoded) throw new ParseError(`unexpected character '${ch}' in the lightup body`, { line: 1, column, cell });
    const [first, whites] = decoded;
    if (first === 'white' && flat.length + whites > total) {
      throw new ParseError(`'${ch}' (${whites} white cells) runs past the ${cols}x${rows} grid`, { line: 1, column, cell });
    }
    if (first === 'white') flat.push(...new Array<AkariCell>(whites).fill('white'));
    else flat.push(first, ...new Array<AkariCell>(Math.min(whites, total - flat.length - 1)).fill('white'));
  }
  if (flat.length < total) {
    throw new ParseError(`the body covers ${flat.length} cells, the ${cols}x${rows} grid has ${total}`, { line: 1, column: bodyColumn + body.length });
  }
  return { rows, cols, cells: Array.from({ length: rows }, (_, r) => flat.slice(r * cols, (r + 1) * cols)) };
}

/** A body character as [its first cell, the white cells after it] (a white run: ['white', length]). */
function decodeChar(ch: string): [AkariCell, number] | null {
  if (ch === '.') return ['black', 0];
  if (!/^[0-9a-eg-z]$/.test(ch)) return null;
  const n = parseInt(ch, 36);
  if (n >= 16) return ['white', n - 15];
  return [(n % 5) as AkariCell, Math.floor(n / 5)];
}

/**
 * The URL pzpr's getURL() writes for this board (pzpr's `encode4Cell`): a clue takes the next two
 * cells when they are white or past the end, else the next one when it is white and the one after
 * it is not; white runs are cut at 20.
 */
export function writePuzzlink(puzzle: AkariPuzzle): string {
  const flat = puzzle.cells.flat();
  const n = flat.length;
  const isWhite = (i: number) => i < n && flat[i] === 'white';
  let body = '';
  let run = 0;
  for (let i = 0; i < n; i++) {
    const cell = flat[i]!;
    let code = '';
    if (typeof cell === 'number') {
      if (i + 1 < n && !isWhite(i + 1)) code = String(cell);
      else if (i + 2 < n && !isWhite(i + 2)) { code = (cell + 5).toString(16); i += 1; }
      else { code = (cell + 10).toString(16); i += 2; }
    } else if (cell === 'black') code = '.';
    else run++;
    if (run === 0) body += code;
    else if (code !== '' || run === 20) { body += (run + 15).toString(36) + code; run = 0; }
  }
  if (run > 0) body += (run + 15).toString(36);
  return writePuzzlinkUrl('akari', puzzle.cols, puzzle.rows, body);
}
