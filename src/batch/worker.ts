/**
 * Worker-thread entry of the solving pool. Each message is one job: a puzzle task (answered with
 * its row, and its rendering when asked), a DIMACS formula (`gridsat sat` on an engine that must
 * run where it can be stopped), or one puzzle of `generate --count N --jobs J`.
 */
import { parentPort } from 'node:worker_threads';
import { solveDimacs, type DimacsJob } from './dimacs-job.js';
import { solveTask, type BatchTask } from './task.js';
import { runGenerateJob, type GenerateJob } from '../generate/job.js';

export type WorkerMessage = { kind: 'task'; task: BatchTask } | { kind: 'dimacs'; job: DimacsJob } | { kind: 'generate'; job: GenerateJob };

parentPort?.on('message', (message: WorkerMessage) => {
  parentPort!.postMessage({ kind: 'started' });
  const value = message.kind === 'dimacs' ? solveDimacs(message.job)
    : message.kind === 'generate' ? runGenerateJob(message.job)
    : solveTask(message.task);
  parentPort!.postMessage({ kind: 'done', value });
});
