/**
 * Bitwise (binary) encoding of at-most-one (Frisch et al. 2005): ceil(log2 n) bit variables, and
 * input x[i] forces the bits to spell i, so two true inputs would need two different codes.
 * For exactly one, add the clause "some input is true".
 * Size: ceil(log2 n) variables, n*ceil(log2 n) clauses. Other bounds use `sequential`.
 */
import type { Lit } from '../../sat/types.js';
import type { ClauseSink } from './types.js';
import { atMostOneEncoder } from './common.js';
import { sequential } from './sequential.js';

function bitwiseAtMostOne(sink: ClauseSink, x: readonly Lit[], exactlyOne: boolean): void {
  const width = Math.ceil(Math.log2(x.length));
  const bits: Lit[] = [];
  for (let b = 0; b < width; b++) bits.push(sink.newVar());
  x.forEach((lit, i) => {
    for (let b = 0; b < width; b++) sink.addClause([-lit, (i >> b) & 1 ? bits[b]! : -bits[b]!]);
  });
  if (exactlyOne) sink.addClause([...x]);
}

export const bitwise = atMostOneEncoder('bitwise', bitwiseAtMostOne, sequential);
