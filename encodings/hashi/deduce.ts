/**
 * The deductions a player makes from one rule at a time, without search, in the kinds the explainer
 * takes before any bound step (src/explain/explain.ts): an island's number settles all its
 * connections at once, or raises a connection's least count from the connections known empty alone
 * (each other one may carry its maximum, min(maximum, number)), or caps every connection at the
 * number (no other connection need carry any); a settled connection in use closes the ones that
 * would cross it. Narrowing from what other connections hold or may hold ("the other
 * way carries fewer than 2, so a bridge must go this way"; "a bridge here, so the crossing one is
 * closed" while its count is open) is a bound step, which the grade counts, so it is left out here.
 *
 * What this solves, the explainer solves with one-fact steps none of which is a bound step (it takes
 * the easiest kind available, and these deductions stay available as cells get decided), so the
 * puzzle grades 0: `generate --difficulty` drops such layouts before proving them unique. The screen
 * only ever rejects; every puzzle handed out is still graded by the explainer.
 */
import { buildBridgeGraph } from './graph.js';
import type { HashiPuzzle } from './puzzle.js';

export type SingleRuleResult = 'solved' | 'open' | 'none';

/**
 * Applies the island and no-crossing rules one at a time until nothing changes: `solved` when every
 * connection's count is then known, `none` when a rule ran out of room (no solution), else `open`.
 */
export function singleRuleClosure(puzzle: HashiPuzzle): SingleRuleResult {
  const graph = buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands);
  const edges = graph.edges.length;
  const lo = new Int32Array(edges);
  const hi = new Int32Array(edges).fill(puzzle.maxBridges);
  const crossing: number[][] = graph.edges.map(() => []);
  for (const [h, v] of graph.crossings) { crossing[h]!.push(v); crossing[v]!.push(h); }

  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < graph.islands.length; i++) {
      const count = puzzle.islands[i]!.count;
      const mine = graph.edgesOf[i]!;
      if (count === null) {
        // "needs a bridge": the last connection that can still carry one must.
        if (puzzle.islands.length < 2 || mine.some((e) => lo[e]! > 0)) continue;
        const open = mine.filter((e) => hi[e]! > 0);
        if (open.length === 0) return 'none';
        if (open.length === 1) { lo[open[0]!] = 1; changed = true; }
        continue;
      }
      let sumLo = 0, sumHi = 0;
      for (const e of mine) { sumLo += lo[e]!; sumHi += hi[e]!; }
      if (sumLo > count || sumHi < count) return 'none';
      // All of the number's consequences when they settle the island; else the least counts that
      // the connections known empty force.
      const least = (e: number) => count - (sumHi - hi[e]!);
      const most = (e: number) => count - (sumLo - lo[e]!);
      if (mine.every((e) => Math.max(lo[e]!, least(e)) === Math.min(hi[e]!, most(e)))) {
        const settled = mine.map((e) => Math.max(lo[e]!, least(e)));
        mine.forEach((e, k) => {
          if (lo[e] !== settled[k] || hi[e] !== settled[k]) { lo[e] = hi[e] = settled[k]!; changed = true; }
        });
        continue;
      }
      const cap = Math.min(puzzle.maxBridges, count);
      const open = (e: number) => (hi[e] === 0 ? 0 : cap);
      let sumOpen = 0;
      for (const e of mine) sumOpen += open(e);
      for (const e of mine) {
        const atLeast = count - (sumOpen - open(e));
        if (atLeast > lo[e]!) { lo[e] = atLeast; changed = true; }
        // No connection carries more than the number (whatever the others hold).
        if (hi[e]! > cap) { hi[e] = cap; changed = true; }
        if (lo[e]! > hi[e]!) return 'none';
      }
    }
    for (let e = 0; e < edges; e++) {
      if (lo[e]! === 0 || lo[e] !== hi[e]) continue;
      for (const x of crossing[e]!) {
        if (lo[x]! > 0) return 'none';
        if (hi[x]! > 0) { hi[x] = 0; changed = true; }
      }
    }
  }
  for (let e = 0; e < edges; e++) if (lo[e] !== hi[e]) return 'open';
  return 'solved';
}
