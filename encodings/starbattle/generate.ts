/**
 * Star Battle generator. A layout of regions with exactly one solution is the hard part; it is
 * reached in three steps:
 *   1. plant a random valid star grid: S stars per row and column, no two touching (the engine,
 *      steered by random assumed stars);
 *   2. grow one region from every star at random until the grid is covered, then merge
 *      neighbouring regions S stars at a time, so each region holds S planted stars (aimed easier,
 *      many stars first grow only a small patch: see SMALL_PATCH_SHARE; aimed under `expert`, some
 *      regions are first made forced, S nearby stars and the few cells joining them, in which only
 *      one placement fits, and under `hard` most of them: see forcedRegionsAround);
 *   3. repair: while the engine finds another solution, move a cell where that solution has a star
 *      (and the planted one has none) from the edge of its region into a neighbouring region. The
 *      planted stars still fit every region, the other solution no longer does. Regions stay
 *      connected: a cell only moves when its region stays connected without it.
 */
import type { AnnealSpace, Candidate, GenerateSettings, PuzzleGenerator } from '../../src/puzzle/generator.js';
import { shuffle } from '../../src/util/random.js';
import { ORTHOGONAL, type Cell } from '../../src/geometry/grid.js';
import { connectedWithout, growRegions } from '../../src/geometry/grow.js';
import type { StarBattlePuzzle, StarBattleSolution } from './puzzle.js';
import { encodeStarBattle } from './rules.js';
import { Model } from '../../src/cnf/model.js';
import { solveModel, valuation } from '../../src/cnf/queries.js';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';

/**
 * A random star grid with `s` stars in every row and column and no two touching, from the engine:
 * cells in random order are assumed to hold a star while that stays satisfiable, until half the
 * stars are placed by chance; the engine completes the rest. Null when no such grid exists.
 */
export function plantStars(n: number, s: number, random: () => number): boolean[][] | null {
  const model = new Model(createSolver('wasm'));
  try {
    // Row r as "region" r: the region rule repeats the row rule, leaving rows, columns, no-touch.
    const rowsAsRegions: StarBattlePuzzle = { rows: n, cols: n, stars: s, regions: Array.from({ length: n }, (_, r) => new Array<number>(n).fill(r)) };
    const encoded = encodeStarBattle(model, rowsAsRegions, {});
    const cells = shuffle(encoded.projection.slice(), random);
    const assumed: Lit[] = [];
    let last = solveModel(model);
    if (last.status !== 'sat') return null;
    for (const lit of cells) {
      if (assumed.length >= (n * s) / 2) break;
      const r = solveModel(model, { assumptions: [...assumed, lit] });
      if (r.status === 'sat') { assumed.push(lit); last = r; }
    }
    return encoded.decode(valuation(last.model));
  } finally {
    model.solver.dispose();
  }
}

/**
 * For layouts aimed easier (LayoutAim), with 2 or more stars: this share of the stars stop growing
 * their patch at 1 or 2 cells (until nothing else can grow), so that some regions come out small (a
 * patch is merged with its neighbours' into a region of S stars); small regions are where a solver
 * starts. 10×10 2★ layouts graded 5 or less (`hard` or easier), 30 layouts each (seeds 500–529,
 * before the caps were lifted when stuck): 1 without, 3 at 0.5, 8 at 0.6, 7 at 0.7; at 0.8 the grid
 * no longer filled. With the caps lifted when stuck, another 30 (seed 700): 2 with no caps, 3 at 0.6,
 * 5 at 0.8, 1 at 1.0 (samples this small are noisy). With this code, `--difficulty hard` at 10×10 2★ (seed 9, 20 puzzles) kept 20 of
 * 83 graded layouts (was 3 of 105 for its first 3 puzzles: 222 s of CPU against 23 s with this, 16 s with the explainer's hard-question change).
 * `medium` (under 3) stays rare this way: 2 of 276 graded (seed 9), none of 60 others with or without
 * caps; layouts aimed under `hard`, or under `expert` (such as `hard` itself), are built another way
 * (forcedRegionsAround), so these serve targets whose upper end is 5 or more.
 */
const SMALL_PATCH_SHARE = 0.6;

