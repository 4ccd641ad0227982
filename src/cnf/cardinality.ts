import type { Lit } from '../sat/types.js';

/**
 * Cardinality encodings. `pairwise` is binomial; `sequential` is Sinz 2005; `totalizer` is
 * Bailleux & Boufkhad 2003; `cardnet` is Asín et al. 2011 cardinality networks; `ladder`,
 * `commander` and `bitwise` are at-most-one encodings (used for k <= 1, otherwise fall back to `sequential`).
 */
export type CardinalityEncoding =
  | 'pairwise' | 'sequential' | 'totalizer' | 'cardnet' | 'ladder' | 'commander' | 'bitwise';

export const CARDINALITY_ENCODINGS: readonly CardinalityEncoding[] = [
  'sequential', 'pairwise', 'totalizer', 'cardnet', 'ladder', 'commander', 'bitwise',
];

/** What one constraint cost: auxiliary variables and clauses it added. */
export interface EncodingCost {
  encoding: CardinalityEncoding;
  vars: number;
  clauses: number;
}

/** The sink an encoding writes to (the Model implements it). */
export interface ClauseSink {
  newVar(name?: string): Lit;
  addClause(lits: readonly Lit[]): void;
}
