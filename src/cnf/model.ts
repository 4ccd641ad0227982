import type { Clause, Lit, SatSolver } from '../sat/types.js';
import {
  encodeCardinality, type CardinalityEncoding, type CardinalityKind, type ClauseSink, type EncodingCost,
} from './cardinality.js';

export interface ModelOptions {
  /** Default cardinality encoding for atMost/atLeast/exactly. */
  cardinality?: CardinalityEncoding;
}

export interface CardinalityOptions {
  encoding?: CardinalityEncoding;
}

/**
 * A CNF model over a SatSolver: named variables, clauses, gates and cardinality constraints.
 * Puzzle encodings are written against this class, never against raw clause arrays.
 */
export class Model implements ClauseSink {
  readonly solver: SatSolver;
  readonly defaultCardinality: CardinalityEncoding;
  private readonly varNames = new Map<number, string>();
  private readonly costs: EncodingCost[] = [];
  private trueLit: Lit | undefined;

  constructor(solver: SatSolver, options: ModelOptions = {}) {
    this.solver = solver;
    this.defaultCardinality = options.cardinality ?? 'sequential';
  }

  /** A fresh boolean variable, optionally named (names appear in DIMACS comments and backbones). */
  newVar(name?: string): Lit {
    const v = this.solver.newVar();
    if (name !== undefined) this.varNames.set(v, name);
    return v;
  }

  /** Name of a literal's variable, with `-` for a negative literal. */
  nameOf(lit: Lit): string | undefined {
    const n = this.varNames.get(Math.abs(lit));
    return n === undefined ? undefined : lit < 0 ? `-${n}` : n;
  }

  /** Every named variable: variable -> name. */
  names(): ReadonlyMap<number, string> {
    return this.varNames;
  }

  /** A literal fixed to true (allocated on first use). */
  get TRUE(): Lit {
    if (this.trueLit === undefined) {
      this.trueLit = this.newVar('true');
      this.solver.addClause([this.trueLit]);
    }
    return this.trueLit;
  }

  get FALSE(): Lit {
    return -this.TRUE;
  }

  /** `true`/`false` when the literal is the model's TRUE/FALSE constant, otherwise undefined. */
  constantValue(lit: Lit): boolean | undefined {
    if (this.trueLit === undefined || Math.abs(lit) !== this.trueLit) return undefined;
    return lit > 0;
  }

  /** Adds the disjunction of the given literals. */
  addClause(lits: readonly Lit[]): void {
    this.solver.addClause(lits);
  }

  addClauses(clauses: Iterable<Clause>): void {
    this.solver.addClauses(clauses);
  }

  /** `a` implies the disjunction of `b` (a single literal or a list). */
  implies(a: Lit, b: Lit | readonly Lit[]): void {
    this.solver.addClause(typeof b === 'number' ? [-a, b] : [-a, ...b]);
  }

  /** A literal equivalent to the conjunction (Tseitin). */
  and(lits: readonly Lit[], name?: string): Lit {
    if (lits.length === 0) return this.TRUE;
    if (lits.length === 1) return lits[0]!;
    const g = this.newVar(name);
    for (const l of lits) this.solver.addClause([-g, l]);
    this.solver.addClause([g, ...lits.map((l) => -l)]);
    return g;
  }

  /** A literal equivalent to the disjunction (Tseitin). */
  or(lits: readonly Lit[], name?: string): Lit {
    if (lits.length === 0) return this.FALSE;
    if (lits.length === 1) return lits[0]!;
    const g = this.newVar(name);
    for (const l of lits) this.solver.addClause([g, -l]);
    this.solver.addClause([-g, ...lits]);
    return g;
  }

  /** A literal equivalent to `a xor b` (Tseitin). */
  xor(a: Lit, b: Lit, name?: string): Lit {
    const g = this.newVar(name);
    this.solver.addClause([-g, a, b]);
    this.solver.addClause([-g, -a, -b]);
    this.solver.addClause([g, -a, b]);
    this.solver.addClause([g, a, -b]);
    return g;
  }

  /**
   * At most `k` of `lits` are true. `lits` is a multiset: a literal listed twice counts twice, and a
   * literal with its negation counts as one true term. Any k is accepted (k < 0 is a contradiction,
   * k >= n always holds). Returns what the constraint cost.
   */
  atMost(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    return this.cardinality('atMost', lits, k, options);
  }

  /** At least `k` of `lits` are true (same conventions as `atMost`). */
  atLeast(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    return this.cardinality('atLeast', lits, k, options);
  }

  /** Exactly `k` of `lits` are true: one counter serves both sides where the encoding allows. */
  exactly(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    return this.cardinality('exactly', lits, k, options);
  }

  atMostOne(lits: readonly Lit[], options: CardinalityOptions = {}): EncodingCost {
    return this.atMost(lits, 1, options);
  }

  exactlyOne(lits: readonly Lit[], options: CardinalityOptions = {}): EncodingCost {
    return this.exactly(lits, 1, options);
  }

  /** Cost of every cardinality constraint added so far, in order. */
  cardinalityCosts(): readonly EncodingCost[] {
    return this.costs;
  }

  private cardinality(kind: CardinalityKind, lits: readonly Lit[], k: number, options: CardinalityOptions): EncodingCost {
    const requested = options.encoding ?? this.defaultCardinality;
    const v0 = this.solver.numVars();
    const c0 = this.solver.numClauses();
    const encoding = encodeCardinality(this, kind, lits, k, requested);
    const cost: EncodingCost = {
      encoding, requested, kind, n: lits.length, k,
      vars: this.solver.numVars() - v0, clauses: this.solver.numClauses() - c0,
    };
    this.costs.push(cost);
    return cost;
  }
}