/** Regions of `s` planted stars each, every one connected; null when the merging got stuck. */
function regionsAround(stars: boolean[][], s: number, random: () => number, easier = false): number[][] | null {
  const seeds = starCells(stars);
  const small = easier && s >= 2;
  const grown = growRegions(stars.length, stars.length, seeds, random, small ? { sizes: seeds.map(() => (random() < SMALL_PATCH_SHARE ? 1 + Math.floor(random() * 2) : Infinity)), fill: true } : {});
  return mergedRegions(grown, seeds.length, s, random);
}

function starCells(stars: readonly (readonly boolean[])[]): Cell[] {
  const cells: Cell[] = [];
  stars.forEach((row, r) => row.forEach((star, c) => { if (star) cells.push([r, c]); }));
  return cells;
}

/**
 * Merges neighbouring grown patches (`grown[r][c]`: the patch of seed 0..seeds-1, one star each, or
 * -1 for a cell left to a region made before) until every group holds `s` stars, and numbers the
 * groups from `first` up: the region ids, or null when a group was stranded short of `s`.
 */
function mergedRegions(grown: number[][], seeds: number, s: number, random: () => number, first = 0): number[][] | null {
  const n = grown.length;
  const group = Array.from({ length: seeds }, (_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
  const size = new Array<number>(seeds).fill(1);
  const neighbours = (g: number): number[] => {
    const out = new Set<number>();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (grown[r]![c]! < 0 || find(grown[r]![c]!) !== g) continue;
        for (const [dr, dc] of ORTHOGONAL) {
          const id = grown[r + dr]?.[c + dc];
          if (id === undefined || id < 0) continue;
          const h = find(id);
          if (h !== g && size[g]! + size[h]! <= s) out.add(h);
        }
      }
    }
    return [...out];
  };
  for (;;) {
    const open = [...new Set(group.map((_, i) => find(i)))].filter((g) => size[g]! < s);
    if (open.length === 0) break;
    // The group with the fewest partners goes first: it is the one most likely to be stranded.
    let best: { g: number; partners: number[] } | null = null;
    for (const g of shuffle(open, random)) {
      const partners = neighbours(g);
      if (partners.length === 0) return null;
      if (!best || partners.length < best.partners.length) best = { g, partners };
    }
    const h = best!.partners[Math.floor(random() * best!.partners.length)]!;
    group[h] = best!.g;
    size[best!.g]! += size[h]!;
  }
  const dense = new Map<number, number>();
  return grown.map((row) => row.map((id) => {
    if (id < 0) return -1;
    const g = find(id);
    if (!dense.has(g)) dense.set(g, first + dense.size);
    return dense.get(g)!;
  }));
}

/**
 * Draws of the forced regions (below) per layout; the draw with the most is kept. One draw against
 * 20, seed 1 (20 puzzles each): 12×12 2★ `easy` 6.7 → 8.7 forced regions of 12 a layout, 197 → 112
 * puzzles graded, 39.0 → 7.7 s of CPU; 10×10 2★ `medium` (40 puzzles) 5.2 → 6.4 of 10, 144 → 84
 * graded, 13.2 → 4.3 s.
 */
const FORCED_REGION_DRAWS = 20;

/**
 * Of a forced region, how far apart two of its stars may be: the cells joining one to the next
 * count at most this many, both ends included (3 in a line, or 4 in an S between stars a knight's
 * move apart; longer joins leave other placements).
 */
const FORCED_JOIN_CELLS = 4;

/**
 * How many of the forced regions found a layout keeps: a share of them, or all but enough to leave
 * `free` regions of the n unforced.
 */
type ForcedShare = number | { free: number };

/**
 * Aimed under `hard` (an `expert` floor), a layout leaves this many regions, at random, free of
 * forced ones: they are where the case analysis a hard puzzle needs happens, and their number, not
 * the grid's size, is what sets the grade. `--difficulty hard`, seed 1, CPU per puzzle
 * (scripts/generate-profile.mjs, 8 puzzles) with the plain easier layouts (SMALL_PATCH_SHARE)
 * against 5–8 free regions: 10×10 2★ about 900 → 210 ms; 12×12 2★ 31 s
 * (3 puzzles; 13 graded each, about 2 s a grading) → 0.59 s; 14×14 3★ never (nothing in 5 minutes)
 * → 0.81 s; 17×17 4★ 1.3 s (3 puzzles). 4–8 free: 135, 950 and 1039 ms at 10×10 to 14×14. A share
 * of the forced regions instead suits one size at a time (20–100 %: 173 ms at 10×10, 551 ms at
 * 14×14; 50–100 % is best at 12×12, 320 ms). Not on grids of 8 regions or fewer (see propose).
 */
