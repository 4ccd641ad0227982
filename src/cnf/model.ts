import type { Clause, Lit, SatSolver } from '../sat/types.js';
import type { CardinalityEncoding, ClauseSink, EncodingCost } from './cardinality.js';

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
  bool(name?: string): Lit {
    const v = this.solver.newVar();
    if (name !== undefined) this.varNames.set(v, name);
    return v;
  }

  newVar(name?: string): Lit {
    return this.bool(name);
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
      this.trueLit = this.bool('true');
      this.solver.addClause([this.trueLit]);
    }
    return this.trueLit;
  }

  get FALSE(): Lit {
    return -this.TRUE;
  }

  addClause(lits: readonly Lit[]): void {
    this.solver.addClause(lits);
  }

  /** Adds the disjunction of the given literals. */
  clause(...lits: Lit[]): void {
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
    const g = this.bool(name);
    for (const l of lits) this.solver.addClause([-g, l]);
    this.solver.addClause([g, ...lits.map((l) => -l)]);
    return g;
  }

  /** A literal equivalent to the disjunction (Tseitin). */
  or(lits: readonly Lit[], name?: string): Lit {
    if (lits.length === 0) return this.FALSE;
    if (lits.length === 1) return lits[0]!;
    const g = this.bool(name);
    for (const l of lits) this.solver.addClause([g, -l]);
    this.solver.addClause([-g, ...lits]);
    return g;
  }

  /** A literal equivalent to `a xor b` (Tseitin). */
  xor(a: Lit, b: Lit, name?: string): Lit {
    const g = this.bool(name);
    this.solver.addClause([-g, a, b]);
    this.solver.addClause([-g, -a, -b]);
    this.solver.addClause([g, -a, b]);
    this.solver.addClause([g, a, -b]);
    return g;
  }

  /** At most `k` of `lits` are true. */
  atMost(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    return this.measure(options.encoding ?? this.defaultCardinality, (enc) => encodeAtMost(this, lits, k, enc));
  }

  /** At least `k` of `lits` are true. */
  atLeast(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    // At least k true is at most n-k false.
    return this.atMost(lits.map((l) => -l), lits.length - k, options);
  }

  /** Exactly `k` of `lits` are true. */
  exactly(lits: readonly Lit[], k: number, options: CardinalityOptions = {}): EncodingCost {
    const a = this.atMost(lits, k, options);
    const b = this.atLeast(lits, k, options);
    return { encoding: a.encoding, vars: a.vars + b.vars, clauses: a.clauses + b.clauses };
  }

  /** Cost of every cardinality constraint added so far, in order. */
  cardinalityCosts(): readonly EncodingCost[] {
    return this.costs;
  }

  private measure(encoding: CardinalityEncoding, add: (enc: CardinalityEncoding) => void): EncodingCost {
    const v0 = this.solver.numVars();
    const c0 = this.solver.numClauses();
    add(encoding);
    const cost = { encoding, vars: this.solver.numVars() - v0, clauses: this.solver.numClauses() - c0 };
    this.costs.push(cost);
    return cost;
  }
}

/** Shared entry point; the CNF layer's full set of encodings plugs in here. */
function encodeAtMost(sink: ClauseSink, lits: readonly Lit[], k: number, encoding: CardinalityEncoding): void {
  if (k < 0) { sink.addClause([]); return; }
  if (k >= lits.length) return;
  if (k === 0) { for (const l of lits) sink.addClause([-l]); return; }
  if (encoding === 'pairwise' && k === 1) {
    for (let i = 0; i < lits.length; i++) for (let j = i + 1; j < lits.length; j++) sink.addClause([-lits[i]!, -lits[j]!]);
    return;
  }
  sequentialAtMost(sink, lits, k);
}

/** Sinz 2005 sequential counter: s[i][j] means "at least j+1 of the first i+1 literals are true". */
function sequentialAtMost(sink: ClauseSink, x: readonly Lit[], k: number): void {
  const n = x.length;
  let prev: Lit[] = [];
  for (let i = 0; i < n - 1; i++) {
    const cur: Lit[] = [];
    for (let j = 0; j < k; j++) cur.push(sink.newVar());
    sink.addClause([-x[i]!, cur[0]!]);
    if (i > 0) {
      for (let j = 0; j < k; j++) sink.addClause([-prev[j]!, cur[j]!]);
      for (let j = 1; j < k; j++) sink.addClause([-x[i]!, -prev[j - 1]!, cur[j]!]);
      sink.addClause([-x[i]!, -prev[k - 1]!]);
    }
    prev = cur;
  }
  sink.addClause([-x[n - 1]!, -prev[k - 1]!]);
}
