/**
 * Bridges (Hashi) generator, after Tatham's: islands grown one at a time from a random first
 * island, each new one at the far end of a new bridge (1..m bridges) laid straight over empty
 * water from an island already placed, so the planted bridges never cross and connect every
 * island; without `noLoops`, extra bridges between islands that already see each other close loops.
 * Every island shows its number (Tatham's format has no unnumbered islands), so there are no clues
 * to remove: the search loop proves the layout unique, or the repair below rules out the other
 * solutions it found, or a new layout is drawn.
 */
import type { AnnealSpace, Candidate, GenerateSettings, PuzzleGenerator } from '../../src/puzzle/generator.js';
import { shuffle } from '../../src/util/random.js';
import { island, withIslands, type HashiPuzzle, type HashiSolution, type Island } from './puzzle.js';
import { encodeHashi, encodeHashiWithVars } from './rules.js';
import { islandSum } from './bridges.js';
import { buildBridgeGraph } from './graph.js';
import { deductions } from './deduce.js';
import { skipDraws } from '../../src/util/random.js';

/** Islands per cell of the grid up to 10×10 (Tatham's 10x10i30 boards have about 20 islands). */
const ISLAND_SHARE = 0.2;
/** The grid (in cells) from which the island count grows as ISLANDS_GROWTH, not in proportion. */
const SHARE_UP_TO_CELLS = 100;
/**
 * Past 10×10 the island count grows as cells^(2/3), the way Tatham's generator's does: it stops once
 * expansion keeps failing, so his density falls with size. His mean island counts (`sgt-bridges
 * --generate 40 NxNi30e10m2d1` and `d2`, averaged): 15×15 37, 20×20 54, 25×25 68, 30×30 91, 34×34 99,
 * 10×20 32; this target gives 34, 51, 68, 87, 103, 32. (At 0.2 per cell, 25×25 layouts filled the grid
 * at about 112 islands, so "25×25" was a denser, larger puzzle than his.)
 */
const ISLANDS_GROWTH = 2 / 3;

/** How many islands a layout aims for on a grid of `cells` cells. */
function islandTarget(cells: number): number {
  const islands = cells <= SHARE_UP_TO_CELLS
    ? cells * ISLAND_SHARE
    : SHARE_UP_TO_CELLS * ISLAND_SHARE * (cells / SHARE_UP_TO_CELLS) ** ISLANDS_GROWTH;
  return Math.max(2, Math.round(islands));
}

/** Chance, per new island, of also trying to close a loop (Tatham's `e10`-ish). */
const LOOP_CHANCE = 0.3;

/** `likelyEasierThan`: a score at least this, and layouts settled with at most this many bound deductions. */
const LIKELY_EASY_FROM = 1.5;
const LIKELY_EASY_BOUND_STEPS = 3;

/**
 * `--difficulty hard` leaves out, before the uniqueness proof, a layout whose deductions (deduce.ts)
 * get stuck with more than this share of its connections open. Such layouts cost the most to grade
 * (about twice the others, 29 against 16 ms for the rest of the stuck ones, on 400 of our 10×10
 * candidates, seed 101) and nearly all grade in range, at the top of it: ours at `hard` graded 2.35 /
 * 4.02 / 5.07 (quartiles, mean 3.89) against Tatham's d2 1.36 / 2.75 / 4.83 (mean 3.15), and without
 * them 1.94 / 3.36 / 4.43 (mean 3.29) on the same 200 puzzle indices (seed 7). Of Tatham's d2 (150,
 * seed `feat1`) 30 are such layouts, so `hard` no longer makes about a fifth of his kinds of hard
 * puzzle; the grades come nearer his. At 0.3 the upper quartile fell to 4.09; at 0.5, 1.38 grades
 * per puzzle and no gain in CPU.
 */
const HARD_MAX_OPEN_SHARE = 0.4;

const DIRECTIONS = [[0, 1], [1, 0], [0, -1], [-1, 0]] as const;
const EMPTY = 0, ISLAND = 1, BRIDGE = 2, OUTSIDE = 3;

/**
 * A layout being planted. The grid is flat, one cell per byte, with a border of OUTSIDE cells round
 * it: a walk stops at the border as at any cell that is not EMPTY, and a border cell is no island,
 * so neither needs a bounds check (the planter tries up to 50 islands' worth of directions per
 * island it places, most of them failing walks on a filling grid: about a tenth of a Bridges
 * `--difficulty hard` puzzle's CPU went to them on nested arrays).
 */
