/**
 * The deductions a player makes from one rule at a time, without search, in the kinds the explainer
 * takes before any harder one: each island's number caps the bridges on each of its connections
 * (what the others carry at least), and raises a connection's least count when that settles the
 * island or follows from the connections known empty alone (each other one may carry its maximum);
 * a connection in use closes the ones that would cross it. Raising a least count from what other
 * connections hold or may hold ("a bridge must go this way, the other way carries fewer than 2") is
 * a bound step, which the grade counts (src/explain/grade.ts), so it is left out here.
 *
 * What this solves, the explainer solves with one-fact steps that are never bound steps (it takes
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
      // Caps (what the others carry at least) always.
      for (const e of mine) {
        const most = count - (sumLo - lo[e]!);
        if (most < hi[e]!) { sumHi -= hi[e]! - most; hi[e] = most; changed = true; }
        if (lo[e]! > hi[e]!) return 'none';
      }
      // Least counts: all of them when that settles the island, else those that the connections
      // known empty force (any other counted at its most, min(maximum, number)).
      const settles = mine.every((e) => Math.max(lo[e]!, count - (sumHi - hi[e]!)) === hi[e]!);
      const most = (e: number) => (hi[e] === 0 ? 0 : Math.min(puzzle.maxBridges, count));
      let sumMost = 0;
      for (const e of mine) sumMost += most(e);
      for (const e of mine) {
        const least = settles ? count - (sumHi - hi[e]!) : count - (sumMost - most(e));
        if (least > lo[e]!) { lo[e] = least; changed = true; }
        if (lo[e]! > hi[e]!) return 'none';
      }
    }
    for (let e = 0; e < edges; e++) {
      if (lo[e]! === 0) continue;
      for (const x of crossing[e]!) {
        if (lo[x]! > 0) return 'none';
        if (hi[x]! > 0) { hi[x] = 0; changed = true; }
      }
    }
  }
  for (let e = 0; e < edges; e++) if (lo[e] !== hi[e]) return 'open';
  return 'solved';
}
