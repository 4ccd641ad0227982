/**
 * Runs every puzzle under every fitting combination, solving and proving uniqueness (count 2),
 * and checks that all combinations agree on each puzzle's status.
 *
 * Fairness: contenders are interleaved puzzle by puzzle (never all of A then all of B), and within a
 * puzzle the order of the combinations rotates from one puzzle and repeat to the next, so no
 * combination always runs first (cold caches) or last; every combination is warmed up on the first
 * puzzles of each type before anything is measured (JIT, wasm instantiation, native binary in the
 * page cache; see warmUp below); `--repeat` runs each measurement several times and keeps the
 * median. Times are on the clocks described in measure.ts.
 */
import type { PuzzleEntry } from '../formats/inputs.js';
import { toPlainReading } from '../formats/plain-reading.js';
import { encodePuzzleCnf } from '../solve/encode.js';
import type { PuzzleStatus } from '../solve/pipeline.js';
import { encodingFits, type Combination } from './combinations.js';
import { clockName, engineCountsSearch } from './measure.js';
import { runOnce, type Run } from './run-once.js';
import { GRACE_MS, StoppableRunner } from './stoppable.js';
import { median } from '../util/stats.js';

export interface CompareOptions {
  /** Wall-clock budget per puzzle and combination (each repeat gets its own), in milliseconds. */
  timeoutMs?: number;
  /** Runs per puzzle and combination; the reported time is their median. */
  repeat?: number;
  /** Warm each combination up on the first puzzles of each type before measuring (default true; see WARM_UP). */
  warmUp?: boolean;
  /** Called after each puzzle × combination, e.g. for a progress line. */
  onRow?: (row: CompareRow, done: number, total: number) => void;
}

/** One puzzle under one combination. */
export interface CompareRow {
  puzzle: string;
  type: string;
  size: string;
  combination: string;
  encoding: string;
  engine: string;
  status: PuzzleStatus;
  /** True when the run answered (unique, multiple or none) within the timeout; false for unknown (a limit), error or a late answer. */
  solved: boolean;
  message?: string;
  variables: number;
  clauses: number;
  /** Search counters of the engine; null when the engine does not count them (minisat-js). */
  conflicts: number | null;
  propagations: number | null;
  /** Median over the repeats, on the row's `clock` (see measure.ts), in ms. */
  timeMs: number;
  /** Median wall time of the whole pipeline, in ms (for reference). */
  wallMs: number;
  clock: string;
  repeats: number;
  /** False when another combination reached a different definite status on this puzzle. */
  agrees: boolean;
}

export interface Disagreement {
  puzzle: string;
  type: string;
  /** Combination label -> status it reported. */
  statuses: Record<string, PuzzleStatus>;
}

export interface CompareResult {
  rows: CompareRow[];
  combinations: Combination[];
  /** Puzzles the inputs failed to provide (parse errors), with the reason. */
  unreadable: { puzzle: string; message: string }[];
  disagreements: Disagreement[];
}

/** Statuses that are answers, not failures to answer: two different ones are a contradiction. */
const DEFINITE: ReadonlySet<PuzzleStatus> = new Set(['unique', 'multiple', 'none']);

type Readable = PuzzleEntry & { ok: true };

/**
 * How long each combination warms up per puzzle type, on its first puzzles (in turn), before
 * anything is measured: V8 goes on optimising the encoder and the engine binding for dozens of
 * solves, so one warm-up run left the first measured puzzles timing the compiler. Tatham's 25×25
 * no-loops Bridges, `--repeat 1`: in-engine connectivity read 12.8 ms median against lazy cuts'
 * 10.2 ("no detectable difference") where, warm, they take 0.2–0.6 against 0.3–2.0 ms.
 * A combination warms up for at least `minRuns` runs and until `ms` of wall time (at most `maxRuns`
 * runs); a run that takes `ms` alone, or does not answer, ends its warm-up (a slow engine is warm
 * after one run, and a timeout should not be waited out again).
 */
export const WARM_UP = { minRuns: 3, maxRuns: 30, ms: 300, puzzles: 3 } as const;

function warmUp(run: (entry: Readable, combo: Combination) => Run, readable: readonly Readable[], fitting: (entry: Readable) => Combination[]): void {
  const byType = new Map<string, Readable[]>();
  for (const e of readable) {
    const list = byType.get(e.type.id) ?? [];
    if (list.length < WARM_UP.puzzles) list.push(e);
    byType.set(e.type.id, list);
  }
  for (const entries of byType.values()) {
    // Round-robin over the combinations, so each warms up in the same company.
    const state = fitting(entries[0]!).map((combo) => ({ combo, runs: 0, ms: 0, done: false }));
    for (let k = 0; state.some((x) => !x.done); k++) {
      const entry = entries[k % entries.length]!;
      for (const x of state) {
        if (x.done) continue;
        const r = run(entry, x.combo);
        x.runs++;
        x.ms += r.measured.wallMs;
        x.done = !DEFINITE.has(r.report.status) || r.measured.wallMs >= WARM_UP.ms || x.runs >= WARM_UP.maxRuns || (x.runs >= WARM_UP.minRuns && x.ms >= WARM_UP.ms);
      }
    }
  }
}

/**
 * Engines that ignore a deadline (logic-solver's MiniSat). Under `--timeout` they run in a worker
 * thread that is stopped at the limit; without one, in this thread like the others.
 */
