/**
 * puzz.link / pzprjs `hashikake` URLs: `https://puzz.link/p?hashikake/<cols>/<rows>/<body>` (type
 * also `hashi`, `bridges`; host also `pzv.jp`, `pzprxs.vercel.app/p?`). Body, over all cells:
 * `0`–`9`/`a`–`f` island with that hex digit, `-xx` two hex digits, `+xxx` three, `.` island with
 * unknown number, `g`–`z` a run of 1–20 empty cells. At most 2 bridges per pair.
 */
import { ParseError } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { HashiPuzzle, Island } from '../puzzle.js';

const TYPES = ['hashikake', 'hashi', 'bridges'];
/** `[<host>/p?]<type>/<rest>`; the host part is optional (FORMATS.md writes examples without it). */
const URL_SHAPE = /^(?:[^?\s]*\?)?([^/?\s]+)\/(.*)$/;

export function parsePuzzlink(text: string): HashiPuzzle {
  const url = text.trim();
  const lead = text.length - text.trimStart().length;
  const m = URL_SHAPE.exec(url);
  if (!m) throw new ParseError('not a puzz.link URL (expected …/p?hashikake/<cols>/<rows>/<body>)', { line: 1, column: 1 });
  if (!TYPES.includes(m[1]!.toLowerCase())) {
    throw new ParseError(`puzz.link type '${m[1]}' is not hashikake`, { line: 1, column: lead + url.indexOf('?') + 2 });
  }
  const restStart = lead + url.length - m[2]!.length; // 0-based offset of the part after the type
  const segs = m[2]!.split('/');
  let si = 0;
  let offset = restStart;
  if (segs.length > 3 && !/^\d+$/.test(segs[0]!)) { offset += segs[0]!.length + 1; si = 1; } // a flag
  const colsSeg = segs[si];
  const rowsSeg = segs[si + 1];
  if (colsSeg === undefined || rowsSeg === undefined || !/^\d+$/.test(colsSeg) || !/^\d+$/.test(rowsSeg)) {
    throw new ParseError('expected <cols>/<rows> after the type', { line: 1, column: offset + 1 });
  }
  const cols = Number(colsSeg);
  const rows = Number(rowsSeg);
  if (cols < 1 || rows < 1 || rows * cols > 1_000_000) throw new ParseError(`grid size ${cols}x${rows} out of range`, { line: 1, column: offset + 1 });
  const bodyStart = offset + colsSeg.length + rowsSeg.length + 2;
  const body = segs.slice(si + 2).join('/');
  const islands: Island[] = [];
  let pos = 0;
  const total = rows * cols;
  let i = 0;
  while (i < body.length) {
    const ch = body[i]!;
    const column = bodyStart + i + 1;
    const cell: [number, number] = [Math.floor(pos / cols), pos % cols];
    const island = (count: number | null, width: number): void => {
      if (pos >= total) throw new ParseError(`the body has more than ${total} cells`, { line: 1, column });
      islands.push({ row: cell[0], col: cell[1], count });
      pos++;
      i += width;
    };
    if (/[0-9a-f]/.test(ch)) island(parseInt(ch, 16), 1);
    else if (ch === '.') island(null, 1);
    else if (ch === '-' || ch === '+') {
      const width = ch === '-' ? 2 : 3;
      const hex = body.slice(i + 1, i + 1 + width);
      if (hex.length !== width || !/^[0-9a-f]+$/.test(hex)) {
        throw new ParseError(`'${ch}' must be followed by ${width} hex digits`, { line: 1, column, cell });
      }
      island(parseInt(hex, 16), width + 1);
    } else if (/[g-z]/.test(ch)) {
      pos += parseInt(ch, 36) - 15;
      if (pos > total) throw new ParseError(`the body has more than ${total} cells`, { line: 1, column });
      i++;
    } else {
      throw new ParseError(`unexpected character '${ch}'`, { line: 1, column, cell });
    }
  }
  // pzprjs omits trailing empty cells.
  return { rows, cols, maxBridges: 2, noLoops: false, islands };
}

export function toPuzzlink(p: HashiPuzzle): string {
  const at = new Map(p.islands.map((isl) => [isl.row * p.cols + isl.col, isl.count]));
  let body = '';
  let run = 0;
  const flush = (): void => {
    while (run > 0) {
      const n = Math.min(run, 20);
      body += (n + 15).toString(36);
      run -= n;
    }
  };
  for (let i = 0; i < p.rows * p.cols; i++) {
    if (!at.has(i)) { run++; continue; }
    flush();
    const n = at.get(i)!;
    if (n === null) body += '.';
    else if (n < 16) body += n.toString(16);
    else if (n < 256) body += '-' + n.toString(16).padStart(2, '0');
    else body += '+' + n.toString(16).padStart(3, '0');
  }
  flush();
  return `https://puzz.link/p?hashikake/${p.cols}/${p.rows}/${body}`;
}

export const puzzlinkFormat: PuzzleFormat<HashiPuzzle> = {
  name: 'puzzlink',
  typeNames: ['hashikake', 'hashi'],
  matchLine: (line) => /^(?:\S*\?)?(hashikake|hashi|bridges)\/(?:[^/\s]+\/)?\d+\/\d+\//i.test(line.trim()),
  parse: (input) => parsePuzzlink(String(input)),
};
