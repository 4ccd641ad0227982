/**
 * How `compare` measures a run, fairly across engines:
 * - in-process engines (wasm, minisat-js) are timed in **process CPU time** (getrusage user + system,
 *   microsecond resolution, via `process.cpuUsage`). Compare runs on the main thread with no other
 *   JavaScript thread working, so that is this computation plus V8's own background threads (GC,
 *   compiler), which are part of its cost; a thread-only clock is not reachable from Node 20
 *   (`/proc/thread-self/schedstat` only advances at scheduler ticks, 4 ms here).
 * - native engines are timed by the **CPU time the solver reports itself** (its parse and search),
 *   plus our process CPU for everything outside its solve calls (encoding, decoding, checking). The
 *   file writing and process start around each native call are not counted: they are a cost of
 *   calling a binary, not of the solver. A solver that prints no time falls back to its process wall time.
 * Wall time is kept beside it (CSV), for reference.
 */
import { performance } from 'node:perf_hooks';
import { ExternalSolver } from '../sat/external.js';
import type { Clause, Lit, SatSolver, SolveOptions, SolveResult, SolverStats } from '../sat/types.js';

/** Engines whose binding exposes no search counters (logic-solver's MiniSat wrapper reports none). */
const UNCOUNTED_ENGINES: ReadonlySet<string> = new Set(['minisat-js']);

/** True when the engine counts conflicts and propagations (otherwise they are shown as "–"). */
export function engineCountsSearch(engineLabel: string): boolean {
  return !UNCOUNTED_ENGINES.has(engineLabel);
}

/** Resolution of the CPU time each native solver prints (for the clock's description). */
const REPORTED_RESOLUTION: Record<string, string> = {
  minisat: '1 µs',
  cadical: '10 ms',
  kissat: '10 ms',
  picosat: '100 ms',
};

/** Which clock a row's time is, in words, for the report. */
export function clockDescription(engineLabel: string): string {
  const m = /^external:(.+)$/.exec(engineLabel);
  if (!m) return 'process CPU time (user + system, µs)';
  const res = REPORTED_RESOLUTION[m[1]!];
  return `${m[1]}'s own reported CPU time${res ? ` (printed to ${res})` : ''} + our process CPU outside its calls`;
}

/** Short clock name for the CSV. */
export function clockName(engineLabel: string): string {
  return engineLabel.startsWith('external:') ? 'solver-reported-cpu+process-cpu' : 'process-cpu';
}

export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Wraps an engine and records, over its solve calls: our process CPU spent in them and, for a native
 * solver, the CPU time it reported (or its wall time when it reported none).
 */
export class MeasuredSolver implements SatSolver {
  /** Our process CPU inside solve calls, ms. */
  solveCpuMs = 0;
  /** Native only: CPU the solver reported over all its calls, ms. */
  reportedCpuMs = 0;
  /** Native only: calls that printed no CPU time (their process wall time was used instead). */
  unreportedCalls = 0;
  /** The engine's counters after its last solve call (a fresh engine per puzzle: the puzzle's totals). */
  lastStats: SolverStats | undefined;

  addConnectivity?: SatSolver['addConnectivity'];

  constructor(private readonly inner: SatSolver) {
    if (inner.addConnectivity) this.addConnectivity = (vertices, edges, demands, options) => inner.addConnectivity!(vertices, edges, demands, options);
  }

  get name(): string { return this.inner.name; }
  get native(): boolean { return this.inner instanceof ExternalSolver; }
  newVar(): number { return this.inner.newVar(); }
  numVars(): number { return this.inner.numVars(); }
  numClauses(): number { return this.inner.numClauses(); }
  addClause(clause: Clause): void { this.inner.addClause(clause); }
  addClauses(clauses: Iterable<Clause>): void { this.inner.addClauses(clauses); }
  value(lit: Lit): boolean { return this.inner.value(lit); }
  model(): Uint8Array { return this.inner.model(); }
  failedAssumptions(): Lit[] { return this.inner.failedAssumptions(); }
  stats(): SolverStats { return this.inner.stats(); }
  dispose(): void { this.inner.dispose(); }

  solve(options?: SolveOptions): SolveResult {
    const c0 = processCpuMs();
    try {
      return this.inner.solve(options);
    } finally {
      this.solveCpuMs += processCpuMs() - c0;
      this.lastStats = this.inner.stats();
      if (this.inner instanceof ExternalSolver) {
        const run = this.inner.lastRun();
        if (run?.solverSeconds !== undefined) this.reportedCpuMs += run.solverSeconds * 1000;
        else if (run) { this.reportedCpuMs += run.wallMs; this.unreportedCalls += 1; }
      }
    }
  }
}

/** One measured run: the time on the row's clock, and wall time beside it. */
export interface Measured {
  timeMs: number;
  wallMs: number;
}

/** Runs `body` with a MeasuredSolver hook and returns its result with the time on the engine's clock. */
export function measure<T>(body: (instrument: (s: SatSolver) => SatSolver) => T): { value: T; measured: Measured; solver?: MeasuredSolver } {
  let solver: MeasuredSolver | undefined;
  const w0 = performance.now();
  const c0 = processCpuMs();
  const value = body((s) => (solver = new MeasuredSolver(s)));
  const cpu = processCpuMs() - c0;
  const wallMs = performance.now() - w0;
  const timeMs = solver?.native ? cpu - solver.solveCpuMs + solver.reportedCpuMs : cpu;
  return { value, measured: { timeMs, wallMs }, ...(solver ? { solver } : {}) };
}
