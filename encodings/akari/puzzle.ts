/**
 * Akari (Light Up): place bulbs on white cells so that every white cell is lit (a bulb lights its
 * row and column up to a black cell or the edge), no bulb lights another, and each numbered black
 * cell has exactly that many bulbs orthogonally next to it.
 */
import { neighbours, ORTHOGONAL, type Cell } from '../../src/geometry/grid.js';

/** One cell: `'white'`, `'black'` (no number), or a number 0–4 (a black cell with that clue). */
export type AkariCell = 'white' | 'black' | 0 | 1 | 2 | 3 | 4;

export interface AkariPuzzle {
  rows: number;
  cols: number;
  /** `cells[r][c]`, row 0 at the top. */
  cells: AkariCell[][];
}

export interface AkariSolution {
  /** `bulbs[r][c]` is true where a bulb stands (only ever on white cells in a valid solution). */
  bulbs: boolean[][];
}

export const MAX_CLUE = 4;

export function isWhite(cell: AkariCell): cell is 'white' {
  return cell === 'white';
}

/** The clue of a numbered black cell, null for white and unnumbered black cells. */
export function clueOf(cell: AkariCell): number | null {
  return typeof cell === 'number' ? cell : null;
}

/** A clue character `0`–`4` as a cell, or undefined for any other character. */
export function clueCell(ch: string): AkariCell | undefined {
  return ch.length === 1 && ch >= '0' && ch <= '4' ? (Number(ch) as AkariCell) : undefined;
}

/** The four orthogonal neighbours of (r,c) that lie on the board. */
export function orthogonalNeighbours(puzzle: AkariPuzzle, r: number, c: number): Cell[] {
  return neighbours(puzzle.rows, puzzle.cols, r, c, ORTHOGONAL);
}

/** An empty (bulb-free) solution grid of the puzzle's size. */
export function emptySolution(puzzle: AkariPuzzle): AkariSolution {
  return { bulbs: Array.from({ length: puzzle.rows }, () => new Array<boolean>(puzzle.cols).fill(false)) };
}
