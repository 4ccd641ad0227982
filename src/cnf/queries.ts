/**
 * Queries on a Model, for any engine: solve (with lazy refinement), enumerate, count, backbone.
 *
 * Every query accepts `refine`, the lazy-constraint hook: after each SAT answer it may return clauses
 * the model violates (connectivity cuts). They are added permanently, so they must hold in every real
 * solution, which is what lets them live beside blocking clauses while counting.
 */
import type { Clause, Lit, SatSolver, SolveLimits } from '../sat/types.js';
import type { Model } from './model.js';
import { literalValue } from '../sat/model.js';

/** Reads a literal's value in the current model. */
export type Valuation = (lit: Lit) => boolean;

export interface QueryOptions {
  /** Literals assumed for every solve of this query. */
  assumptions?: readonly Lit[];
  /** Budget for the whole query (summed over its solve calls), not per call. */
  limits?: SolveLimits;
  /** Lazy constraints: clauses violated by the model, [] to accept it. */
  refine?: (value: Valuation) => Clause[];
}

export interface QueryStats {
  /** Solve calls made. */
  solves: number;
  /** Lazy clauses added by `refine`. */
  cuts: number;
  conflicts: number;
}

export type SolveOutcome =
  | { status: 'sat'; model: Uint8Array; stats: QueryStats }
  | { status: 'unsat' | 'unknown'; stats: QueryStats };

/** Values of a model as a function over literals. */
export function valuation(model: Uint8Array): Valuation {
  return (lit) => literalValue(model, lit);
}

/** Tracks the budget of a whole query across its solve calls. */
class Budget {
  private readonly conflicts0: number;
  private readonly propagations0: number;

  constructor(private readonly solver: SatSolver, private readonly limits: SolveLimits | undefined) {
    const s = solver.stats();
    this.conflicts0 = s.conflicts;
    this.propagations0 = s.propagations;
  }

  /** Limits for the next solve call; null when the budget is already spent. */
  remaining(): SolveLimits | null {
    const l = this.limits;
    if (!l) return {};
    const s = this.solver.stats();
    const out: SolveLimits = {};
    if (l.conflicts !== undefined) {
      out.conflicts = l.conflicts - (s.conflicts - this.conflicts0);
      if (out.conflicts <= 0) return null;
    }
    if (l.propagations !== undefined) {
      out.propagations = l.propagations - (s.propagations - this.propagations0);
      if (out.propagations <= 0) return null;
    }
    if (l.deadline !== undefined) {
      if (Date.now() >= l.deadline) return null;
      out.deadline = l.deadline;
    }
    return out;
  }

  spentConflicts(): number {
    return this.solver.stats().conflicts - this.conflicts0;
  }
}

/** One solve with the refinement loop: re-solves after each batch of cuts until accepted or UNSAT. */
function solveRefined(
  solver: SatSolver,
  budget: Budget,
  assumptions: readonly Lit[],
  refine: QueryOptions['refine'],
  stats: QueryStats,
): 'sat' | 'unsat' | 'unknown' {
  for (;;) {
    const limits = budget.remaining();
    if (limits === null) return 'unknown';
    stats.solves += 1;
    const r = solver.solve({ assumptions, limits });
    if (r !== 'sat' || !refine) return r;
    const cuts = refine((lit) => solver.value(lit));
    if (cuts.length === 0) return 'sat';
    stats.cuts += cuts.length;
    solver.addClauses(cuts);
  }
}

function newStats(): QueryStats {
  return { solves: 0, cuts: 0, conflicts: 0 };
}

/** Finds one solution (that `refine` accepts). */
export function solveModel(model: Model, options: QueryOptions = {}): SolveOutcome {
  const solver = model.solver;
  const budget = new Budget(solver, options.limits);
  const stats = newStats();
  const r = solveRefined(solver, budget, options.assumptions ?? [], options.refine, stats);
  stats.conflicts = budget.spentConflicts();
  return r === 'sat' ? { status: 'sat', model: solver.model().slice(), stats } : { status: r, stats };
}

export interface EnumerateOptions extends QueryOptions {
  /** Stop after this many solutions; 0 or undefined enumerates them all. */
  limit?: number;
  /** Called with each solution as it is found (a copy of the full model). */
  onSolution?: (model: Uint8Array) => void;
}

