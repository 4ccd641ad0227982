/**
 * Cells that must not touch (Star Battle's stars: not even diagonally): how many a group of cells
 * can hold, and an order of cells that keeps neighbours together.
 */
import { boundingBox, type Cell } from './grid.js';

/** Past this many cells `mostApart` bounds instead of searching (the search is exponential). */
const EXACT_MOST_APART = 24;

/** True when two distinct cells touch, sides or corners. */
function touching(a: Cell, b: Cell): boolean {
  return Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1;
}

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/**
 * The most of `cells` that can be chosen with no two touching (king moves), or an upper bound on it
 * for a group of more than EXACT_MOST_APART cells: the bounding box split into 2×2 blocks, one
 * chosen cell at most in each. Never less than the true count, so a counter may trust it as a cap.
 */
export function mostApart(cells: readonly Cell[]): number {
  const m = cells.length;
  if (m <= 1) return m;
  const { r0, r1, c0, c1 } = boundingBox(cells);
  const height = r1 - r0 + 1, width = c1 - c0 + 1;
  if (m > EXACT_MOST_APART) return Math.min(m, Math.ceil(height / 2) * Math.ceil(width / 2));
  if ((height === 1 || width === 1) && isRun(cells, height === 1)) return Math.ceil(m / 2);
  // Counters ask about the same few shapes over and over (every 2×2 block, every L): cached by shape.
  if (height * width > 30) return searchMostApart(cells);
  let mask = 0;
  for (const [r, c] of cells) mask |= 1 << ((r - r0) * width + (c - c0));
  const key = (mask * 32 + height) * 32 + width;
  let most = SHAPES.get(key);
  if (most === undefined) {
    if (SHAPES.size >= MAX_SHAPES) SHAPES.clear();
    most = searchMostApart(cells);
    SHAPES.set(key, most);
  }
  return most;
}

/** `mostApart` of a shape (cells within a box of at most 30), by its box and cells. */
const SHAPES = new Map<number, number>();
const MAX_SHAPES = 100_000;

/** True when the cells of one row (column) are a run without gaps. */
function isRun(cells: readonly Cell[], inRow: boolean): boolean {
  const at = cells.map((cell) => cell[inRow ? 1 : 0]);
  return Math.max(...at) - Math.min(...at) + 1 === cells.length;
}

/** Branch on the lowest cell left: take it (its neighbours leave) or leave it. At most 24 cells. */
function searchMostApart(cells: readonly Cell[]): number {
  const m = cells.length;
  const touches: number[] = cells.map((a, i) => cells.reduce((mask, b, j) => (j !== i && touching(a, b) ? mask | (1 << j) : mask), 0));
  let best = 0;
  const search = (left: number, chosen: number): void => {
    if (left === 0) { best = Math.max(best, chosen); return; }
    if (chosen + popcount(left) <= best) return;
    const bit = left & -left;
    const v = 31 - Math.clz32(bit);
    search(left & ~bit & ~touches[v]!, chosen + 1);
    search(left & ~bit, chosen);
  };
  search((1 << m) - 1, 0);
  return best;
}

/**
 * `cells` reordered so that halving the list (the first ⌊n/2⌋, then the rest), and each half again,
 * cuts a group across the longer side of its bounding box: every part is a compact patch of the
 * grid. A totalizer halves its inputs this way, so its nodes then count patches (see mostApart).
 */
export function halvingOrder(cells: readonly Cell[]): Cell[] {
  if (cells.length <= 2) return [...cells];
  const { r0, r1, c0, c1 } = boundingBox(cells);
  const byRow = r1 - r0 >= c1 - c0;
  const sorted = [...cells].sort((a, b) => (byRow ? a[0] - b[0] || a[1] - b[1] : a[1] - b[1] || a[0] - b[0]));
  if (r0 === r1 || c0 === c1) return sorted; // a line: every halving of it sorted is a cut across it
  const mid = sorted.length >> 1;
  return [...halvingOrder(sorted.slice(0, mid)), ...halvingOrder(sorted.slice(mid))];
}
