/**
 * Star Battle generator. A layout of regions with exactly one solution is the hard part; it is
 * reached in three steps:
 *   1. plant a random valid star grid: S stars per row and column, no two touching (the engine,
 *      steered by random assumed stars);
 *   2. grow one region from every star at random until the grid is covered, then merge
 *      neighbouring regions S stars at a time, so each region holds S planted stars (aimed easier,
 *      many stars first grow only a small patch: see SMALL_PATCH_SHARE);
 *   3. repair: while the engine finds another solution, move a cell where that solution has a star
 *      (and the planted one has none) from the edge of its region into a neighbouring region. The
 *      planted stars still fit every region, the other solution no longer does. Regions stay
 *      connected: a cell only moves when its region stays connected without it.
 */
import type { AnnealSpace, Candidate, GenerateSettings, PuzzleGenerator } from '../../src/puzzle/generator.js';
import { ORTHOGONAL } from '../../src/geometry/grid.js';
import { connectedWithout, growRegions } from '../../src/geometry/grow.js';
import type { StarBattlePuzzle, StarBattleSolution } from './puzzle.js';
import { encodeStarBattle } from './rules.js';
import { Model } from '../../src/cnf/model.js';
import { solveModel, valuation } from '../../src/cnf/queries.js';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

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
    const cells = shuffled(encoded.projection.slice(), random);
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
 * `medium` (under 3) stays rare: 2 of 276 graded (seed 9), none of 60 others with or without caps.
 */
const SMALL_PATCH_SHARE = 0.6;

/** Regions of `s` planted stars each, every one connected; null when the merging got stuck. */
function regionsAround(stars: boolean[][], s: number, random: () => number, easier = false): number[][] | null {
  const n = stars.length;
  const seeds: [number, number][] = [];
  stars.forEach((row, r) => row.forEach((star, c) => { if (star) seeds.push([r, c]); }));
  const small = easier && s >= 2;
  const grown = growRegions(n, n, seeds, random, small ? { sizes: seeds.map(() => (random() < SMALL_PATCH_SHARE ? 1 + Math.floor(random() * 2) : Infinity)), fill: true } : {});
  // Merge neighbouring groups until every group holds s stars.
  const group = seeds.map((_, i) => i);
  const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
  const size = seeds.map(() => 1);
  const neighbours = (g: number): number[] => {
    const out = new Set<number>();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (find(grown[r]![c]!) !== g) continue;
        for (const [dr, dc] of ORTHOGONAL) {
          const id = grown[r + dr]?.[c + dc];
          if (id === undefined) continue;
          const h = find(id);
          if (h !== g && size[g]! + size[h]! <= s) out.add(h);
        }
      }
    }
    return [...out];
  };
  for (;;) {
    const open = [...new Set(seeds.map((_, i) => find(i)))].filter((g) => size[g]! < s);
    if (open.length === 0) break;
    // The group with the fewest partners goes first: it is the one most likely to be stranded.
    let best: { g: number; partners: number[] } | null = null;
    for (const g of shuffled(open, random)) {
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
    const g = find(id);
    if (!dense.has(g)) dense.set(g, dense.size);
    return dense.get(g)!;
  }));
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
    const regions = regionsAround(stars, s, random, aim?.easier);
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
      const into = shuffled(ORTHOGONAL.map(([dr, dc]) => regions[r + dr]?.[c + dc]), random)
        .find((id): id is number => id !== undefined && id !== from);
      if (into === undefined || !connectedWithout(regions, from, r, c)) continue;
      const moved = regions.map((row) => [...row]);
      moved[r]![c] = into;
      return candidateOf(n, s, moved);
    }
    return null;
  },
};