export interface EnumerateResult {
  /** Full models, one per distinct assignment of the projection. */
  solutions: Uint8Array[];
  /** True when the engine proved there are no further solutions. */
  complete: boolean;
  /** Why enumeration stopped early: the solution limit, or an engine limit (budget). */
  stoppedBy: 'limit' | 'unknown' | null;
  stats: QueryStats;
}

/**
 * Enumerates solutions that differ on `projection`, blocking each one on the projection only.
 * Blocking clauses are guarded by a selector literal that is retired at the end, so the model can be
 * queried again afterwards (cuts from `refine` stay: they are valid for every solution).
 */
export function enumerate(model: Model, projection: readonly Lit[], options: EnumerateOptions = {}): EnumerateResult {
  const solver = model.solver;
  const budget = new Budget(solver, options.limits);
  const stats = newStats();
  const limit = options.limit && options.limit > 0 ? options.limit : Infinity;
  const selector = solver.newVar();
  const assumptions = [...(options.assumptions ?? []), selector];
  const solutions: Uint8Array[] = [];
  let complete = false;
  let stoppedBy: EnumerateResult['stoppedBy'] = null;
  try {
    for (;;) {
      if (solutions.length >= limit) { stoppedBy = 'limit'; break; }
      const r = solveRefined(solver, budget, assumptions, options.refine, stats);
      if (r === 'unsat') { complete = true; break; }
      if (r === 'unknown') { stoppedBy = 'unknown'; break; }
      const m = solver.model().slice();
      solutions.push(m);
      options.onSolution?.(m);
      if (projection.length === 0) {
        // Nothing to tell solutions apart: there is exactly one projected solution.
        complete = true;
        break;
      }
      const block: Lit[] = new Array<Lit>(projection.length + 1);
      block[0] = -selector;
      for (let i = 0; i < projection.length; i++) block[i + 1] = literalValue(m, projection[i]!) ? -projection[i]! : projection[i]!;
      solver.addClause(block);
    }
  } finally {
    solver.addClause([-selector]);
  }
  stats.conflicts = budget.spentConflicts();
  return { solutions, complete, stoppedBy, stats };
}

export interface CountResult {
  /** Solutions found. */
  count: number;
  /** True when `count` is exact (the engine proved there are no more). */
  exact: boolean;
  /** True when an engine limit stopped counting before it was exact or reached the limit. */
  unknown: boolean;
  /** The first solution found, if any (full model). */
  first?: Uint8Array;
  stats: QueryStats;
}

/** Counts projected solutions up to `limit` ("exactly n" when `exact`, else "at least n"). */
export function count(model: Model, projection: readonly Lit[], options: EnumerateOptions = {}): CountResult {
  let first: Uint8Array | undefined;
  const res = enumerate(model, projection, {
    ...options,
    onSolution: (m) => {
      first ??= m;
      options.onSolution?.(m);
    },
  });
  return {
    count: res.solutions.length,
    exact: res.complete,
    unknown: res.stoppedBy === 'unknown',
    first,
    stats: res.stats,
  };
}

export interface BackboneResult {
  status: 'sat' | 'unsat' | 'unknown';
  /** For each projection literal that has the same value in every solution: that value. */
  determined: Map<Lit, boolean>;
  /** Projection literals whose value was not decided because a limit stopped the query. */
  undecided: Lit[];
  /** One solution (full model), when SAT. */
  model?: Uint8Array;
  stats: QueryStats;
}

/**
 * The first solve both backbone queries begin with, on a fresh budget: the state they go on from,
 * or their whole result when there is no solution (or a limit stopped it: then nothing is decided).
 */
function firstSolution(model: Model, projection: readonly Lit[], options: QueryOptions):
  { result: BackboneResult } | { solver: SatSolver; budget: Budget; stats: ReturnType<typeof newStats>; base: readonly Lit[]; firstModel: Uint8Array } {
  const solver = model.solver;
  const budget = new Budget(solver, options.limits);
  const stats = newStats();
  const base = options.assumptions ?? [];
  const first = solveRefined(solver, budget, base, options.refine, stats);
  if (first !== 'sat') {
    stats.conflicts = budget.spentConflicts();
    const result: BackboneResult = { status: first, determined: new Map(), undecided: first === 'unknown' ? [...projection] : [], stats };
    return { result };
  }
  return { solver, budget, stats, base, firstModel: solver.model().slice() };
}

