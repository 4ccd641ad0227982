/**
 * Totalizer (Bailleux & Boufkhad 2003) with the k-simplification: a binary tree whose node over m
 * inputs holds unary outputs o[r] = "at least r of my inputs", capped at the bound the constraint
 * needs (k+1 for atMost/exactly, k for atLeast), so no node counts further than that.
 * Size: O(n log n) variables and O(n k) clauses per direction with the cap (O(n^2) without).
 *
 * With a `mostTrue` hint (CardinalityHints) every node is capped further, at the most of its inputs
 * the caller's other rules let be true together. Each node halves its inputs as given (the first
 * ⌊m/2⌋, then the rest), so a caller that orders its inputs with related ones together (cells by
 * place) gets nodes whose caps mean something: on Star Battle, a node over a 2×2 block of cells
 * counts to one. Combinations past a node's cap are then impossible and get no clause; a "down"
 * clause omits a child's count past the child's cap, which only the promise rules out.
 */
import type { Lit } from '../../sat/types.js';
import type { ClauseSink } from './types.js';
import { counterEncoder, type Directions } from './common.js';

/** Outputs (index r-1 = "at least r") of the subtree over x, counting up to `cap`. */
function totalize(sink: ClauseSink, x: readonly Lit[], cap: number, dirs: Directions, mostTrue?: (lits: readonly Lit[]) => number): Lit[] {
  if (x.length === 1) return [x[0]!];
  const mid = x.length >> 1;
  const a = totalize(sink, x.slice(0, mid), cap, dirs, mostTrue);
  const b = totalize(sink, x.slice(mid), cap, dirs, mostTrue);
  const m = Math.max(0, Math.min(a.length + b.length, cap, mostTrue?.(x) ?? Infinity));
  const o: Lit[] = [];
  for (let r = 0; r < m; r++) o.push(sink.newVar());
  const na = a.length, nb = b.length;
  for (let i = 0; i <= na; i++) {
    // Past i + j = m neither direction has a clause.
    const last = Math.min(nb, m - i);
    for (let j = 0; j <= last; j++) {
      // up: i of the left and j of the right true -> at least i+j (pairs beyond m are implied,
      // or with a hint impossible).
      if (dirs.up && i + j >= 1) {
        const out = o[i + j - 1]!;
        sink.addClause(i > 0 && j > 0 ? [-a[i - 1]!, -b[j - 1]!, out] : i > 0 ? [-a[i - 1]!, out] : [-b[j - 1]!, out]);
      }
      // down: fewer than i+1 on the left and fewer than j+1 on the right -> fewer than i+j+1.
      if (dirs.down && i + j + 1 <= m) {
        const out = -o[i + j]!;
        sink.addClause(i < na && j < nb ? [a[i]!, b[j]!, out] : i < na ? [a[i]!, out] : j < nb ? [b[j]!, out] : [out]);
      }
    }
  }
  return o;
}

export const totalizer = counterEncoder('totalizer', (sink, x, cap, dirs, mostTrue) => {
  const out = totalize(sink, x, cap, dirs, mostTrue);
  // A count past the root's outputs is one the hint rules out (without a hint, r <= outputs).
  return (r) => out[r - 1] ?? false;
});
