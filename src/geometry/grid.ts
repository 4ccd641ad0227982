/**
 * Rectangular grids: cells, directions and neighbourhoods, shared by every puzzle type.
 * Rows grow downward and columns rightward; cells are `[row, col]`, 0-based. Messages name them
 * counting from 1 (`cellLabel`).
 */

export type Cell = readonly [row: number, col: number];

/** The first and last row and column of the cells (of `cells[from..to)`, when given). */
export function boundingBox(cells: readonly Cell[], from = 0, to = cells.length): { r0: number; r1: number; c0: number; c1: number } {
  let r0 = Infinity, r1 = -Infinity, c0 = Infinity, c1 = -Infinity;
  for (let i = from; i < to; i++) {
    const r = cells[i]![0], c = cells[i]![1];
    if (r < r0) r0 = r;
    if (r > r1) r1 = r;
    if (c < c0) c0 = c;
    if (c > c1) c1 = c;
  }
  return { r0, r1, c0, c1 };
}

/** Up, down, left, right. */
export const ORTHOGONAL: readonly Cell[] = [[-1, 0], [1, 0], [0, -1], [0, 1]];

/** The eight directions a king moves in: orthogonal and diagonal. */
export const KING: readonly Cell[] = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

/**
 * Half of the king's directions (right, lower-left, down, lower-right): visiting every cell with these
 * meets each touching pair of cells exactly once.
 */
export const KING_FORWARD: readonly Cell[] = [[0, 1], [1, -1], [1, 0], [1, 1]];

export function inGrid(rows: number, cols: number, r: number, c: number): boolean {
  return r >= 0 && r < rows && c >= 0 && c < cols;
}

/** The cells one step from (r,c) in the given directions that lie on the grid. */
export function neighbours(rows: number, cols: number, r: number, c: number, directions: readonly Cell[] = ORTHOGONAL): Cell[] {
  const out: Cell[] = [];
  for (const [dr, dc] of directions) if (inGrid(rows, cols, r + dr, c + dc)) out.push([r + dr, c + dc]);
  return out;
}

/**
 * `(r+1,c+1)`: how every message (explanations, hints, parse errors, verifiers) names a cell,
 * counting from 1; see src/util/cells.ts.
 */
export { cellLabel } from '../util/cells.js';
