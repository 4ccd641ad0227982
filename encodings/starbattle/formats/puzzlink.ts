/**
 * puzz.link / pzprjs URLs: `https://puzz.link/p?starbattle/<cols>/<rows>/<k>/<borders>` (hosts
 * puzz.link, pzv.jp, pzprxs.vercel.app; `p?` or `p.html?`; an optional non-numeric flag segment
 * after the type). `k` = stars per unit; `borders` packs 5 bits per base-32 character (`0-9a-v`),
 * most significant first: (cols−1)×rows bits "wall right of (r,c)" row by row, then cols×(rows−1)
 * bits "wall below (r,c)" row by row. Regions are the wall-free connected groups of cells.
 */
import { ParseError } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { RegionId, StarBattlePuzzle } from '../puzzle.js';
import { checkStars } from './lines.js';

const URL_PREFIX = /^\s*(?:https?:\/\/)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)\/p(?:\.html)?\?/i;
const TYPE_NAMES = ['starbattle'];

function isStarBattleUrl(line: string): boolean {
  const m = URL_PREFIX.exec(line);
  return m !== null && TYPE_NAMES.includes(line.slice(m[0].length).split('/')[0]!.toLowerCase());
}

export const puzzlinkFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'puzzlink',
  typeNames: TYPE_NAMES,
  matchLine: isStarBattleUrl,
  matchText: (text) => text.trim().split(/\s+/).length === 1 && isStarBattleUrl(text.trim()),
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('puzz.link format expects a URL');
    const url = input.trim();
    const offset = input.indexOf(url); // columns are reported in the caller's string
    const prefix = URL_PREFIX.exec(url);
    if (!prefix) throw new ParseError('not a puzz.link/pzv.jp URL', { line: 1, column: offset + 1 });
    const segments = splitSegments(url, prefix[0].length);
    const at = (i: number) => segments[i];
    const type = at(0);
    if (!type || !TYPE_NAMES.includes(type.text.toLowerCase())) {
      throw new ParseError(`URL is for '${type?.text ?? ''}', not starbattle`, { line: 1, column: offset + (type?.column ?? 1) });
    }
    let i = 1;
    if (at(i) && !/^\d+$/.test(at(i)!.text)) i++; // a flag segment
    const number = (seg: { text: string; column: number } | undefined, what: string): number => {
      if (!seg || !/^\d+$/.test(seg.text)) {
        throw new ParseError(`expected ${what} (a number)`, { line: 1, column: offset + (seg?.column ?? url.length + 1) });
      }
      return Number(seg.text);
    };
    const cols = number(at(i), 'the number of columns');
    const rows = number(at(i + 1), 'the number of rows');
    const stars = checkStars(number(at(i + 2), 'the stars per unit'), { line: 1, column: offset + at(i + 2)!.column });
    if (cols < 1 || rows < 1) throw new ParseError(`grid size ${cols}x${rows} is empty`, { line: 1, column: offset + at(i)!.column });
    const body = at(i + 3) ?? { text: '', column: url.length + 1 };

    const needed = (cols - 1) * rows + cols * (rows - 1);
    const bits = readBits(body.text, needed, offset + body.column);
    const wallRight = (r: number, c: number) => bits[r * (cols - 1) + c] === 1;
    const wallBelow = (r: number, c: number) => bits[(cols - 1) * rows + r * cols + c] === 1;
    return { rows, cols, stars, regions: regionsFromWalls(rows, cols, wallRight, wallBelow) };
  },
};

/** Slash-separated segments after the `?`, with their 1-based columns in the URL. */
function splitSegments(url: string, start: number): { text: string; column: number }[] {
  const out: { text: string; column: number }[] = [];
  let column = start + 1;
  for (const text of url.slice(start).split('/')) {
    out.push({ text, column });
    column += text.length + 1;
  }
  return out;
}

/** The first `count` bits of a base-32 string, 5 bits per character, most significant first. */
function readBits(text: string, count: number, column: number): number[] {
  const bits: number[] = [];
  for (let i = 0; i < text.length && bits.length < count; i++) {
    const v = parseInt(text[i]!, 32);
    if (Number.isNaN(v) || !/[0-9a-v]/.test(text[i]!)) {
      throw new ParseError(`'${text[i]}' is not a base-32 border digit (0-9, a-v)`, { line: 1, column: column + i });
    }
    for (let b = 4; b >= 0; b--) bits.push((v >> b) & 1);
  }
  if (bits.length < count) {
    throw new ParseError(`borders too short: need ${count} bits (${Math.ceil(count / 5)} characters), got ${text.length} characters`,
      { line: 1, column: column + text.length });
  }
  return bits.slice(0, count);
}

/** Regions = connected groups of cells not separated by walls, numbered in reading order. */
function regionsFromWalls(rows: number, cols: number, wallRight: (r: number, c: number) => boolean,
  wallBelow: (r: number, c: number) => boolean): RegionId[][] {
  const regions: RegionId[][] = Array.from({ length: rows }, () => Array<RegionId>(cols).fill(null));
  let next = 0;
  for (let r0 = 0; r0 < rows; r0++) {
    for (let c0 = 0; c0 < cols; c0++) {
      if (regions[r0]![c0] !== null) continue;
      const id = next++;
      const stack: [number, number][] = [[r0, c0]];
      regions[r0]![c0] = id;
      while (stack.length) {
        const [r, c] = stack.pop()!;
        const open: [number, number, boolean][] = [
          [r, c + 1, c + 1 < cols && !wallRight(r, c)],
          [r, c - 1, c > 0 && !wallRight(r, c - 1)],
          [r + 1, c, r + 1 < rows && !wallBelow(r, c)],
          [r - 1, c, r > 0 && !wallBelow(r - 1, c)],
        ];
        for (const [nr, nc, ok] of open) {
          if (ok && regions[nr]![nc] === null) { regions[nr]![nc] = id; stack.push([nr, nc]); }
        }
      }
    }
  }
  return regions;
}

/** Writes a puzzle as a puzz.link URL (every cell must belong to a region). */
export function toPuzzlinkUrl(puzzle: StarBattlePuzzle): string {
  const { rows, cols, regions } = puzzle;
  if (regions.some((row) => row.includes(null))) throw new Error('puzz.link starbattle cannot express cells in no region');
  const bits: number[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c + 1 < cols; c++) bits.push(regions[r]![c] !== regions[r]![c + 1] ? 1 : 0);
  for (let r = 0; r + 1 < rows; r++) for (let c = 0; c < cols; c++) bits.push(regions[r]![c] !== regions[r + 1]![c] ? 1 : 0);
  let body = '';
  for (let i = 0; i < bits.length; i += 5) {
    let v = 0;
    for (let b = 0; b < 5; b++) v = (v << 1) | (bits[i + b] ?? 0);
    body += v.toString(32);
  }
  return `https://puzz.link/p?starbattle/${cols}/${rows}/${puzzle.stars}/${body}`;
}
