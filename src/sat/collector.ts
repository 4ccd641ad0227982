import { writeDimacs, type WriteDimacsOptions } from './dimacs.js';
import type { Clause, Lit, SatSolver, SolveResult, SolverStats } from './types.js';

/**
 * A SatSolver that only records: build a Model on it, then export the CNF (`toDimacs`) or hand the
 * clauses to a real engine (`replayInto`). Solving is not its job, so `solve` throws.
 */
export class CnfCollector implements SatSolver {
  readonly name = 'collector';
  private vars = 0;
  private readonly recorded: number[][] = [];

  newVar(): number {
    this.vars += 1;
    return this.vars;
  }

  numVars(): number { return this.vars; }
  numClauses(): number { return this.recorded.length; }

  addClause(clause: Clause): void {
    const copy = new Array<number>(clause.length);
    for (let k = 0; k < clause.length; k++) {
      const lit = clause[k]!;
      if (!Number.isInteger(lit) || lit === 0) throw new Error(`invalid literal ${lit}`);
      const v = lit < 0 ? -lit : lit;
      if (v > this.vars) this.vars = v;
      copy[k] = lit;
    }
    this.recorded.push(copy);
  }

  addClauses(clauses: Iterable<Clause>): void {
    for (const c of clauses) this.addClause(c);
  }

  /** The clauses recorded so far, in order. */
  clauses(): readonly (readonly Lit[])[] {
    return this.recorded;
  }

  toDimacs(options: WriteDimacsOptions = {}): string {
    return writeDimacs(this.vars, this.recorded, options);
  }

  /** Allocates the same variables in `solver` and adds every recorded clause to it. */
  replayInto(solver: SatSolver): void {
    while (solver.numVars() < this.vars) solver.newVar();
    solver.addClauses(this.recorded);
  }

  solve(): SolveResult {
    throw new Error('CnfCollector only records clauses; replay them into an engine from createSolver() to solve');
  }

  value(): boolean {
    throw new Error('CnfCollector has no model: it never solves');
  }

  model(): Uint8Array {
    throw new Error('CnfCollector has no model: it never solves');
  }

  failedAssumptions(): Lit[] { return []; }

  stats(): SolverStats {
    return { conflicts: 0, decisions: 0, propagations: 0, restarts: 0, learnedClauses: 0, peakMemoryBytes: 0, solves: 0 };
  }

  dispose(): void {
    this.recorded.length = 0;
  }
}
