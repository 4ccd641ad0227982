/** Shared helpers of the cnf-* tests (not a test file itself). */
import { createSolver } from '../src/sat/index.js';
import type { EngineName } from '../src/sat/types.js';

/** Engines that can be created on this machine: minisat-js always, wasm once it is built. */
export function availableEngines(): EngineName[] {
  return (['minisat-js', 'wasm'] as EngineName[]).filter((e) => {
    try { createSolver(e).dispose(); return true; } catch { return false; }
  });
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
