/**
 * gridsat's own JSON for Star Battle (what `--format json` writes; round-trips losslessly):
 *
 *     {
 *       "type": "starbattle",          // or an alias: "parks", "star-battle"
 *       "rows": 5, "cols": 5,
 *       "stars": 1,                    // stars in every row, column and region
 *       "regions": [[0, 1, 1, 1, 1],   // region id per cell, 0..k-1 (each id used), null = no region
 *                   ...],
 *       "labels": [",", "+", "'", ":", "."],  // optional: how the source named each region
 *       "noRegionMarks": [[null, "@"], ...]  // optional: how the source wrote each cell in no region
 *     }
 *
 * `write` gives this object on one line.
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import type { RegionId, StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { parseJsonText } from '../../../src/util/json-text.js';

export const TYPE_NAMES = ['starbattle', 'parks', 'star-battle'];

export interface StarBattleJson {
  type: 'starbattle';
  rows: number;
  cols: number;
  stars: number;
  regions: RegionId[][];
  labels?: string[];
  noRegionMarks?: (string | null)[][];
}

export function starBattleToJson(puzzle: StarBattlePuzzle): StarBattleJson {
  const json: StarBattleJson = {
    type: 'starbattle', rows: puzzle.rows, cols: puzzle.cols, stars: puzzle.stars,
    regions: puzzle.regions.map((row) => [...row]),
  };
  if (puzzle.labels) json.labels = [...puzzle.labels];
  if (puzzle.noRegionMarks) json.noRegionMarks = puzzle.noRegionMarks.map((row) => [...row]);
  return json;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isStarBattleJson(value: unknown): boolean {
  return isObject(value) && typeof value.type === 'string' && TYPE_NAMES.includes(value.type.toLowerCase());
}

export const jsonFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'json',
  matchJson: isStarBattleJson,
  matchText(text) {
    const t = text.trim();
    if (!t.startsWith('{')) return false;
    try { return isStarBattleJson(JSON.parse(t)); } catch { return false; }
  },
  parse(input) {
    let value = input;
    if (typeof input === 'string') {
      value = parseJsonText(input);
    }
    if (!isObject(value)) throw new ParseError('expected a JSON object');
    const positive = (key: string): number => {
      const v = value[key];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new ParseError(`"${key}" must be a positive integer`);
      return v;
    };
    const rows = positive('rows');
    const cols = positive('cols');
    const stars = positive('stars');
    const grid = value.regions;
    if (!Array.isArray(grid) || grid.length !== rows) throw new ParseError(`"regions" must be an array of ${rows} rows`);
    const regions: RegionId[][] = grid.map((row: unknown, r) => {
      if (!Array.isArray(row) || row.length !== cols) throw new ParseError(`"regions"[${r}] (${rowLabel(r)}) must have ${cols} cells`, { cell: [r, 0] });
      return row.map((id: unknown, c) => {
        if (id === null) return null;
        if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) {
          throw new ParseError(`region id ${JSON.stringify(id)} must be an integer >= 0 or null`, { cell: [r, c] });
        }
        return id;
      });
    });
    const used = new Set(regions.flat().filter((id): id is number => id !== null));
    for (let id = 0; id < used.size; id++) {
      if (!used.has(id)) throw new ParseError(`region ids must be 0..${used.size - 1} with none missing; ${id} is unused`);
    }
    const puzzle: StarBattlePuzzle = { rows, cols, stars, regions };
    if (value.labels !== undefined) {
      const labels = value.labels;
      if (!Array.isArray(labels) || labels.length !== used.size || !labels.every((l) => typeof l === 'string')) {
        throw new ParseError(`"labels" must be ${used.size} strings, one per region`);
      }
      puzzle.labels = labels as string[];
    }
    if (value.noRegionMarks !== undefined) puzzle.noRegionMarks = readMarks(value.noRegionMarks, regions);
    return checkReading(puzzle, { says: 'JSON has' });
  },
  write: (puzzle) => JSON.stringify(starBattleToJson(puzzle)),
};

/** `noRegionMarks`: a grid like `regions`, a one-character string where the region is null, else null. */
function readMarks(marks: unknown, regions: RegionId[][]): (string | null)[][] {
  if (!Array.isArray(marks) || marks.length !== regions.length) throw new ParseError(`"noRegionMarks" must be an array of ${regions.length} rows`);
  return marks.map((row: unknown, r) => {
    const cols = regions[r]!.length;
    if (!Array.isArray(row) || row.length !== cols) throw new ParseError(`"noRegionMarks"[${r}] (${rowLabel(r)}) must have ${cols} cells`, { cell: [r, 0] });
    return row.map((mark: unknown, c) => {
      if (mark === null) return null;
      if (typeof mark !== 'string' || [...mark].length !== 1 || /\s/.test(mark) || regions[r]![c] !== null) {
        throw new ParseError(`"noRegionMarks" cell must be null, or one character where the region is null; got ${JSON.stringify(mark)}`, { cell: [r, c] });
      }
      return mark;
    });
  });
}