const HARD_FREE_REGIONS = [5, 8] as const;

/**
 * Aimed at `medium` on a grid of this many regions or fewer, half the layouts keep a random share of
 * their forced regions: at 8×8 2★ all of them leave nothing but `easy` puzzles (200 graded, none
 * reached 1.5). On larger grids all of them are kept: since the grade takes a step's technique from
 * all its values (e07a6d2), a random share mostly leaves puzzles above `medium`'s narrow band (one
 * probing step scores 2). `--difficulty medium`, seed 1 unless said, CPU mean per puzzle
 * (scripts/generate-profile.mjs), random share in half the layouts → all kept: 9×9 2★ (seed 2, 20
 * puzzles) 444 → 230 ms; 10×10 2★ (seed 2, 20) 618 → 216 ms; 12×12 2★ (5) 6,986 → 402 ms;
 * 14×14 3★ (2) none within 150 s → 7.6 s.
 */
const MEDIUM_SHARE_REGIONS = 8;

/**
 * The forced regions a layout aimed under `below` keeps: under `medium` (easy targets) all of them;
 * under `hard` (medium targets) all of them too, but on grids of MEDIUM_SHARE_REGIONS regions or
 * fewer, in half the layouts, a random share; under `expert` (hard targets), all but
 * HARD_FREE_REGIONS.
 */
function forcedShare(below: 'medium' | 'hard' | 'expert', regions: number, random: () => number): ForcedShare {
  if (below === 'medium') return 1;
  if (below === 'hard') return regions > MEDIUM_SHARE_REGIONS ? 1 : random() < 0.5 ? 1 : random();
  const [least, most] = HARD_FREE_REGIONS;
  return { free: least + Math.floor(random() * (most - least + 1)) };
}

/**
 * For layouts aimed under `medium`, `hard` or `expert` (LayoutAim.below), with 2 or more stars: as many regions
 * as one greedy pass finds (the best of FORCED_REGION_DRAWS), or the first of them (ForcedShare), each `s`
 * planted stars and the fewest cells joining them, in which only one placement of `s` stars fits with
 * none touching: two stars at the ends of a line of 3, say. A solver places those stars at once, as
 * in published easy Star Battles, whose small regions are of this kind. The other stars grow and
 * merge into regions as regionsAround does.
 */
function forcedRegionsAround(stars: boolean[][], s: number, random: () => number, share: ForcedShare = 1): number[][] | null {
  let best: { forced: number; regions: number[][] } | null = null;
  for (let draw = 0; draw < FORCED_REGION_DRAWS; draw++) {
    const made = forcedRegions(stars, s, random);
    const forced = made.slice(0, typeof share === 'number' ? Math.ceil(share * made.length) : Math.max(0, stars.length - share.free));
    // The other stars may be unable to cover what the forced regions left (a pocket walled off
    // from them), or to merge: then the last forced regions made are given back, one at a time.
    for (let kept = forced.length; kept > (best?.forced ?? -1); kept--) {
      const regions = regionsBeside(stars, forced.slice(0, kept), s, random);
      if (regions) { best = { forced: kept, regions }; break; }
    }
  }
  return best?.regions ?? null;
}

/**
 * The layout with these forced regions (ids 0 up, in order) and the other stars grown and merged
 * around them as regionsAround does, or null when their growth cannot cover the rest or merge.
 */
function regionsBeside(stars: boolean[][], forced: readonly (readonly Cell[])[], s: number, random: () => number): number[][] | null {
  const n = stars.length;
  const owner = stars.map((row) => row.map(() => -1));
  forced.forEach((cells, id) => { for (const [r, c] of cells) owner[r]![c] = id; });
  const rest = starCells(stars).filter(([r, c]) => owner[r]![c]! < 0);
  const grown = growRegions(n, n, rest, random, { canTake: (_, r, c) => owner[r]![c]! < 0 });
  if (grown.some((row, r) => row.some((id, c) => id < 0 && owner[r]![c]! < 0))) return null;
  const merged = mergedRegions(grown, rest.length, s, random, forced.length);
  return merged && merged.map((row, r) => row.map((id, c) => (id < 0 ? owner[r]![c]! : id)));
}

