/**
 * How every message names a place on a grid: rows and columns count from 1, the top-left cell is
 * (1,1), and a cell is written `(row,col)`, the way explanations and hints name cells. Code and
 * data keep 0-based indices (`Location.cell`, JSON `[row, col]` arrays); these helpers turn them
 * into words, so that a parse error, a verifier's complaint and an explanation step name the same
 * cell the same way.
 */

/** `(r+1,c+1)`: the cell at 0-based row r, column c, as a person counts it. */
export function cellLabel(r: number, c: number): string {
  return `(${r + 1},${c + 1})`;
}

/** `row r+1`: the 0-based row r, as a person counts it. */
export function rowLabel(r: number): string {
  return `row ${r + 1}`;
}

/** `column c+1`: the 0-based column c, as a person counts it. */
export function columnLabel(c: number): string {
  return `column ${c + 1}`;
}
