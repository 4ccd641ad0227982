/**
 * Independent Akari checker over a decoded bulb grid. It shares nothing with the encoding: it walks
 * the light rays cell by cell and counts bulbs next to clues directly. Violations name cells as
 * explanations do, counting from 1.
 */
import { cellLabel, ORTHOGONAL as DIRECTIONS } from '../../src/geometry/grid.js';
import type { AkariPuzzle, AkariSolution } from './puzzle.js';

export function verifyAkari(puzzle: AkariPuzzle, solution: AkariSolution): string[] {
  const { rows, cols, cells } = puzzle;
  const bulbs = solution.bulbs;
  if (bulbs.length !== rows || bulbs.some((row) => row.length !== cols)) {
    return [`the solution grid is not ${rows}x${cols}`];
  }
  const violations: string[] = [];
  const white = (r: number, c: number) => r >= 0 && r < rows && c >= 0 && c < cols && cells[r]![c] === 'white';

  /** Bulbs seen from (r,c) along the four rays, stopping at black cells and the edge. */
  const bulbsSeenFrom = (r: number, c: number): [number, number][] => {
    const seen: [number, number][] = [];
    for (const [dr, dc] of DIRECTIONS) {
      for (let rr = r + dr, cc = c + dc; white(rr, cc); rr += dr, cc += dc) if (bulbs[rr]![cc]) seen.push([rr, cc]);
    }
    return seen;
  };

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = cells[r]![c]!;
      const hasBulb = bulbs[r]![c] === true;
      if (cell !== 'white') {
        if (hasBulb) violations.push(`bulb on black cell ${cellLabel(r, c)}`);
        if (typeof cell === 'number') {
          let around = 0;
          for (const [dr, dc] of DIRECTIONS) {
            const rr = r + dr;
            const cc = c + dc;
            if (white(rr, cc) && bulbs[rr]![cc]) around++;
          }
          if (around !== cell) violations.push(`clue ${cell} at ${cellLabel(r, c)} has ${around} bulbs next to it`);
        }
        continue;
      }
      const seen = bulbsSeenFrom(r, c);
      if (hasBulb) {
        for (const [br, bc] of seen) {
          // Report each pair once, from the first bulb in reading order.
          if (br > r || (br === r && bc > c)) violations.push(`bulbs at ${cellLabel(r, c)} and ${cellLabel(br, bc)} light each other`);
        }
      } else if (seen.length === 0) {
        violations.push(`white cell ${cellLabel(r, c)} is not lit`);
      }
    }
  }
  return violations;
}
