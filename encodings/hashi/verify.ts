/**
 * Independent Hashi checker: plain code over the solution's bridges, sharing nothing with the
 * encoding. Returns every violated rule, naming cells as (row,col); [] when the solution is valid.
 */
import { cellName } from '../../src/geometry/grid.js';
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
  const { islands } = layout;
  const islandAt = new Map<string, number>();
  islands.forEach((isl, i) => islandAt.set(cellName(isl.row, isl.col), i));
  const degree = islands.map(() => 0);
  // What passes over each water cell: 'h' or 'v'.
  const over = new Map<string, { dir: 'h' | 'v'; bridge: string }>();
  const seenPairs = new Set<string>();
  const joined = new DisjointSets(islands.length);

  for (const b of bridges) {
    const [r1, c1] = b.a;
    const [r2, c2] = b.b;
    const name = `${cellName(r1, c1)}-${cellName(r2, c2)}`;
    const ia = islandAt.get(cellName(r1, c1));
    const ib = islandAt.get(cellName(r2, c2));
    if (ia === undefined || ib === undefined) {
      problems.push(`bridge ${name} does not join two islands`);
      continue;
    }
    if (!Number.isInteger(b.count) || b.count < 1 || b.count > layout.maxBridges) {
      problems.push(`bridge ${name} has ${b.count} bridges (allowed 1..${layout.maxBridges})`);
    }
    const pair = ia < ib ? `${ia}:${ib}` : `${ib}:${ia}`;
    if (seenPairs.has(pair)) problems.push(`islands ${cellName(r1, c1)} and ${cellName(r2, c2)} are listed twice`);
    seenPairs.add(pair);
    if (r1 !== r2 && c1 !== c2) {
      problems.push(`bridge ${name} is not horizontal or vertical`);
      continue;
    }
    if (ia === ib) {
      problems.push(`bridge ${name} joins an island to itself`);
      continue;
    }
    const dir = r1 === r2 ? 'h' : 'v';
    const dr = Math.sign(r2 - r1);
    const dc = Math.sign(c2 - c1);
    for (let r = r1 + dr, c = c1 + dc; r !== r2 || c !== c2; r += dr, c += dc) {
      const here = cellName(r, c);
      if (islandAt.has(here)) problems.push(`bridge ${name} passes over the island at ${here}`);
      else if (layout.blocked?.(r, c)) problems.push(`bridge ${name} passes through the sign at ${here}`);
      const prev = over.get(here);
      if (prev && prev.dir !== dir) problems.push(`bridges ${prev.bridge} and ${name} cross at ${here}`);
      else if (prev) problems.push(`bridges ${prev.bridge} and ${name} overlap at ${here}`);
      over.set(here, { dir, bridge: name });
    }
    degree[ia] += b.count;
    degree[ib] += b.count;
    joined.union(ia, ib);
  }
  const groups = joined.count();
  if (groups > 1) {
    const cut = islands.findIndex((_, i) => joined.find(i) !== joined.find(0));
    problems.push(`islands are not all connected: ${groups} groups, e.g. ${cellName(islands[0]!.row, islands[0]!.col)} cannot reach ${cellName(islands[cut]!.row, islands[cut]!.col)}`);
  }
  return { problems, degree };
}

export function verifyHashi(puzzle: HashiPuzzle, solution: { bridges: readonly Bridge[] }): string[] {
  const { problems, degree } = checkBridgeLayout(puzzle, solution.bridges);
  puzzle.islands.forEach((isl, i) => {
    if (isl.count !== null && degree[i] !== isl.count) {
      problems.push(`island ${cellName(isl.row, isl.col)} has ${degree[i]} bridges, needs ${isl.count}`);
    }
  });
  if (puzzle.noLoops) {
    // A loop exists iff some connection joins two islands already joined by earlier ones.
    const joined = new DisjointSets(puzzle.islands.length);
    const index = new Map(puzzle.islands.map((isl, i) => [cellName(isl.row, isl.col), i]));
    for (const b of solution.bridges) {
      const ia = index.get(cellName(b.a[0], b.a[1]));
      const ib = index.get(cellName(b.b[0], b.b[1]));
      if (ia === undefined || ib === undefined) continue;
      if (!joined.union(ia, ib)) problems.push(`bridge ${cellName(...b.a)}-${cellName(...b.b)} closes a loop`);
    }
  }
  return problems;
}
