/**
 * The island-sum clauses (`islandSum`: order-encoded counts, no counter variables) against brute
 * force: for 0..4 connections of at most 1..4 bridges and every island number, the assignments of
 * the connections' counts the clauses allow are exactly those adding up to the number.
 */
import { describe, expect, it } from 'vitest';
import { Model } from '../../../src/cnf/model.js';
import { CnfCollector } from '../../../src/sat/collector.js';
import type { Lit } from '../../../src/sat/types.js';
import { bridgeVariables, islandSum } from '../../../encodings/hashi/bridges.js';
import type { BridgeGraph } from '../../../encodings/hashi/graph.js';

/** One island (index 0) with `d` neighbours, each reachable by one connection. */
function star(d: number): BridgeGraph {
  const islands = [{ row: 4, col: 4 }, { row: 0, col: 4 }, { row: 8, col: 4 }, { row: 4, col: 0 }, { row: 4, col: 8 }].slice(0, d + 1);
  const edges = islands.slice(1).map((_, k) => ({ index: k, a: 0, b: k + 1, horizontal: k >= 2, cells: [] as [number, number][] }));
  const edgesOf = islands.map((_, i) => (i === 0 ? edges.map((e) => e.index) : [i - 1]));
  return { islands, edges, edgesOf, crossings: [] };
}

/** Every count vector 0..m per connection. */
function* counts(d: number, m: number): Generator<number[]> {
  const c = new Array<number>(d).fill(0);
  for (;;) {
    yield [...c];
    let i = 0;
    while (i < d && c[i] === m) c[i++] = 0;
    if (i === d) return;
    c[i]!++;
  }
}

describe('islandSum', () => {
  it('allows exactly the count vectors adding up to the island number', () => {
    let checked = 0;
    for (let d = 0; d <= 4; d++) {
      for (let m = 1; m <= 4; m++) {
        for (let n = 0; n <= m * d + 1; n++) {
          const sink = new CnfCollector();
          const model = new Model(sink);
          const vars = bridgeVariables(model, star(d), m);
          islandSum(model, vars, 0, n);
          const clauses = sink.clauses();
          for (const c of counts(d, m)) {
            // The order encoding of the counts: ge[e][k-1] true iff c[e] >= k.
            const value = (lit: Lit): boolean => {
              const v = Math.abs(lit);
              let truth = model.constantValue(v) === true; // the model's TRUE constant, if used
              vars.ge.forEach((lits, e) => lits.forEach((l, k) => { if (l === v) truth = c[e]! >= k + 1; }));
              return lit > 0 ? truth : !truth;
            };
            const allowed = clauses.every((cl) => cl.some(value));
            expect(allowed, `d=${d} m=${m} n=${n} counts=${c.join(',')}`).toBe(c.reduce((a, b) => a + b, 0) === n);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
