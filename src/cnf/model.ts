import type { Clause, ConnectivityEdge, ConnectivityOptions, Lit, SatSolver } from '../sat/types.js';
import { acyclic } from './acyclic.js';
import {
  encodeCardinality, type CardinalityEncoding, type CardinalityHints, type CardinalityKind, type ClauseSink, type EncodingCost,
} from './cardinality.js';

export interface ModelOptions {
  /** Default cardinality encoding for atMost/atLeast/exactly. */
  cardinality?: CardinalityEncoding;
  /**
   * Give every rule instance (`rule`) an activation literal that guards its clauses, and record
   * every clause, so that explanations can switch puzzle facts on and off under assumptions.
   * Off by default: the CNF is then exactly what the encoding writes.
   */
  explain?: boolean;
}

/** A grid cell as [row, column], 0-based. */
export type Cell = readonly [number, number];

/** One rule instance of a puzzle ("row 3 needs 2 stars"), with the cells it concerns. */
export interface Fact {
  /** Index in `Model.facts()`. */
  index: number;
  /** The rule in the puzzle's own words. */
  text: string;
  cells: readonly Cell[];
  /** Literal that switches the fact's clauses on (explain mode only; 0 otherwise). */
  activation: Lit;
  /**
   * Explain mode: what the fact means when that is "these edges connect all vertices"
   * (`Model.connectedRule`), so an explainer may propagate the constraint itself instead of the
   * clauses (which add auxiliary variables of their own and are written only on demand).
   */
  connects?: { vertices: number; edges: readonly ConnectivityEdge[] };
  /**
   * Explain mode: what the fact means when that is "the edges whose literal is true close no loop"
   * (`Model.forestRule`), so an explainer may propagate it as a graph instead of its clauses.
   */
  forest?: { vertices: number; edges: readonly ConnectivityEdge[] };
}

/** How a decision literal reads in the puzzle's words, and the cells it concerns. */
export interface Decision {
  cells: readonly Cell[];
  /** The literal is true: "(3,4) is a star". */
  yes: string;
  /** The literal is false: "(3,4) has no star". */
  no: string;
}

/**
 * A value, or a function that makes it when first asked for: rule wording, cells and variable names
 * are read only by explanations, DIMACS comments and backbones, so a large puzzle need not build
 * thousands of strings and cell lists that nobody reads.
 */
export type Lazy<T> = T | (() => T);

function resolve<T>(value: Lazy<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}

/** How the variables of a `Model.newVars` block read, by their offset in the block. */
export interface VarNaming {
  /** The name of the block's i-th variable (DIMACS comments, backbones). */
  name?: (i: number) => string;
  /** How the block's i-th variable reads as a decision (see `Model.describe`). */
  decision?: (i: number) => Decision;
}

interface VarBlock extends VarNaming {
  first: number;
  count: number;
}

export interface CardinalityOptions {
  encoding?: CardinalityEncoding;
  /** See CardinalityHints: what the caller's other rules promise about these literals. */
  mostTrue?: CardinalityHints['mostTrue'];
}

/**
 * Above this size, n · min(k, n − k), a cardinality constraint nobody chose an encoding for gets the
 * totalizer instead of the sequential counter, whose size grows as n · k. No constraint of any
 * fixture or collection comes near it (the largest: 392, a bridges-with-signs island); Hashi's
 * no-loops rule on 400 islands (exactly 399 of 732 bridges: 243,756) took 133,264 variables and
 * 532,660 clauses as a sequential counter. There, 8 puzzles with a loop-free solution took
 * 2.4 s and 5.8 s in all (two families) against 0.78 s and 1.25 s, and 6 without one 7.0 s against 1.6 s
 * (count 2, each puzzle 20 s at most, in process).
 */
export const LARGE_CARDINALITY = 20_000;

/**
 * A CNF model over a SatSolver: named variables, clauses, gates and cardinality constraints.
 * Puzzle encodings are written against this class, never against raw clause arrays.
 */
