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
import { buildBridgeGraph, type BridgeGraph } from './graph.js';
import type { HashiPuzzle } from './puzzle.js';

export type SingleRuleResult = 'solved' | 'open' | 'none';

/** Each connection's least and most bridges as the deductions narrow them, and who crosses whom. */
interface Bounds {
  puzzle: HashiPuzzle;
  graph: BridgeGraph;
  lo: Int32Array;
  hi: Int32Array;
  crossing: number[][];
}

function boundsOf(puzzle: HashiPuzzle): Bounds {
  const graph = buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands);
  const edges = graph.edges.length;
  const crossing: number[][] = graph.edges.map(() => []);
  for (const [h, v] of graph.crossings) { crossing[h]!.push(v); crossing[v]!.push(h); }
  return { puzzle, graph, lo: new Int32Array(edges), hi: new Int32Array(edges).fill(puzzle.maxBridges), crossing };
}

function settled(b: Bounds): boolean {
  for (let e = 0; e < b.lo.length; e++) if (b.lo[e] !== b.hi[e]) return false;
  return true;
}

/**
 * Applies the island and no-crossing rules one at a time until nothing changes: `solved` when every
 * connection's count is then known, `none` when a rule ran out of room (no solution), else `open`.
 */
export function singleRuleClosure(puzzle: HashiPuzzle): SingleRuleResult {
  const b = boundsOf(puzzle);
  if (!easyClosure(b)) return 'none';
  return settled(b) ? 'solved' : 'open';
}

/** The easy kinds of deduction (see above) until nothing changes; false when a rule ran out of room. */
function easyClosure({ puzzle, graph, lo, hi, crossing }: Bounds): boolean {
  const edges = lo.length;
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < graph.islands.length; i++) {
      const count = puzzle.islands[i]!.count;
      const mine = graph.edgesOf[i]!;
      if (count === null) {
        // "needs a bridge": the last connection that can still carry one must.
        if (puzzle.islands.length < 2 || mine.some((e) => lo[e]! > 0)) continue;
        const open = mine.filter((e) => hi[e]! > 0);
        if (open.length === 0) return false;
        if (open.length === 1) { lo[open[0]!] = 1; changed = true; }
        continue;
      }
      let sumLo = 0, sumHi = 0;
      for (const e of mine) { sumLo += lo[e]!; sumHi += hi[e]!; }
      if (sumLo > count || sumHi < count) return false;
      // All of the number's consequences when they settle the island (each connection's least count,
      // the number less the others' most, meets its most, the number less the others' least); else
      // the least counts that the connections known empty force.
      let settles = true;
      for (const e of mine) {
        if (Math.max(lo[e]!, count - (sumHi - hi[e]!)) !== Math.min(hi[e]!, count - (sumLo - lo[e]!))) { settles = false; break; }
      }
      if (settles) {
        // Each from the bounds as read above (sumHi and sumLo stay as they were).
        for (const e of mine) {
          const k = Math.max(lo[e]!, count - (sumHi - hi[e]!));
          if (lo[e] !== k || hi[e] !== k) { lo[e] = hi[e] = k; changed = true; }
        }
        continue;
      }
      const cap = Math.min(puzzle.maxBridges, count);
      let sumOpen = 0;
      for (const e of mine) sumOpen += hi[e] === 0 ? 0 : cap;
      for (const e of mine) {
        const atLeast = count - (sumOpen - (hi[e] === 0 ? 0 : cap));
        if (atLeast > lo[e]!) { lo[e] = atLeast; changed = true; }
        // No connection carries more than the number (whatever the others hold).
        if (hi[e]! > cap) { hi[e] = cap; changed = true; }
        if (lo[e]! > hi[e]!) return false;
      }
    }
    for (let e = 0; e < edges; e++) {
      if (lo[e]! === 0 || lo[e] !== hi[e]) continue;
      for (const x of crossing[e]!) {
        if (lo[x]! > 0) return false;
        if (hi[x]! > 0) { hi[x] = 0; changed = true; }
      }
    }
  }
  return true;
}

