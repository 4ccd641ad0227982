/**
 * Independent Hashi checker: plain code over the solution's bridges, sharing nothing with the
 * encoding. Returns every violated rule, naming cells as (row,col) counting from 1, as explanations
 * do; [] when the solution is valid.
 */
import { cellLabel } from '../../src/geometry/grid.js';
import { DisjointSets } from '../../src/geometry/union-find.js';
import type { Bridge, HashiPuzzle } from './puzzle.js';

/** The grid the bridges are laid on. `blocked` cells (signs) may not be crossed. */
export interface Layout {
  rows: number;
  cols: number;
  islands: readonly { row: number; col: number }[];
  maxBridges: number;
  blocked?: (row: number, col: number) => boolean;
}

/**
 * Rules every bridge solution must obey: straight bridges between islands over water only, at
 * most `maxBridges` per pair, no crossing, all islands connected. Returns the problems and the
 * number of bridges at each island (in `layout.islands` order).
 */
export function checkBridgeLayout(layout: Layout, bridges: readonly Bridge[]): { problems: string[]; degree: number[] } {
  const problems: string[] = [];
  const { islands, rows, cols } = layout;
  // Cells are numbered r * cols + c; names are made only for the problems found.
  const inGrid = (r: number, c: number): boolean => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols;
  const islandAt = new Int32Array(rows * cols).fill(-1);
  islands.forEach((isl, i) => { if (inGrid(isl.row, isl.col)) islandAt[isl.row * cols + isl.col] = i; });
  const degree = islands.map(() => 0);
  // What passes over each water cell: the index of the bridge (in `bridges`), -1 for nothing.
  const over = new Int32Array(rows * cols).fill(-1);
  const seenPairs = new Set<number>();
  const joined = new DisjointSets(islands.length);
  const nameOf = (b: Bridge): string => `${cellLabel(b.a[0], b.a[1])}-${cellLabel(b.b[0], b.b[1])}`;

  bridges.forEach((b, index) => {
    const [r1, c1] = b.a;
    const [r2, c2] = b.b;
    const ia = inGrid(r1, c1) ? islandAt[r1 * cols + c1]! : -1;
    const ib = inGrid(r2, c2) ? islandAt[r2 * cols + c2]! : -1;
    if (ia < 0 || ib < 0) {
      problems.push(`bridge ${nameOf(b)} does not join two islands`);
      return;
    }
    if (!Number.isInteger(b.count) || b.count < 1 || b.count > layout.maxBridges) {
      problems.push(`bridge ${nameOf(b)} has ${b.count} bridges (allowed 1..${layout.maxBridges})`);
    }
    const pair = Math.min(ia, ib) * islands.length + Math.max(ia, ib);
    if (seenPairs.has(pair)) problems.push(`islands ${cellLabel(r1, c1)} and ${cellLabel(r2, c2)} are listed twice`);
    seenPairs.add(pair);
    if (r1 !== r2 && c1 !== c2) {
      problems.push(`bridge ${nameOf(b)} is not horizontal or vertical`);
      return;
    }
    if (ia === ib) {
      problems.push(`bridge ${nameOf(b)} joins an island to itself`);
      return;
    }
    const horizontal = r1 === r2;
    const dr = Math.sign(r2 - r1);
    const dc = Math.sign(c2 - c1);
    for (let r = r1 + dr, c = c1 + dc; r !== r2 || c !== c2; r += dr, c += dc) {
      const here = r * cols + c;
      if (islandAt[here]! >= 0) problems.push(`bridge ${nameOf(b)} passes over the island at ${cellLabel(r, c)}`);
      else if (layout.blocked?.(r, c)) problems.push(`bridge ${nameOf(b)} passes through the sign at ${cellLabel(r, c)}`);
      const prev = over[here]!;
      if (prev >= 0) {
        const p = bridges[prev]!;
        const crosses = (p.a[0] === p.b[0]) !== horizontal;
        problems.push(`bridges ${nameOf(p)} and ${nameOf(b)} ${crosses ? 'cross' : 'overlap'} at ${cellLabel(r, c)}`);
      }
      over[here] = index;
    }
    degree[ia] += b.count;
    degree[ib] += b.count;
    joined.union(ia, ib);
  });
  const groups = joined.count();
  if (groups > 1) {
    const cut = islands.findIndex((_, i) => joined.find(i) !== joined.find(0));
    problems.push(`islands are not all connected: ${groups} groups, e.g. ${cellLabel(islands[0]!.row, islands[0]!.col)} cannot reach ${cellLabel(islands[cut]!.row, islands[cut]!.col)}`);
  }
  return { problems, degree };
}

export function verifyHashi(puzzle: HashiPuzzle, solution: { bridges: readonly Bridge[] }): string[] {
  const { problems, degree } = checkBridgeLayout(puzzle, solution.bridges);
  puzzle.islands.forEach((isl, i) => {
    if (isl.count !== null && degree[i] !== isl.count) {
      problems.push(`island ${cellLabel(isl.row, isl.col)} has ${degree[i]} bridges, needs ${isl.count}`);
    }
  });
  if (puzzle.noLoops) {
    // A loop exists iff some connection joins two islands already joined by earlier ones.
    const joined = new DisjointSets(puzzle.islands.length);
    const index = new Map(puzzle.islands.map((isl, i) => [`${isl.row},${isl.col}`, i]));
    for (const b of solution.bridges) {
      const ia = index.get(`${b.a[0]},${b.a[1]}`);
      const ib = index.get(`${b.b[0]},${b.b[1]}`);
      if (ia === undefined || ib === undefined) continue;
      if (!joined.union(ia, ib)) problems.push(`bridge ${cellLabel(...b.a)}-${cellLabel(...b.b)} closes a loop`);
    }
  }
  return problems;
}
