/**
 * The vocabulary of cardinality constraints, shared by the dispatcher (`../cardinality.ts`) and the
 * encoders in this folder, which import it from here so that nothing here imports the dispatcher.
 */
import type { Lit } from '../../sat/types.js';

/**
 * Cardinality encodings (one module each in `./cardinality/`). `pairwise` is binomial (no auxiliaries,
 * falls back to `sequential` above PAIRWISE_MAX_CLAUSES); `sequential` is Sinz 2005; `totalizer` is
 * Bailleux & Boufkhad 2003 with counts capped at the bound; `cardnet` is Asín et al. 2011 cardinality
 * networks; `ladder`, `commander` and `bitwise` are at-most-one encodings, used for atMost(1),
 * atLeast(n-1) and exactly(1 or n-1), falling back to `sequential` for other bounds.
 * A fallback is visible in the returned EncodingCost (`encoding` vs `requested`).
 */
export type CardinalityEncoding =
  | 'pairwise' | 'sequential' | 'totalizer' | 'cardnet' | 'ladder' | 'commander' | 'bitwise';

export const CARDINALITY_ENCODINGS: readonly CardinalityEncoding[] = [
  'sequential', 'pairwise', 'totalizer', 'cardnet', 'ladder', 'commander', 'bitwise',
];

/** Which side of the count a constraint bounds. */
export type CardinalityKind = 'atMost' | 'atLeast' | 'exactly';

/** The sink an encoding writes to (the Model implements it). */
export interface ClauseSink {
  newVar(name?: string): Lit;
  addClause(lits: readonly Lit[]): void;
  /** `true`/`false` for a literal the sink knows to be constant (e.g. the Model's TRUE), else undefined. */
  constantValue?(lit: Lit): boolean | undefined;
}

/**
 * What a caller knows about a constraint's literals from its other rules. Only a counter that can
 * use a hint reads it (the totalizer); the others write the same clauses without it.
 */
export interface CardinalityHints {
  /**
   * At most this many of `lits` (a part of the constraint's literals, in their given order) are
   * true together in any solution, by the caller's other rules. The totalizer then stops counting
   * there: each node over those literals gets no output beyond it. The bound is the caller's
   * promise: the constraint's clauses alone then allow fewer assignments than the constraint, and
   * they are exact only together with the rules that keep the promise.
   */
  mostTrue?: (lits: readonly Lit[]) => number;
}

/**
 * One encoding family. The dispatcher has already handled every trivial case, so an encoder only
 * sees n = x.length >= 3 for atMost/atLeast and n >= 2 for exactly, with
 * atMost: 1 <= k <= n-2, atLeast: 2 <= k <= n-1, exactly: 1 <= k <= n-1.
 * Each method returns the encoding it actually used (an encoder may fall back to another).
 */
export interface CardinalityEncoder {
  atMost(sink: ClauseSink, x: readonly Lit[], k: number, hints?: CardinalityHints): CardinalityEncoding;
  atLeast(sink: ClauseSink, x: readonly Lit[], k: number, hints?: CardinalityHints): CardinalityEncoding;
  exactly(sink: ClauseSink, x: readonly Lit[], k: number, hints?: CardinalityHints): CardinalityEncoding;
}
