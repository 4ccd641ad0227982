/**
 * Ladder encoding of at-most-one (Gent & Nightingale 2004). Ladder variable y[i] (i = 1..n-1) means
 * "the true input, if any, comes after position i"; the ladder is monotone (y[i+1] -> y[i]) and
 * input x[i] sits exactly at the step: x[i] -> y[i-1] & -y[i]. For exactly one, the steps are
 * channelled both ways (y[i-1] & -y[i] -> x[i]), so every ladder picks one input.
 * Size: n-1 variables, about 3n clauses (4n for exactly one). Other bounds use `sequential`.
 */
import type { Lit } from '../../sat/types.js';
import type { ClauseSink } from './types.js';
import { atMostOneEncoder } from './common.js';
import { sequential } from './sequential.js';

function ladderAtMostOne(sink: ClauseSink, x: readonly Lit[], exactlyOne: boolean): void {
  const n = x.length;
  const y: Lit[] = [];
  for (let i = 0; i < n - 1; i++) y.push(sink.newVar());
  for (let i = 0; i + 1 < n - 1; i++) sink.addClause([-y[i + 1]!, y[i]!]);
  for (let i = 0; i < n; i++) {
    const before = i > 0 ? y[i - 1]! : undefined; // the true input is after position i-1
    const after = i < n - 1 ? y[i]! : undefined; // ... and not after position i
    if (before !== undefined) sink.addClause([-x[i]!, before]);
    if (after !== undefined) sink.addClause([-x[i]!, -after]);
    if (exactlyOne) {
      const c: Lit[] = [x[i]!];
      if (before !== undefined) c.push(-before);
      if (after !== undefined) c.push(after);
      sink.addClause(c);
    }
  }
}

export const ladder = atMostOneEncoder('ladder', ladderAtMostOne, sequential);
