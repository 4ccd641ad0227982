/**
 * Binomial ("pairwise") encoding, no auxiliary variables: at most k is "every (k+1)-subset holds a
 * false literal", at least k is "every (n-k+1)-subset holds a true literal".
 * It needs C(n, k+1) clauses, so above PAIRWISE_MAX_CLAUSES a constraint falls back to `sequential`
 * (the returned/recorded encoding then says `sequential`).
 */
import type { Lit } from '../../sat/types.js';
import type { CardinalityEncoder, ClauseSink } from './types.js';
import { sequential } from './sequential.js';

/** Largest number of clauses one pairwise constraint may add before falling back. */
export const PAIRWISE_MAX_CLAUSES = 20_000;

/** C(n, r), saturating at Infinity for huge values. */
export function binomial(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  r = Math.min(r, n - r);
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/** One clause per r-subset of x, each literal taken with `sign`. */
function everySubset(sink: ClauseSink, x: readonly Lit[], r: number, sign: 1 | -1): void {
  const pick: number[] = [];
  const rec = (from: number): void => {
    if (pick.length === r) { sink.addClause(pick.map((i) => sign * x[i]!)); return; }
    for (let i = from; i <= x.length - (r - pick.length); i++) {
      pick.push(i);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
}

export const pairwise: CardinalityEncoder = {
  atMost(sink, x, k) {
    if (binomial(x.length, k + 1) > PAIRWISE_MAX_CLAUSES) return sequential.atMost(sink, x, k);
    everySubset(sink, x, k + 1, -1);
    return 'pairwise';
  },
  atLeast(sink, x, k) {
    const n = x.length;
    if (binomial(n, n - k + 1) > PAIRWISE_MAX_CLAUSES) return sequential.atLeast(sink, x, k);
    everySubset(sink, x, n - k + 1, 1);
    return 'pairwise';
  },
  exactly(sink, x, k) {
    const n = x.length;
    if (binomial(n, k + 1) + binomial(n, n - k + 1) > PAIRWISE_MAX_CLAUSES) return sequential.exactly(sink, x, k);
    everySubset(sink, x, k + 1, -1);
    everySubset(sink, x, n - k + 1, 1);
    return 'pairwise';
  },
};
