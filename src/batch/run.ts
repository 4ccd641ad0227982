/**
 * Batch solving: every puzzle of the inputs on N worker threads, each row written the moment it is
 * finished (so an interrupt or a crash loses nothing already solved), resumable from the output file.
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readInputs, type ReadOptions } from '../formats/inputs.js';
import type { SolveRequest } from '../solve/pipeline.js';
import { errorRow, originFields, rowSucceeded, type ResultRow } from '../solve/row.js';
import { GRACE_MS, WorkerPool } from './pool.js';
import { loadResume } from './resume.js';
import { BatchScreen } from './screen.js';
import { formatSummary, summarize, type Summary } from './summary.js';
import { toTask, type BatchTask, type TaskAnswer } from './task.js';

export interface BatchOptions {
  inputs: readonly string[];
  read: ReadOptions;
  request: SolveRequest;
  encodingLabel: string;
  /** Solving threads (default: all cores); capped at the cores and the number of puzzles. */
  jobs?: number;
  /** NDJSON destination; standard output when absent. */
  output?: string;
  resume?: boolean;
  progress?: boolean;
  /**
   * Aborting stops the batch: finished rows are already written, running puzzles are dropped.
   * (An AbortSignal, described by what is used so library users need no DOM or Node types.)
   */
  signal?: { readonly aborted: boolean; addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void };
}

export interface BatchIO {
  out(text: string): void;
  err(text: string): void;
  /** Standard error is a terminal (a progress line is drawn there). */
  isTTY?: boolean;
  /** Terminal width for the progress line. */
  columns?: number;
}

export interface BatchResult {
  rows: ResultRow[];
  summary: Summary;
  /** Rows carried over from the output file by --resume. */
  resumed: number;
  /** Solving threads used. */
  threads: number;
  /** True when the signal stopped the batch before every puzzle was answered. */
  interrupted: boolean;
  exitCode: number;
}

/**
 * Threads for `requested` (undefined: all cores), never more than cores or puzzles, and a note when
 * a request was cut down. `work` names what the threads do (batch solves, generate makes).
 */
export function solvingThreads(requested: number | undefined, puzzles: number, cores = availableParallelism(), work: { verb: string; noun: string } = { verb: 'solve', noun: 'solving' }): { threads: number; note?: string } {
  const wanted = Math.max(1, requested ?? cores);
  const threads = Math.max(1, Math.min(wanted, cores, puzzles));
  if (requested === undefined || threads >= requested) return { threads };
  const why = threads === puzzles && puzzles < cores ? `${puzzles} puzzle${puzzles === 1 ? '' : 's'} to ${work.verb}` : `${cores} core${cores === 1 ? '' : 's'}`;
  return { threads, note: `gridsat: --jobs ${requested} capped at ${threads} ${work.noun} thread${threads === 1 ? '' : 's'} (${why})\n` };
}

export async function runBatch(options: BatchOptions, io: BatchIO): Promise<BatchResult> {
  const t0 = performance.now();
  const rowsToStdout = options.output === undefined;
  const screen = new BatchScreen(
    { out: rowsToStdout ? io.out : () => {}, err: io.err },
    { progress: Boolean(options.progress && io.isTTY), ...(io.columns !== undefined ? { columns: io.columns } : {}) },
  );
  const resumeState = options.resume && options.output ? loadResume(options.output) : undefined;
  if (resumeState?.dropped) screen.note(`gridsat: dropped ${resumeState.dropped} incomplete line(s) from ${options.output}`);
  const done = resumeState?.done ?? new Set<string>();

  // Output first: rows are written the moment they exist.
  const fd = options.output ? openSync(options.output, options.resume ? 'a' : 'w') : undefined;
  const rows: ResultRow[] = [];
  let unique = 0;
  let total = 0;
  const emit = (row: ResultRow) => {
    rows.push(row);
    if (row.status === 'unique') unique += 1;
    const line = JSON.stringify(row);
    if (fd === undefined) screen.row(line);
    else writeSync(fd, `${line}\n`);
    screen.progress({ done: rows.length, total, unique, other: rows.length - unique }, rows.length === total);
  };

  const tasks: BatchTask[] = [];
  const seen = new Map<string, number>();
  const early: ResultRow[] = [];
  for (const entry of readInputs(options.inputs, options.read)) {
    // The same puzzle source given twice still gets distinct ids.
    const n = (seen.get(entry.id) ?? 0) + 1;
    seen.set(entry.id, n);
    const id = n === 1 ? entry.id : `${entry.id}~${n}`;
    if (done.has(id)) continue;
    if (!entry.ok) {
      early.push({ ...errorRow(entry), id });
      continue;
    }
    try {
      tasks.push(toTask(entry, id, options.request, options.encodingLabel));
    } catch (err) {
      early.push({ id, ...originFields(entry.origin), type: entry.type.id, status: 'error', message: `cannot serialise puzzle: ${(err as Error).message}` });
    }
  }
  total = early.length + tasks.length;
  for (const row of early) emit(row);

  const { threads, note } = solvingThreads(options.jobs, tasks.length);
  if (note && tasks.length > 0) screen.note(note);
  const pool = tasks.length > 0 ? new WorkerPool(threads) : undefined;
  const timeoutMs = options.request.timeoutMs;
  let interrupted = false;
  const stop = new Promise<void>((resolve) => {
    if (!options.signal) return;
    if (options.signal.aborted) resolve();
    options.signal.addEventListener('abort', () => resolve(), { once: true });
  }).then(() => { interrupted = true; });

  let next = 0;
  const loop = async (): Promise<void> => {
    for (let task = tasks[next++]; task && !interrupted; task = tasks[next++]) {
      const t = task;
      const { row } = await pool!.run<TaskAnswer>({
        message: { kind: 'task', task: t },
        // A limit is a promise: an engine that ignores the deadline is stopped from outside.
        ...(timeoutMs !== undefined ? { hardLimitMs: timeoutMs + GRACE_MS } : {}),
        onTimeout: () => ({ row: { id: t.id, ...originFields(t.origin), type: t.typeId, format: t.format, status: 'unknown', message: `the time limit (${timeoutMs} ms) stopped it: the engine did not stop by itself, so its thread was terminated` } }),
        onCrash: (err) => ({ row: { id: t.id, ...originFields(t.origin), type: t.typeId, status: 'error', message: `worker failed: ${err.message}` } }),
      });
      if (interrupted) return;
      emit(row);
    }
  };
  try {
    await Promise.race([Promise.all(Array.from({ length: threads }, loop)), stop]);
  } finally {
    screen.close();
    if (fd !== undefined) { fsyncSync(fd); closeSync(fd); }
    await pool?.destroy();
  }

  const all = [...(resumeState?.rows ?? []), ...rows];
  const summary = summarize(all, performance.now() - t0);
  const byType = new Map<string, ResultRow[]>();
  for (const r of all) {
    const k = r.type ?? '(unparsed)';
    const list = byType.get(k);
    if (list) list.push(r);
    else byType.set(k, [r]);
  }
  let table = formatSummary(summary, byType);
  if (interrupted) table += `interrupted: ${total - rows.length} of ${total} puzzles not answered${options.output ? ` (continue with --resume)` : ''}\n`;
  if (options.output) io.out(table);
  else io.err(table);
  return {
    rows: all,
    summary,
    resumed: resumeState?.rows.length ?? 0,
    threads,
    interrupted,
    exitCode: !interrupted && all.every(rowSucceeded) ? 0 : 1,
  };
}
