/**
 * The contract every SAT engine in gridsat implements (IPASIR-style, incremental).
 *
 * Literals are DIMACS-style non-zero integers: variable `v` (1-based) is `v`, its negation `-v`.
 */
export type Lit = number;
export type Clause = readonly Lit[];

/** Per-solve budgets. Any limit that stops the search makes `solve` return `'unknown'`. */
export interface SolveLimits {
  /** Stop after this many conflicts in this call. */
  conflicts?: number;
  /** Stop after this many propagations in this call. */
  propagations?: number;
  /** Absolute wall-clock deadline, in `Date.now()` milliseconds. */
  deadline?: number;
}

export interface SolveOptions {
  /** Literals assumed true for this call only. */
  assumptions?: readonly Lit[];
  limits?: SolveLimits;
}

export type SolveResult = 'sat' | 'unsat' | 'unknown';

/** Cumulative counters since the solver was created. */
export interface SolverStats {
  conflicts: number;
  decisions: number;
  propagations: number;
  restarts: number;
  /** Learned clauses currently kept. */
  learnedClauses: number;
  /** Peak memory used by the engine, in bytes (0 when the engine cannot tell). */
  peakMemoryBytes: number;
  /** Number of solve calls. */
  solves: number;
  /** Solves the wasm engine ran with look-ahead rather than CDCL (see `SearchStrategy`); absent for other engines. */
  lookaheadSolves?: number;
  /** The connectivity propagator's work (engines with `addConnectivity` only). */
  connectivity?: ConnectivityStats;
  /** The wasm engine's failed-literal probing between restarts of long searches; absent for other engines. */
  probing?: ProbingStats;
}

export interface ProbingStats {
  /** Probing rounds run (one at a restart, once a solve call has had 200 conflicts, then ever further apart). */
  rounds: number;
  /** Probes that failed: each fixed a literal for good. */
  failedLiterals: number;
  /** Binary clauses added, each "this literal implies that one", found while probing. */
  hyperBinaryResolvents: number;
}

/** One edge of a connectivity constraint: it joins vertices `u` and `v` when `lit` is true. */
export interface ConnectivityEdge {
  u: number;
  v: number;
  lit: Lit;
  /**
   * With demands (`addConnectivity`'s third argument): the literals whose true ones make up the
   * edge's weight (Hashi: its order-encoded bridge counts, `lit` the first, as it must be: the edge
   * is there exactly when its weight is not 0). Default: `[lit]`.
   */
  weights?: readonly Lit[];
}

export interface ConnectivityOptions {
  /** The true edges close no cycle (see `SatSolver.addConnectivity`). */
  acyclic?: boolean;
}

export interface ConnectivityStats {
  /** Checks of the open (not false) edges, each a depth-first search. */
  checks: number;
  /** Conflicts it raised: the open edges left the vertices split. */
  conflicts: number;
  /** Edges it forced: true, each the only open edge across a cut; with `acyclic`, false, each closing a cycle. */
  forced: number;
}

export interface SatSolver {
  /** Engine name, e.g. `wasm`, `minisat-js`, `external:cadical`. */
  readonly name: string;
  /** Allocates a fresh variable and returns it (a positive literal). */
  newVar(): number;
  /** Number of variables allocated so far. */
  numVars(): number;
  /** Number of original (non-learned) clauses added so far. */
  numClauses(): number;
  /**
   * Adds a clause; variables that were never allocated are allocated implicitly. The engine copies
   * the literals before it returns: the caller may reuse the array.
   */
  addClause(clause: Clause): void;
  /** Adds many clauses at once (engines cross their boundary in bulk). */
  addClauses(clauses: Iterable<Clause>): void;
  solve(options?: SolveOptions): SolveResult;
  /** Value of a literal in the last model (only valid after `'sat'`). */
  value(lit: Lit): boolean;
  /** The whole last model: index `v` holds 1 (true) or 0 (false) for variable `v`; index 0 unused. */
  model(): Uint8Array;
  /** After `'unsat'` under assumptions: a subset of the assumptions that is already contradictory. */
  failedAssumptions(): Lit[];
  stats(): SolverStats;
  /**
   * Optional capability: the edges whose literal is true must connect all `vertices` (0-based),
   * enforced inside the search (conflicts and forced edges as it goes, with clauses as reasons, so
   * counting and assumptions stay exact). Engines without it leave it undefined; callers then
   * enforce connectivity some other way (lazy cuts, or an encoding).
   * `demands` (optional, one per vertex, null when unknown) promises that in every model the
   * weights of a vertex's edges add up to its demand (the caller's clauses say so): the engine then
   * also forbids weight that would close a group of vertices off from the rest (Hashi's isolation
   * rule), with the weight literals inside the group as the reason.
   * `options.acyclic`: the true edges must also close no cycle (with connectivity, they form a
   * spanning tree: Hashi's "no loops"). A true edge closing a cycle is a conflict, and an edge whose
   * ends the true edges already join is forced false, the path of true edges being the reason.
   */
  addConnectivity?(vertices: number, edges: readonly ConnectivityEdge[], demands?: readonly (number | null)[], options?: ConnectivityOptions): void;
  /** Frees engine memory; the solver must not be used afterwards. */
  dispose(): void;
}

export type EngineName = 'wasm' | 'minisat-js' | 'external';

/**
 * How the wasm engine searches. `auto` (the default) uses look-ahead DPLL for a solve without
 * assumptions on a formula whose clauses all have one length k >= 3, with at most 2000 variables
 * and no more clauses over a repeated variable set than chance gives (uniform random k-SAT, where
 * look-ahead trees are exponentially smaller than CDCL searches), and CDCL otherwise; `cdcl` always uses CDCL; `lookahead` uses look-ahead for every solve without
 * assumptions. Solves under assumptions always use CDCL.
 */
export type SearchStrategy = 'auto' | 'cdcl' | 'lookahead';

export interface EngineOptions {
  /** For `wasm`: the search strategy (default `auto`). */
  strategy?: SearchStrategy;
  /** For `external`: which native binary to run (`cadical`, `kissat`, `minisat`, `picosat`); default: the first found. */
  binary?: string;
}
