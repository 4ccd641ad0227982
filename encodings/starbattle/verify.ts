/**
 * Independent checker for a Star Battle solution: plain loops over the grid, sharing nothing with
 * the CNF encoding. Returns every violated rule, naming the row/column/region/cells as explanations
 * do (rows and columns from 1, regions by their label); [] when valid.
 */
import { cellLabel, KING_FORWARD } from '../../src/geometry/grid.js';
import { columnLabel, rowLabel } from '../../src/util/cells.js';
import { regionLabel, type StarBattlePuzzle, type StarBattleSolution } from './puzzle.js';

export function verifyStarBattle(puzzle: StarBattlePuzzle, solution: StarBattleSolution): string[] {
  const { rows, cols, stars: want } = puzzle;
  if (solution.length !== rows || solution.some((row) => row.length !== cols)) {
    return [`solution grid is not ${rows}x${cols}`];
  }
  const problems: string[] = [];
  const isStar = (r: number, c: number) => solution[r]?.[c] === true;

  for (let r = 0; r < rows; r++) {
    let n = 0;
    for (let c = 0; c < cols; c++) if (isStar(r, c)) n++;
    if (n !== want) problems.push(`${rowLabel(r)} has ${n} stars, needs ${want}`);
  }
  for (let c = 0; c < cols; c++) {
    let n = 0;
    for (let r = 0; r < rows; r++) if (isStar(r, c)) n++;
    if (n !== want) problems.push(`${columnLabel(c)} has ${n} stars, needs ${want}`);
  }

  const perRegion = new Map<number, number>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = puzzle.regions[r]![c]!;
      if (id === null) {
        if (isStar(r, c)) problems.push(`star at ${cellLabel(r, c)} is in no region`);
      } else {
        perRegion.set(id, (perRegion.get(id) ?? 0) + (isStar(r, c) ? 1 : 0));
      }
    }
  }
  for (const [id, n] of [...perRegion].sort((a, b) => a[0] - b[0])) {
    if (n !== want) problems.push(`region ${regionLabel(puzzle, id)} has ${n} stars, needs ${want}`);
  }

  // Each touching pair once: look right, down-left, down, down-right.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!isStar(r, c)) continue;
      for (const [dr, dc] of KING_FORWARD) {
        if (isStar(r + dr, c + dc)) problems.push(`stars at ${cellLabel(r, c)} and ${cellLabel(r + dr, c + dc)} touch`);
      }
    }
  }
  return problems;
}
