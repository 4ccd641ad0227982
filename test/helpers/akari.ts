/** Shared by the Akari tests: solve and count a puzzle on a chosen engine with the Model queries. */
import fs from 'node:fs';
import path from 'node:path';
import { createSolver } from '../../src/sat/index.js';
import type { EngineName } from '../../src/sat/types.js';
import { Model } from '../../src/cnf/model.js';
import { count, valuation } from '../../src/cnf/queries.js';
import type { EncodeOptions } from '../../src/puzzle/types.js';
import { encodeAkari } from '../../encodings/akari/rules.js';
import type { AkariPuzzle, AkariSolution } from '../../encodings/akari/puzzle.js';

import { FIXTURES } from './paths.js';

export const AKARI_FIXTURES = path.join(FIXTURES, 'akari');

/** The fastest engine that exists here: `wasm` once it is built, else `minisat-js`. */
export const FAST_ENGINE: EngineName = (() => {
  try {
    createSolver('wasm').dispose();
    return 'wasm';
  } catch {
    return 'minisat-js';
  }
})();

export interface Counted {
  /** Distinct bulb placements found, up to `limit`. */
  count: number;
  exact: boolean;
  solutions: AkariSolution[];
}

/** Counts the bulb placements (projection) up to `limit` solutions. */
export function countAkari(puzzle: AkariPuzzle, limit = 2, options: EncodeOptions = {}, engine: EngineName = FAST_ENGINE): Counted {
  const solver = createSolver(engine);
  try {
    const model = new Model(solver, options.cardinality ? { cardinality: options.cardinality } : {});
    const encoded = encodeAkari(model, puzzle, options);
    const solutions: AkariSolution[] = [];
    const res = count(model, encoded.projection, { limit, onSolution: (m) => solutions.push(encoded.decode(valuation(m))) });
    return { count: res.count, exact: res.exact, solutions };
  } finally {
    solver.dispose();
  }
}

/** Reads the non-comment lines of a fixture file. */
export function fixtureLines(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

/** A solution grid written as rows with `O`/`o`/`*` for bulbs. */
export function bulbsFromRows(rows: readonly string[]): boolean[][] {
  return rows.map((row) => [...row].map((ch) => ch === 'O' || ch === 'o' || ch === '*'));
}

/** Key for comparing solution sets. */
export function solutionKey(s: AkariSolution): string {
  return s.bulbs.map((row) => row.map((b) => (b ? '*' : '.')).join('')).join('/');
}
