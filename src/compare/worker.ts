/**
 * Worker-thread entry for compare's stoppable runs (stoppable.ts). The main thread waits on the
 * shared state word, so this thread signals each phase there: STARTED once the pipeline is loaded
 * and the job begins (the time limit counts from then), DONE once the answer is on the port.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { StoppableJob, StoppableReply } from './stoppable.js';

const { state, port } = workerData as { state: Int32Array; port: MessagePort };
const STARTED = 1;
const DONE = 2;

function signal(phase: number): void {
  Atomics.store(state, 0, phase);
  Atomics.notify(state, 0);
}

parentPort?.on('message', (job: StoppableJob) => {
  void (async () => {
    let reply: StoppableReply;
    try {
      // Loaded here, not at the top, so that a failure to load is an answer and not a silent hang.
      const [{ fromPlainReading }, { runOnce }] = await Promise.all([import('../formats/plain-reading.js'), import('./run-once.js')]);
      const reading = fromPlainReading(job.reading);
      signal(STARTED);
      reply = { ok: true, run: runOnce(reading, job.combination, job.timeoutMs) };
    } catch (err) {
      reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
    signal(DONE);
  })();
});
