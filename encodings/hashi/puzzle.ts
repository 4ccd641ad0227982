/**
 * Hashi (Bridges, Hashiwokakero): the puzzle and its solution as plain data.
 *
 * Coordinates are 0-based `[row, col]`, row 0 at the top (data, as in the JSON). Messages name the
 * same cells counting from 1: `[0, 0]` is the island at (1,1).
 */

export type Cell = readonly [row: number, col: number];

export interface Island {
  row: number;
  col: number;
  /** Bridges that must end at this island; `null` when the number is unknown (puzz.link `.`). */
  count: number | null;
}

export interface HashiPuzzle {
  rows: number;
  cols: number;
  /** Most bridges allowed between one pair of islands (Tatham `m1`–`m4`; classic Hashi: 2). */
  maxBridges: number;
  /** Tatham `L`: the bridges may not form a loop, so they form a spanning tree. */
  noLoops: boolean;
  /** Islands in reading order (row by row, left to right). */
  islands: Island[];
}

/** One connection: `count` parallel bridges between the islands at `a` and `b` (a before b in reading order). */
export interface Bridge {
  a: Cell;
  b: Cell;
  count: number;
}

/** A solution lists every connection that carries at least one bridge. */
export interface HashiSolution {
  bridges: Bridge[];
}

export const MAX_BRIDGES_LIMIT = 4;

/**
 * A puzzle with other islands, written out field by field (in the order of the generators' literal).
 * A spread (`{ ...puzzle, islands }`, and `{ ...island, count }` for an island) makes objects of
 * another hidden class in V8: the deductions, graph and encoding code, optimized on the layouts'
 * puzzles, threw their code away at the first repaired one and compiled it again (with the fact
 * solver's fix, a cold `generate bridges --count 100` takes 0.90 of the CPU it took).
 */
export function withIslands(puzzle: HashiPuzzle, islands: Island[]): HashiPuzzle {
  return { rows: puzzle.rows, cols: puzzle.cols, maxBridges: puzzle.maxBridges, noLoops: puzzle.noLoops, islands };
}

/** An island, as every generator makes one (see withIslands). */
export function island(row: number, col: number, count: number | null): Island {
  return { row, col, count };
}

/** Sorts islands into reading order (the order every format and the encoding use). */
export function sortIslands(islands: Island[]): Island[] {
  return [...islands].sort((p, q) => p.row - q.row || p.col - q.col);
}
