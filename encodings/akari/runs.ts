import { maximalRuns, type Run } from '../../src/geometry/lines.js';
import { isWhite, type AkariPuzzle } from './puzzle.js';

export type { Run } from '../../src/geometry/lines.js';

export interface RunMap {
  /** The maximal row and column runs of white cells: a bulb anywhere on one lights all of it. */
  runs: Run[];
  /** For each white cell `r*cols+c`: the index of its row run and of its column run. */
  rowRunOf: Int32Array;
  colRunOf: Int32Array;
}

/** Splits the white cells into their maximal row runs and column runs. */
export function findRuns(puzzle: AkariPuzzle): RunMap {
  const { rows, cols, cells } = puzzle;
  const runs = maximalRuns(rows, cols, (r, c) => isWhite(cells[r]![c]!));
  const rowRunOf = new Int32Array(rows * cols).fill(-1);
  const colRunOf = new Int32Array(rows * cols).fill(-1);
  runs.forEach((run, i) => {
    const runOf = run.direction === 'row' ? rowRunOf : colRunOf;
    for (const [r, c] of run.cells) runOf[r * cols + c] = i;
  });
  return { runs, rowRunOf, colRunOf };
}
