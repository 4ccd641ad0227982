/**
 * gridsat's JSON for Hashi (what `--format json` writes; round-trips losslessly):
 *
 * ```json
 * { "type": "hashi", "rows": 7, "cols": 7, "maxBridges": 2, "noLoops": false,
 *   "islands": [[0, 0, 4], [0, 6, 3], [1, 1, null]] }
 * ```
 * `islands` lists `[row, col, count]`, 0-based, row 0 at the top; `count` is `null` when unknown.
 * (Messages name cells counting from 1: the island `[0, 0, 4]` is at (1,1).)
 * `maxBridges` (1–4) defaults to 2 and `noLoops` to false. `type` may be any alias (`bridges`, `hashikake`).
 */
import { ParseError } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { MAX_BRIDGES_LIMIT, sortIslands, type HashiPuzzle, type Island } from '../puzzle.js';
import { checkedHashi } from '../check.js';
import { parseJsonText } from '../../../src/util/json-text.js';

export const HASHI_NAMES = ['hashi', 'bridges', 'hashikake'];

export interface HashiJson {
  type: 'hashi';
  rows: number;
  cols: number;
  maxBridges: number;
  noLoops: boolean;
  islands: [number, number, number | null][];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;

export function parseHashiJson(value: unknown): HashiPuzzle {
  if (!isObject(value)) throw new ParseError('a Hashi JSON puzzle must be an object');
  if (typeof value.type !== 'string' || !HASHI_NAMES.includes(value.type.toLowerCase())) {
    throw new ParseError(`"type" must be "hashi" (got ${JSON.stringify(value.type)})`);
  }
  const { rows, cols } = value;
  if (!isCount(rows, 1000) || !isCount(cols, 1000)) throw new ParseError('"rows" and "cols" must be integers 1..1000');
  const maxBridges = value.maxBridges ?? 2;
  if (!isCount(maxBridges, MAX_BRIDGES_LIMIT)) throw new ParseError(`"maxBridges" must be an integer 1..${MAX_BRIDGES_LIMIT}`);
  const noLoops = value.noLoops ?? false;
  if (typeof noLoops !== 'boolean') throw new ParseError('"noLoops" must be true or false');
  if (!Array.isArray(value.islands)) throw new ParseError('"islands" must be a list of [row, col, count]');
  const seen = new Set<number>();
  const islands: Island[] = value.islands.map((entry: unknown, i: number) => {
    if (!Array.isArray(entry) || entry.length !== 3) throw new ParseError(`islands[${i}] must be [row, col, count]`);
    const [row, col, count] = entry as unknown[];
    if (!Number.isInteger(row) || !Number.isInteger(col) || (row as number) < 0 || (col as number) < 0 || (row as number) >= rows || (col as number) >= cols) {
      throw new ParseError(`islands[${i}] is outside the ${rows}x${cols} grid`);
    }
    const cell: [number, number] = [row as number, col as number];
    if (count !== null && !isCount(count, 4 * MAX_BRIDGES_LIMIT)) {
      throw new ParseError(`islands[${i}] count must be 1..${4 * MAX_BRIDGES_LIMIT} or null`, { cell });
    }
    if (seen.has(cell[0] * cols + cell[1])) throw new ParseError(`islands[${i}] repeats a cell`, { cell });
    seen.add(cell[0] * cols + cell[1]);
    return { row: cell[0], col: cell[1], count: count as number | null };
  });
  return { rows, cols, maxBridges, noLoops, islands: sortIslands(islands) };
}

export function toHashiJson(p: HashiPuzzle): HashiJson {
  return {
    type: 'hashi', rows: p.rows, cols: p.cols, maxBridges: p.maxBridges, noLoops: p.noLoops,
    islands: p.islands.map((i) => [i.row, i.col, i.count]),
  };
}

export const hashiJsonFormat: PuzzleFormat<HashiPuzzle> = {
  name: 'json',
  matchJson: (v) => isObject(v) && typeof v.type === 'string' && HASHI_NAMES.includes(v.type.toLowerCase()),
  parse: (input) => checkedHashi(parseHashiJson(typeof input === 'string' ? parseJsonText(input) : input), 'JSON'),
  write: (puzzle) => JSON.stringify(toHashiJson(puzzle)),
};