interface Plant {
  grid: Uint8Array;
  /** Cells per grid row, border included. */
  stride: number;
  /** The step to the next cell going each of DIRECTIONS. */
  steps: readonly number[];
  /** Each island's cell in the bordered grid. */
  islands: number[];
  /** Island index at a bordered cell (-1: none). */
  at: Int32Array;
  bridges: { a: number; b: number; count: number }[];
}

function randomInt(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** Whether a new island may stand at cell x: touching no other island (Tatham's rule). */
function isSpot(plant: Plant, x: number): boolean {
  const { grid, stride } = plant;
  return grid[x + 1] !== ISLAND && grid[x - 1] !== ISLAND && grid[x + stride] !== ISLAND && grid[x - stride] !== ISLAND;
}

/**
 * The places a new island may take going `d` from island `from`: the free cells in that direction, up
 * to the first occupied one, past the first (water between), where isSpot allows.
 */
function spotCount(plant: Plant, from: number, d: number): number {
  const { grid } = plant;
  const step = plant.steps[d]!;
  let spots = 0;
  for (let x = plant.islands[from]! + 2 * step; grid[x] === EMPTY && grid[x - step] === EMPTY; x += step) {
    if (isSpot(plant, x)) spots++;
  }
  return spots;
}

/** A new island reached from island `from` going `d` over empty water, at a place drawn among spotCount's. */
function tryGrow(plant: Plant, settings: GenerateSettings, from: number, d: number, random: () => number): boolean {
  const spots = spotCount(plant, from, d);
  if (spots === 0) return false;
  const step = plant.steps[d]!;
  const x0 = plant.islands[from]!;
  let pick = Math.floor(random() * spots), k = 1;
  for (; ; k++) if (isSpot(plant, x0 + step * (k + 1)) && pick-- === 0) break;
  for (let j = 1; j <= k; j++) plant.grid[x0 + step * j] = BRIDGE;
  const x = x0 + step * (k + 1);
  plant.grid[x] = ISLAND;
  const index = plant.islands.length;
  plant.islands.push(x);
  plant.at[x] = index;
  plant.bridges.push({ a: from, b: index, count: randomInt(random, 1, settings.maxBridges ?? 2) });
  return true;
}

/** A bridge between island `from` and the island it sees going `d`, over empty water. */
function tryLoop(plant: Plant, settings: GenerateSettings, from: number, d: number, random: () => number): void {
  const { grid } = plant;
  const step = plant.steps[d]!;
  const x0 = plant.islands[from]!;
  let x = x0 + step;
  while (grid[x] === EMPTY) x += step;
  const to = plant.at[x]!;
  if (to < 0 || x === x0 + step) return;
  if (plant.bridges.some((b) => (b.a === from && b.b === to) || (b.a === to && b.b === from))) return;
  for (let w = x0 + step; w !== x; w += step) grid[w] = BRIDGE;
  plant.bridges.push({ a: from, b: to, count: randomInt(random, 1, settings.maxBridges ?? 2) });
}

/** Whether no island can grow a new one any way. */
function full(plant: Plant): boolean {
  for (let i = 0; i < plant.islands.length; i++) for (let d = 0; d < 4; d++) if (spotCount(plant, i, d) > 0) return false;
  return true;
}

function plantBridges(settings: GenerateSettings, random: () => number): Plant {
  const { rows, cols } = settings;
  const stride = cols + 2;
  const grid = new Uint8Array((rows + 2) * stride).fill(OUTSIDE);
  for (let r = 1; r <= rows; r++) grid.fill(EMPTY, r * stride + 1, r * stride + 1 + cols);
  const plant: Plant = {
    grid, stride, steps: DIRECTIONS.map(([dr, dc]) => dr * stride + dc), islands: [], at: new Int32Array(grid.length).fill(-1), bridges: [],
  };
  const r = Math.floor(random() * rows), c = Math.floor(random() * cols);
  const first = (r + 1) * stride + c + 1;
  grid[first] = ISLAND;
  plant.islands.push(first);
  plant.at[first] = 0;
  const target = settings.islands ?? islandTarget(rows * cols);
  let failed = 0;
  for (let tries = 0; plant.islands.length < target && tries < 50 * target; tries++) {
    const from = Math.floor(random() * plant.islands.length);
    if (!tryGrow(plant, settings, from, Math.floor(random() * 4), random)) {
      // Often the grid fills before the target: once no island can grow any way, every try left
      // fails and draws two numbers, so they are drawn at once (the same stream, the same layouts).
      // (Checked after 32, 64, 128, ... failures in a row: a check looks at every island.)
      if (++failed >= 32 && (failed & (failed - 1)) === 0 && full(plant)) {
        skipDraws(random, 2 * (50 * target - tries - 1));
        break;
      }
      continue;
    }
    failed = 0;
    if (!settings.noLoops && random() < LOOP_CHANCE) {
      tryLoop(plant, settings, Math.floor(random() * plant.islands.length), Math.floor(random() * 4), random);
    }
  }
  return plant;
}

/** A planted layout: the islands, each numbered with its planted bridges. */
function layoutOf(settings: GenerateSettings, random: () => number): HashiPuzzle {
  const plant = plantBridges(settings, random);
  const sums = plant.islands.map(() => 0);
  for (const b of plant.bridges) { sums[b.a]! += b.count; sums[b.b]! += b.count; }
  const islands: Island[] = plant.islands.map((x, i) => island(Math.floor(x / plant.stride) - 1, (x % plant.stride) - 1, sums[i]!))
    .sort((p, q) => p.row - q.row || p.col - q.col);
  return { rows: settings.rows, cols: settings.cols, maxBridges: settings.maxBridges ?? 2, noLoops: settings.noLoops ?? false, islands };
}

/** A layout's deductions (encodings/hashi/deduce.ts), worked out once for both screens. */
const deductionsByLayout = new WeakMap<HashiPuzzle, ReturnType<typeof deductions>>();
function deductionsOf(candidate: Candidate<HashiPuzzle, HashiSolution>): ReturnType<typeof deductions> {
  const layout = (candidate as ReturnType<typeof candidateOf>).layout;
  let d = deductionsByLayout.get(layout);
  if (!d) deductionsByLayout.set(layout, (d = deductions(layout)));
  return d;
}

function candidateOf(puzzle: HashiPuzzle): Candidate<HashiPuzzle, HashiSolution> & { layout: HashiPuzzle } {
  return {
    layout: puzzle,
    encode: (model) => ({ encoded: encodeHashi(model, puzzle, {}), clues: [] }),
    puzzle: () => puzzle,
  };
}

const key = (a: readonly number[], b: readonly number[]) => `${a[0]},${a[1]}-${b[0]},${b[1]}`;

/** The water cells strictly between two islands on one row or column. */
function between(a: readonly [number, number], b: readonly [number, number]): [number, number][] {
  const out: [number, number][] = [];
  if (a[0] === b[0]) for (let c = Math.min(a[1], b[1]) + 1; c < Math.max(a[1], b[1]); c++) out.push([a[0], c]);
  else for (let r = Math.min(a[0], b[0]) + 1; r < Math.max(a[0], b[0]); r++) out.push([r, a[1]]);
  return out;
}

/**
 * Annealing (cspuz's way) on a planted island layout (positions as above): the islands stay, their
 * numbers move. Every island is a slot whose alternatives are the numbers 1..m × its connections,
 * each guarding that island's bridge sum; every island always shows one (Tatham's format has no
 * unnumbered islands). A single number changing breaks the parity of the total, so a move changes
 * two islands that see each other by the same ±1 (a bridge more or less between them in some
 * solution). The walk starts from the planted numbers, which have a solution.
 */
function annealSpaceOf(layout: HashiPuzzle): AnnealSpace<HashiPuzzle, HashiSolution> {
  const graph = buildBridgeGraph(layout.rows, layout.cols, layout.islands);
  const m = layout.maxBridges;
  const cap = layout.islands.map((_, i) => m * graph.edgesOf[i]!.length);
  const open = withIslands(layout, layout.islands.map((i) => island(i.row, i.col, null)));
  return {
    // Alternative j is the number j + 1.
    initial: layout.islands.map((i) => i.count! - 1),
    cluePenalty: 0,
    encode(model) {
      const { encoded, vars } = encodeHashiWithVars(model, open, {});
      const slots = layout.islands.map((island, i) => Array.from({ length: cap[i]! }, (_, j) => {
        const guard = model.newVar(`number(${island.row},${island.col})=${j + 1}`);
        islandSum(model, vars, i, j + 1, guard);
        return guard;
      }));
      return { encoded, slots };
    },
    move(state, random) {
      if (graph.edges.length === 0) return null;
      for (let tries = 0; tries < 20; tries++) {
        const e = graph.edges[Math.floor(random() * graph.edges.length)]!;
        const delta = random() < 0.5 ? 1 : -1;
        const a = state[e.a]! + delta, b = state[e.b]! + delta;
        if (a >= 0 && a < cap[e.a]! && b >= 0 && b < cap[e.b]!) return [[e.a, a], [e.b, b]];
      }
      return null;
    },
    puzzle: (state) => withIslands(layout, layout.islands.map((i, k) => island(i.row, i.col, state[k]! + 1))),
  };
}

export const hashiGenerator: PuzzleGenerator<HashiPuzzle, HashiSolution> = {
  settings: ['maxBridges', 'islands', 'noLoops'],
  // Removal (here: prove, else repair the layout): 2.2–2.5× faster than annealing the numbers on the bench.
  defaultMethod: 'removal',
  annealSpace: (settings, random) => annealSpaceOf(layoutOf(settings, random)),
  // The repair uses one connection of one other solution: collecting more costs more than it saves.
  othersPerRepair: 1,
  solvedOneRuleAtATime: (candidate) => deductionsOf(candidate).oneRule === 'solved',
  /**
   * Under 1.5 (asked when the target's lower end is 1.5 or more, as `hard`'s is): the easy deductions
   * with at most 3 bound deductions settle the layout (`deductions` in deduce.ts says how often that
   * held). Of 400 unique 10×10 candidates (seed 101, graded in full), the 45 settled with exactly 3
   * bound deductions graded under 1.5 but for 2 (1.6, 1.6); of Tatham's d2 (150, seed `feat1`), 15, of
   * which 2 in range (1.5, 1.67). With at most 2 (before): 1.39 grades per kept puzzle, now 1.25
   * (seed 7, 200 puzzles, no other change).
   */
  likelyEasierThan(candidate, score) {
    if (score < LIKELY_EASY_FROM) return false;
    const steps = deductionsOf(candidate).boundSteps;
    return steps !== null && steps <= LIKELY_EASY_BOUND_STEPS;
  },
  /** Deductions stuck with more than HARD_MAX_OPEN_SHARE of the connections open (see there). */
  candidateOutOfHard(candidate) {
    const d = deductionsOf(candidate);
    return d.boundSteps === null && d.open > HARD_MAX_OPEN_SHARE;
  },
  check(s) {
    const m = s.maxBridges ?? 2;
    if (!Number.isInteger(m) || m < 1 || m > 4) return `--max-bridges must be 1 to 4 (Tatham's m1-m4), not ${m}`;
    if (s.rows < 3 || s.cols < 3) return 'Bridges needs at least 3x3 cells';
    if (s.islands !== undefined) {
      // No two islands touch: at most half the cells (a checkerboard) can hold one.
      const most = Math.ceil((s.rows * s.cols) / 2);
      if (!Number.isInteger(s.islands) || s.islands < 2 || s.islands > most) return `--islands must be a whole number from 2 to ${most} on ${s.rows}x${s.cols}${Number.isNaN(s.islands) ? '' : `, not ${s.islands}`}`;
    }
    return null;
  },
  propose: (settings, random) => candidateOf(layoutOf(settings, random)),
  /**
   * Another solution uses a connection a–b that this one leaves empty: a new island on that line,
   * joined to a (or b) by a new bridge over water this solution leaves free, hides a from b. This
   * solution plus the new bridge (a leaf: still connected, still loop-free) solves the new layout;
   * the other one, which needed a–b, does not.
   */
  repair(candidate, solution, others, random) {
    const puzzle = (candidate as ReturnType<typeof candidateOf>).layout;
    const islandAt = new Set(puzzle.islands.map((i) => `${i.row},${i.col}`));
    const busy = new Set<string>(islandAt);
    for (const b of solution.bridges) for (const [r, c] of between(b.a, b.b)) busy.add(`${r},${c}`);
    const used = new Set(solution.bridges.map((b) => key(b.a, b.b)));
    for (const other of others) {
      const extra = other.bridges.filter((b) => !used.has(key(b.a, b.b)));
      for (const bridge of shuffle(extra, random)) {
        const [anchor, far] = random() < 0.5 ? [bridge.a, bridge.b] : [bridge.b, bridge.a];
        // Water from the anchor towards the far island, nearest first.
        const water = between(anchor, far);
        if (anchor[0] > far[0] || anchor[1] > far[1]) water.reverse();
        let free = 0;
        while (free < water.length && !busy.has(`${water[free]![0]},${water[free]![1]}`)) free++;
        // Water first, then the new island, touching no other island (Tatham's rule).
        const spots = water.slice(1, free).filter(([r, c]) =>
          DIRECTIONS.every(([dr, dc]) => !islandAt.has(`${r + dr},${c + dc}`)));
        if (spots.length === 0) continue;
        const [r, c] = spots[Math.floor(random() * spots.length)]!;
        const count = 1 + Math.floor(random() * puzzle.maxBridges);
        const islands = puzzle.islands.map((i) => (i.row === anchor[0] && i.col === anchor[1] ? island(i.row, i.col, (i.count ?? 0) + count) : i));
        islands.push(island(r, c, count));
        islands.sort((p, q) => p.row - q.row || p.col - q.col);
        return candidateOf(withIslands(puzzle, islands));
      }
    }
    return null;
  },
};