/**
 * One bound deduction, the first found: an island whose number narrows a connection from what the
 * others hold or may hold (each connection's count lies between the number less the others' most
 * and the number less the others' least), else a connection known to carry a bridge closing the
 * ones that cross it. False when there is none (or a rule ran out of room).
 */
function oneBoundStep({ puzzle, graph, lo, hi, crossing }: Bounds): boolean {
  for (let i = 0; i < graph.islands.length; i++) {
    const count = puzzle.islands[i]!.count;
    if (count === null) continue;
    const mine = graph.edgesOf[i]!;
    let sumLo = 0, sumHi = 0;
    for (const e of mine) { sumLo += lo[e]!; sumHi += hi[e]!; }
    // Each connection's new bounds come from the others' old ones (sumLo and sumHi stay as read).
    let changed = false;
    for (const e of mine) {
      const least = Math.max(lo[e]!, count - (sumHi - hi[e]!));
      const most = Math.min(hi[e]!, count - (sumLo - lo[e]!));
      if (least > most || (least === lo[e] && most === hi[e])) continue;
      lo[e] = least; hi[e] = most; changed = true;
    }
    if (changed) return true;
  }
  for (let e = 0; e < lo.length; e++) {
    if (lo[e] === 0) continue;
    let changed = false;
    for (const x of crossing[e]!) if (hi[x]! > 0 && lo[x] === 0) { hi[x] = 0; changed = true; }
    if (changed) return true;
  }
  return false;
}

/**
 * `singleRuleClosure`'s answer (`oneRule`), then, going on from it, a cheap forecast of the
 * explainer's grade, not a proof: one bound deduction at a time (`oneBoundStep`), each followed by
 * the easy ones again, until every connection is settled. `boundSteps` is the number of bound
 * deductions that took, or null when they got stuck (the puzzle needs more than one rule at a time
 * somewhere, or connectivity). Measured on the candidates `--difficulty hard` graded at 10×10 m2 before this
 * forecast (529, seeds 77 and 78): of those it settles with at most 2 bound deductions, 119 graded
 * under 1.5 and 1 in 1.5–8 (1.54); with at most 3, 161 and 4 (1.54–1.85); of those it leaves stuck,
 * 231 graded in 1.5–8 and 17 under. On 80 of Tatham's 10×10 d2: 12 settled with at most 2, of which
 * 1 in 1.5–8 (2.59). `generate` uses it to skip layouts that would most likely grade too easy for
 * `hard` (`likelyEasierThan` in encodings/hashi/generate.ts; it skips those settled with at most 3),
 * and, from `open` where they got stuck, layouts `hard` leaves out as the costliest to grade
 * (`candidateOutOfHard` there). `lo` and `hi` are each connection's least and most bridges where
 * they stopped (indexed as buildBridgeGraph's edges).
 */
export function deductions(puzzle: HashiPuzzle): Deductions {
  const b = boundsOf(puzzle);
  const { lo, hi } = b;
  if (!easyClosure(b)) return { oneRule: 'none', boundSteps: null, open: openShare(b), lo, hi };
  if (settled(b)) return { oneRule: 'solved', boundSteps: 0, open: 0, lo, hi };
  for (let steps = 1; ; steps++) {
    if (!oneBoundStep(b) || !easyClosure(b)) return { oneRule: 'open', boundSteps: null, open: openShare(b), lo, hi };
    if (settled(b)) return { oneRule: 'open', boundSteps: steps, open: 0, lo, hi };
  }
}

export interface Deductions {
  oneRule: SingleRuleResult;
  boundSteps: number | null;
  /** The share of connections whose count the deductions left open where they stopped (0 when settled). */
  open: number;
  lo: Int32Array;
  hi: Int32Array;
}

function openShare({ lo, hi }: Bounds): number {
  if (lo.length === 0) return 0;
  let open = 0;
  for (let e = 0; e < lo.length; e++) if (lo[e] !== hi[e]) open += 1;
  return open / lo.length;
}
