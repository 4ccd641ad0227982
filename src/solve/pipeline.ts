/**
 * The generic puzzle pipeline: encode -> solve (with lazy refinement) -> decode -> verify -> count
 * -> backbone, for any registered PuzzleType. It never reports a solution the verifier rejects and
 * never says "unique" unless the engine proved the blocking query UNSAT.
 */
import { createSolver } from '../sat/index.js';
import type { EngineName, SatSolver, SolveLimits } from '../sat/types.js';
import { encodePuzzle } from './encode.js';
import { backbone, count, fixedFunction, solveModel, valuation, type QueryStats } from '../cnf/queries.js';
import type { AnyPuzzleType, EncodeOptions } from '../puzzle/types.js';

export type PuzzleStatus = 'unique' | 'multiple' | 'solved' | 'none' | 'unknown' | 'error';

export interface SolveRequest {
  engine?: EngineName;
  /** For the `external` engine: which native binary. */
  binary?: string;
  encoding?: EncodeOptions;
  /**
   * Solutions to enumerate: undefined solves only; N > 0 enumerates up to N ("unique", "N solutions",
   * "at least N"); 0 enumerates them all.
   */
  count?: number;
  /** Also compute what every solution shares (backbone over the puzzle's own variables). */
  determined?: boolean;
  /** Wall-clock budget for the whole puzzle, in milliseconds. */
  timeoutMs?: number;
  /** Conflict budget for the whole puzzle. */
  conflicts?: number;
  /** Add a difficulty grade computed from the step-by-step explanation (rows of unique puzzles). */
  grade?: boolean;
  /** Wraps the engine before anything is added to it, e.g. to time its solve calls (`compare`). */
  instrument?: (solver: SatSolver) => SatSolver;
}

export interface Determined {
  /** The grid with undetermined cells marked. */
  text: string;
  /**
   * Names of projection literals fixed in every solution (negative ones prefixed with `-`). These
   * are the encodings' variable names (`star(0,3)`, `holds(2,1,4)`), identifiers whose numbers are
   * 0-based indices like the JSON's cells, not words: messages name the same cell (1,4).
   */
  fixed: string[];
  /** Names of projection variables whose value differs between solutions (0-based, as `fixed`). */
  free: string[];
  /** The grid cells those variables concern (from the encoding's decision wording), for pictures: 0-based `[row, col]` data. */
  freeCells: [number, number][];
  /** True when a limit stopped the backbone before every cell was decided. */
  partial: boolean;
}

export interface Timings {
  encodeMs: number;
  solveMs: number;
  countMs: number;
  backboneMs: number;
  totalMs: number;
}

export interface PuzzleReport<S = unknown> {
  type: string;
  status: PuzzleStatus;
  /** Solutions found when counting (exact when `countExact`). */
  count?: number;
  countExact?: boolean;
  solution?: S;
  /** Why the status is `error` or `unknown`. */
  message?: string;
  determined?: Determined;
  variables: number;
  clauses: number;
  conflicts: number;
  /** Solve calls and lazy clauses (connectivity cuts) added. */
  solves: number;
  cuts: number;
  engine: string;
  timings: Timings;
}

function addStats(total: QueryStats, s: QueryStats): void {
  total.solves += s.solves;
  total.cuts += s.cuts;
  total.conflicts += s.conflicts;
}

