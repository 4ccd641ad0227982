/**
 * gridsat's JSON for bridges with sum signs, the shape of /work/shared/collections/bridges-signs-map1.json:
 *
 * ```json
 * { "type": "bridges-signs", "width": 11, "height": 8,
 *   "islands": [[0, 2], [1, 4]],
 *   "signs": [{ "at": [4, 2], "N": 15, "S": 5, "E": 9, "W": 6 }],
 *   "about": "optional free text" }
 * ```
 * Points are `[x, y]`, x eastward and y NORTHWARD from 0. A sign corner of 0 shows nothing.
 * Messages quote points as `[x,y]` and name cells as every message does, `(row,col)` from the top
 * left (1,1).
 * `type` (`bridges-signs` or `signs`) may be omitted, as in the shared map file.
 */
import { ParseError } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { DIRECTIONS, type Point, type Sign, type SignsPuzzle } from '../puzzle.js';
import { parseJsonText } from '../../../src/util/json-text.js';

export const SIGNS_NAMES = ['bridges-signs', 'signs'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseSignsJson(value: unknown): SignsPuzzle {
  if (!isObject(value)) throw new ParseError('a bridges-signs puzzle must be a JSON object');
  if (value.type !== undefined && (typeof value.type !== 'string' || !SIGNS_NAMES.includes(value.type.toLowerCase()))) {
    throw new ParseError(`"type" must be "bridges-signs" (got ${JSON.stringify(value.type)})`);
  }
  const { width, height } = value;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1 || (width as number) > 1000 || (height as number) > 1000) {
    throw new ParseError('"width" and "height" must be integers 1..1000');
  }
  const w = width as number;
  const h = height as number;
  const taken = new Map<string, string>();
  const point = (v: unknown, what: string): Point => {
    if (!Array.isArray(v) || v.length !== 2 || !v.every(Number.isInteger)) throw new ParseError(`${what} must be [x, y]`);
    const [x, y] = v as [number, number];
    // cell is [row, col] with row 0 at the top (north)
    if (x < 0 || y < 0 || x >= w || y >= h) throw new ParseError(`${what} [${x},${y}] is outside the ${w}x${h} map (x 0..${w - 1}, y 0..${h - 1})`);
    const prev = taken.get(`${x},${y}`);
    if (prev) throw new ParseError(`${what} [${x},${y}] is on the same cell as ${prev}`, { cell: [h - 1 - y, x] });
    taken.set(`${x},${y}`, what);
    return [x, y];
  };
  if (!Array.isArray(value.islands)) throw new ParseError('"islands" must be a list of [x, y]');
  if (!Array.isArray(value.signs)) throw new ParseError('"signs" must be a list of { at, N, S, E, W }');
  const islands = value.islands.map((v: unknown, i: number) => point(v, `islands[${i}]`));
  const signs: Sign[] = value.signs.map((s: unknown, i: number) => {
    if (!isObject(s)) throw new ParseError(`signs[${i}] must be { at, N, S, E, W }`);
    const at = point(s.at, `signs[${i}].at`);
    const sums = Object.fromEntries(DIRECTIONS.map((d) => {
      const n = s[d] ?? 0;
      if (!Number.isInteger(n) || (n as number) < 0) {
        throw new ParseError(`signs[${i}].${d} must be a whole number (0 = blank)`, { cell: [h - 1 - at[1], at[0]] });
      }
      return [d, n as number];
    })) as Record<(typeof DIRECTIONS)[number], number>;
    return { at, ...sums };
  });
  return { width: w, height: h, islands, signs, ...(typeof value.about === 'string' ? { about: value.about } : {}) };
}

export function toSignsJson(p: SignsPuzzle): unknown {
  return {
    type: 'bridges-signs', width: p.width, height: p.height,
    islands: p.islands.map(([x, y]) => [x, y]),
    signs: p.signs.map((s) => ({ at: [s.at[0], s.at[1]], N: s.N, S: s.S, E: s.E, W: s.W })),
    ...(p.about !== undefined ? { about: p.about } : {}),
  };
}

export const signsJsonFormat: PuzzleFormat<SignsPuzzle> = {
  name: 'json',
  matchJson: (v) => isObject(v) && (typeof v.type === 'string'
    ? SIGNS_NAMES.includes(v.type.toLowerCase())
    : 'width' in v && 'height' in v && Array.isArray(v.islands) && Array.isArray(v.signs)),
  parse: (input) => {
    if (typeof input !== 'string') return parseSignsJson(input);
    return parseSignsJson(parseJsonText(input));
  },
  write: (puzzle) => JSON.stringify(toSignsJson(puzzle)),
};
