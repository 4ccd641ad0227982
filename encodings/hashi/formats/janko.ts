/**
 * janko.at Hashi text grids (as in the puzzlekit dataset): a first line `R C`, then R rows of C
 * cells separated by spaces: `-` water, `1`–`8` island. At most 2 bridges per pair.
 * Solutions use the same grid: islands and empty water `-`, a water cell under a horizontal
 * bridge `1`/`2`, under a vertical bridge `a`/`b` (one or two bridges).
 */
import { ParseError } from '../../../src/util/errors.js';
import { cellLabel, rowLabel } from '../../../src/util/cells.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import { checkedHashi } from '../check.js';
import type { Bridge, HashiPuzzle, HashiSolution, Island } from '../puzzle.js';

interface Grid {
  rows: number;
  cols: number;
  cells: string[][];
}

/** Splits the `R C` header and the rows; `what` names the grid in errors. */
function readGrid(text: string, what: string): Grid {
  const lines = text.replace(/\r/g, '').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) throw new ParseError(`empty ${what}`, { line: 1 });
  const header = lines[first]!.trim().split(/\s+/);
  if (header.length !== 2 || !header.every((h) => /^\d+$/.test(h))) {
    throw new ParseError(`the first line must be 'R C' (rows, columns)`, { line: first + 1, column: 1 });
  }
  const [rows, cols] = header.map(Number) as [number, number];
  if (rows < 1 || cols < 1 || rows * cols > 1_000_000) throw new ParseError(`grid size ${rows}x${cols} out of range`, { line: first + 1, column: 1 });
  const cells: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const lineNo = first + 2 + r;
    const line = lines[lineNo - 1];
    if (line === undefined || line.trim() === '') throw new ParseError(`expected ${rows} rows, found ${r}`, { line: lineNo, cell: [r, 0] });
    const row = line.trim().split(/\s+/);
    if (row.length !== cols) {
      throw new ParseError(`${rowLabel(r)} has ${row.length} cells, expected ${cols}`, { line: lineNo, column: 1, cell: [r, 0] });
    }
    cells.push(row);
  }
  for (let l = first + 1 + rows; l < lines.length; l++) {
    if (lines[l]!.trim() !== '') throw new ParseError(`unexpected text after the ${rows} rows`, { line: l + 1, column: 1 });
  }
  return { rows, cols, cells };
}

/** Column (1-based) of the c-th space-separated cell on a line. */
function columnOf(line: string, c: number): number {
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(line))) if (i++ === c) return m.index + 1;
  return 1;
}

export function parseJanko(text: string): HashiPuzzle {
  const grid = readGrid(text, 'Hashi grid');
  const lines = text.replace(/\r/g, '').split('\n');
  const headerLine = lines.findIndex((l) => l.trim() !== '');
  const islands: Island[] = [];
  grid.cells.forEach((row, r) => row.forEach((tok, c) => {
    if (tok === '-' || tok === '.') return;
    if (/^[1-8]$/.test(tok)) { islands.push({ row: r, col: c, count: Number(tok) }); return; }
    const line = headerLine + 2 + r;
    throw new ParseError(`unexpected cell '${tok}' (expected '-' or an island 1-8)`, { line, column: columnOf(lines[line - 1]!, c), cell: [r, c] });
  }));
  return { rows: grid.rows, cols: grid.cols, maxBridges: 2, noLoops: false, islands };
}

/**
 * The janko text: `R C`, then one line per row, cells separated by one space; no newline after
 * the last row (as janko-hashi.json stores its `problem` texts). janko's Hashi is the classic one:
 * up to 2 bridges per pair, loops allowed, every island numbered.
 */
export function writeJanko(p: HashiPuzzle): string {
  if (p.maxBridges !== 2) throw new FormatLimitError('janko', `janko's Hashi allows up to 2 bridges per pair; this puzzle allows ${p.maxBridges} (m${p.maxBridges})`);
  if (p.noLoops) throw new FormatLimitError('janko', "janko's Hashi has no no-loops rule (Tatham's L)");
  const cells = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => '-'));
  for (const isl of p.islands) {
    if (isl.count === null || isl.count < 1 || isl.count > 8) {
      throw new FormatLimitError('janko', `island ${cellLabel(isl.row, isl.col)} has ${isl.count === null ? 'an unknown number' : `number ${isl.count}`}; janko writes only 1-8`);
    }
    cells[isl.row]![isl.col] = String(isl.count);
  }
  return [`${p.rows} ${p.cols}`, ...cells.map((r) => r.join(' '))].join('\n');
}

/**
 * Reads a published janko solution grid as the list of bridges: each island looks right and down
 * along the marked water cells to the island they lead to.
 */
export function parseJankoSolution(puzzle: HashiPuzzle, text: string): HashiSolution {
  const grid = readGrid(text, 'Hashi solution');
  if (grid.rows !== puzzle.rows || grid.cols !== puzzle.cols) {
    throw new ParseError(`solution is ${grid.rows}x${grid.cols}, puzzle is ${puzzle.rows}x${puzzle.cols}`, { line: 1 });
  }
  const isIsland = new Set(puzzle.islands.map((i) => i.row * puzzle.cols + i.col));
  const bridges: Bridge[] = [];
  const follow = (r0: number, c0: number, dr: number, dc: number, marks: Record<string, number>): void => {
    let r = r0 + dr;
    let c = c0 + dc;
    const count = marks[grid.cells[r]?.[c] ?? ''];
    if (count === undefined) return;
    while (r < puzzle.rows && c < puzzle.cols && !isIsland.has(r * puzzle.cols + c)) {
      if (marks[grid.cells[r]![c]!] !== count) throw new ParseError(`broken bridge at cell ${cellLabel(r, c)}`, { line: r + 2, cell: [r, c] });
      r += dr;
      c += dc;
    }
    if (r >= puzzle.rows || c >= puzzle.cols) throw new ParseError(`bridge from ${cellLabel(r0, c0)} leads off the grid`, { line: r0 + 2, cell: [r0, c0] });
    bridges.push({ a: [r0, c0], b: [r, c], count });
  };
  for (const isl of puzzle.islands) {
    follow(isl.row, isl.col, 0, 1, { 1: 1, 2: 2 });
    follow(isl.row, isl.col, 1, 0, { a: 1, b: 2 });
  }
  return { bridges };
}

export const jankoFormat: PuzzleFormat<HashiPuzzle> = {
  name: 'janko',
  matchText: (text) => {
    const lines = text.trim().split(/\r?\n/);
    return /^\d+\s+\d+$/.test(lines[0]!.trim()) && lines.slice(1).every((l) => /^[\s\-.1-8]*$/.test(l));
  },
  parse: (input) => checkedHashi(parseJanko(String(input)), 'janko grid'),
  write: writeJanko,
};
