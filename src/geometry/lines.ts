/**
 * Lines of sight on a grid: maximal straight runs of open cells along rows and columns. Light Up's
 * bulbs light a whole run of white cells; Hashi's islands see each other along a run of cells that
 * no sign blocks.
 */
import type { Cell } from './grid.js';

/** A maximal horizontal or vertical line of open cells, in reading order. */
export interface Run {
  direction: 'row' | 'col';
  cells: Cell[];
}

/** Every maximal row run (top to bottom), then every maximal column run (left to right), of cells where `open(r,c)`. */
export function maximalRuns(rows: number, cols: number, open: (r: number, c: number) => boolean): Run[] {
  const runs: Run[] = [];
  const scan = (direction: 'row' | 'col', outer: number, inner: number, at: (i: number, j: number) => Cell): void => {
    for (let i = 0; i < outer; i++) {
      let current: Run | null = null;
      for (let j = 0; j < inner; j++) {
        const cell = at(i, j);
        if (!open(cell[0], cell[1])) { current = null; continue; }
        if (!current) { current = { direction, cells: [] }; runs.push(current); }
        current.cells.push(cell);
      }
    }
  };
  scan('row', rows, cols, (i, j) => [i, j]);
  scan('col', cols, rows, (i, j) => [j, i]);
  return runs;
}
