import { createRequire } from 'node:module';
import type { Clause, Lit, SatSolver, SolveOptions, SolveResult, SolverStats } from './types.js';
import { literalValue } from './model.js';

interface RawMiniSat {
  ensureVar(v: number): void;
  addClause(terms: number[]): boolean;
  solve(): boolean;
  solveAssuming(v: number): boolean;
  getSolution(): (boolean | null)[];
  retireVar(v: number): void;
}

const require = createRequire(import.meta.url);
type RawMiniSatClass = new () => RawMiniSat;
let MiniSat: RawMiniSatClass | undefined;

/** logic-solver ships MiniSat compiled to asm.js (large): loaded on first use, not at start-up. */
function rawMiniSat(): RawMiniSat {
  // We drive its raw wrapper, not its formula layer.
  MiniSat ??= require('logic-solver/minisat_wrapper.js') as RawMiniSatClass;
  return new MiniSat();
}

/**
 * logic-solver's MiniSat behind the SatSolver interface (comparison engine).
 * It has no budgets (limits are ignored) and accepts one assumption per call, so several
 * assumptions are folded into a fresh activation variable that is switched off afterwards.
 */
export class MiniSatJsSolver implements SatSolver {
  readonly name = 'minisat-js';
  private readonly raw = rawMiniSat();
  /**
   * Our variable v is MiniSat's variable `internal[v]`. Activation variables for multi-assumption
   * solves live only inside MiniSat, so they never collide with variables a caller adds later.
   */
  private readonly internal: number[] = [0];
  private internalVars = 0;
  private clauses = 0;
  private lastModel: Uint8Array = new Uint8Array(1);
  private failed: Lit[] = [];
  private unsatForever = false;
  private counters: SolverStats = {
    conflicts: 0, decisions: 0, propagations: 0, restarts: 0, learnedClauses: 0, peakMemoryBytes: 0, solves: 0,
  };

  newVar(): number {
    this.internal.push(this.freshInternal());
    return this.internal.length - 1;
  }

  numVars(): number { return this.internal.length - 1; }
  numClauses(): number { return this.clauses; }

  addClause(clause: Clause): void {
    const mapped = clause.map((lit) => this.toInternal(lit));
    this.clauses += 1;
    if (!this.raw.addClause(mapped)) this.unsatForever = true;
  }

  addClauses(clauses: Iterable<Clause>): void {
    for (const c of clauses) this.addClause(c);
  }

  solve(options: SolveOptions = {}): SolveResult {
    this.counters.solves += 1;
    this.failed = [];
    if (this.unsatForever) return 'unsat';
    const assumptions = options.assumptions ?? [];
    const mapped = assumptions.map((a) => this.toInternal(a));
    let sat: boolean;
    if (mapped.length === 0) {
      sat = this.raw.solve();
      if (!sat) this.unsatForever = true;
    } else if (mapped.length === 1 && mapped[0]! > 0) {
      // The raw wrapper only takes a positive variable as its assumption.
      sat = this.raw.solveAssuming(mapped[0]!);
    } else {
      // act -> every assumption; solving under act is solving under all of them.
      const act = this.freshInternal();
      for (const a of mapped) this.raw.addClause([-act, a]);
      sat = this.raw.solveAssuming(act);
      // Switch the activation variable off for good.
      this.raw.addClause([-act]);
    }
    if (sat) {
      const sol = this.raw.getSolution();
      const model = new Uint8Array(this.internal.length);
      for (let v = 1; v < this.internal.length; v++) model[v] = sol[this.internal[v]!] ? 1 : 0;
      this.lastModel = model;
      return 'sat';
    }
    // The wrapper cannot say which assumptions were to blame: all of them is a sound answer.
    this.failed = [...assumptions];
    return 'unsat';
  }

  private freshInternal(): number {
    this.internalVars += 1;
    this.raw.ensureVar(this.internalVars);
    return this.internalVars;
  }

  /** MiniSat's literal for ours, allocating our variables up to it (as the contract says). */
  private toInternal(lit: Lit): number {
    if (!Number.isInteger(lit) || lit === 0) throw new Error(`invalid literal ${lit}`);
    const v = lit < 0 ? -lit : lit;
    while (this.internal.length <= v) this.newVar();
    return lit < 0 ? -this.internal[v]! : this.internal[v]!;
  }

  value(lit: Lit): boolean {
    return literalValue(this.lastModel, lit);
  }

  model(): Uint8Array { return this.lastModel; }
  failedAssumptions(): Lit[] { return [...this.failed]; }
  stats(): SolverStats { return { ...this.counters }; }
  dispose(): void { /* garbage-collected with the asm.js heap */ }
}
