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
import { puzzlinkLineMatcher, readPuzzlinkFrame, writePuzzlinkUrl } from '../../../src/puzzle/puzzlink-url.js';
import type { RegionId, StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { regionsFromWalls, wallsOfRegions } from '../walls.js';
import { checkStars } from './lines.js';

const TYPE_NAMES = ['starbattle'];
const FORMAT = 'puzzlink';
const BASE32 = /^[0-9a-v]$/;
const isStarBattleUrl = puzzlinkLineMatcher(TYPE_NAMES);

export const puzzlinkFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: FORMAT,
  typeNames: TYPE_NAMES,
  matchLine: isStarBattleUrl,
  matchText: (text) => text.trim().split(/\s+/).length === 1 && isStarBattleUrl(text.trim()),
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('puzz.link format expects a URL');
    const { cols, rows, body, bodyColumn } = readPuzzlinkFrame(input, TYPE_NAMES);
    const at = (column: number) => ({ line: 1, column });
    // The body is `<stars>/<borders>`; the frame has already dropped the one `/` puzz.link may append.
    const [starsText = '', borders = '', ...extra] = body.split('/');
    if (!/^\d+$/.test(starsText)) throw new ParseError('expected the stars per unit (a number)', at(bodyColumn));
    const stars = checkStars(Number(starsText), at(bodyColumn));
    const bordersColumn = bodyColumn + starsText.length + 1;
    if (extra.length > 0) {
      throw new ParseError('unexpected text after the borders', at(bordersColumn + borders.length + 1));
    }
    const regions = decodePuzzlinkBorders(rows, cols, borders, bordersColumn);
    const size = at(bodyColumn - `${cols}/${rows}/`.length);
    return checkReading({ rows, cols, stars, regions }, {
      says: 'URL decoded to', size, stars: at(bodyColumn), regions: at(bordersColumn),
    });
  },
  write(puzzle) {
    return writePuzzlinkUrl('starbattle', puzzle.cols, puzzle.rows, `${puzzle.stars}/${encodePuzzlinkBorders(puzzle.regions, puzzle.labels)}`);
  },
};

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
export function encodePuzzlinkBorders(regions: readonly (readonly RegionId[])[], labels?: readonly string[]): string {
  const walls = wallsOfRegions(regions, labels);
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
