/**
 * The solving threads of a batch: N worker threads, one puzzle each at a time. The thread that
 * owns the output never solves, so a finished row is written the moment it arrives, whatever else
 * is running.
 *
 * A worker can be stopped from outside, which is how a time limit holds on an engine that cannot be
 * interrupted in-thread (logic-solver's MiniSat): past its deadline plus a grace period the worker
 * is terminated, the puzzle becomes `unknown`, and a fresh worker takes its place.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../util/package-root.js';

/** What a worker is asked to do and answers; see worker.ts. */
export interface WorkerJob<T> {
  /** Data posted to the worker (structured-cloneable). */
  message: unknown;
  /** Wall-clock budget after which the worker is terminated and `onTimeout` answers instead. */
  hardLimitMs?: number;
  onTimeout(): T;
  /** Answer when the worker dies (an exception that escaped, out of memory). */
  onCrash(error: Error): T;
}

/** Time a worker gets past the deadline its engine was given before it is stopped from outside. */
export const GRACE_MS = 1000;

/** The compiled worker entry: worker threads need JavaScript, so it is looked up in dist/. */
export function workerFile(): string {
  const file = join(packageRoot(), 'dist', 'src', 'batch', 'worker.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

/** What a worker posts: that it started the job, then the job's answer. */
export type WorkerReply<T> = { kind: 'started' } | { kind: 'done'; value: T };

interface Slot {
  worker: Worker;
  busy: boolean;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(readonly size: number, private readonly file: string = workerFile()) {
    for (let i = 0; i < size; i++) this.slots.push({ worker: this.spawn(), busy: false });
  }

  private spawn(): Worker {
    const worker = new Worker(this.file);
    // An idle worker must not keep the process alive on its own.
    worker.unref();
    return worker;
  }

  /** Runs one job on the next free worker. Never rejects: failures come back through the job. */
  async run<T>(job: WorkerJob<T>): Promise<T> {
    const slot = await this.acquire();
    if (!slot) return job.onCrash(new Error('the batch was stopped'));
    const { worker } = slot;
    worker.ref();
    try {
      return await new Promise<T>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const done = (value: T) => {
          if (timer) clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          resolve(value);
        };
        // The limit counts from when the worker starts the job, not from when it was queued or booted.
        const onMessage = (message: WorkerReply<T>) => {
          if (message.kind === 'done') { done(message.value); return; }
          if (job.hardLimitMs !== undefined) {
            timer = setTimeout(() => {
              worker.off('exit', onExit);
              this.replace(slot);
              done(job.onTimeout());
            }, job.hardLimitMs);
          }
        };
        const onError = (err: Error) => { this.replace(slot); done(job.onCrash(err)); };
        const onExit = (code: number) => { this.replace(slot); done(job.onCrash(new Error(`worker exited with code ${code}`))); };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(job.message);
      });
    } finally {
      if (slot.worker === worker) worker.unref();
      slot.busy = false;
      this.waiting.shift()?.();
    }
  }

  /** Terminates a worker that is stuck or dead and puts a fresh one in its slot. */
  private replace(slot: Slot): void {
    const old = slot.worker;
    old.removeAllListeners('exit');
    void old.terminate();
    if (!this.closed) slot.worker = this.spawn();
  }

  private async acquire(): Promise<Slot | undefined> {
    for (;;) {
      if (this.closed) return undefined;
      const free = this.slots.find((s) => !s.busy);
      // Taken before any await, so two callers never share a worker.
      if (free) { free.busy = true; return free; }
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }

  /** Stops every worker now, running or not (an interrupted batch). */
  async destroy(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w();
    // A job still running sees its worker exit and answers through onCrash.
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
