/**
 * When the engine fails mid-solve (a wasm trap disables the solver), the row carries the
 * engine's own message: the report that follows must not fail in turn and hide it.
 */
import { describe, expect, it } from 'vitest';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { createSolver } from '../../src/sat/index.js';
import type { SatSolver } from '../../src/sat/types.js';
import { findPuzzleType } from '../../encodings/registry.js';

const FAILURE = 'wasm engine failed: out of memory (the 4 GiB wasm32 limit); this solver can no longer be used';

/** The engine as it behaves after a trap: solve throws, and then nothing can be read from it. */
function failingOnSolve(inner: SatSolver): SatSolver {
  let failed = false;
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'solve') return () => { failed = true; throw new Error(FAILURE); };
      if (failed && (key === 'numVars' || key === 'numClauses' || key === 'stats')) return () => { throw new Error('wasm solver used after dispose()'); };
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('an engine failure during a solve', () => {
  it('is the row\'s message, not a later "used after dispose"', () => {
    const akari = findPuzzleType('akari')!;
    const puzzle = akari.formats.find((f) => f.name === 'json')!.parse('{"type":"akari","grid":["_1_","___","_#_"]}');
    const report = solvePuzzle(akari, puzzle, { count: 2, instrument: failingOnSolve });
    expect(report.status).toBe('error');
    expect(report.message).toBe(FAILURE);
  });

  it('leaves the wasm solver\'s variable count readable after dispose', () => {
    const solver = createSolver('wasm');
    solver.newVar();
    solver.newVar();
    solver.dispose();
    expect(solver.numVars()).toBe(2);
  });
});
