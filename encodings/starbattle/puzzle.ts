/**
 * Star Battle (also sold as Parks): an R×C grid split into regions; every row, every column and
 * every region holds exactly `stars` stars, and no two stars touch, not even diagonally.
 * Parks puzzles may leave cells outside every region: no star may stand there, but their rows and
 * columns still need `stars` stars.
 */
export { regionCells, regionCount, regionLabel } from '../../src/geometry/regions.js';
export type { Cell } from '../../src/geometry/grid.js';

/** A region id (0-based, dense) or `null` for a cell that belongs to no region. */
export type RegionId = number | null;

export interface StarBattlePuzzle {
  rows: number;
  cols: number;
  /** Stars in every row, column and region. */
  stars: number;
  /** `regions[r][c]`: the region of cell (r,c), ids 0..k-1, or null for a cell in no region. */
  regions: RegionId[][];
  /**
   * How the source wrote each region (`labels[id]`), e.g. Norvig's picture characters or janko's
   * numbers; used by the text renderer and kept so formats round-trip. Optional.
   */
  labels?: string[];
  /**
   * How the source wrote each cell in no region where it had a choice (janko writes `@` or `#`):
   * `noRegionMarks[r][c]`, null for cells in a region. Optional; kept so formats round-trip.
   */
  noRegionMarks?: (string | null)[][];
}

/** `true` where a star stands: `stars[r][c]`. */
export type StarBattleSolution = boolean[][];

/**
 * Builds a puzzle from a grid of region labels (any strings); `null` marks a cell in no region.
 * Region ids are given in order of first appearance, row by row, and the labels are kept.
 */
export function puzzleFromLabels(labelGrid: (string | null)[][], stars: number): StarBattlePuzzle {
  const ids = new Map<string, number>();
  const regions = labelGrid.map((row) => row.map((label) => {
    if (label === null) return null;
    let id = ids.get(label);
    if (id === undefined) { id = ids.size; ids.set(label, id); }
    return id;
  }));
  return { rows: labelGrid.length, cols: labelGrid[0]?.length ?? 0, stars, regions, labels: [...ids.keys()] };
}

/** An all-empty solution grid of the puzzle's size. */
export function emptySolution(puzzle: StarBattlePuzzle): StarBattleSolution {
  return Array.from({ length: puzzle.rows }, () => Array<boolean>(puzzle.cols).fill(false));
}
