/**
 * Cardinality constraints "at most / at least / exactly k of these literals": the encodings, the
 * dispatcher that handles trivial bounds and simplifies the literal list, and size measurement.
 */
import type { Lit } from '../sat/types.js';
import { bitwise } from './cardinality/bitwise.js';
import { cardnet } from './cardinality/cardnet.js';
import { contradiction } from './cardinality/common.js';
import { commander } from './cardinality/commander.js';
import { ladder } from './cardinality/ladder.js';
import { pairwise } from './cardinality/pairwise.js';
import { sequential } from './cardinality/sequential.js';
import { totalizer } from './cardinality/totalizer.js';
import { CARDINALITY_ENCODINGS, type CardinalityEncoder, type CardinalityEncoding, type CardinalityHints, type CardinalityKind, type ClauseSink } from './cardinality/types.js';

export { CARDINALITY_ENCODINGS, type CardinalityEncoder, type CardinalityEncoding, type CardinalityHints, type CardinalityKind, type ClauseSink } from './cardinality/types.js';

/** What one constraint cost: auxiliary variables and clauses it added. */
export interface EncodingCost {
  /** The encoding actually used (differs from `requested` after a fallback, e.g. `ladder` with k > 1). */
  encoding: CardinalityEncoding;
  /** The encoding that was asked for. */
  requested?: CardinalityEncoding;
  kind?: CardinalityKind;
  /** Number of literals and bound as given by the caller (before simplification). */
  n?: number;
  k?: number;
  vars: number;
  clauses: number;
}

const ENCODERS: Record<CardinalityEncoding, CardinalityEncoder> = {
  pairwise, sequential, totalizer, cardnet, ladder, commander, bitwise,
};

export function isCardinalityEncoding(name: string): name is CardinalityEncoding {
  return (CARDINALITY_ENCODINGS as readonly string[]).includes(name);
}

/** Up to this many terms, a list of distinct variables is recognised by comparing pairs (no map). */
const DISTINCT_CHECK_UP_TO = 32;

/**
 * True when the literals are valid, none is a constant the sink knows, and no variable occurs twice:
 * then simplifyTerms has nothing to do (the common case: a puzzle's cells, a counter's outputs).
 */
function distinctVariables(sink: ClauseSink, lits: readonly Lit[]): boolean {
  for (let i = 0; i < lits.length; i++) {
    const lit = lits[i]!;
    if (!Number.isInteger(lit) || lit === 0 || sink.constantValue?.(lit) !== undefined) return false;
    const v = lit < 0 ? -lit : lit;
    for (let j = 0; j < i; j++) if (lits[j] === v || lits[j] === -v) return false;
  }
  return true;
}

/**
 * The terms that still count, and how many are certainly true: constants known to the sink are
 * dropped, and each complementary pair (x, -x) is dropped as exactly one certain true term.
 * Duplicates stay: the list is a multiset, a literal listed twice counts twice.
 */
function simplifyTerms(sink: ClauseSink, lits: readonly Lit[]): { x: Lit[]; trueCount: number } {
  if (lits.length <= DISTINCT_CHECK_UP_TO && distinctVariables(sink, lits)) return { x: [...lits], trueCount: 0 };
  let trueCount = 0;
  const occurrences = new Map<number, { pos: number; neg: number }>(); // in order of first appearance
  for (const lit of lits) {
    if (!Number.isInteger(lit) || lit === 0) throw new Error(`invalid literal ${lit} in a cardinality constraint`);
    const c = sink.constantValue?.(lit);
    if (c !== undefined) { if (c) trueCount++; continue; }
    const v = Math.abs(lit);
    const o = occurrences.get(v) ?? { pos: 0, neg: 0 };
    if (lit > 0) o.pos++; else o.neg++;
    occurrences.set(v, o);
  }
  const x: Lit[] = [];
  for (const [v, { pos, neg }] of occurrences) {
    trueCount += Math.min(pos, neg);
    for (let i = neg; i < pos; i++) x.push(v);
    for (let i = pos; i < neg; i++) x.push(-v);
  }
  return { x, trueCount };
}

/**
 * Adds "at most / at least / exactly k of `lits` are true" to the sink and returns the encoding used.
 *
 * Semantics: `lits` is a multiset (a literal listed twice counts twice); a literal and its negation
 * together count as one true term; constants the sink knows (`constantValue`) count as such.
 * k < 0, k > n, empty lists are all fine: the constraint is then trivially true or contradictory.
 * `hints` reach the encoder with the simplified list (see CardinalityHints).
 */
export function encodeCardinality(
  sink: ClauseSink,
  kind: CardinalityKind,
  lits: readonly Lit[],
  k: number,
  encoding: CardinalityEncoding,
  hints?: CardinalityHints,
): CardinalityEncoding {
  if (!Number.isInteger(k)) throw new Error(`cardinality bound must be an integer, got ${k}`);
  const encoder = ENCODERS[encoding];
  if (!encoder) throw new Error(`unknown cardinality encoding '${encoding}' (known: ${CARDINALITY_ENCODINGS.join(', ')})`);
  const { x, trueCount } = simplifyTerms(sink, lits);
  const b = k - trueCount;
  const n = x.length;
  const allFalse = () => { for (const l of x) sink.addClause([-l]); };
  const allTrue = () => { for (const l of x) sink.addClause([l]); };
  switch (kind) {
    case 'atMost':
      if (b < 0) contradiction(sink);
      else if (b >= n) { /* always holds */ }
      else if (b === 0) allFalse();
      else if (b === n - 1) sink.addClause(x.map((l) => -l));
      else return encoder.atMost(sink, x, b, hints);
      return encoding;
    case 'atLeast':
      if (b > n) contradiction(sink);
      else if (b <= 0) { /* always holds */ }
      else if (b === n) allTrue();
      else if (b === 1) sink.addClause(x);
      else return encoder.atLeast(sink, x, b, hints);
      return encoding;
    case 'exactly':
      if (b < 0 || b > n) contradiction(sink);
      else if (b === 0) allFalse();
      else if (b === n) allTrue();
      else return encoder.exactly(sink, x, b, hints);
      return encoding;
    default:
      throw new Error(`unknown cardinality kind '${String(kind)}'`);
  }
}

/** A sink that only counts what it is given. */
class CountingSink implements ClauseSink {
  vars = 0;
  clauses = 0;
  newVar(): Lit { return ++this.vars; }
  addClause(): void { this.clauses++; }
}

/**
 * The size of one constraint over n fresh literals, measured on a throwaway sink (no solver):
 * compares encodings without a puzzle.
 */
export function cardinalityCost(encoding: CardinalityEncoding, n: number, k: number, kind: CardinalityKind): EncodingCost {
  const sink = new CountingSink();
  const x: Lit[] = [];
  for (let i = 0; i < n; i++) x.push(sink.newVar());
  const used = encodeCardinality(sink, kind, x, k, encoding);
  return { encoding: used, requested: encoding, kind, n, k, vars: sink.vars - n, clauses: sink.clauses };
}