export class Model implements ClauseSink {
  readonly solver: SatSolver;
  /**
   * The encoding of a cardinality constraint that names none: the caller's choice
   * (`ModelOptions.cardinality`), else the sequential counter, or the totalizer for a constraint
   * over LARGE_CARDINALITY.
   */
  readonly defaultCardinality: CardinalityEncoding;
  /** Whether the caller chose defaultCardinality (then it holds at every size). */
  private readonly cardinalityChosen: boolean;
  /** Per variable (index = variable; variables are numbered densely from 1): its name, if given. */
  private readonly varNames: (Lazy<string> | undefined)[] = [];
  private readonly costs: EncodingCost[] = [];
  private trueLit: Lit | undefined;
  readonly explaining: boolean;
  private readonly factList: Fact[] = [];
  /** Per variable, as varNames: how its literal reads, if the encoding said. */
  private readonly decisions: (Lazy<Decision> | undefined)[] = [];
  /**
   * Blocks of variables from `newVars`, in allocation order (so by `first`): one naming function per
   * block, read for a variable that has no entry of its own in varNames or decisions.
   */
  private readonly blocks: VarBlock[] = [];
  /** The fact whose clauses are being written, while `rule` runs. */
  private currentFact: Fact | undefined;
  /** Explain mode: the connectivity rules whose clauses are not written yet (see `connectedRule`). */
  private readonly deferred: { fact: Fact; write: () => void }[] = [];
  /** Explain mode: every clause as written (unguarded), with the fact it belongs to (-1: always on). */
  private readonly recorded: { clause: Clause; fact: number }[] = [];

  constructor(solver: SatSolver, options: ModelOptions = {}) {
    this.solver = solver;
    this.defaultCardinality = options.cardinality ?? 'sequential';
    this.cardinalityChosen = options.cardinality !== undefined;
    this.explaining = options.explain ?? false;
  }

  /**
   * Writes one rule instance: every clause `write` adds belongs to the fact `text` about `cells`.
   * In explain mode the clauses are guarded by the fact's activation literal and the fact is kept
   * (`facts`); otherwise nothing reads facts, so this only runs `write` (the wording and cells, given
   * as functions, are then never made).
   */
  rule(text: Lazy<string>, cells: Lazy<readonly Cell[]>, write: () => void): void {
    if (this.currentFact || !this.explaining) { write(); return; } // a rule inside a rule is part of the outer one
    const fact: Fact = { index: this.factList.length, text: resolve(text), cells: resolve(cells), activation: 0 };
    fact.activation = this.newVar(`fact ${fact.index}: ${fact.text}`);
    this.factList.push(fact);
    this.currentFact = fact;
    try {
      write();
    } finally {
      this.currentFact = undefined;
    }
  }

  /** Explain mode: every rule instance written so far, in order (outside explain mode none are kept). */
  facts(): readonly Fact[] {
    return this.factList;
  }

  /** Says how a decision variable reads: its cells and its true/false wording. */
  describe(lit: Lit, decision: Lazy<Decision>): void {
    if (lit > 0) this.decisions[lit] = decision; // decision() reads the positive literal
  }

  /** The wording of a decision literal, if the encoding gave one. */
  decision(lit: Lit): Decision | undefined {
    return this.settle(this.decisions, Math.abs(lit), (block) => block.decision);
  }

  /** Explain mode: every clause as written (without guards), with its fact index or -1. */
  recordedClauses(): readonly { clause: Clause; fact: number }[] {
    return this.recorded;
  }

  /** The single way clauses reach the solver: guarded and recorded in explain mode. */
  private emit(lits: readonly Lit[]): void {
    const fact = this.currentFact;
    if (!this.explaining) { this.solver.addClause(lits); return; }
    this.recorded.push({ clause: [...lits], fact: fact ? fact.index : -1 });
    this.solver.addClause(fact ? [-fact.activation, ...lits] : lits);
  }

  /** A fresh boolean variable, optionally named (names appear in DIMACS comments and backbones). */
  newVar(name?: Lazy<string>): Lit {
    const v = this.solver.newVar();
    if (name !== undefined) this.varNames[v] = name;
    return v;
  }

