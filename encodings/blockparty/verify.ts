/**
 * Independent Block Party checker: plain loops over the value grid, sharing no code with the
 * encoder. Distances are measured by brute force over every pair of cells.
 */
import { cellLabel } from '../../src/util/cells.js';
import { regionLabel, type BlockPartyPuzzle, type BlockPartySolution } from './puzzle.js';

/**
 * The violated rules, each naming its cells as explanations do (counting from 1) and its regions
 * by label; [] when the solution is valid.
 */
export function verifyBlockParty(puzzle: BlockPartyPuzzle, solution: BlockPartySolution): string[] {
  const { rows, cols } = puzzle;
  if (solution.length !== rows || solution.some((row) => row.length !== cols)) {
    return [`solution is not a ${rows}x${cols} grid`];
  }
  const errors: string[] = [];

  // Givens.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const g = puzzle.givens[r]![c];
      if (g !== null && g !== undefined && solution[r]![c] !== g) {
        errors.push(`given: cell ${cellLabel(r, c)} must hold ${g}, holds ${solution[r]![c]}`);
      }
    }
  }

  // Each region of k cells holds 1..k once each.
  const members = new Map<number, [number, number][]>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = puzzle.regions[r]![c]!;
      if (!members.has(id)) members.set(id, []);
      members.get(id)!.push([r, c]);
    }
  }
  for (const [id, cells] of members) {
    const k = cells.length;
    const seen = new Map<number, [number, number]>();
    for (const [r, c] of cells) {
      const v = solution[r]![c]!;
      if (!Number.isInteger(v) || v < 1 || v > k) {
        errors.push(`region: cell ${cellLabel(r, c)} holds ${v}, outside 1..${k} of its region ${regionLabel(puzzle, id)}`);
      } else if (seen.has(v)) {
        const [r0, c0] = seen.get(v)!;
        errors.push(`region: cells ${cellLabel(r0, c0)} and ${cellLabel(r, c)} of region ${regionLabel(puzzle, id)} both hold ${v}`);
      } else {
        seen.set(v, [r, c]);
      }
    }
  }

  // The nearest other cell holding K is at taxicab distance exactly K.
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = solution[r]![c]!;
      let nearest = Infinity;
      let at: [number, number] | null = null;
      for (let r2 = 0; r2 < rows; r2++) {
        for (let c2 = 0; c2 < cols; c2++) {
          if ((r2 !== r || c2 !== c) && solution[r2]![c2] === v) {
            const d = Math.abs(r2 - r) + Math.abs(c2 - c);
            if (d < nearest) { nearest = d; at = [r2, c2]; }
          }
        }
      }
      if (at === null) {
        errors.push(`distance: cell ${cellLabel(r, c)} holds ${v} but no other cell does`);
      } else if (nearest !== v) {
        errors.push(`distance: cell ${cellLabel(r, c)} holds ${v}; the nearest other ${v} is ${cellLabel(at[0], at[1])} at distance ${nearest}, not ${v}`);
      }
    }
  }
  return errors;
}