const IGNORES_DEADLINE: ReadonlySet<string> = new Set(['minisat-js']);

/** Runs one puzzle under one combination, where its time limit holds. */
function runLimited(entry: Readable, combo: Combination, timeoutMs: number | undefined, stoppable: StoppableRunner): Run {
  if (timeoutMs === undefined || !IGNORES_DEADLINE.has(combo.engine.engine)) return runOnce(entry, combo, timeoutMs);
  const outcome = stoppable.run({ reading: toPlainReading(entry), combination: combo, timeoutMs });
  if (outcome.kind === 'run') return outcome.run;
  // No report from the thread: the size of the CNF is still the combination's, so encode it here.
  const { collector } = encodePuzzleCnf(entry.type, entry.puzzle, combo.encoding.options);
  const spent = outcome.kind === 'timeout' ? timeoutMs + GRACE_MS : 0;
  return {
    report: {
      type: entry.type.id, status: outcome.kind === 'timeout' ? 'unknown' : 'error', message: outcome.message,
      variables: collector.numVars(), clauses: collector.numClauses(), conflicts: 0, solves: 0, cuts: 0,
      engine: combo.engine.engine, timings: { encodeMs: 0, solveMs: 0, countMs: 0, backboneMs: 0, totalMs: spent },
    },
    measured: { timeMs: spent, wallMs: spent },
    propagations: 0,
  };
}

export function runCompare(entries: Iterable<PuzzleEntry>, combos: readonly Combination[], options: CompareOptions = {}): CompareResult {
  const stoppable = new StoppableRunner();
  try {
    return compareWith((entry, combo) => runLimited(entry, combo, options.timeoutMs, stoppable), [...entries], combos, options);
  } finally {
    stoppable.stop();
  }
}

function compareWith(run: (entry: Readable, combo: Combination) => Run, puzzles: PuzzleEntry[], combos: readonly Combination[], options: CompareOptions): CompareResult {
  const repeat = Math.max(1, Math.floor(options.repeat ?? 1));
  const unreadable = puzzles.filter((e) => !e.ok).map((e) => ({ puzzle: e.id, message: e.ok ? '' : e.error }));
  const readable = puzzles.filter((e): e is Readable => e.ok);
  const fitting = (entry: Readable) => combos.filter((c) => encodingFits(c.encoding, entry.type));
  const total = readable.reduce((n, e) => n + fitting(e).length, 0);

  if (options.warmUp ?? true) warmUp(run, readable, fitting);

  const rows: CompareRow[] = [];
  const disagreements: Disagreement[] = [];
  readable.forEach((entry, puzzleIndex) => {
    const mine = fitting(entry);
    const runs = new Map<Combination, Run[]>(mine.map((c) => [c, []]));
    for (let r = 0; r < repeat; r++) {
      // Rotate the order: combination i runs at position (i + puzzle + repeat) mod k.
      const shift = (puzzleIndex + r) % Math.max(1, mine.length);
      for (const combo of [...mine.slice(shift), ...mine.slice(0, shift)]) runs.get(combo)!.push(run(entry, combo));
    }
    const ofPuzzle = mine.map((combo) => toRow(entry, combo, runs.get(combo)!, options.timeoutMs));
    for (const row of ofPuzzle) {
      rows.push(row);
      options.onRow?.(row, rows.length, total);
    }
    const found = new Set(ofPuzzle.map((r) => r.status).filter((s) => DEFINITE.has(s)));
    if (found.size > 1) {
      for (const r of ofPuzzle) r.agrees = false;
      disagreements.push({
        puzzle: entry.id,
        type: entry.type.id,
        statuses: Object.fromEntries(ofPuzzle.map((r) => [r.combination, r.status])),
      });
    }
  });
  return { rows, combinations: [...combos], unreadable, disagreements };
}

/**
 * Repeats of one combination are the same deterministic computation, so the counts come from the
 * first; a repeat that reached a different status (a timeout near the limit) makes the row 'unknown'.
 */
function toRow(entry: Readable, combo: Combination, runs: readonly Run[], timeoutMs: number | undefined): CompareRow {
  const first = runs[0]!.report;
  const consistent = runs.every((r) => r.report.status === first.status);
  const message = consistent ? first.message : `repeats disagree: ${runs.map((r) => r.report.status).join(', ')}`;
  const status: PuzzleStatus = consistent ? first.status : 'unknown';
  const counts = engineCountsSearch(combo.engine.label);
  const timeMs = median(runs.map((r) => r.measured.timeMs));
  return {
    puzzle: entry.id,
    type: entry.type.id,
    size: entry.type.describe(entry.puzzle),
    combination: combo.label,
    encoding: combo.encoding.label,
    engine: combo.engine.label,
    status,
    // Solved within the limit on its own clock: an engine that ignores the deadline (minisat-js) and
    // answers late is not counted as solved, as in a SAT competition.
    solved: DEFINITE.has(status) && (timeoutMs === undefined || timeMs <= timeoutMs),
    ...(message ? { message } : {}),
    variables: first.variables,
    clauses: first.clauses,
    conflicts: counts ? first.conflicts : null,
    propagations: counts ? runs[0]!.propagations : null,
    timeMs,
    wallMs: median(runs.map((r) => r.measured.wallMs)),
    clock: clockName(combo.engine.label),
    repeats: runs.length,
    agrees: true,
  };
}
