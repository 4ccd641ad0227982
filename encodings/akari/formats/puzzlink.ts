/**
 * puzz.link / pzprjs Light Up URLs: `https://puzz.link/p?lightup/<cols>/<rows>/<body>` (also type
 * `akari`, hosts `pzv.jp` and `pzprxs.vercel.app/p?`, an optional non-numeric flag segment after the
 * type). The body is one character stream over all cells, row by row:
 * `0`–`4` clue n; `5`–`9` clue n−5 then 1 white cell; `a`–`e` clue n−10 then 2 white cells;
 * `g`–`z` a run of 1–20 white cells; `.` a black cell without number.
 */
import { ParseError } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { AkariCell, AkariPuzzle } from '../puzzle.js';

const URL_HEAD = /^(\s*)(?:https?:\/\/)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)\/p(?:\.html)?\?(?:lightup|akari)\//;

export const puzzlinkFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'puzzlink',
  typeNames: ['lightup', 'akari'],
  matchLine: (line) => URL_HEAD.test(line),
  parse: (input) => parsePuzzlink(String(input)),
};

export function parsePuzzlink(url: string): AkariPuzzle {
  const head = URL_HEAD.exec(url);
  if (!head) throw new ParseError('not a puzz.link lightup URL (https://puzz.link/p?lightup/<cols>/<rows>/<body>)', { line: 1, column: 1 });
  const text = url.trimEnd();
  // Split the rest into segments, remembering where each starts (1-based columns).
  const segments: { value: string; column: number }[] = [];
  let start = head[0].length;
  for (const value of text.slice(start).split('/')) {
    segments.push({ value, column: start + 1 });
    start += value.length + 1;
  }
  if (segments.length > 0 && /^[a-z]+$/i.test(segments[0]!.value)) segments.shift(); // a flag
  const [colsSeg, rowsSeg, bodySeg] = segments;
  for (const [seg, what] of [[colsSeg, 'column count'], [rowsSeg, 'row count']] as const) {
    if (!seg || !/^[1-9]\d*$/.test(seg.value)) {
      throw new ParseError(`expected the ${what} (a positive number)`, { line: 1, column: seg?.column ?? text.length + 1 });
    }
  }
  const cols = Number(colsSeg!.value);
  const rows = Number(rowsSeg!.value);
  const body = bodySeg?.value ?? '';
  const bodyColumn = bodySeg?.column ?? text.length + 1;
  if (segments.length > 3) throw new ParseError('unexpected text after the body', { line: 1, column: segments[3]!.column - 1 });

  const total = rows * cols;
  const flat: AkariCell[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    const column = bodyColumn + i;
    const add = decodeChar(ch);
    if (!add) throw new ParseError(`unexpected character '${ch}' in the lightup body`, { line: 1, column });
    if (flat.length + add.length > total) {
      throw new ParseError(`the body runs past the ${cols}x${rows} grid`, { line: 1, column });
    }
    flat.push(...add);
  }
  if (flat.length < total) {
    throw new ParseError(`the body covers ${flat.length} cells, the ${cols}x${rows} grid has ${total}`, { line: 1, column: bodyColumn + body.length });
  }
  return { rows, cols, cells: Array.from({ length: rows }, (_, r) => flat.slice(r * cols, (r + 1) * cols)) };
}

function decodeChar(ch: string): AkariCell[] | null {
  if (ch === '.') return ['black'];
  if (!/^[0-9a-eg-z]$/.test(ch)) return null;
  const n = parseInt(ch, 36);
  if (n >= 16) return new Array<AkariCell>(n - 15).fill('white');
  const clue = (n % 5) as AkariCell;
  return [clue, ...new Array<AkariCell>(Math.floor(n / 5)).fill('white')];
}

/** Writes a puzzle as a puzz.link URL. */
export function toPuzzlink(puzzle: AkariPuzzle): string {
  const flat = puzzle.cells.flat();
  let body = '';
  for (let i = 0; i < flat.length;) {
    const cell = flat[i]!;
    if (cell === 'black') { body += '.'; i++; continue; }
    if (typeof cell === 'number') {
      let whites = 0;
      while (whites < 2 && flat[i + 1 + whites] === 'white') whites++;
      body += (cell + 5 * whites).toString(36);
      i += 1 + whites;
      continue;
    }
    let run = 0;
    while (run < 20 && flat[i + run] === 'white') run++;
    body += (15 + run).toString(36);
    i += run;
  }
  return `https://puzz.link/p?lightup/${puzzle.cols}/${puzzle.rows}/${body}`;
}
