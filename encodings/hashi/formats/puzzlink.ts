/**
 * puzz.link / pzprjs `hashikake` URLs: `https://puzz.link/p?hashi/<cols>/<rows>/<body>` (type also
 * `hashikake`, `bridges`; any host or none; see src/puzzle/puzzlink-url.ts). Body, over all cells
 * (pzpr's `decodeNumber16`): `0`–`9`/`a`–`f` island with that hex number, `-xx` two hex digits,
 * `+xxx` three, `=xxx` 4096 + three, `%xxx` 8192 + three, `.` island with unknown number, `g`–`z` a
 * run of 1–20 empty cells. pzpr's hashikake allows at most 2 bridges per pair, and loops.
 */
import { ParseError } from '../../../src/util/errors.js';
import { puzzlinkLineMatcher, readPuzzlinkFrame, writePuzzlinkUrl } from '../../../src/puzzle/puzzlink-url.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import type { HashiPuzzle, Island } from '../puzzle.js';
import { checkedHashi } from '../check.js';

/** The names pzpr's `toPID` maps to hashikake; pzpr writes `hashi`. */
export const HASHIKAKE_TYPES = ['hashikake', 'hashi', 'bridges'] as const;

/** Prefix character → [digits, offset] for multi-digit numbers. */
const WIDE: Record<string, [number, number]> = { '-': [2, 0], '+': [3, 0], '=': [3, 4096], '%': [3, 8192] };

export function parsePuzzlink(text: string): HashiPuzzle {
  const { cols, rows, body, bodyColumn } = readPuzzlinkFrame(text, HASHIKAKE_TYPES);
  const total = rows * cols;
  const islands: Island[] = [];
  let pos = 0;
  for (let i = 0; i < body.length;) {
    const ch = body[i]!;
    const column = bodyColumn + i;
    if (pos === total) {
      throw new ParseError(`unexpected text '${body.slice(i)}' after the body (its ${total} cells are complete)`, { line: 1, column });
    }
    const cell: [number, number] = [Math.floor(pos / cols), pos % cols];
    const island = (count: number | null, width: number): void => {
      islands.push({ row: cell[0], col: cell[1], count });
      pos++;
      i += width;
    };
    if (/[0-9a-f]/.test(ch)) island(parseInt(ch, 16), 1);
    else if (ch === '.') island(null, 1);
    else if (WIDE[ch]) {
      const [width, offset] = WIDE[ch]!;
      const hex = body.slice(i + 1, i + 1 + width);
      if (hex.length !== width || !/^[0-9a-f]+$/.test(hex)) {
        throw new ParseError(`'${ch}' must be followed by ${width} hex digits`, { line: 1, column, cell });
      }
      island(offset + parseInt(hex, 16), width + 1);
    } else if (/[g-z]/.test(ch)) {
      const run = parseInt(ch, 36) - 15;
      if (pos + run > total) throw new ParseError(`'${ch}' (${run} empty cells) runs past the ${cols}x${rows} grid`, { line: 1, column, cell });
      pos += run;
      i++;
    } else {
      throw new ParseError(`unexpected character '${ch}' in the hashikake body`, { line: 1, column, cell });
    }
  }
  if (pos < total) {
    throw new ParseError(`the body covers ${pos} cells, the ${cols}x${rows} grid has ${total}`, { line: 1, column: bodyColumn + body.length });
  }
  return { rows, cols, maxBridges: 2, noLoops: false, islands };
}

/** The URL pzpr's getURL() writes for this board (pzpr's `encodeNumber16`; empty runs cut at 20). */
export function writePuzzlink(p: HashiPuzzle): string {
  if (p.maxBridges !== 2) {
    throw new FormatLimitError('puzzlink', `puzz.link's hashikake always allows up to 2 bridges per pair; this puzzle allows ${p.maxBridges} (m${p.maxBridges})`);
  }
  if (p.noLoops) throw new FormatLimitError('puzzlink', "puzz.link's hashikake has no no-loops rule (Tatham's L)");
  const at = new Map(p.islands.map((isl) => [isl.row * p.cols + isl.col, isl.count]));
  let body = '';
  let run = 0;
  for (let i = 0; i < p.rows * p.cols; i++) {
    let code = '';
    if (at.has(i)) {
      const n = at.get(i)!;
      if (n === null) code = '.';
      else if (n < 16) code = n.toString(16);
      else if (n < 256) code = '-' + n.toString(16);
      else if (n < 4096) code = '+' + n.toString(16);
      else throw new FormatLimitError('puzzlink', `island number ${n} is too large`);
    } else run++;
    if (run === 0) body += code;
    else if (code !== '' || run === 20) { body += (run + 15).toString(36) + code; run = 0; }
  }
  if (run > 0) body += (run + 15).toString(36);
  return writePuzzlinkUrl('hashi', p.cols, p.rows, body);
}

export const puzzlinkFormat: PuzzleFormat<HashiPuzzle> = {
  name: 'puzzlink',
  typeNames: HASHIKAKE_TYPES,
  matchLine: puzzlinkLineMatcher(HASHIKAKE_TYPES),
  parse: (input) => checkedHashi(parsePuzzlink(String(input)), 'puzz.link URL'),
  write: writePuzzlink,
};
