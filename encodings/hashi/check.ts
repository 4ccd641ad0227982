/**
 * Sanity checks on a reading, before any solving: a puzzle that breaks one of these cannot have a
 * solution, so the likelier story is a misread or mistyped input. Each failure is a ParseError that
 * names the island and says what was read there, instead of a bare "no solution" later.
 */
import { ParseError } from '../../src/util/errors.js';
import { cellLabel } from '../../src/util/cells.js';
import { buildBridgeGraph } from './graph.js';
import type { HashiPuzzle } from './puzzle.js';

export function readingProblems(puzzle: HashiPuzzle): { reason: string; cell?: [number, number] }[] {
  const problems: { reason: string; cell?: [number, number] }[] = [];
  const { islands, maxBridges } = puzzle;
  const graph = buildBridgeGraph(puzzle.rows, puzzle.cols, islands);
  const alone = islands.length === 1;
  islands.forEach((island, i) => {
    const cell: [number, number] = [island.row, island.col];
    const at = `island ${island.count ?? '?'} at ${cellLabel(island.row, island.col)}`;
    const sight = graph.edgesOf[i]!.length;
    if (alone) {
      if (island.count !== null && island.count > 0) problems.push({ reason: `${at} is the only island, so it can have no bridge`, cell });
      return;
    }
    if (sight === 0) {
      problems.push({ reason: `${at} has no island in sight in any direction, so it can never be connected`, cell });
    } else if (island.count === 0) {
      problems.push({ reason: `${at} needs no bridge, so it can never be connected to the other ${islands.length - 1} islands`, cell });
    } else if (island.count !== null && island.count > maxBridges * sight) {
      problems.push({
        reason: `${at} sees ${sight} island${sight === 1 ? '' : 's'}, so it can take at most ${maxBridges * sight} bridges (${maxBridges} per pair)`,
        cell,
      });
    }
  });
  // Every bridge ends at two islands: the numbers add up to an even total.
  if (problems.length === 0 && islands.every((isl) => isl.count !== null)) {
    const total = islands.reduce((sum, isl) => sum + isl.count!, 0);
    if (total % 2 === 1) problems.push({ reason: `the island numbers add up to ${total}, an odd total, but every bridge counts at both its ends` });
  }
  return problems;
}

/** Returns the puzzle, or throws a ParseError for its first problem, naming the format it was read as. */
export function checkedHashi(puzzle: HashiPuzzle, readAs: string): HashiPuzzle {
  const [first, ...more] = readingProblems(puzzle);
  if (first) {
    const others = more.length ? ` (and ${more.length} more problem${more.length === 1 ? '' : 's'})` : '';
    throw new ParseError(
      `impossible Hashi puzzle as read from this ${readAs} (${puzzle.cols}x${puzzle.rows}, ${puzzle.islands.length} islands, m${puzzle.maxBridges}): ${first.reason}${others}`,
      first.cell ? { cell: first.cell } : {},
    );
  }
  return puzzle;
}
