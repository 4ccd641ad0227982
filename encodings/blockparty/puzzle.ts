/**
 * Block Party (Jane Street, June 2022, "Block Party 4"): an R×C grid split into regions.
 * - Every region of k cells holds each of the values 1..k exactly once.
 * - For every cell holding K, the nearest OTHER cell holding K, by taxicab distance, is at distance
 *   exactly K: some cell at distance K holds K, and no cell closer than K holds K.
 * Some cells are given. Jane Street's answer figure is the sum over rows of the product of the
 * row's values.
 */
export { regionCells, regionCount, regionLabel } from '../../src/geometry/regions.js';
export type { Cell } from '../../src/geometry/grid.js';

export interface BlockPartyPuzzle {
  rows: number;
  cols: number;
  /** `regions[r][c]`: the region of cell (r,c); ids are dense, 0..n-1. Regions need not be connected. */
  regions: number[][];
  /** `givens[r][c]`: the given value of cell (r,c), or null when the cell is open. */
  givens: (number | null)[][];
  /** How the source labelled each region (`labels[id]`), kept so the text format round-trips. Optional. */
  labels?: string[];
  /** The published answer figure, when the source gives one (the 5×5 example's is 430). */
  answer?: number;
}

/** `values[r][c]`: the value in cell (r,c). */
export type BlockPartySolution = number[][];

/** Jane Street's answer figure: the sum over rows of the product of the row's values. */
export function answer(solution: BlockPartySolution): number {
  return solution.reduce((sum, row) => sum + row.reduce((product, v) => product * v, 1), 0);
}
