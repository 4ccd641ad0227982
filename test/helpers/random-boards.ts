/**
 * Random Light Up and Hashi boards that have a solution by construction (not necessarily a unique
 * one), for conformance tests over every size. They are built from an answer, never from gridsat's
 * readers or solver, so a reading or an answer can be judged against pzpr without going in circles.
 */
import { seededRandom } from '../../src/util/random.js';
import { ORTHOGONAL } from '../../src/geometry/grid.js';
import type { AkariCell, AkariPuzzle } from '../../encodings/akari/puzzle.js';
import type { HashiPuzzle, Island } from '../../encodings/hashi/puzzle.js';

/**
 * Light Up: random black cells; bulbs put greedily on unlit white cells (in random order) until
 * every white cell is lit; most black cells then show the number of bulbs next to them. Cells at
 * the very end are forced black now and then, so clues land where pzpr writes them past the end.
 */
export function randomLightUp(rows: number, cols: number, seed: number): AkariPuzzle {
  const rnd = seededRandom(seed);
  const density = 0.1 + rnd() * 0.2;
  const black = Array.from({ length: rows }, () => Array.from({ length: cols }, () => rnd() < density));
  const n = rows * cols;
  if (rnd() < 0.5) black[Math.floor((n - 1) / cols)]![(n - 1) % cols] = true;
  if (rnd() < 0.5) black[Math.floor((n - 2) / cols)]![(n - 2) % cols] = true;
  const bulb = black.map((row) => row.map(() => false));
  const lit = black.map((row) => row.map(() => false));
  const order = Array.from({ length: n }, (_, i) => i).sort(() => rnd() - 0.5);
  for (const i of order) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (black[r]![c] || lit[r]![c]) continue;
    bulb[r]![c] = true;
    lit[r]![c] = true;
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < rows && cc >= 0 && cc < cols && !black[rr]![cc]; rr += dr, cc += dc) lit[rr]![cc] = true;
    }
  }
  const cells = black.map((row, r) => row.map((isBlack, c): AkariCell => {
    if (!isBlack) return 'white';
    if (rnd() < 0.3) return 'black';
    let around = 0;
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) if (bulb[r + dr]?.[c + dc]) around++;
    return around as AkariCell;
  }));
  return { rows, cols, cells };
}

/**
 * Hashi (up to 2 bridges per pair, loops allowed): grows a connected network from one island, each
 * step a straight bridge of 1 or 2 from an existing island over empty water to a new island (never
 * crossing a bridge or passing an island), plus a few extra bridges between islands that already
 * see each other; each island's number is its bridge count, and a few numbers are hidden (`.`).
 * `apart`: no two islands side by side (Tatham's format cannot hold them), `hidden`: the share of
 * numbers hidden (default 0.08). Without options the boards are what they always were.
 */
export function randomHashi(rows: number, cols: number, seed: number, options: { apart?: boolean; hidden?: number } = {}): HashiPuzzle {
  const apart = options.apart ?? false;
  const hidden = options.hidden ?? 0.08;
  const rnd = seededRandom(seed);
  const pick = (k: number) => Math.floor(rnd() * k);
  const EMPTY = 0, ISLAND = 1, BRIDGE = 2;
  const grid = Array.from({ length: rows }, () => new Array<number>(cols).fill(EMPTY));
  const islands: [number, number][] = [];
  const degree = new Map<string, number>();
  const pairs = new Map<string, number>();
  const key = (r: number, c: number) => `${r},${c}`;
  const addIsland = (r: number, c: number) => { grid[r]![c] = ISLAND; islands.push([r, c]); degree.set(key(r, c), 0); };
  const bridge = (a: [number, number], b: [number, number], count: number, path: [number, number][]) => {
    for (const [r, c] of path) grid[r]![c] = BRIDGE;
    const k = `${key(...a)}|${key(...b)}`;
    const before = pairs.get(k) ?? 0;
    const add = Math.min(count, 2 - before);
    pairs.set(k, before + add);
    degree.set(key(...a), degree.get(key(...a))! + add);
    degree.set(key(...b), degree.get(key(...b))! + add);
  };
  addIsland(pick(rows), pick(cols));
  const target = Math.max(2, Math.floor(rows * cols * (0.12 + rnd() * 0.1)));
  for (let tries = 0; islands.length < target && tries < 40 * target; tries++) {
    const [r0, c0] = islands[pick(islands.length)]!;
    const [dr, dc] = ORTHOGONAL[pick(4)]!;
    const length = (apart ? 2 : 1) + pick(Math.max(rows, cols) / 2);
    const path: [number, number][] = [];
    let r = r0 + dr;
    let c = c0 + dc;
    let ok = true;
    for (let step = 1; step < length; step++, r += dr, c += dc) {
      if (r < 0 || r >= rows || c < 0 || c >= cols || grid[r]![c] !== EMPTY) { ok = false; break; }
      path.push([r, c]);
    }
    if (!ok || r < 0 || r >= rows || c < 0 || c >= cols || grid[r]![c] !== EMPTY) continue;
    if (apart && ORTHOGONAL.some(([a, b]) => grid[r + a]?.[c + b] === ISLAND)) continue;
    addIsland(r, c);
    const [a, b] = r0 * cols + c0 < r * cols + c ? [[r0, c0], [r, c]] as const : [[r, c], [r0, c0]] as const;
    bridge([...a], [...b], 1 + pick(2), path);
  }
  // Extra bridges between islands that see each other over empty water: loops and doubles.
  for (let k = 0; k < islands.length / 3; k++) {
    const [r0, c0] = islands[pick(islands.length)]!;
    const [dr, dc] = ([[0, 1], [1, 0]] as const)[pick(2)]!;
    const path: [number, number][] = [];
    let r = r0 + dr;
    let c = c0 + dc;
    while (r < rows && c < cols && grid[r]![c] === EMPTY) { path.push([r, c]); r += dr; c += dc; }
    if (r < rows && c < cols && grid[r]![c] === ISLAND) bridge([r0, c0], [r, c], 1, path);
  }
  const list: Island[] = islands.map(([r, c]) => ({ row: r, col: c, count: rnd() < hidden ? null : degree.get(key(r, c))! }));
  list.sort((p, q) => p.row - q.row || p.col - q.col);
  return { rows, cols, maxBridges: 2, noLoops: false, islands: list };
}

/** The sizes the conformance tests cover: every n from 5 to 25, square and not. */
export function boardSizes(): [rows: number, cols: number][] {
  const sizes: [number, number][] = [];
  for (let n = 5; n <= 25; n++) {
    sizes.push([n, n]);
    sizes.push([n, n === 15 ? 16 : 30 - n]); // 5x25 … 25x5: every size on both axes
  }
  return sizes;
}
