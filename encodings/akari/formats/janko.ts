/**
 * janko.at Akari text grids (as in the puzzlekit dataset): a first line `R C` (rows, columns), then
 * R lines of C cells separated by spaces: `-` white, `x` black without number, `0`–`4` black with
 * clue. Solutions are the same grid with `o` on each bulb.
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { clueCell, type AkariCell, type AkariPuzzle, type AkariSolution } from '../puzzle.js';
import { checkedAkari } from '../check.js';

export const jankoFormat: PuzzleFormat<AkariPuzzle> = {
  name: 'janko',
  matchText: (text) => /^\s*\d+[ \t]+\d+[ \t]*\r?\n/.test(text),
  parse: (input) => checkedAkari(parseJanko(String(input)), 'janko grid'),
  write: writeJanko,
};

/**
 * The janko text: `R C`, then one line per row, cells separated by one space; no newline after
 * the last row (as janko-akari.json stores its `problem` texts).
 */
export function writeJanko(puzzle: AkariPuzzle): string {
  const rows = puzzle.cells.map((row) => row.map((c) => (c === 'white' ? '-' : c === 'black' ? 'x' : String(c))).join(' '));
  return [`${puzzle.rows} ${puzzle.cols}`, ...rows].join('\n');
}

interface Token { value: string; line: number; column: number }

/** The size line and the rows of tokens, with 1-based positions; blank lines are skipped. */
function readGrid(text: string): { rows: number; cols: number; grid: Token[][] } {
  const lines = text.split(/\r?\n/).map((value, i) => ({ value, line: i + 1 })).filter((l) => l.value.trim() !== '');
  const head = lines.shift();
  const size = head && /^\s*(\d+)\s+(\d+)\s*$/.exec(head.value);
  if (!head || !size) throw new ParseError('the first line must be the grid size `R C`', { line: head?.line ?? 1, column: 1 });
  const rows = Number(size[1]);
  const cols = Number(size[2]);
  if (rows < 1 || cols < 1) throw new ParseError(`grid size ${rows} ${cols} has no cells`, { line: head.line, column: 1 });
  if (lines.length !== rows) {
    throw new ParseError(`expected ${rows} grid rows, found ${lines.length}`, { line: lines[Math.min(rows, lines.length) - 1]?.line ?? head.line, column: 1 });
  }
  const grid = lines.map(({ value, line }, r) => {
    const tokens: Token[] = [];
    for (const m of value.matchAll(/\S+/g)) tokens.push({ value: m[0], line, column: m.index! + 1 });
    if (tokens.length !== cols) {
      throw new ParseError(`${rowLabel(r)} has ${tokens.length} cells, expected ${cols}`, { line, column: tokens[Math.min(cols, tokens.length)]?.column ?? value.length + 1, cell: [r, Math.min(cols, tokens.length)] });
    }
    return tokens;
  });
  return { rows, cols, grid };
}

export function parseJanko(text: string): AkariPuzzle {
  const { rows, cols, grid } = readGrid(text);
  const cells = grid.map((row, r) => row.map((t, c): AkariCell => {
    if (t.value === '-') return 'white';
    if (t.value === 'x' || t.value === 'X') return 'black';
    const clue = clueCell(t.value);
    if (clue !== undefined) return clue;
    throw new ParseError(`unexpected cell '${t.value}' (expected -, x or 0-4)`, { line: t.line, column: t.column, cell: [r, c] });
  }));
  return { rows, cols, cells };
}

/** Reads a janko solution grid (`o` bulb) for the given puzzle; other cells must match the puzzle. */
export function parseJankoSolution(text: string, puzzle: AkariPuzzle): AkariSolution {
  const { rows, cols, grid } = readGrid(text);
  if (rows !== puzzle.rows || cols !== puzzle.cols) {
    throw new ParseError(`the solution is ${rows}x${cols}, the puzzle ${puzzle.rows}x${puzzle.cols}`, { line: 1, column: 1 });
  }
  const bulbs = grid.map((row, r) => row.map((t, c) => {
    if (t.value === 'o' || t.value === 'O') {
      if (puzzle.cells[r]![c] !== 'white') throw new ParseError('bulb on a black cell', { line: t.line, column: t.column, cell: [r, c] });
      return true;
    }
    if (t.value === '-' || t.value === '+' || t.value === 'x' || t.value === 'X' || clueCell(t.value) !== undefined) return false;
    throw new ParseError(`unexpected solution cell '${t.value}'`, { line: t.line, column: t.column, cell: [r, c] });
  }));
  return { bulbs };
}
