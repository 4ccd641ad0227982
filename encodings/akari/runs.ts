import { isWhite, type AkariPuzzle } from './puzzle.js';

/** A maximal horizontal or vertical line of white cells: a bulb anywhere on it lights all of it. */
export interface Run {
  direction: 'row' | 'col';
  cells: [number, number][];
}

export interface RunMap {
  runs: Run[];
  /** For each white cell `r*cols+c`: the index of its row run and of its column run. */
  rowRunOf: Int32Array;
  colRunOf: Int32Array;
}

/** Splits the white cells into their maximal row runs and column runs. */
export function findRuns(puzzle: AkariPuzzle): RunMap {
  const { rows, cols, cells } = puzzle;
  const runs: Run[] = [];
  const rowRunOf = new Int32Array(rows * cols).fill(-1);
  const colRunOf = new Int32Array(rows * cols).fill(-1);
  const scan = (direction: 'row' | 'col', outer: number, inner: number, at: (i: number, j: number) => [number, number]) => {
    const runOf = direction === 'row' ? rowRunOf : colRunOf;
    for (let i = 0; i < outer; i++) {
      let current: Run | null = null;
      for (let j = 0; j < inner; j++) {
        const [r, c] = at(i, j);
        if (!isWhite(cells[r]![c]!)) { current = null; continue; }
        if (!current) { current = { direction, cells: [] }; runs.push(current); }
        current.cells.push([r, c]);
        runOf[r * cols + c] = runs.length - 1;
      }
    }
  };
  scan('row', rows, cols, (i, j) => [i, j]);
  scan('col', cols, rows, (i, j) => [j, i]);
  return { runs, rowRunOf, colRunOf };
}
