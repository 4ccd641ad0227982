/**
 * One DIMACS formula solved on one engine, as plain data in and out, so it can run in this thread
 * or in a worker that can be stopped (an engine that ignores its deadline still gets one).
 */
import { performance } from 'node:perf_hooks';
import { ParseError } from '../util/errors.js';
import { loadDimacs } from '../sat/load.js';
import { createSolver, type EngineName, type SearchStrategy, type SolveLimits, type SolveResult, type SolverStats } from '../sat/index.js';

export interface DimacsJob {
  bytes: Uint8Array;
  source: string;
  engine?: EngineName;
  binary?: string;
  strategy?: SearchStrategy;
  conflicts?: number;
  /** Wall-clock budget of the solve, counted from when it starts. */
  timeoutMs?: number;
}

export type DimacsAnswer =
  | {
    ok: true;
    engine: string;
    numVars: number;
    numClauses: number;
    warnings: string[];
    readMs: number;
    solveMs: number;
    result: SolveResult;
    model?: Uint8Array;
    stats: SolverStats;
  }
  | { ok: false; message: string };

export function solveDimacs(job: DimacsJob): DimacsAnswer {
  const solver = createSolver(job.engine, { binary: job.binary, strategy: job.strategy });
  try {
    const readStart = performance.now();
    let cnf;
    try {
      cnf = loadDimacs(solver, job.bytes, job.source);
    } catch (err) {
      if (err instanceof ParseError || err instanceof RangeError) return { ok: false, message: err.message };
      throw err;
    }
    const readMs = performance.now() - readStart;
    const limits: SolveLimits = {};
    if (job.conflicts !== undefined) limits.conflicts = job.conflicts;
    if (job.timeoutMs !== undefined) limits.deadline = Date.now() + job.timeoutMs;
    const solveStart = performance.now();
    const result = solver.solve({ limits });
    const solveMs = performance.now() - solveStart;
    return {
      ok: true,
      engine: solver.name,
      numVars: cnf.numVars,
      numClauses: cnf.numClauses,
      warnings: cnf.warnings,
      readMs,
      solveMs,
      result,
      ...(result === 'sat' ? { model: solver.model().slice(0, cnf.numVars + 1) } : {}),
      stats: solver.stats(),
    };
  } finally {
    solver.dispose();
  }
}
