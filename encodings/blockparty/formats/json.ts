/**
 * gridsat's JSON for Block Party, which is also the shape of the shared collection
 * (`collections/blockparty.json`, from kelvin-21/puzzle-2022-06):
 *
 *   { "type": "blockparty",            // optional inside a collection
 *     "rows": 5, "cols": 5,
 *     "regions": [ [[0,0],[0,1],[1,1]], ... ],   // each region: its cells as [row, col], 0-based
 *     "givens": [ [1,4,2], ... ],                 // [row, col, value]
 *     "answer": 430,                              // optional: the published answer figure
 *     "labels": ["A", "B", ...] }                 // optional: one display label per region, same order
 *
 * A collection is `{ "puzzles": { "<name>": <puzzle>, ... } }`. The regions must partition the grid:
 * a cell out of range, listed twice, or in no region is an error naming the cell. Cells in the JSON
 * are 0-based `[row, col]` data; messages quote them as written and name the cell counting from 1
 * (`[1, 2]` is the cell (2,3)), as every gridsat message does.
 */
import { ParseError, type Location } from '../../../src/util/errors.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { BlockPartyPuzzle } from '../puzzle.js';
import { buildPuzzle } from './build.js';
import { parseJsonText } from '../../../src/util/json-text.js';

export const TYPE_NAMES = ['blockparty', 'block-party'];

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function looksLikePuzzle(v: unknown): v is Json {
  return isObject(v) && 'rows' in v && 'cols' in v && 'regions' in v;
}

function isCollection(v: unknown): v is { puzzles: Json } {
  return isObject(v) && isObject(v.puzzles) && Object.values(v.puzzles).some(looksLikePuzzle);
}

function fail(reason: string, where: string, cell?: readonly [number, number]): never {
  const location: Location = cell ? { cell } : {};
  throw new ParseError(`${where}: ${reason}`, location);
}

function positiveInt(v: unknown, where: string): number {
  if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 1000) fail(`expected a whole number 1..1000, got ${JSON.stringify(v)}`, where);
  return v as number;
}

function intTuple(v: unknown, length: number, where: string): number[] {
  if (!Array.isArray(v) || v.length !== length || v.some((x) => !Number.isInteger(x))) {
    fail(`expected [${length === 2 ? 'row, col' : 'row, col, value'}] of whole numbers, got ${JSON.stringify(v)}`, where);
  }
  return v as number[];
}

/** Parses one puzzle object; `name` prefixes error paths inside a collection. */
export function parsePuzzleObject(v: unknown, name = ''): BlockPartyPuzzle {
  const at = (path: string) => (name ? `puzzles.${name}.${path}` : path);
  if (!isObject(v)) fail('expected a puzzle object', name ? `puzzles.${name}` : 'puzzle');
  if (v.type !== undefined && !TYPE_NAMES.includes(String(v.type).toLowerCase())) {
    fail(`type is '${String(v.type)}', not blockparty`, at('type'));
  }
  const rows = positiveInt(v.rows, at('rows'));
  const cols = positiveInt(v.cols, at('cols'));
  if (!Array.isArray(v.regions)) fail('expected a list of regions', at('regions'));

  const regionKeys: (number | null)[][] = Array.from({ length: rows }, () => new Array<number | null>(cols).fill(null));
  v.regions.forEach((region: unknown, i: number) => {
    if (!Array.isArray(region) || region.length === 0) fail('expected a non-empty list of [row, col] cells', at(`regions[${i}]`));
    region.forEach((cell: unknown, j: number) => {
      const where = at(`regions[${i}][${j}]`);
      const [r, c] = intTuple(cell, 2, where) as [number, number];
      if (r < 0 || r >= rows || c < 0 || c >= cols) fail(`[${r},${c}] is outside the ${rows}x${cols} grid (rows 0..${rows - 1}, columns 0..${cols - 1} in JSON)`, where);
      const owner = regionKeys[r]![c];
      if (owner !== null) {
        fail(owner === i ? `[${r},${c}] is listed twice in regions[${i}]` : `[${r},${c}] is already in regions[${owner}]`, where, [r, c]);
      }
      regionKeys[r]![c] = i;
    });
  });
  regionKeys.forEach((row, r) => row.forEach((key, c) => {
    if (key === null) fail(`no region lists [${r},${c}]`, at('regions'), [r, c]);
  }));

  const givens: (number | null)[][] = Array.from({ length: rows }, () => new Array<number | null>(cols).fill(null));
  const givenPaths = new Map<string, string>();
  if (v.givens !== undefined && !Array.isArray(v.givens)) fail('expected a list of [row, col, value]', at('givens'));
  ((v.givens ?? []) as unknown[]).forEach((g, i) => {
    const where = at(`givens[${i}]`);
    const [r, c, value] = intTuple(g, 3, where) as [number, number, number];
    if (r < 0 || r >= rows || c < 0 || c >= cols) fail(`[${r},${c}] is outside the ${rows}x${cols} grid (rows 0..${rows - 1}, columns 0..${cols - 1} in JSON)`, where);
    if (givens[r]![c] !== null) fail(`[${r},${c}] is given twice`, where, [r, c]);
    givens[r]![c] = value;
    givenPaths.set(`${r},${c}`, where);
  });

  let answer: number | undefined;
  if (v.answer !== undefined && v.answer !== null) {
    if (typeof v.answer !== 'number' || !Number.isInteger(v.answer)) fail('expected a whole number', at('answer'));
    answer = v.answer;
  }
  let labels: string[] | undefined;
  if (v.labels !== undefined) {
    if (!Array.isArray(v.labels) || v.labels.length !== v.regions.length || v.labels.some((l) => typeof l !== 'string')) {
      fail(`expected ${v.regions.length} strings, one per region`, at('labels'));
    }
    labels = v.labels as string[];
  }
  return buildPuzzle(
    { rows, cols, regionKeys: regionKeys as number[][], givens, answer, labelOf: labels ? (key) => labels[key as number]! : undefined },
    (r, c) => ({ location: { cell: [r, c] }, path: givenPaths.get(`${r},${c}`) }),
  );
}

