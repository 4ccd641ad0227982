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
 * Encoders call this for every node of every counter (a 17×17 4★ puzzle: 816 to 889 times), so it
 * allocates nothing on the way to a cached or one-line answer.
 */
export function mostApart(cells: readonly Cell[]): number {
  const m = cells.length;
  if (m <= 1) return m;
  const { r0, r1, c0, c1 } = boundingBox(cells);
  const height = r1 - r0 + 1, width = c1 - c0 + 1;
  if (m > EXACT_MOST_APART) return Math.min(m, Math.ceil(height / 2) * Math.ceil(width / 2));
  // A run along one row (column) without gaps: every other cell.
  if ((height === 1 && width === m) || (width === 1 && height === m)) return Math.ceil(m / 2);
  // Counters ask about the same few shapes over and over (every 2×2 block, every L): cached by shape.
  if (height * width > 30) return searchMostApart(cells, r0, c0);
  let mask = 0;
  for (let i = 0; i < m; i++) mask |= 1 << ((cells[i]![0] - r0) * width + (cells[i]![1] - c0));
  const key = (mask * 32 + height) * 32 + width;
  let most = SHAPES.get(key);
  if (most === undefined) {
    if (SHAPES.size >= MAX_SHAPES) SHAPES.clear();
    most = searchMostApart(cells, r0, c0);
    SHAPES.set(key, most);
  }
  return most;
}

/** `mostApart` of a shape (cells within a box of at most 30), by its box and cells. */
const SHAPES = new Map<number, number>();
const MAX_SHAPES = 100_000;

/**
 * Branch on the lowest cell left: take it (its neighbours leave) or leave it. At most 24 cells.
 * A branch is cut when even one cell per 2×2 block of the box (tiles from the box's corner, r0 and
 * c0) that still holds a cell left cannot beat the best found: the cells of a block all touch.
 */
function searchMostApart(cells: readonly Cell[], r0: number, c0: number): number {
  const m = cells.length;
  const touches: number[] = new Array<number>(m).fill(0);
  const tileOf: number[] = new Array<number>(m);
  const tiles: number[] = [];
  for (let i = 0; i < m; i++) {
    const a = cells[i]!;
    for (let j = i + 1; j < m; j++) {
      const b = cells[j]!;
      if (touching(a, b)) { touches[i]! |= 1 << j; touches[j]! |= 1 << i; }
    }
    const tile = ((a[0] - r0) >> 1) * 65_536 + ((a[1] - c0) >> 1);
    let t = tiles.indexOf(tile);
    if (t < 0) { t = tiles.length; tiles.push(tile); }
    tileOf[i] = 1 << t;
  }
  let best = 0;
  const blocksHolding = (left: number): number => {
    let held = 0;
    for (let rest = left; rest !== 0; rest &= rest - 1) held |= tileOf[31 - Math.clz32(rest & -rest)]!;
    return popcount(held);
  };
  const search = (left: number, chosen: number): void => {
    if (left === 0) { if (chosen > best) best = chosen; return; }
    if (chosen + blocksHolding(left) <= best) return;
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
  const ordered = [...cells];
  orderForHalving(ordered, 0, ordered.length);
  return ordered;
}

/** halvingOrder on `cells[from..to)`, in place. */
function orderForHalving(cells: Cell[], from: number, to: number): void {
  if (to - from <= 2) return;
  const { r0, r1, c0, c1 } = boundingBox(cells, from, to);
  const byRow = r1 - r0 >= c1 - c0;
  const part = cells.slice(from, to).sort(byRow ? (a, b) => a[0] - b[0] || a[1] - b[1] : (a, b) => a[1] - b[1] || a[0] - b[0]);
  for (let i = 0; i < part.length; i++) cells[from + i] = part[i]!;
  if (r0 === r1 || c0 === c1) return; // a line: every halving of it sorted is a cut across it
  const mid = from + ((to - from) >> 1);
  orderForHalving(cells, from, mid);
  orderForHalving(cells, mid, to);
}