/** Solves (and optionally counts and backbones) one parsed puzzle. Never throws for puzzle problems. */
export function solvePuzzle<P, S>(type: AnyPuzzleType, puzzle: P, request: SolveRequest = {}): PuzzleReport<S> {
  const t0 = performance.now();
  const limits: SolveLimits = {};
  if (request.timeoutMs !== undefined) limits.deadline = Date.now() + request.timeoutMs;
  if (request.conflicts !== undefined) limits.conflicts = request.conflicts;
  /** Which limit stopped the engine, in words: the time limit once the deadline has passed, else the conflict budget. */
  const stoppedBy = (): string => (limits.deadline !== undefined && Date.now() >= limits.deadline
    ? `the time limit (${request.timeoutMs} ms)`
    : limits.conflicts !== undefined ? `the conflict limit (${limits.conflicts})` : 'a limit');

  const engine = createSolver(request.engine ?? defaultEngine(), { binary: request.binary });
  const solver = request.instrument ? request.instrument(engine) : engine;
  const totals: QueryStats = { solves: 0, cuts: 0, conflicts: 0 };
  const timings: Timings = { encodeMs: 0, solveMs: 0, countMs: 0, backboneMs: 0, totalMs: 0 };
  // The report must not fail in turn: after an engine failure (a wasm trap disables the solver) its
  // sizes may be unreadable, and the failure's own message is what the user needs.
  const sizeOf = (read: () => number): number => { try { return read(); } catch { return 0; } };
  const report = (fields: Partial<PuzzleReport<S>> & { status: PuzzleStatus }): PuzzleReport<S> => {
    timings.totalMs = performance.now() - t0;
    return {
      type: type.id,
      variables: sizeOf(() => solver.numVars()),
      clauses: sizeOf(() => solver.numClauses()),
      conflicts: totals.conflicts,
      solves: totals.solves,
      cuts: totals.cuts,
      engine: solver.name,
      timings,
      ...fields,
    };
  };

  try {
    const encoding = request.encoding ?? {};
    const { model, encoded } = encodePuzzle<S>(type, puzzle, solver, encoding);
    timings.encodeMs = performance.now() - t0;
    const refine = encoded.refine ? (v: (l: number) => boolean) => encoded.refine!(v) : undefined;

    /** Decodes and independently verifies a model; a rejected model is a bug, reported as an error. */
    const checked = (m: Uint8Array): { solution: S } | { rejected: string } => {
      const solution = encoded.decode(valuation(m)) as S;
      const violations = type.verify(puzzle, solution);
      return violations.length === 0
        ? { solution }
        : { rejected: `internal error: the verifier rejected the engine's solution: ${violations.slice(0, 5).join('; ')}` };
    };

    let solution: S | undefined;
    let status: PuzzleStatus;
    let counted: { count: number; exact: boolean } | undefined;
    let message: string | undefined;

    if (request.count === undefined) {
      const t = performance.now();
      const r = solveModel(model, { limits, refine });
      timings.solveMs = performance.now() - t;
      addStats(totals, r.stats);
      if (r.status === 'sat') {
        const c = checked(r.model);
        if ('rejected' in c) return report({ status: 'error', message: c.rejected });
        solution = c.solution;
        status = 'solved';
      } else if (r.status === 'unsat') {
        status = 'none';
      } else {
        status = 'unknown';
        message = `${stoppedBy()} stopped the engine before it found a solution`;
      }
    } else {
      const t = performance.now();
      let rejected: string | undefined;
      let firstSeenAt: number | undefined;
      const r = count(model, encoded.projection, {
        limit: request.count,
        limits,
        refine,
        onSolution: (m) => {
          firstSeenAt ??= performance.now();
          const c = checked(m);
          if ('rejected' in c) rejected ??= c.rejected;
          else solution ??= c.solution;
        },
      });
      const end = performance.now();
      timings.solveMs = (firstSeenAt ?? end) - t;
      timings.countMs = end - t;
      addStats(totals, r.stats);
      if (rejected) return report({ status: 'error', message: rejected });
      counted = { count: r.count, exact: r.exact };
      if (r.count === 0) {
        status = r.exact ? 'none' : 'unknown';
      } else if (r.count === 1) {
        status = r.exact ? 'unique' : r.unknown ? 'unknown' : 'solved';
      } else {
        status = 'multiple';
      }
      if (r.unknown) message = `${stoppedBy()} stopped counting after ${r.count} solution(s)`;
    }

    let determined: Determined | undefined;
    if (request.determined && status !== 'none') {
      const t = performance.now();
      const bb = backbone(model, encoded.projection, { limits, refine });
      timings.backboneMs = performance.now() - t;
      addStats(totals, bb.stats);
      if (bb.status !== 'unsat') {
        const fixed = fixedFunction(bb.determined);
        const nameOf = (l: number) => model.nameOf(l) ?? String(l);
        const free = encoded.projection.filter((l) => fixed(l) === undefined && !bb.undecided.includes(l));
        const freeCells = new Map<string, [number, number]>();
        for (const l of free) for (const [r, c] of model.decision(l)?.cells ?? []) freeCells.set(`${r},${c}`, [r, c]);
        determined = {
          text: encoded.renderDetermined(fixed),
          fixed: [...bb.determined].map(([l, v]) => nameOf(v ? l : -l)),
          free: free.map(nameOf),
          freeCells: [...freeCells.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
          partial: bb.status === 'unknown',
        };
      }
    }

    return report({
      status,
      ...(counted ? { count: counted.count, countExact: counted.exact } : {}),
      ...(solution !== undefined ? { solution } : {}),
      ...(message ? { message } : {}),
      ...(determined ? { determined } : {}),
    });
  } catch (err) {
    return report({ status: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    solver.dispose();
  }
}

let cachedDefault: EngineName | undefined;

/** Our wasm engine when it loads, logic-solver's MiniSat otherwise. */
export function defaultEngine(): EngineName {
  if (cachedDefault) return cachedDefault;
  try {
    createSolver('wasm').dispose();
    cachedDefault = 'wasm';
  } catch {
    cachedDefault = 'minisat-js';
  }
  return cachedDefault;
}
