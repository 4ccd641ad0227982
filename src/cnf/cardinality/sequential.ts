/**
 * Sequential counter (Sinz 2005). Register s(i, r) means "at least r of x[0..i] are true"; row i is
 * computed from row i-1 and x[i]. atMost(k) is Sinz's encoding (registers up to k plus the overflow
 * clause x[i] & s(i-1, k) -> false); atLeast(k) is the same counter with the implications reversed;
 * exactly(k) is one counter with both directions, so every register is a function of the inputs.
 *
 * Registers that can no longer matter are not built: with n-1-i inputs left, a register below
 * k-(n-1-i) can neither reach the bound (atLeast) nor overflow it (atMost). Row 0 is x[0] itself.
 * Size: at most (n-1)k variables and about 2nk clauses per direction, fewer after pruning.
 */
import type { Lit } from '../../sat/types.js';
import type { CardinalityEncoder, CardinalityKind, ClauseSink } from './types.js';

function sequentialCounter(sink: ClauseSink, x: readonly Lit[], k: number, kind: CardinalityKind): void {
  const n = x.length;
  const up = kind !== 'atLeast';
  const down = kind !== 'atMost';
  // prev[r] is register s(i-1, r) (index r, 1-based); undefined where pruned or impossible (r > i).
  let prev: (Lit | undefined)[] = [undefined, x[0]!];
  for (let i = 1; i < n; i++) {
    const xi = x[i]!;
    if (up && prev[k] !== undefined) sink.addClause([-xi, -prev[k]!]); // overflow: a (k+1)-th true input
    if (i === n - 1) {
      if (down) {
        // Assert s(n-1, k) without materializing it: s(n-2, k) or (x[n-1] and s(n-2, k-1)).
        const below = prev[k];
        sink.addClause(below === undefined ? [xi] : [below, xi]);
        if (k >= 2) sink.addClause(below === undefined ? [prev[k - 1]!] : [below, prev[k - 1]!]);
      }
      break;
    }
    const remaining = n - 1 - i;
    const lowest = Math.max(1, k - remaining + (down ? 0 : 1));
    const highest = Math.min(i + 1, k);
    const cur: (Lit | undefined)[] = [];
    for (let r = lowest; r <= highest; r++) {
      const s = sink.newVar();
      cur[r] = s;
      const same = prev[r]; // s(i-1, r): undefined when r > i (impossible) or pruned
      const less = r >= 2 ? prev[r - 1] : undefined;
      if (up) {
        if (same !== undefined) sink.addClause([-same, s]);
        if (r === 1) sink.addClause([-xi, s]);
        else if (less !== undefined) sink.addClause([-xi, -less, s]);
      }
      if (down) {
        sink.addClause(same === undefined ? [-s, xi] : [-s, same, xi]);
        if (r >= 2) sink.addClause([-s, less!]);
      }
    }
    prev = cur;
  }
}

export const sequential: CardinalityEncoder = {
  atMost(sink, x, k) { sequentialCounter(sink, x, k, 'atMost'); return 'sequential'; },
  atLeast(sink, x, k) { sequentialCounter(sink, x, k, 'atLeast'); return 'sequential'; },
  exactly(sink, x, k) { sequentialCounter(sink, x, k, 'exactly'); return 'sequential'; },
};
