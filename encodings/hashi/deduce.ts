/**
 * The deductions a player makes from one rule at a time, without search: each island's number
 * bounds the bridges on each of its connections (what the others can carry at most, or at least),
 * and a connection in use closes the ones that would cross it. This is what the explainer finds
 * with a single fact per step (its propagation is complete on one island's count), so a puzzle
 * these deductions solve grades 0: `generate --difficulty` drops such layouts before proving them
 * unique. The screen only ever rejects; every puzzle handed out is still graded by the explainer.
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
      for (const e of mine) {
        const least = count - (sumHi - hi[e]!);
        const most = count - (sumLo - lo[e]!);
        if (least > lo[e]!) { sumLo += least - lo[e]!; lo[e] = least; changed = true; }
        if (most < hi[e]!) { sumHi -= hi[e]! - most; hi[e] = most; changed = true; }
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
