/** The first puzzles of fixture files, read as `gridsat solve` reads them (tests of src/explain). */
import { readInputs } from '../../src/formats/inputs.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';

/** The first `n` puzzles of `file`; a puzzle that does not read fails the test. */
export function puzzlesOf(file: string, n: number): { id: string; type: AnyPuzzleType; puzzle: unknown }[] {
  const out = [];
  for (const e of readInputs([file])) {
    if (!e.ok) throw new Error(e.error);
    out.push({ id: e.id, type: e.type, puzzle: e.puzzle });
    if (out.length >= n) break;
  }
  return out;
}
