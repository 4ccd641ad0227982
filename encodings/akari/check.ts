/**
 * Sanity checks on a reading, before any solving: a puzzle that breaks one of these cannot have a
 * solution, so the likelier story is a misread or mistyped input. Each failure is a ParseError that
 * names the cell and says what was read there, instead of a bare "no solution" later.
 */
import { ParseError } from '../../src/util/errors.js';
import { cellLabel } from '../../src/util/cells.js';
import { clueOf, orthogonalNeighbours, type AkariPuzzle } from './puzzle.js';
import { findRuns } from './runs.js';

/** The problems found, each with its cell; [] when the reading is plausible. */
export function readingProblems(puzzle: AkariPuzzle): { reason: string; cell: [number, number] }[] {
  const problems: { reason: string; cell: [number, number] }[] = [];
  const white = (r: number, c: number) => puzzle.cells[r]![c] === 'white';

  // A clue counts bulbs on its white neighbours only.
  puzzle.cells.forEach((row, r) => row.forEach((cell, c) => {
    const clue = clueOf(cell);
    if (clue === null) return;
    const room = orthogonalNeighbours(puzzle, r, c).filter(([rr, cc]) => white(rr, cc)).length;
    if (clue > room) {
      problems.push({ reason: `clue ${clue} at ${cellLabel(r, c)} has only ${room} white neighbour${room === 1 ? '' : 's'}`, cell: [r, c] });
    }
  }));

  // A white cell must be lit by a bulb somewhere on its row run or column run; a cell next to a 0
  // can never hold one.
  const nextToZero = (r: number, c: number) => orthogonalNeighbours(puzzle, r, c).some(([rr, cc]) => puzzle.cells[rr]![cc] === 0);
  const { runs, rowRunOf, colRunOf } = findRuns(puzzle);
  const runCanLight = runs.map((run) => run.cells.some(([r, c]) => !nextToZero(r, c)));
  puzzle.cells.forEach((row, r) => row.forEach((_, c) => {
    const i = r * puzzle.cols + c;
    if (rowRunOf[i]! < 0) return;
    if (!runCanLight[rowRunOf[i]!]! && !runCanLight[colRunOf[i]!]!) {
      problems.push({ reason: `white cell ${cellLabel(r, c)} can never be lit: every cell in its row and column run is next to a 0`, cell: [r, c] });
    }
  }));
  return problems;
}

/** Returns the puzzle, or throws a ParseError for its first problem, naming the format it was read as. */
export function checkedAkari(puzzle: AkariPuzzle, readAs: string): AkariPuzzle {
  const [first, ...more] = readingProblems(puzzle);
  if (first) {
    const others = more.length ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : '';
    throw new ParseError(`impossible Light Up puzzle as read from this ${readAs} (${puzzle.cols}x${puzzle.rows}): ${first.reason}${others}`, { cell: first.cell });
  }
  return puzzle;
}