  /**
   * `count` fresh variables in a row: returns the first, the others follow it (first + i). Each is
   * named and described, when first asked, by `naming.name(i)` and `naming.decision(i)`: one
   * function for the whole block instead of a closure per variable, so a large grid allocates
   * nothing per variable that nobody reads.
   */
  newVars(count: number, naming: VarNaming = {}): Lit {
    const first = this.solver.numVars() + 1;
    for (let i = 0; i < count; i++) {
      const v = this.solver.newVar();
      if (v !== first + i) throw new Error(`the engine numbered variable ${first + i} of a block as ${v}`);
    }
    if (count > 0 && (naming.name || naming.decision)) this.blocks.push({ first, count, ...naming });
    return first;
  }

  /** The block of `newVars` holding variable v, if any. */
  private blockOf(v: number): VarBlock | undefined {
    const blocks = this.blocks;
    let lo = 0, hi = blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = blocks[mid]!;
      if (v < b.first) hi = mid - 1;
      else if (v >= b.first + b.count) lo = mid + 1;
      else return b;
    }
    return undefined;
  }

  /** Name of a literal's variable, with `-` for a negative literal. */
  nameOf(lit: Lit): string | undefined {
    const n = this.nameOfVar(Math.abs(lit));
    return n === undefined ? undefined : lit < 0 ? `-${n}` : n;
  }

  private nameOfVar(v: number): string | undefined {
    return this.settle(this.varNames, v, (block) => block.name);
  }

  /**
   * Variable v's entry in a per-variable table (names or decisions), made on first read: its own
   * entry, evaluated if lazy, else its `newVars` block's function. Stored once made, so each is
   * made at most once.
   */
  private settle<T>(
    table: (Lazy<T> | undefined)[], v: number, fromBlock: (block: VarBlock) => ((i: number) => T) | undefined,
  ): T | undefined {
    const entry = table[v];
    if (entry !== undefined && typeof entry !== 'function') return entry as T;
    let value: T;
    if (entry === undefined) {
      const block = this.blockOf(v);
      const make = block && fromBlock(block);
      if (!make) return undefined;
      value = make(v - block.first);
    } else {
      value = resolve(entry);
    }
    table[v] = value;
    return value;
  }

  /** Every named variable, in variable order: variable -> name. */
  names(): ReadonlyMap<number, string> {
    const all = new Map<number, string>();
    const last = this.blocks.at(-1);
    const end = Math.max(this.varNames.length, last ? last.first + last.count : 0);
    for (let v = 1; v < end; v++) {
      const name = this.nameOfVar(v);
      if (name !== undefined) all.set(v, name);
    }
    return all;
  }

  /** A literal fixed to true (allocated on first use). */
  get TRUE(): Lit {
    if (this.trueLit === undefined) {
      this.trueLit = this.newVar('true');
      // Always on, even when first used inside a rule.
      this.solver.addClause([this.trueLit]);
      if (this.explaining) this.recorded.push({ clause: [this.trueLit], fact: -1 });
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

  /**
   * The edges whose literal is true connect all `vertices`, as a constraint inside the engine when
   * it has one (`SatSolver.addConnectivity`). Returns false, adding nothing, when the engine has none
   * or in explain mode (an engine constraint cannot be switched off by a fact's activation literal):
   * the caller then enforces connectivity itself (`takesConnectivity` says beforehand which).
   * `options.acyclic`: the true edges also close no cycle.
   */
  connected(vertices: number, edges: readonly ConnectivityEdge[], demands?: readonly (number | null)[], options?: ConnectivityOptions): boolean {
    if (!this.takesConnectivity()) return false;
    this.solver.addConnectivity!(vertices, edges, demands, options);
    return true;
  }

  /** Whether `connected` will put its constraint in the engine (else it adds nothing). */
  takesConnectivity(): boolean {
    return !this.explaining && this.solver.addConnectivity !== undefined;
  }

  /**
   * A rule meaning "the edges whose literal is true connect all `vertices`", which `write` states as
   * clauses (they may add variables of their own). Outside explain mode this is `write()`. In explain
   * mode the fact is kept with that meaning (`Fact.connects`) and its clauses are written only when
   * `writeDeferred` is called: an explainer that propagates the meaning itself may never need them
   * (their variables then come after every other, so no other numbering depends on whether they are).
   */
  connectedRule(text: Lazy<string>, cells: Lazy<readonly Cell[]>, vertices: number, edges: readonly ConnectivityEdge[], write: () => void): void {
    if (!this.explaining) { write(); return; }
    const connects = { vertices, edges: edges.map((e) => ({ u: e.u, v: e.v, lit: e.lit })) };
    if (this.currentFact) { write(); this.currentFact.connects = connects; return; } // inside a rule: part of the outer one
    this.rule(text, cells, () => {
      const fact = this.currentFact!;
      fact.connects = connects;
      this.deferred.push({ fact, write });
    });
  }

  /**
   * A rule meaning "the edges whose literal is true close no loop", which `write` states as clauses
   * that may be exact only beside the puzzle's other rules (Hashi: with every island connected, no
   * loop is exactly n − 1 connections, the short form a solve gets). In explain mode, where facts
   * are switched on one at a time, the fact gets clauses exact on their own instead (`acyclic`),
   * written at once (the engine's quick checks rely on every rule but connectivity being there), and
   * keeps the meaning (`Fact.forest`) for an explainer that propagates it as a graph.
   */
  forestRule(text: Lazy<string>, cells: Lazy<readonly Cell[]>, vertices: number, edges: readonly ConnectivityEdge[], write: () => void): void {
    if (!this.explaining) { write(); return; }
    const forest = { vertices, edges: edges.map((e) => ({ u: e.u, v: e.v, lit: e.lit })) };
    const exact = (): void => {
      this.currentFact!.forest = forest;
      acyclic(this, vertices, forest.edges);
    };
    if (this.currentFact) exact(); // inside a rule: part of the outer one
    else this.rule(text, cells, exact);
  }

  /**
   * Explain mode: writes the clauses of the rules `connectedRule` put off, each guarded by its fact's
   * activation literal and recorded with it, as if written in place; false when there were none left.
   */
  writeDeferred(): boolean {
    if (!this.deferred.length) return false;
    for (const { fact, write } of this.deferred.splice(0)) {
      this.currentFact = fact;
      try {
        write();
      } finally {
        this.currentFact = undefined;
      }
    }
    return true;
  }

  /** Adds the disjunction of the given literals (copied: the caller may reuse the array). */
  addClause(lits: readonly Lit[]): void {
    this.emit(lits);
  }

  addClauses(clauses: Iterable<Clause>): void {
    if (!this.explaining) { this.solver.addClauses(clauses); return; }
    for (const c of clauses) this.emit(c);
  }

  /** `a` implies the disjunction of `b` (a single literal or a list). */
  implies(a: Lit, b: Lit | readonly Lit[]): void {
    this.emit(typeof b === 'number' ? [-a, b] : [-a, ...b]);
  }

  /** A literal equivalent to the conjunction (Tseitin). */
  and(lits: readonly Lit[], name?: string): Lit {
    if (lits.length === 0) return this.TRUE;
    if (lits.length === 1) return lits[0]!;
    const g = this.newVar(name);
    for (const l of lits) this.emit([-g, l]);
    this.emit([g, ...lits.map((l) => -l)]);
    return g;
  }

  /** A literal equivalent to the disjunction (Tseitin). */
  or(lits: readonly Lit[], name?: string): Lit {
    if (lits.length === 0) return this.FALSE;
    if (lits.length === 1) return lits[0]!;
    const g = this.newVar(name);
    for (const l of lits) this.emit([g, -l]);
    this.emit([-g, ...lits]);
    return g;
  }

  /** A literal equivalent to `a xor b` (Tseitin). */
  xor(a: Lit, b: Lit, name?: string): Lit {
    const g = this.newVar(name);
    this.emit([-g, a, b]);
    this.emit([-g, -a, -b]);
    this.emit([g, -a, b]);
    this.emit([g, a, -b]);
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
    const large = !this.cardinalityChosen && lits.length * Math.min(k, lits.length - k) > LARGE_CARDINALITY;
    const requested = options.encoding ?? (large ? 'totalizer' : this.defaultCardinality);
    const v0 = this.solver.numVars();
    const c0 = this.solver.numClauses();
    const encoding = encodeCardinality(this, kind, lits, k, requested, options.mostTrue ? { mostTrue: options.mostTrue } : undefined);
    const cost: EncodingCost = {
      encoding, requested, kind, n: lits.length, k,
      vars: this.solver.numVars() - v0, clauses: this.solver.numClauses() - c0,
    };
    this.costs.push(cost);
    return cost;
  }
}
