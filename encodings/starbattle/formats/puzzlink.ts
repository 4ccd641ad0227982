/**
 * puzz.link / pzprjs URLs: `https://puzz.link/p?starbattle/<cols>/<rows>/<k>/<borders>` (hosts
 * puzz.link, pzv.jp, pzprxs.vercel.app; `p?` or `p.html?`; an optional non-numeric flag segment
 * after the type; a trailing `/` is allowed). `k` = stars per unit. `borders` is two sections, each
 * packed 5 bits per base-32 character (`0-9a-v`), most significant first, and each padded with zero
 * bits to a whole character on its own: (cols−1)×rows bits "wall right of (r,c)" row by row, then
 * cols×(rows−1) bits "wall below (r,c)" row by row. Regions are the wall-free connected groups of
 * cells. The writer produces exactly what pzpr's getURL() writes after the `?`.
 */
import { ParseError } from '../../../src/util/errors.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import type { RegionId, StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { regionsFromWalls, wallsOfRegions } from '../walls.js';
import { checkStars } from './lines.js';

const URL_PREFIX = /^\s*(?:https?:\/\/)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)\/p(?:\.html)?\?/i;
const TYPE_NAMES = ['starbattle'];
const FORMAT = 'puzzlink';
const BASE32 = /^[0-9a-v]$/;

function isStarBattleUrl(line: string): boolean {
  const m = URL_PREFIX.exec(line);
  return m !== null && TYPE_NAMES.includes(line.slice(m[0].length).split('/')[0]!.toLowerCase());
}

export const puzzlinkFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: FORMAT,
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
    const where = (seg: Segment | undefined) => ({ line: 1, column: offset + (seg?.column ?? url.length + 1) });
    const type = at(0);
    if (!type || !TYPE_NAMES.includes(type.text.toLowerCase())) {
      throw new ParseError(`URL is for '${type?.text ?? ''}', not starbattle`, where(type));
    }
    let i = 1;
    if (at(i) && !/^\d+$/.test(at(i)!.text)) i++; // a flag segment
    const number = (seg: Segment | undefined, what: string): number => {
      if (!seg || !/^\d+$/.test(seg.text)) throw new ParseError(`expected ${what} (a number)`, where(seg));
      return Number(seg.text);
    };
    const cols = number(at(i), 'the number of columns');
    const rows = number(at(i + 1), 'the number of rows');
    const stars = checkStars(number(at(i + 2), 'the stars per unit'), where(at(i + 2)));
    if (cols < 1 || rows < 1) throw new ParseError(`grid size ${cols}x${rows} is empty`, where(at(i)));
    const body = at(i + 3) ?? { text: '', column: url.length + 1 };
    const rest = segments.slice(i + 4);
    // puzz.link may end a URL with one `/`; anything else after the borders is not part of it.
    if (rest.length > 1 || (rest.length === 1 && rest[0]!.text !== '')) {
      const culprit = rest[0]!.text !== '' ? rest[0]!.column : rest[1]!.column - 1;
      throw new ParseError('unexpected text after the borders', where({ text: '', column: culprit }));
    }

    const regions = decodePuzzlinkBorders(rows, cols, body.text, offset + body.column);
    return checkReading({ rows, cols, stars, regions }, {
      says: 'URL decoded to', size: where(at(i)), stars: where(at(i + 2)), regions: where(body),
    });
  },
  write(puzzle) {
    return `https://puzz.link/p?starbattle/${puzzle.cols}/${puzzle.rows}/${puzzle.stars}/${encodePuzzlinkBorders(puzzle.regions)}`;
  },
};

interface Segment { text: string; column: number }

/** Slash-separated segments after the `?`, with their 1-based columns in the URL. */
function splitSegments(url: string, start: number): Segment[] {
  const out: Segment[] = [];
  let column = start + 1;
  for (const text of url.slice(start).split('/')) {
    out.push({ text, column });
    column += text.length + 1;
  }
  return out;
}

/** Characters a section of `bits` bits takes: 5 bits per character, the last one padded. */
const charsFor = (bits: number) => Math.ceil(bits / 5);

/**
 * Reads the borders of a rows×cols grid (any shape: the wall codec alone, before the Star Battle
 * checks) into regions numbered in reading order. `column` is the body's 1-based column, for errors.
 * The body must have exactly the characters the two padded sections take.
 */
export function decodePuzzlinkBorders(rows: number, cols: number, body: string, column = 1): number[][] {
  const across = (cols - 1) * rows;
  const down = cols * (rows - 1);
  const need = charsFor(across) + charsFor(down);
  for (let k = 0; k < Math.min(body.length, need); k++) {
    if (!BASE32.test(body[k]!)) {
      throw new ParseError(`'${body[k]}' is not a base-32 border digit (0-9, a-v)`, { line: 1, column: column + k });
    }
  }
  const layout = `a ${rows}×${cols} grid needs ${need} characters (${charsFor(across)} for the walls between columns, `
    + `then ${charsFor(down)} for the walls between rows)`;
  if (body.length < need) throw new ParseError(`borders too short: ${layout}, got ${body.length}`, { line: 1, column: column + body.length });
  if (body.length > need) throw new ParseError(`borders too long: ${layout}, got ${body.length}`, { line: 1, column: column + need });

  const section = (from: number, count: number): boolean[] => {
    const bits: boolean[] = [];
    for (let k = from; bits.length < count; k++) {
      const v = parseInt(body[k]!, 32);
      for (let b = 4; b >= 0 && bits.length < count; b--) bits.push(((v >> b) & 1) === 1);
    }
    return bits;
  };
  const right = section(0, across);
  const below = section(charsFor(across), down);
  return regionsFromWalls(rows, cols, {
    right: (r, c) => right[r * (cols - 1) + c]!,
    below: (r, c) => below[r * cols + c]!,
  });
}

/**
 * Writes the borders of a region grid (any shape), as pzpr does. Throws FormatLimitError when walls
 * cannot hold the regions: a cell in no region, or a region in several pieces.
 */
export function encodePuzzlinkBorders(regions: readonly (readonly RegionId[])[]): string {
  const walls = wallsOfRegions(regions);
  if ('reason' in walls) throw new FormatLimitError(FORMAT, walls.reason);
  const rows = regions.length;
  const cols = regions[0]?.length ?? 0;
  const right: boolean[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c + 1 < cols; c++) right.push(walls.right(r, c));
  const below: boolean[] = [];
  for (let r = 0; r + 1 < rows; r++) for (let c = 0; c < cols; c++) below.push(walls.below(r, c));
  return pack(right) + pack(below);
}

/** 5 bits per base-32 character, most significant first, the last character padded with zeros. */
function pack(bits: readonly boolean[]): string {
  let out = '';
  for (let k = 0; k < bits.length; k += 5) {
    let v = 0;
    for (let b = 0; b < 5; b++) v = (v << 1) | (bits[k + b] ? 1 : 0);
    out += v.toString(32);
  }
  return out;
}
