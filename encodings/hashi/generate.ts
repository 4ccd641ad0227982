/**
 * Bridges (Hashi) generator, after Tatham's: islands grown one at a time from a random first
 * island, each new one at the far end of a new bridge (1..m bridges) laid straight over empty
 * water from an island already placed, so the planted bridges never cross and connect every
 * island; without `noLoops`, extra bridges between islands that already see each other close loops.
 * Every island shows its number (Tatham's format has no unnumbered islands), so there are no clues
 * to remove: the search loop proves the layout unique or draws a new one.
 */
import type { GenerateSettings, PuzzleGenerator } from '../../src/puzzle/generator.js';
import type { HashiPuzzle, HashiSolution, Island } from './puzzle.js';
import { encodeHashi } from './rules.js';

/** Islands per cell of the grid (Tatham's 10x10i30 boards have about 20 islands). */
const ISLAND_SHARE = 0.2;
/** Chance, per new island, of also trying to close a loop (Tatham's `e10`-ish). */
const LOOP_CHANCE = 0.3;

const DIRECTIONS = [[0, 1], [1, 0], [0, -1], [-1, 0]] as const;
const EMPTY = 0, ISLAND = 1, BRIDGE = 2;

interface Plant {
  grid: number[][];
  islands: [number, number][];
  /** Island index at a cell. */
  at: Map<number, number>;
  bridges: { a: number; b: number; count: number; cells: [number, number][] }[];
}

function randomInt(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** A new island reached from island `from` going `d`, `length` cells away, over empty water. */
function tryGrow(plant: Plant, settings: GenerateSettings, from: number, d: number, random: () => number): boolean {
  const { rows, cols } = settings;
  const [r0, c0] = plant.islands[from]!;
  const [dr, dc] = DIRECTIONS[d]!;
  // Free cells in this direction, up to the first occupied one.
  const free: [number, number][] = [];
  for (let r = r0 + dr, c = c0 + dc; r >= 0 && r < rows && c >= 0 && c < cols && plant.grid[r]![c] === EMPTY; r += dr, c += dc) free.push([r, c]);
  // The new island stands at free[k] with k >= 1 (water between), not touching another island.
  const spots = free.map((cell, k) => ({ cell, k })).filter(({ cell: [r, c], k }) => k >= 1 &&
    DIRECTIONS.every(([er, ec]) => plant.grid[r + er]?.[c + ec] !== ISLAND));
  if (spots.length === 0) return false;
  const { cell: [r, c], k } = spots[Math.floor(random() * spots.length)]!;
  const water = free.slice(0, k);
  for (const [wr, wc] of water) plant.grid[wr]![wc] = BRIDGE;
  plant.grid[r]![c] = ISLAND;
  const index = plant.islands.length;
  plant.islands.push([r, c]);
  plant.at.set(r * cols + c, index);
  plant.bridges.push({ a: from, b: index, count: randomInt(random, 1, settings.maxBridges ?? 2), cells: water });
  return true;
}

/** A bridge between island `from` and the island it sees going `d`, over empty water. */
function tryLoop(plant: Plant, settings: GenerateSettings, from: number, d: number, random: () => number): void {
  const { rows, cols } = settings;
  const [r0, c0] = plant.islands[from]!;
  const [dr, dc] = DIRECTIONS[d]!;
  const water: [number, number][] = [];
  let r = r0 + dr, c = c0 + dc;
  for (; r >= 0 && r < rows && c >= 0 && c < cols && plant.grid[r]![c] === EMPTY; r += dr, c += dc) water.push([r, c]);
  const to = plant.at.get(r * cols + c);
  if (to === undefined || r < 0 || r >= rows || c < 0 || c >= cols || water.length === 0) return;
  if (plant.bridges.some((b) => (b.a === from && b.b === to) || (b.a === to && b.b === from))) return;
  for (const [wr, wc] of water) plant.grid[wr]![wc] = BRIDGE;
  plant.bridges.push({ a: from, b: to, count: randomInt(random, 1, settings.maxBridges ?? 2), cells: water });
}

function plantBridges(settings: GenerateSettings, random: () => number): Plant {
  const { rows, cols } = settings;
  const plant: Plant = { grid: Array.from({ length: rows }, () => new Array<number>(cols).fill(EMPTY)), islands: [], at: new Map(), bridges: [] };
  const r = Math.floor(random() * rows), c = Math.floor(random() * cols);
  plant.grid[r]![c] = ISLAND;
  plant.islands.push([r, c]);
  plant.at.set(r * cols + c, 0);
  const target = Math.max(2, Math.round(rows * cols * ISLAND_SHARE));
  for (let tries = 0; plant.islands.length < target && tries < 50 * target; tries++) {
    const from = Math.floor(random() * plant.islands.length);
    if (!tryGrow(plant, settings, from, Math.floor(random() * 4), random)) continue;
    if (!settings.noLoops && random() < LOOP_CHANCE) {
      tryLoop(plant, settings, Math.floor(random() * plant.islands.length), Math.floor(random() * 4), random);
    }
  }
  return plant;
}

export const hashiGenerator: PuzzleGenerator<HashiPuzzle, HashiSolution> = {
  check(s) {
    const m = s.maxBridges ?? 2;
    if (!Number.isInteger(m) || m < 1 || m > 4) return `--max-bridges must be 1 to 4 (Tatham's m1-m4), not ${m}`;
    return s.rows < 3 || s.cols < 3 ? 'Bridges needs at least 3x3 cells' : null;
  },
  propose(settings, random) {
    const plant = plantBridges(settings, random);
    const sums = plant.islands.map(() => 0);
    for (const b of plant.bridges) { sums[b.a]! += b.count; sums[b.b]! += b.count; }
    const islands: Island[] = plant.islands.map(([row, col], i) => ({ row, col, count: sums[i]! }))
      .sort((p, q) => p.row - q.row || p.col - q.col);
    const puzzle: HashiPuzzle = {
      rows: settings.rows, cols: settings.cols, maxBridges: settings.maxBridges ?? 2, noLoops: settings.noLoops ?? false, islands,
    };
    return {
      encode: (model) => ({ encoded: encodeHashi(model, puzzle, {}), clues: [] }),
      puzzle: () => puzzle,
    };
  },
};
