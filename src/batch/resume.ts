/**
 * Resuming an interrupted batch: the rows already in the output file are kept, a torn last line
 * (a crash mid-write) is dropped, and the puzzles they cover are not solved again.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ResultRow } from '../solve/row.js';

export interface ResumeState {
  /** Ids already answered. */
  done: Set<string>;
  /** The rows already answered, in file order (for the summary). */
  rows: ResultRow[];
  /** Lines dropped because they were not complete JSON rows. */
  dropped: number;
}

export function loadResume(path: string): ResumeState {
  const state: ResumeState = { done: new Set(), rows: [], dropped: 0 };
  if (!existsSync(path)) return state;
  const text = readFileSync(path, 'utf8');
  const kept: string[] = [];
  const lines = text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.trim() === '') last -= 1;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let row: ResultRow | undefined;
    try {
      const v = JSON.parse(line) as ResultRow;
      if (v && typeof v.id === 'string' && typeof v.status === 'string') row = v;
    } catch {
      row = undefined;
    }
    if (!row) {
      // Only the last line can be torn by a crash; a bad line before it is damage to look at.
      if (i !== last) throw new Error(`cannot resume ${path}: line ${i + 1} is not a result row (only a torn last line is dropped); fix or remove it, or start again with --force`);
      state.dropped += 1;
      continue;
    }
    state.done.add(row.id);
    state.rows.push(row);
    kept.push(line);
  }
  if (state.dropped > 0) {
    // Rewrite atomically so appending starts on a clean line.
    const tmp = `${path}.resume-tmp`;
    writeFileSync(tmp, kept.map((l) => `${l}\n`).join(''));
    renameSync(tmp, path);
  }
  return state;
}
