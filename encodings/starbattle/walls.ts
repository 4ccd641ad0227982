/**
 * Regions as walls between cells: the shape puzz.link URLs and SBN strings store. Reading a wall
 * format gives the connected wall-free groups of cells; writing one needs every region to be one
 * such group, and every cell to be in a region.
 */
import { cellLabel } from '../../src/util/cells.js';
import { regionLabelOf } from '../../src/geometry/labels.js';
import type { RegionId, StarBattlePuzzle } from './puzzle.js';

/** Is there a wall right of (r,c) / below (r,c)? */
export interface Walls {
  right(r: number, c: number): boolean;
  below(r: number, c: number): boolean;
}

/** Regions = connected groups of cells not separated by walls, numbered in reading order. */
export function regionsFromWalls(rows: number, cols: number, walls: Walls): number[][] {
  const regions: (number | null)[][] = Array.from({ length: rows }, () => Array<number | null>(cols).fill(null));
  let next = 0;
  for (let r0 = 0; r0 < rows; r0++) {
    for (let c0 = 0; c0 < cols; c0++) {
      if (regions[r0]![c0] !== null) continue;
      const id = next++;
      const stack: [number, number][] = [[r0, c0]];
      regions[r0]![c0] = id;
      while (stack.length) {
        const [r, c] = stack.pop()!;
        const open: [number, number, boolean][] = [
          [r, c + 1, c + 1 < cols && !walls.right(r, c)],
          [r, c - 1, c > 0 && !walls.right(r, c - 1)],
          [r + 1, c, r + 1 < rows && !walls.below(r, c)],
          [r - 1, c, r > 0 && !walls.below(r - 1, c)],
        ];
        for (const [nr, nc, ok] of open) {
          if (ok && regions[nr]![nc] === null) { regions[nr]![nc] = id; stack.push([nr, nc]); }
        }
      }
    }
  }
  return regions as number[][];
}

/**
 * The walls of a region grid (a wall wherever neighbours differ), or why a wall format cannot hold
 * it: a cell in no region, or a region in several pieces (walls would read back as more regions).
 * `labels` are the source's region labels, to name a region as the other messages do.
 */
export function wallsOfRegions(regions: readonly (readonly RegionId[])[], labels?: readonly string[]): Walls | { reason: string } {
  const rows = regions.length;
  const cols = regions[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (regions[r]![c] === null) return { reason: `cell ${cellLabel(r, c)} is in no region (walls can only separate regions)` };
    }
  }
  const walls: Walls = {
    right: (r, c) => regions[r]![c] !== regions[r]![c + 1],
    below: (r, c) => regions[r]![c] !== regions[r + 1]![c],
  };
  const pieces = regionsFromWalls(rows, cols, walls);
  const pieceOf = new Map<RegionId, number>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = regions[r]![c]!;
      const piece = pieces[r]![c]!;
      const seen = pieceOf.get(id);
      if (seen === undefined) pieceOf.set(id, piece);
      else if (seen !== piece) return { reason: `region ${regionLabelOf(labels, id)} is in several pieces (cell ${cellLabel(r, c)} is cut off from the rest)` };
    }
  }
  return walls;
}

/** A puzzle's walls for a writer, or throws `fail(reason)`. */
export function wallsForWriter(puzzle: StarBattlePuzzle, fail: (reason: string) => Error): Walls {
  const walls = wallsOfRegions(puzzle.regions, puzzle.labels);
  if ('reason' in walls) throw fail(walls.reason);
  return walls;
}