/**
 * The literals of `projection` that hold in every solution, computed incrementally on one engine:
 * each candidate is tested by assuming its opposite; every model found on the way rules out the
 * candidates it flips.
 */
export function backbone(model: Model, projection: readonly Lit[], options: QueryOptions = {}): BackboneResult {
  const start = firstSolution(model, projection, options);
  if ('result' in start) return start.result;
  const { solver, budget, stats, base, firstModel } = start;
  // Candidate: the projection literal oriented the way the first model has it.
  const candidates = new Map<Lit, Lit>();
  for (const lit of projection) candidates.set(lit, solver.value(lit) ? lit : -lit);
  const determined = new Map<Lit, boolean>();
  const undecided: Lit[] = [];
  let status: BackboneResult['status'] = 'sat';
  for (const lit of projection) {
    const oriented = candidates.get(lit);
    if (oriented === undefined) continue;
    const r = solveRefined(solver, budget, [...base, -oriented], options.refine, stats);
    if (r === 'unsat') {
      determined.set(lit, oriented === lit);
      // Without assumptions the backbone literal is implied outright; fixing it helps later calls.
      if (base.length === 0) solver.addClause([oriented]);
      candidates.delete(lit);
    } else if (r === 'sat') {
      for (const [l, o] of candidates) if (!solver.value(o)) candidates.delete(l);
    } else {
      status = 'unknown';
      undecided.push(lit);
      candidates.delete(lit);
    }
  }
  stats.conflicts = budget.spentConflicts();
  return { status, determined, undecided, model: firstModel, stats };
}

/** Reads a backbone as the `fixed(lit)` function renderers take. */
export function fixedFunction(determined: ReadonlyMap<Lit, boolean>): (lit: Lit) => boolean | undefined {
  return (lit) => {
    const pos = determined.get(lit);
    if (pos !== undefined) return pos;
    const neg = determined.get(-lit);
    return neg === undefined ? undefined : !neg;
  };
}

/**
 * The same backbone as `backbone`, found with fewer engine calls when most literals are determined
 * (the annealing generator's case): instead of one call per candidate, one call asks for a solution
 * that flips *any* remaining candidate (a clause over them, switched on by a fresh selector and
 * retired afterwards). SAT drops every candidate that solution flips; UNSAT proves all the rest
 * determined at once. The calls are about the number of rounds, not the number of literals.
 */
export function backboneAtOnce(
  model: Model, projection: readonly Lit[], options: QueryOptions & {
    /**
     * Stop as soon as fewer than this many literals can still be determined (the candidates left
     * standing bound the count from above): the result is then `below`, with what was decided so far.
     */
    atLeast?: number;
  } = {},
): BackboneResult & { below?: boolean } {
  const start = firstSolution(model, projection, options);
  if ('result' in start) return start.result;
  const { solver, budget, stats, base, firstModel } = start;
  // Each candidate oriented the way the first solution has it.
  let candidates = projection.map((lit) => ({ lit, oriented: solver.value(lit) ? lit : -lit }));
  const determined = new Map<Lit, boolean>();
  let status: BackboneResult['status'] = 'sat';
  let undecided: Lit[] = [];
  for (;;) {
    if (options.atLeast !== undefined && candidates.length < options.atLeast) {
      stats.conflicts = budget.spentConflicts();
      return { status, determined, undecided: candidates.map((c) => c.lit), model: firstModel, stats, below: true };
    }
    if (candidates.length === 0) break;
    const selector = solver.newVar();
    solver.addClause([-selector, ...candidates.map((c) => -c.oriented)]);
    const r = solveRefined(solver, budget, [...base, selector], options.refine, stats);
    solver.addClause([-selector]);
    if (r === 'unsat') {
      for (const c of candidates) determined.set(c.lit, c.oriented === c.lit);
      break;
    }
    if (r === 'unknown') {
      status = 'unknown';
      undecided = candidates.map((c) => c.lit);
      break;
    }
    candidates = candidates.filter((c) => solver.value(c.oriented));
  }
  stats.conflicts = budget.spentConflicts();
  return { status, determined, undecided, model: firstModel, stats };
}
