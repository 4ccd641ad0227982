/**
 * Star Battle on pzpr's board: build a board from a region grid (walls = `ques` borders), read
 * pzpr's own regions (its room graph), enter a solution and judge it with pzpr's checker.
 */
import { openPzpr, type PzprPuzzle } from './pzpr.js';
import type { RegionId, StarBattleSolution } from '../../encodings/starbattle/puzzle.js';

/** The parts of pzpr's Star Battle board beyond the shared helper's types. */
interface StarBattleBoard {
  starCount: { count: number };
  roommgr: { components: unknown[] };
  rebuildInfo(): void;
  getc(bx: number, by: number): { room: unknown; setQans(v: number): void };
  getb(bx: number, by: number): { setQues(v: number): void };
}
const boardOf = (p: PzprPuzzle) => p.board as unknown as StarBattleBoard;

/** Region ids renumbered by first appearance in reading order: equal grids = equal partitions. */
export function canonical(regions: readonly (readonly RegionId[])[]): (number | null)[][] {
  const ids = new Map<RegionId, number>();
  return regions.map((row) => row.map((id) => {
    if (id === null) return null;
    if (!ids.has(id)) ids.set(id, ids.size);
    return ids.get(id)!;
  }));
}

/**
 * A fresh pzpr board with these regions, drawn as pzpr's editor does: a wall (border `ques` = 1)
 * between every two neighbours in different regions.
 */
export function pzprBoard(regions: readonly (readonly RegionId[])[], stars: number): PzprPuzzle {
  const rows = regions.length;
  const cols = regions[0]!.length;
  const p = openPzpr(`starbattle/${cols}/${rows}`);
  const board = boardOf(p);
  board.starCount.count = stars;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && regions[r]![c] !== regions[r]![c + 1]) board.getb(2 * c + 2, 2 * r + 1).setQues(1);
      if (r + 1 < rows && regions[r]![c] !== regions[r + 1]![c]) board.getb(2 * c + 1, 2 * r + 2).setQues(1);
    }
  }
  board.rebuildInfo();
  return p;
}

/** pzpr's regions (rooms of its board), in reading order. */
export function pzprRegions(p: PzprPuzzle): number[][] {
  const board = boardOf(p);
  board.rebuildInfo();
  const rooms = board.roommgr.components;
  const grid = Array.from({ length: p.board.rows }, (_, r) =>
    Array.from({ length: p.board.cols }, (_, c) => rooms.indexOf(board.getc(2 * c + 1, 2 * r + 1).room)));
  return canonical(grid) as number[][];
}

export function pzprStars(p: PzprPuzzle): number {
  return boardOf(p).starCount.count;
}

/** Enters a solution's stars on the board and returns pzpr's verdict. */
export function pzprJudge(p: PzprPuzzle, solution: StarBattleSolution): { complete: boolean; text: string } {
  const board = boardOf(p);
  solution.forEach((row, r) => row.forEach((star, c) => board.getc(2 * c + 1, 2 * r + 1).setQans(star ? 1 : 0)));
  const verdict = p.check(true);
  return { complete: verdict.complete, text: verdict.text };
}
