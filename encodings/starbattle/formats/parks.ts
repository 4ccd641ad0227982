/**
 * The Parks integer grid (seed 000, "Solving Parks (Star Battle) using Integer Optimisation"): an
 * n×n array of park numbers, `m` trees (stars) per row, column and park. A file gives the header
 * first, then one row per line; numbers are separated by spaces and/or commas, and the Python-list
 * brackets of the seed may be kept:
 *
 *     m=1, n=5
 *     [0, 1, 1, 1, 1],
 *     [0, 0, 1, 1, 1],
 *     ...
 *
 * Header keys: `m` (also `stars`, `S`) = stars per unit, required; `n` = grid side, optional and
 * checked when given. Pairs are written `key=value` or `key: value`, separated by commas or spaces.
 * A park number of `-1` marks a cell in no park (no star may go there).
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { puzzleFromLabels, type StarBattlePuzzle } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { checkStars, nonBlankLines } from './lines.js';

const NO_PARK = -1;

interface Header {
  stars?: number;
  side?: number;
}

/** Reads `m=2, n=9`; undefined when the line is not such a header. */
function parseHeader(text: string): Header | undefined {
  const pairs = text.trim().split(/[\s,]+(?=[A-Za-z])/);
  const header: Header = {};
  for (const pair of pairs) {
    const m = /^([A-Za-z]+)\s*[:=]\s*(\d+)\s*,?$/.exec(pair.trim());
    if (!m) return undefined;
    const key = m[1]!.toLowerCase();
    if (key === 'm' || key === 'stars' || key === 's') header.stars = Number(m[2]);
    else if (key === 'n') header.side = Number(m[2]);
    else return undefined;
  }
  return header;
}

/** The numbers of one row with their 1-based columns, or the first token that is not a number. */
function rowTokens(text: string): { value: string; column: number }[] {
  const out: { value: string; column: number }[] = [];
  const re = /[^\s,[\]]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) out.push({ value: m[0], column: m.index + 1 });
  return out;
}

const INTEGER = /^-?\d+$/;

export const parksFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'parks',
  matchText(text) {
    const lines = nonBlankLines(text);
    const header = lines[0] && parseHeader(lines[0].text);
    if (!header || lines.length < 2) return false;
    const rows = lines.slice(1).map((l) => rowTokens(l.text));
    if (!rows.every((row) => row.length > 0 && row.every((t) => INTEGER.test(t.value)))) return false;
    // A grid of single digits written with spaces is also a valid picture; both read the same regions.
    const headerSaysParks = /(^|[\s,])[mn]\s*[:=]/i.test(lines[0]!.text);
    return headerSaysParks || rows.some((row) => row.some((t) => t.value.length > 1)) || /[,[\]]/.test(text);
  },
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('parks format expects text');
    const lines = nonBlankLines(input);
    const first = lines[0];
    const header = first && parseHeader(first.text);
    if (!first || !header || header.stars === undefined) {
      throw new ParseError('expected a header line `m=<stars>` (optionally `, n=<side>`) before the grid', { line: first?.line ?? 1, column: 1 });
    }
    checkStars(header.stars, { line: first.line, column: 1 });
    const body = lines.slice(1);
    if (body.length === 0) throw new ParseError('the grid has no rows', { line: first.line + 1 });

    const labels: (string | null)[][] = body.map(({ text, line }, r) => rowTokens(text).map((t, c) => {
      if (!INTEGER.test(t.value)) throw new ParseError(`'${t.value}' is not a park number`, { line, column: t.column, cell: [r, c] });
      const n = Number(t.value);
      if (n === NO_PARK) return null;
      if (n < 0) throw new ParseError(`park number ${n} is negative (only -1, "no park", is allowed)`, { line, column: t.column, cell: [r, c] });
      return String(n);
    }));
    const cols = labels[0]!.length;
    labels.forEach((row, r) => {
      if (row.length !== cols) {
        const { line, text } = body[r]!;
        const tokens = rowTokens(text);
        const column = row.length > cols ? tokens[cols]!.column : text.length + 1;
        throw new ParseError(`${rowLabel(r)} has ${row.length} cells, expected ${cols} (as in the first row)`,
          { line, column, cell: [r, Math.min(row.length, cols)] });
      }
    });
    if (header.side !== undefined && (labels.length !== header.side || cols !== header.side)) {
      throw new ParseError(`header says n=${header.side} but the grid is ${labels.length}x${cols}`, { line: first.line, column: 1 });
    }
    const at = { line: first.line, column: 1 };
    return checkReading(puzzleFromLabels(labels, header.stars), { says: 'Parks grid has', size: at, stars: at, regions: at });
  },
};