/** One greedy pass of forced regions over the planted stars, in the order they were made. */
function forcedRegions(stars: boolean[][], s: number, random: () => number): Cell[][] {
  const owner = stars.map((row) => row.map(() => -1));
  const regions: Cell[][] = [];
  for (const [r0, c0] of shuffle(starCells(stars), random)) {
    if (owner[r0]![c0]! >= 0) continue;
    const cells: Cell[] = [[r0, c0]];
    let starsIn = 1;
    while (starsIn < s) {
      const join = nearestFreeStar(stars, owner, cells, random);
      if (!join) break;
      for (const cell of join) cells.push(cell);
      starsIn += 1;
    }
    if (starsIn < s || placements(cells, s, 2) !== 1) continue;
    for (const [r, c] of cells) owner[r]![c] = regions.length;
    regions.push(cells);
  }
  return regions;
}

/**
 * The cells joining `cells` to the nearest planted star outside any region (breadth first through
 * free cells without a star, ties broken at random), that star included, or null when none is within
 * FORCED_JOIN_CELLS.
 */
function nearestFreeStar(stars: boolean[][], owner: number[][], cells: readonly Cell[], random: () => number): Cell[] | null {
  const n = stars.length;
  const from = new Map<number, number>(cells.map(([r, c]) => [r * n + c, -1]));
  let frontier = cells.map(([r, c]) => r * n + c);
  for (let length = 2; length <= FORCED_JOIN_CELLS && frontier.length; length++) {
    const next: number[] = [];
    for (const at of shuffle(frontier, random)) {
      for (const [dr, dc] of shuffle([...ORTHOGONAL], random)) {
        const r = Math.floor(at / n) + dr, c = (at % n) + dc, k = r * n + c;
        if (r < 0 || c < 0 || r >= n || c >= n || from.has(k) || owner[r]![c]! >= 0) continue;
        from.set(k, at);
        if (!stars[r]![c]) { next.push(k); continue; }
        const path: Cell[] = [];
        for (let p = k; from.get(p)! >= 0; p = from.get(p)!) path.push([Math.floor(p / n), p % n]);
        return path;
      }
    }
    frontier = next;
  }
  return null;
}

/** How many ways (up to `limit`) `s` stars fit in `cells` with no two touching, diagonals included. */
function placements(cells: readonly Cell[], s: number, limit: number): number {
  let count = 0;
  const chosen: Cell[] = [];
  const place = (from: number): void => {
    if (chosen.length === s) { count += 1; return; }
    for (let i = from; i < cells.length && count < limit; i++) {
      const [r, c] = cells[i]!;
      if (chosen.some(([a, b]) => Math.abs(a - r) <= 1 && Math.abs(b - c) <= 1)) continue;
      chosen.push(cells[i]!);
      place(i + 1);
      chosen.pop();
    }
  };
  place(0);
  return count;
}

function candidateOf(n: number, s: number, regions: number[][]): Candidate<StarBattlePuzzle, StarBattleSolution> & { regions: number[][] } {
  const puzzle: StarBattlePuzzle = { rows: n, cols: n, stars: s, regions };
  return {
    regions,
    encode: (model) => ({ encoded: encodeStarBattle(model, puzzle, {}), clues: [] }),
    puzzle: () => puzzle,
  };
}

/**
 * Annealing (cspuz's way): the region layout itself is the state. Every cell is a slot whose
 * alternatives are the n regions, each a literal `in(r,c,k)`; the rows, columns and no-touch rules
 * are fixed, each cell is in exactly one region, and region k holds S stars among its members
 * (`star ∧ in` per cell, counted). So one engine sees every layout and a layout is a set of
 * assumptions. A move is cspuz's: a cell whose region stays connected without it joins a
 * neighbouring region. The walk starts from the planted layout above (it has a solution).
 */
