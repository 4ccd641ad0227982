/** Shared helpers of the cnf-* tests (not a test file itself). */
import { createSolver } from '../../src/sat/index.js';
import type { EngineName } from '../../src/sat/types.js';

/** Engines that can be created on this machine: minisat-js always, wasm once it is built. */
export function availableEngines(): EngineName[] {
  return (['minisat-js', 'wasm'] as EngineName[]).filter((e) => {
    try { createSolver(e).dispose(); return true; } catch { return false; }
  });
}


export function binomial(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/** Every tuple of the given domains (inclusive ranges), in lexicographic order. */
export function* tuples(domains: readonly (readonly [number, number])[]): Generator<number[]> {
  const t = domains.map(([lo]) => lo);
  if (domains.some(([lo, hi]) => lo > hi)) return;
  for (;;) {
    yield [...t];
    let i = domains.length - 1;
    while (i >= 0 && t[i] === domains[i]![1]) { t[i] = domains[i]![0]; i--; }
    if (i < 0) return;
    t[i]! += 1;
  }
}