/** Every puzzle of a collection `{ puzzles: { name: puzzle } }`, in file order. */
export function parseBlockPartyCollection(value: unknown): { id: string; puzzle: BlockPartyPuzzle }[] {
  if (!isCollection(value)) throw new ParseError('expected a collection { "puzzles": { "<name>": <puzzle> } }');
  return Object.entries(value.puzzles).map(([id, p]) => ({ id, puzzle: parsePuzzleObject(p, id) }));
}

/** gridsat's JSON for a puzzle: regions listed in id order, givens in row-major order. */
export function blockPartyToJson(puzzle: BlockPartyPuzzle): Json {
  const regions: [number, number][][] = [];
  const givens: [number, number, number][] = [];
  puzzle.regions.forEach((row, r) => row.forEach((id, c) => {
    (regions[id] ??= []).push([r, c]);
    const g = puzzle.givens[r]![c];
    if (g !== null && g !== undefined) givens.push([r, c, g]);
  }));
  const out: Json = { type: 'blockparty', rows: puzzle.rows, cols: puzzle.cols, regions, givens };
  if (puzzle.answer !== undefined) out.answer = puzzle.answer;
  if (puzzle.labels) out.labels = puzzle.labels;
  return out;
}

/** 1-based line of the `"name":` key that opens a collection entry (1 when not found). */
function lineOfKey(text: string, name: string): number {
  const at = text.indexOf(`${JSON.stringify(name)}`);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

export const jsonFormat: PuzzleFormat<BlockPartyPuzzle> = {
  name: 'json',
  matchJson: (value) => (looksLikePuzzle(value) && (value.type === undefined || TYPE_NAMES.includes(String(value.type).toLowerCase())))
    || isCollection(value),
  parse(input) {
    let value = input;
    if (typeof input === 'string') {
      value = parseJsonText(input);
    }
    if (isCollection(value)) {
      const entries = parseBlockPartyCollection(value);
      if (entries.length === 1) return entries[0]!.puzzle;
      throw new ParseError(`the collection holds ${entries.length} puzzles (${entries.map((e) => e.id).join(', ')}); split it first`);
    }
    return parsePuzzleObject(value);
  },
  split(text) {
    const value = parseJsonText(text);
    if (!isCollection(value)) return [{ text, line: 1 }];
    return Object.entries(value.puzzles).map(([id, p]) => ({
      text: JSON.stringify({ type: 'blockparty', ...(p as Json) }),
      line: lineOfKey(text, id),
      id,
    }));
  },
  write: (puzzle) => JSON.stringify(blockPartyToJson(puzzle)),
};
