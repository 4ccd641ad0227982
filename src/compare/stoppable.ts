/**
 * Runs of an engine that cannot be interrupted in its own thread (logic-solver's MiniSat ignores
 * deadlines), in a worker thread that can be stopped, so that compare's `--timeout` is a promise on
 * every engine. The call stays synchronous, as the rest of compare: the main thread blocks on a
 * shared word (Atomics.wait), which costs no CPU, so process CPU time still measures only the run.
 * One worker is kept for all runs (its JIT warms up like the main thread's); after a timeout it is
 * terminated and the next run gets a fresh one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { PlainReading } from '../formats/plain-reading.js';
import { packageRoot } from '../util/package-root.js';
import type { Combination } from './combinations.js';
import type { Run } from './run-once.js';

export interface StoppableJob {
  reading: PlainReading;
  combination: Combination;
  timeoutMs: number;
}

export type StoppableReply = { ok: true; run: Run } | { ok: false; message: string };

/** What a stoppable run gives: the run, or why there is none. */
export type StoppableOutcome = { kind: 'run'; run: Run } | { kind: 'timeout'; message: string } | { kind: 'failed'; message: string };

// The shared state word: IDLE when a job is posted, STARTED when it runs, then DONE (worker.ts).
const IDLE = 0;
const STARTED = 1;

/** Time the worker gets past the deadline its engine was given before it is stopped from outside. */
export const GRACE_MS = 1000;
/** Time to start a worker and load the pipeline in it. */
const BOOT_LIMIT_MS = 60_000;

function workerFile(): string {
  const file = join(packageRoot(), 'dist', 'src', 'compare', 'worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

interface Live {
  worker: Worker;
  port: MessagePort;
  state: Int32Array;
}

export class StoppableRunner {
  private live: Live | undefined;

  private start(): Live {
    const state = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(workerFile(), { workerData: { state, port: port2 }, transferList: [port2] });
    // A waiting worker must not keep the process alive on its own.
    worker.unref();
    port1.unref();
    return { worker, port: port1, state };
  }

  /** Runs one job; past `timeoutMs` + GRACE_MS of running, the worker is terminated. */
  run(job: StoppableJob): StoppableOutcome {
    const live = (this.live ??= this.start());
    Atomics.store(live.state, 0, IDLE);
    live.worker.postMessage(job);
    if (!this.waitWhile(live, IDLE, BOOT_LIMIT_MS)) {
      this.stop();
      return { kind: 'failed', message: `the comparison thread did not start within ${BOOT_LIMIT_MS / 1000} s` };
    }
    if (!this.waitWhile(live, STARTED, job.timeoutMs + GRACE_MS)) {
      this.stop();
      return { kind: 'timeout', message: `the time limit (${job.timeoutMs} ms) stopped it: the engine did not stop by itself, so its thread was terminated` };
    }
    const reply = receiveMessageOnPort(live.port)?.message as StoppableReply | undefined;
    if (!reply) return { kind: 'failed', message: 'the comparison thread answered nothing' };
    return reply.ok ? { kind: 'run', run: reply.run } : { kind: 'failed', message: reply.message };
  }

  /** Blocks while the state word is `phase`, at most `limitMs`; false when the limit passed. */
  private waitWhile(live: Live, phase: number, limitMs: number): boolean {
    const end = Date.now() + limitMs;
    while (Atomics.load(live.state, 0) === phase) {
      const left = end - Date.now();
      if (left <= 0) return false;
      Atomics.wait(live.state, 0, phase, left);
    }
    return true;
  }

  /** Terminates the worker (it may be busy); the next run starts a fresh one. */
  stop(): void {
    if (!this.live) return;
    void this.live.worker.terminate();
    this.live.port.close();
    this.live = undefined;
  }
}
