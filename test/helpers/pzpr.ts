/**
 * puzz.link's own engine (`pzpr` on npm, a devDependency) as the reference for every puzz.link
 * reader and writer and for judging answers. It is CommonJS and synchronous in Node:
 * `open(url)` loads a board, `getURL()` writes one, `check(true)` judges the answer entered.
 * Tests that need it use `describe.skipIf(!pzpr)(..., PZPR_MISSING)`-style skips.
 */
import { createRequire } from 'node:module';

/** The slice of pzpr's API the tests use (it ships no types). */
export interface PzprCell { bx: number; by: number; qnum: number; qans: number; ques: number; setQans(v: number): void; setQnum(v: number): void }
export interface PzprBorder { bx: number; by: number; ques: number; line: number; setQues(v: number): void; setLineVal(v: number): void }
export interface PzprBoard {
  cols: number;
  rows: number;
  getc(bx: number, by: number): PzprCell;
  getb(bx: number, by: number): PzprBorder;
  cell: { each(f: (c: PzprCell) => void): void; length: number };
  border: { each(f: (b: PzprBorder) => void): void };
  roommgr?: { components: unknown[]; rebuild?(): void };
  rebuildInfo?(): void;
}
export interface PzprPuzzle {
  pid: string;
  board: PzprBoard;
  open(data: string, callback?: () => void): void;
  getURL(): string;
  check(activated: boolean): { complete: boolean; text: string };
}
interface PzprModule { Puzzle: new () => PzprPuzzle; version: string }

function load(): PzprModule | undefined {
  try {
    return createRequire(import.meta.url)('pzpr') as PzprModule;
  } catch {
    return undefined;
  }
}

/** The loaded module, or undefined when `pzpr` is not installed. */
export const pzpr: PzprModule | undefined = load();
export const PZPR_MISSING = 'pzpr (puzz.link engine) is not installed: run npm ci to get the devDependency';

/** Opens a puzz.link URL (or `type/…` body) on a fresh pzpr board. */
export function openPzpr(url: string): PzprPuzzle {
  if (!pzpr) throw new Error(PZPR_MISSING);
  const puzzle = new pzpr.Puzzle();
  puzzle.open(url.replace(/^.*\?/, ''));
  return puzzle;
}

/** The part of a URL after `?`: pzpr writes `http://pzv.jp/p.html?…`, gridsat may write another host. */
export function urlBody(url: string): string {
  return url.replace(/^.*\?/, '');
}