function annealSpaceOf(n: number, s: number, start: number[][]): AnnealSpace<StarBattlePuzzle, StarBattleSolution> {
  return {
    initial: start.flat(),
    cluePenalty: 0,
    encode(model) {
      // Row r as "region" r leaves the rows, columns and no-touch rules (as plantStars does).
      const rowsAsRegions: StarBattlePuzzle = { rows: n, cols: n, stars: s, regions: Array.from({ length: n }, (_, r) => new Array<number>(n).fill(r)) };
      const encoded = encodeStarBattle(model, rowsAsRegions, {});
      const star = encoded.projection;
      const member = star.map((_, i) => Array.from({ length: n }, (_, k) => model.newVar(`in(${Math.floor(i / n)},${i % n},${k})`)));
      member.forEach((alternatives) => model.exactlyOne(alternatives));
      for (let k = 0; k < n; k++) model.exactly(star.map((lit, i) => model.and([lit, member[i]![k]!])), s);
      return { encoded, slots: member };
    },
    move(state, random) {
      const regions = Array.from({ length: n }, (_, r) => state.slice(r * n, (r + 1) * n));
      for (let tries = 0; tries < 4 * n * n; tries++) {
        const i = Math.floor(random() * n * n);
        const r = Math.floor(i / n), c = i % n;
        const from = regions[r]![c]!;
        const into = ORTHOGONAL.map(([dr, dc]) => regions[r + dr]?.[c + dc]).filter((id): id is number => id !== undefined && id !== from);
        if (into.length === 0 || !connectedWithout(regions, from, r, c)) continue;
        return [[i, into[Math.floor(random() * into.length)]!]];
      }
      return null;
    },
    puzzle: (state) => ({ rows: n, cols: n, stars: s, regions: Array.from({ length: n }, (_, r) => state.slice(r * n, (r + 1) * n)) }),
  };
}

export const starBattleGenerator: PuzzleGenerator<StarBattlePuzzle, StarBattleSolution> = {
  settings: ['stars'],
  // Removal (plant, grow, repair): 10–15× faster than annealing the layout on the bench (README, Generate).
  defaultMethod: 'removal',
  annealSpace(settings, random) {
    const n = settings.rows, s = settings.stars ?? 1;
    const stars = plantStars(n, s, random);
    const regions = stars && regionsAround(stars, s, random);
    return regions ? annealSpaceOf(n, s, regions) : null;
  },
  check(settings: GenerateSettings) {
    const s = settings.stars ?? 1;
    if (settings.rows !== settings.cols) return `Star Battle needs a square grid (${settings.rows}x${settings.cols} given): there are as many regions as rows`;
    if (!Number.isInteger(s) || s < 1) return `--stars must be a positive integer, not ${s}`;
    if (settings.rows < 4 * s) {
      return `a ${settings.rows}x${settings.rows} grid is too small for ${s} star(s) per row (no two may touch)`;
    }
    return null;
  },
  propose(settings, random, aim) {
    const n = settings.rows, s = settings.stars ?? 1;
    const stars = plantStars(n, s, random);
    if (!stars) return null;
    // Under `expert`, only grids with more regions than HARD_FREE_REGIONS leaves free: at 8×8 2★
    // the 0-3 forced regions left made `hard` 1.3-3.7× slower than the plain easier layouts.
    const below = s >= 2 ? aim?.below : undefined;
    const regions = below && (below !== 'expert' || n > HARD_FREE_REGIONS[1])
      ? forcedRegionsAround(stars, s, random, forcedShare(below, n, random))
      : regionsAround(stars, s, random, aim?.easier);
    return regions ? candidateOf(n, s, regions) : null;
  },
  repair(candidate, solution, others, random) {
    const { regions } = candidate as ReturnType<typeof candidateOf>;
    const n = regions.length;
    const s = solution.flat().filter(Boolean).length / n;
    // Moving a cell out of its region rules out every other solution with a star there (its old
    // region is one star short): prefer the cells where most of the others have a star.
    const hits = regions.map((row) => row.map(() => 0));
    for (const other of others) other.forEach((row, r) => row.forEach((star, c) => { if (star && !solution[r]![c]) hits[r]![c]! += 1; }));
    const cells: [number, number, number][] = [];
    hits.forEach((row, r) => row.forEach((h, c) => { if (h > 0) cells.push([r, c, h + random()]); }));
    cells.sort((a, b) => b[2] - a[2]);
    for (const [r, c] of cells) {
      const from = regions[r]![c]!;
      const into = shuffle(ORTHOGONAL.map(([dr, dc]) => regions[r + dr]?.[c + dc]), random)
        .find((id): id is number => id !== undefined && id !== from);
      if (into === undefined || !connectedWithout(regions, from, r, c)) continue;
      const moved = regions.map((row) => [...row]);
      moved[r]![c] = into;
      return candidateOf(n, s, moved);
    }
    return null;
  },
};
