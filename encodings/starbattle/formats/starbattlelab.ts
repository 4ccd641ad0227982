/**
 * Block files of starbattlelab puzzles (/work/shared/collections/starbattlelab-14x14-3star.txt).
 * `#` comment lines start the file; each puzzle is a block:
 *
 *     ## puzzle 1  dim=14 stars=3  SBN=EE3W08Of…
 *     ## solutions_found_by_sat_check=1
 *     AAAAAAABBBBBCD   ...*...*...*..
 *     …                (dim lines: region letters, then optionally the solution, `*` = star)
 *
 * `split` cuts a file into its blocks; `parse` reads one block; `parseStarbattlelabSolution` reads
 * a block's solution column.
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { puzzleFromLabels, type StarBattlePuzzle, type StarBattleSolution } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { checkStars, nonBlankLines, tokenColumn, type SourceLine } from './lines.js';

const BLOCK_HEADER = /^##\s*puzzle\s+(\S+)(.*)$/;

export const starbattlelabFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'starbattlelab',
  matchText(text) {
    return text.split(/\r?\n/).some((l) => BLOCK_HEADER.test(l));
  },
  split(text) {
    const lines = text.split(/\r?\n/);
    const starts = lines.flatMap((l, i) => (BLOCK_HEADER.test(l) ? [i] : []));
    return starts.map((start, k) => {
      const end = starts[k + 1] ?? lines.length;
      return { text: lines.slice(start, end).join('\n'), line: start + 1, id: `puzzle ${BLOCK_HEADER.exec(lines[start]!)![1]}` };
    });
  },
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('starbattlelab format expects text');
    const { dim, stars, rows, headerLine } = readBlock(input);
    const puzzle = puzzleFromLabels(rows.map(({ text, line }, r) => {
      const letters = text.trim().split(/\s+/)[0]!;
      if (letters.length !== dim) {
        throw new ParseError(`${rowLabel(r)} has ${letters.length} region letters, expected ${dim}`,
          { line, column: tokenColumn(text, 0) + Math.min(letters.length, dim), cell: [r, Math.min(letters.length, dim)] });
      }
      return [...letters];
    }), stars);
    const at = { line: headerLine, column: 1 };
    return checkReading(puzzle, { says: 'starbattlelab block has', size: at, stars: at, regions: at });
  },
};

/** The solution column of a block (`*` star, `.` empty). */
export function parseStarbattlelabSolution(text: string): StarBattleSolution {
  const { dim, rows } = readBlock(text);
  return rows.map(({ text: row, line }, r) => {
    const marks = row.trim().split(/\s+/)[1];
    if (marks === undefined) throw new ParseError(`${rowLabel(r)} has no solution column`, { line, column: row.length + 1, cell: [r, 0] });
    if (marks.length !== dim) throw new ParseError(`${rowLabel(r)} solution has ${marks.length} cells, expected ${dim}`, { line, column: tokenColumn(row, 1), cell: [r, 0] });
    return [...marks].map((ch, c) => {
      if (ch !== '*' && ch !== '.') throw new ParseError(`'${ch}' is not '*' or '.'`, { line, column: tokenColumn(row, 1) + c, cell: [r, c] });
      return ch === '*';
    });
  });
}

/** The block's header values and its `dim` grid lines. */
function readBlock(text: string): { dim: number; stars: number; rows: SourceLine[]; headerLine: number } {
  const lines = nonBlankLines(text);
  const headerAt = lines.findIndex((l) => BLOCK_HEADER.test(l.text));
  if (headerAt < 0) throw new ParseError('expected a header `## puzzle N dim=D stars=S`', { line: 1, column: 1 });
  if (lines.slice(headerAt + 1).some((l) => BLOCK_HEADER.test(l.text))) {
    throw new ParseError('this text holds several puzzles; split it first', { line: lines.slice(headerAt + 1).find((l) => BLOCK_HEADER.test(l.text))!.line, column: 1 });
  }
  const header = lines[headerAt]!;
  const value = (key: string): number => {
    const m = new RegExp(`\\b${key}=(\\d+)`).exec(header.text);
    if (!m) throw new ParseError(`header lacks ${key}=`, { line: header.line, column: 1 });
    return Number(m[1]);
  };
  const dim = value('dim');
  const stars = checkStars(value('stars'), { line: header.line, column: header.text.indexOf('stars=') + 1 });
  const rows = lines.slice(headerAt + 1).filter((l) => !l.text.startsWith('#'));
  if (rows.length !== dim) {
    throw new ParseError(`expected ${dim} grid rows, found ${rows.length}`, { line: (rows[dim] ?? rows.at(-1) ?? header).line, column: 1 });
  }
  return { dim, stars, rows, headerLine: header.line };
}
