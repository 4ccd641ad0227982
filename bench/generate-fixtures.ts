/**
 * Writes the generated puzzles of fixtures/generated/ (deterministic: each is named by its seed).
 * - Star Battle on random region layouts (a layout is grown from random seed cells), the sizes
 *   puzzle authors start from: 17x17 4★, 21x21 5★, 25x25 6★. A random layout may have no solution,
 *   one, or many: these are the "empty grids" of Star Battle.
 * - Akari: an all-white 30x30 grid, and 30x30 grids with a few black cells.
 * - Hashi: 25x25 grids with sparse islands of unknown count (any connected bridge layout).
 * Run: node dist/bench/generate-fixtures.js [OUTDIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../src/util/random.js';

type Rng = () => number;
const pick = (rng: Rng, n: number) => Math.floor(rng() * n);

/**
 * Grows `n` regions over an n×n grid from random seed cells, always growing the smallest region
 * that can still grow (ties at random) into a random free neighbour, so regions stay near n cells.
 */
export function randomRegions(n: number, rng: Rng): number[][] {
  const region = new Array<number>(n * n).fill(-1);
  const size = new Array<number>(n).fill(0);
  const cells: number[][] = Array.from({ length: n }, () => []);
  const neighbours = (cell: number) => {
    const r = Math.floor(cell / n), c = cell % n, out: number[] = [];
    if (r > 0) out.push(cell - n);
    if (r + 1 < n) out.push(cell + n);
    if (c > 0) out.push(cell - 1);
    if (c + 1 < n) out.push(cell + 1);
    return out;
  };
  for (let id = 0; id < n; id++) {
    let cell: number;
    do cell = pick(rng, n * n); while (region[cell] !== -1);
    region[cell] = id; size[id] = 1; cells[id]!.push(cell);
  }
  const stuck = new Array<boolean>(n).fill(false);
  for (let free = n * n - n; free > 0;) {
    let best = -1;
    for (let id = 0; id < n; id++) {
      if (stuck[id]) continue;
      if (best < 0 || size[id]! < size[best]! || (size[id] === size[best] && rng() < 0.5)) best = id;
    }
    const options = cells[best]!.flatMap(neighbours).filter((x) => region[x] === -1);
    if (options.length === 0) { stuck[best] = true; continue; }
    const cell = options[pick(rng, options.length)]!;
    region[cell] = best; size[best]! += 1; cells[best]!.push(cell); free--;
  }
  return Array.from({ length: n }, (_, r) => region.slice(r * n, r * n + n));
}

/** A random layout whose regions all have at least n/2 cells (a region boxed in early is redrawn). */
export function starBattle(n: number, stars: number, seed: number) {
  const rng = seededRandom(seed);
  for (;;) {
    const regions = randomRegions(n, rng);
    const sizes = new Array<number>(n).fill(0);
    for (const row of regions) for (const id of row) sizes[id]! += 1;
    if (Math.min(...sizes) >= n / 2) return { type: 'starbattle', rows: n, cols: n, stars, regions };
  }
}

export function akari(n: number, blackPercent: number, seed: number) {
  const rng = seededRandom(seed);
  const grid = Array.from({ length: n }, () => Array.from({ length: n }, () => (rng() * 100 < blackPercent ? '#' : '_')).join(''));
  return { type: 'akari', rows: n, cols: n, grid };
}

/**
 * A sparse Hashi with a planted solution: islands are added one at a time, each 2 to 6 cells in a
 * straight line from an existing island over free water, joined to it by a single bridge that no
 * later island or bridge may cross, so the bridges drawn form a spanning tree. `numbered` gives
 * each island the count of its tree bridges; otherwise every count is unknown.
 */
export function sparseHashi(n: number, islands: number, seed: number, numbered: boolean) {
  const rng = seededRandom(seed);
  const used = new Array<number>(n * n).fill(0); // 1 island, 2 bridge
  const degree = new Map<number, number>();
  const placed: number[] = [];
  const isIsland = (r: number, c: number) => r >= 0 && c >= 0 && r < n && c < n && used[r * n + c] === 1;
  const add = (cell: number) => { used[cell] = 1; placed.push(cell); degree.set(cell, 0); };
  add(pick(rng, n) * n + pick(rng, n));
  const dirs = [[0, 1], [0, -1], [1, 0], [-1, 0]] as const;
  for (let tries = 0; placed.length < islands && tries < 10000; tries++) {
    const from = placed[pick(rng, placed.length)]!;
    const [dr, dc] = dirs[pick(rng, 4)]!;
    const len = 2 + pick(rng, 5);
    const r0 = Math.floor(from / n), c0 = from % n, r1 = r0 + dr * len, c1 = c0 + dc * len;
    if (r1 < 0 || c1 < 0 || r1 >= n || c1 >= n) continue;
    let free = true;
    for (let k = 1; k <= len && free; k++) if (used[(r0 + dr * k) * n + c0 + dc * k] !== 0) free = false;
    if (!free || [[0, 1], [0, -1], [1, 0], [-1, 0]].some(([a, b]) => (r1 + a! !== r1 - dr || c1 + b! !== c1 - dc) && isIsland(r1 + a!, c1 + b!))) continue;
    for (let k = 1; k < len; k++) used[(r0 + dr * k) * n + c0 + dc * k] = 2;
    add(r1 * n + c1);
    degree.set(from, degree.get(from)! + 1);
    degree.set(r1 * n + c1, 1);
  }
  const out = placed.map((cell) => [Math.floor(cell / n), cell % n, numbered ? degree.get(cell)! : null]);
  return { type: 'hashi', rows: n, cols: n, maxBridges: 2, noLoops: false, islands: out };
}

function main(): void {
  const dir = process.argv[2] ?? 'fixtures/generated';
  mkdirSync(dir, { recursive: true });
  const write = (name: string, value: unknown) => writeFileSync(join(dir, name), JSON.stringify(value) + '\n');
  for (const [n, k] of [[17, 4], [21, 5], [25, 6]] as const) {
    for (let seed = 1; seed <= 8; seed++) write(`starbattle-${n}x${n}-${k}star-random-s${seed}.json`, starBattle(n, k, seed));
  }
  write('akari-30x30-empty.json', akari(30, 0, 1));
  for (let seed = 1; seed <= 3; seed++) write(`akari-30x30-b5-s${seed}.json`, akari(30, 5, seed));
  for (let seed = 1; seed <= 3; seed++) {
    write(`hashi-25x25-sparse-unknown-s${seed}.json`, sparseHashi(25, 40, seed, false));
    write(`hashi-25x25-sparse-numbered-s${seed}.json`, sparseHashi(25, 40, seed, true));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
