/**
 * Batch solving: every puzzle of the inputs on a worker pool, results streamed as NDJSON as they
 * come (so a crash loses nothing already solved), resumable from the output file.
 */
import { closeSync, existsSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import Tinypool from 'tinypool';
import { readInputs, type ReadOptions } from '../formats/inputs.js';
import type { SolveRequest } from '../solve/pipeline.js';
import { errorRow, isSolved, originFields, type ResultRow } from '../solve/row.js';
import { packageRoot } from '../util/package-root.js';
import { loadResume } from './resume.js';
import { formatSummary, summarize, type Summary } from './summary.js';
import { runTask, toTask, type BatchTask } from './task.js';

export interface BatchOptions {
  inputs: readonly string[];
  read: ReadOptions;
  request: SolveRequest;
  encodingLabel: string;
  /** Threads solving: this one plus jobs-1 workers (default: all cores). */
  jobs?: number;
  /** NDJSON destination; standard output when absent. */
  output?: string;
  resume?: boolean;
  progress?: boolean;
}

export interface BatchIO {
  out(text: string): void;
  err(text: string): void;
  isTTY?: boolean;
}

export interface BatchResult {
  rows: ResultRow[];
  summary: Summary;
  /** Rows carried over from the output file by --resume. */
  resumed: number;
  exitCode: number;
}

/** Tasks queued per worker thread. */
const IN_FLIGHT = 2;

/** The compiled worker: tinypool needs a JavaScript file, so it is looked up in dist/. */
function workerFile(): string | undefined {
  const file = join(packageRoot(), 'dist', 'src', 'batch', 'worker.js');
  return existsSync(file) ? file : undefined;
}

export async function runBatch(options: BatchOptions, io: BatchIO): Promise<BatchResult> {
  const t0 = performance.now();
  const resumeState = options.resume && options.output ? loadResume(options.output) : undefined;
  if (resumeState?.dropped) io.err(`gridsat: dropped ${resumeState.dropped} incomplete line(s) from ${options.output}\n`);
  const done = resumeState?.done ?? new Set<string>();

  // Output first: rows are written the moment they exist.
  const fd = options.output ? openSync(options.output, options.resume ? 'a' : 'w') : undefined;

  // This thread solves too, beside jobs-1 workers; they start now, while the inputs are read.
  const jobs = Math.max(1, options.jobs ?? availableParallelism());
  const worker = jobs > 1 ? workerFile() : undefined;
  const pool = worker
    ? new Tinypool({ filename: worker, minThreads: jobs - 1, maxThreads: jobs - 1, concurrentTasksPerWorker: IN_FLIGHT, isolateWorkers: false })
    : undefined;
  const emit = (row: ResultRow) => {
    const line = `${JSON.stringify(row)}\n`;
    if (fd === undefined) io.out(line);
    else writeSync(fd, line);
  };

  const rows: ResultRow[] = [];
  const tasks: BatchTask[] = [];
  const seen = new Map<string, number>();
  for (const entry of readInputs(options.inputs, options.read)) {
    // The same puzzle source given twice still gets distinct ids.
    const n = (seen.get(entry.id) ?? 0) + 1;
    seen.set(entry.id, n);
    const id = n === 1 ? entry.id : `${entry.id}~${n}`;
    if (done.has(id)) continue;
    if (!entry.ok) {
      const row = { ...errorRow(entry), id };
      rows.push(row);
      emit(row);
      continue;
    }
    try {
      tasks.push(toTask(entry, id, options.request, options.encodingLabel));
    } catch (err) {
      const row: ResultRow = { id, ...originFields(entry.origin), type: entry.type.id, status: 'error', message: `cannot serialise puzzle: ${(err as Error).message}` };
      rows.push(row);
      emit(row);
    }
  }

  const bar = options.progress && io.isTTY
    ? new cliProgress.SingleBar({ format: 'solving [{bar}] {value}/{total} puzzles | {eta_formatted} left | {unique} unique {other} other', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic)
    : undefined;
  let unique = 0;
  bar?.start(tasks.length, 0, { unique, other: 0 });
  const finish = (row: ResultRow) => {
    rows.push(row);
    emit(row);
    if (row.status === 'unique') unique += 1;
    bar?.increment(1, { unique, other: rows.length - unique });
  };

  let next = 0;
  const take = (): BatchTask | undefined => (next < tasks.length ? tasks[next++] : undefined);
  const onWorker = async (): Promise<void> => {
    for (let task = take(); task; task = take()) {
      try {
        finish(await pool!.run(task) as ResultRow);
      } catch (err) {
        finish({ id: task.id, ...originFields(task.origin), type: task.typeId, status: 'error', message: `worker failed: ${err instanceof Error ? err.message : String(err)}` });
      }
    }
  };
  const onThisThread = async (): Promise<void> => {
    for (let task = take(); task; task = take()) {
      finish(runTask(task));
      // Yield between puzzles: worker results and the progress bar are handled here.
      await new Promise((r) => setImmediate(r));
    }
  };
  try {
    const loops: Promise<void>[] = [];
    // Workers get their tasks first, several in flight each, so they never wait on this thread.
    if (pool) for (let i = 0; i < (jobs - 1) * IN_FLIGHT; i++) loops.push(onWorker());
    loops.push(onThisThread());
    await Promise.all(loops);
  } finally {
    bar?.stop();
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
  const table = formatSummary(summary, byType);
  if (options.output) io.out(table);
  else io.err(table);
  return { rows: all, summary, resumed: resumeState?.rows.length ?? 0, exitCode: all.every((r) => isSolved(r.status)) ? 0 : 1 };
}
