/**
 * Commander encoding of at-most-one (Klieber & Kwon 2007): inputs are split into groups of
 * GROUP_SIZE, each group gets a commander c (x -> c for its inputs) and at most one input inside
 * (pairwise); then at most one commander, recursively. For exactly one, a commander also needs one
 * of its inputs (c -> OR group) and the top level needs one commander.
 * Size: about n/2 variables and 3.5n clauses. Other bounds use `sequential`.
 */
import type { Lit } from '../../sat/types.js';
import type { ClauseSink } from './types.js';
import { atMostOneEncoder, pairwiseAtMostOne } from './common.js';
import { sequential } from './sequential.js';

export const GROUP_SIZE = 3;

function commanderAtMostOne(sink: ClauseSink, x: readonly Lit[], exactlyOne: boolean): void {
  if (x.length <= GROUP_SIZE + 1) {
    pairwiseAtMostOne(sink, x);
    if (exactlyOne) sink.addClause(x);
    return;
  }
  const commanders: Lit[] = [];
  for (let g = 0; g < x.length; g += GROUP_SIZE) {
    const group = x.slice(g, g + GROUP_SIZE);
    if (group.length === 1) { commanders.push(group[0]!); continue; } // a single input commands itself
    const c = sink.newVar();
    commanders.push(c);
    pairwiseAtMostOne(sink, group);
    for (const l of group) sink.addClause([-l, c]);
    if (exactlyOne) sink.addClause([-c, ...group]);
  }
  commanderAtMostOne(sink, commanders, exactlyOne);
}

export const commander = atMostOneEncoder('commander', commanderAtMostOne, sequential);
