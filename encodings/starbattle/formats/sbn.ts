/**
 * SBN, Star Battle Notation (starbattlelab): one puzzle per line, as its puzzle banks store them.
 *
 *     EE3W08OfaO2C1IeaurED7aZoGX98ZBHdeIGG29X7GZHOmMOI4H8Ocd8aOOaC4A200
 *
 * - Alphabet `0-9A-Za-z-_`, 6 bits per character (`0` = 0 … `_` = 63).
 * - Characters 1–2: the size n, one letter twice: `55`…`99` for 5–9, `AA` = 10 … `PP` = 25.
 * - Character 3: stars per unit (a digit). Character 4: a flag (`W`; starbattlelab writes `e` when
 *   the player's marks follow).
 * - Then ceil(2n(n−1)/6) characters of wall bits, most significant first, the whole bit string
 *   left-padded with zeros to a multiple of 6: n(n−1) bits "wall right of (r,c)" row by row, then
 *   n(n−1) bits "wall below (r,c)" column by column. Regions are the wall-free groups of cells.
 * - Anything after the wall characters is saved progress (marks, `~h:` history): ignored.
 */
import { ParseError } from '../../../src/util/errors.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import type { StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { regionsFromWalls, wallsForWriter } from '../walls.js';
import { checkStars } from './lines.js';

const FORMAT = 'sbn';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const SIZE_LETTERS = '56789ABCDEFGHIJKLMNOP'; // sizes 5..25
const MIN_SIZE = 5;
const FLAG = 'W';
/** Size code, star digit, flag, then at least one wall character; no spaces. */
const LINE = /^([5-9A-P])\1[0-9][0-9A-Za-z_-][0-9A-Za-z_-]\S*$/;

const sizeOf = (code: string): number | undefined => {
  const i = SIZE_LETTERS.indexOf(code);
  return i < 0 ? undefined : MIN_SIZE + i;
};
/** Wall characters an n×n grid takes. */
const wallChars = (n: number) => Math.ceil((2 * n * (n - 1)) / 6);

export const sbnFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: FORMAT,
  matchLine: (line) => LINE.test(line.trim()),
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('SBN format expects a line of text');
    const line = input.trim();
    const offset = input.indexOf(line); // columns are reported in the caller's string
    const at = (i: number) => ({ line: 1, column: offset + i + 1 });
    const n = sizeOf(line[0] ?? '');
    if (n === undefined || line[1] !== line[0]) {
      throw new ParseError(`SBN starts with the size as one letter twice (55…99, AA = 10 … PP = 25), got '${line.slice(0, 2)}'`, at(0));
    }
    if (!/^[0-9]$/.test(line[2] ?? '')) throw new ParseError(`expected the stars per unit (a digit), got '${line[2] ?? ''}'`, at(2));
    const stars = checkStars(Number(line[2]), at(2));
    if (line[3] === undefined || !ALPHABET.includes(line[3])) throw new ParseError(`expected a flag character (W), got '${line[3] ?? ''}'`, at(3));

    const need = wallChars(n);
    const body = line.slice(4, 4 + need);
    for (let k = 0; k < body.length; k++) {
      if (!ALPHABET.includes(body[k]!)) throw new ParseError(`'${body[k]}' is not an SBN character (0-9, A-Z, a-z, -, _)`, at(4 + k));
    }
    if (body.length < need) {
      throw new ParseError(`walls too short: a ${n}×${n} grid needs ${need} characters after the 4-character header, got ${body.length}`, at(4 + body.length));
    }
    const bits: boolean[] = [];
    for (const ch of body) {
      const v = ALPHABET.indexOf(ch);
      for (let b = 5; b >= 0; b--) bits.push(((v >> b) & 1) === 1);
    }
    const half = n * (n - 1);
    const start = bits.length - 2 * half; // the padding is on the left
    const regions = regionsFromWalls(n, n, {
      right: (r, c) => bits[start + r * (n - 1) + c]!,
      below: (r, c) => bits[start + half + c * (n - 1) + r]!,
    });
    return checkReading({ rows: n, cols: n, stars, regions }, { says: 'SBN decoded to', size: at(0), stars: at(2), regions: at(4) });
  },
  /** The SBN line starbattlelab writes for the bare puzzle (flag `W`, no saved progress). */
  write(puzzle) {
    const { rows: n, cols, stars } = puzzle;
    const fail = (reason: string) => new FormatLimitError(FORMAT, reason);
    if (n !== cols) throw fail(`the grid is ${n}×${cols}; SBN holds square grids only`);
    if (n < MIN_SIZE || n >= MIN_SIZE + SIZE_LETTERS.length) throw fail(`the size is ${n}; SBN holds 5×5 to 25×25`);
    if (!Number.isInteger(stars) || stars < 1 || stars > 9) throw fail(`${stars} stars per unit; SBN holds one digit, 1 to 9`);
    const walls = wallsForWriter(puzzle, fail);
    const bits: boolean[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c + 1 < n; c++) bits.push(walls.right(r, c));
    for (let c = 0; c < n; c++) for (let r = 0; r + 1 < n; r++) bits.push(walls.below(r, c));
    const padded = [...Array<boolean>((6 - (bits.length % 6)) % 6).fill(false), ...bits];
    let body = '';
    for (let k = 0; k < padded.length; k += 6) {
      let v = 0;
      for (let b = 0; b < 6; b++) v = (v << 1) | (padded[k + b] ? 1 : 0);
      body += ALPHABET[v];
    }
    const code = SIZE_LETTERS[n - MIN_SIZE]!;
    return `${code}${code}${stars}${FLAG}${body}`;
  },
};
