/**
 * Grids split into regions (Star Battle, Block Party): `regions[r][c]` is a dense region id
 * 0..k-1, or `null` for a cell in no region (Parks puzzles have such cells).
 */
import type { Cell } from './grid.js';
import { regionLabelOf } from './labels.js';

export interface RegionGrid {
  regions: readonly (readonly (number | null)[])[];
  /** How the source labelled each region (`labels[id]`). */
  labels?: readonly string[];
}

/** Number of regions (the largest id + 1). */
export function regionCount(grid: RegionGrid): number {
  let max = -1;
  for (const row of grid.regions) for (const id of row) if (id !== null && id > max) max = id;
  return max + 1;
}

/** The cells of each region, indexed by region id, in row-major order. */
export function regionCells(grid: RegionGrid): Cell[][] {
  const cells: Cell[][] = Array.from({ length: regionCount(grid) }, () => []);
  grid.regions.forEach((row, r) => row.forEach((id, c) => { if (id !== null) cells[id]!.push([r, c]); }));
  return cells;
}

/** The label a region is shown with: its source label, else a letter (A..Z, a..z, then the number). */
export function regionLabel(grid: RegionGrid, id: number): string {
  return regionLabelOf(grid.labels, id);
}
