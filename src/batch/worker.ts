/** Worker-thread entry for the batch pool (tinypool calls the default export with each task). */
import { runTask, type BatchTask } from './task.js';
import type { ResultRow } from '../solve/row.js';

export default function solveTask(task: BatchTask): ResultRow {
  return runTask(task);
}
