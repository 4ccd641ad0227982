/**
 * Block Party generator: random connected regions, a solution the engine finds for them, then the
 * givens — every cell's value, each one an assumption literal `holds(r,c,v)` — thinned out by the
 * shared search loop while the solution stays unique.
 */
import type { AnnealSpace, PuzzleGenerator } from '../../src/puzzle/generator.js';
import type { Model } from '../../src/cnf/model.js';
import type { Lit } from '../../src/sat/types.js';
import { growRegions } from '../../src/geometry/grow.js';
import type { BlockPartyPuzzle, BlockPartySolution } from './puzzle.js';
import { encodeBlockParty } from './rules.js';

/** Region sizes are drawn from 1..MAX_REGION (Jane Street's 10×10 has regions of 1 to 10 cells). */
const MAX_REGION = 6;

/** The literal of a named variable (`holds(r,c,K)`), from the names the encoding gave them. */
function literalsByName(model: Model): Map<string, Lit> {
  const out = new Map<string, Lit>();
  for (const [v, name] of model.names()) out.set(name, v);
  return out;
}

function randomLayout(rows: number, cols: number, random: () => number): number[][] {
  const regions = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  let next = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (regions[r]![c] !== -1) continue;
      // Grow one region from here inside the cells still free.
      const size = 1 + Math.floor(random() * MAX_REGION);
      const grown = growRegions(rows, cols, [[r, c]], random, {
        sizes: [size], canTake: (_id, rr, cc) => regions[rr]![cc] === -1,
      });
      grown.forEach((row, i) => row.forEach((g, j) => { if (g === 0) regions[i]![j] = next; }));
      next += 1;
    }
  }
  return regions;
}

/**
 * Annealing (cspuz's way) on a random region layout: every cell is a slot whose alternatives are
 * the values its region allows (1..size), each the literal `holds(r,c,v)`; a move gives one cell
 * another value or clears it. Nothing is planted: any givens the engine can satisfy are a state.
 */
function annealSpaceOf(rows: number, cols: number, regions: number[][]): AnnealSpace<BlockPartyPuzzle, BlockPartySolution> {
  const open: BlockPartyPuzzle = { rows, cols, regions, givens: regions.map((row) => row.map(() => null)) };
  const sizes = new Map<number, number>();
  for (const id of regions.flat()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  const sizeAt = (slot: number) => sizes.get(regions[Math.floor(slot / cols)]![slot % cols]!)!;
  return {
    initial: new Array<number>(rows * cols).fill(-1),
    cluePenalty: 1,
    encode(model) {
      const encoded = encodeBlockParty(model, open, {});
      const byName = literalsByName(model);
      // Alternative v-1 of cell (r,c): "it holds v".
      const slots = Array.from({ length: rows * cols }, (_, i) => {
        const r = Math.floor(i / cols), c = i % cols;
        return Array.from({ length: sizeAt(i) }, (_, v) => byName.get(`holds(${r},${c},${v + 1})`)!);
      });
      return { encoded, slots };
    },
    move(state, random) {
      const slot = Math.floor(random() * rows * cols);
      // -1 (no given) or 0..size-1 (the value v+1), any but the current one.
      const pick = Math.floor(random() * sizeAt(slot)) - 1;
      return [[slot, pick >= state[slot]! ? pick + 1 : pick]];
    },
    puzzle: (state) => ({
      rows, cols, regions,
      givens: regions.map((row, r) => row.map((_, c) => (state[r * cols + c]! >= 0 ? state[r * cols + c]! + 1 : null))),
    }),
  };
}

export const blockPartyGenerator: PuzzleGenerator<BlockPartyPuzzle, BlockPartySolution> = {
  // Removal: annealing takes 1.09× its time on the bench's 40 puzzles (both spend most of it on the
  // same region layouts, which have no solution at all).
  defaultMethod: 'removal',
  annealSpace: (settings, random) => annealSpaceOf(settings.rows, settings.cols, randomLayout(settings.rows, settings.cols, random)),
  check: (s) => (s.rows < 2 || s.cols < 2 ? 'Block Party needs at least 2x2 cells' : null),
  propose(settings, random) {
    const { rows, cols } = settings;
    const regions = randomLayout(rows, cols, random);
    const open: BlockPartyPuzzle = { rows, cols, regions, givens: regions.map((row) => row.map(() => null)) };
    let byName = new Map<string, Lit>();
    return {
      encode(model) {
        const encoded = encodeBlockParty(model, open, {});
        byName = literalsByName(model);
        return { encoded };
      },
      // A given is the literal "this cell holds its solution value".
      cluesOf: (solution) => solution.flatMap((row, r) => row.map((v, c) => byName.get(`holds(${r},${c},${v})`)!)),
      puzzle: (solution, kept) => ({
        rows, cols, regions,
        givens: solution.map((row, r) => row.map((v, c) => (kept[r * cols + c] ? v : null))),
      }),
    };
  },
};
