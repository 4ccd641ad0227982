/**
 * One puzzle of a `generate --count N` run as a job for a worker thread: puzzle `index` of `seed`,
 * made and written out there. A puzzle depends only on (type, settings, seed, index), so the rows
 * are the same whichever thread makes them; the caller prints them in index order.
 */
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne, type DifficultyOption, type DifficultyTarget } from './generate.js';
import { grader } from './grade.js';
import { formatGenerated, type OutputFormat } from './output.js';
import type { GenerateSettings } from '../puzzle/generator.js';

/** What is posted to the worker (structured-cloneable: the grader is looked up there). */
export interface GenerateJob {
  typeId: string;
  settings: GenerateSettings;
  seed: number;
  index: number;
  target?: DifficultyTarget;
  format: OutputFormat;
}

/** The puzzle as printed, or why it could not be made or written. */
export type GenerateJobResult = { ok: true; text: string } | { ok: false; error: string };

/** `onGraded`: told of each grade of a difficulty search (this thread's jobs only: the CLI's progress line). */
export function runGenerateJob(job: GenerateJob, onGraded?: DifficultyOption['onGraded']): GenerateJobResult {
  try {
    const type = findPuzzleType(job.typeId);
    if (!type) return { ok: false, error: `unknown puzzle type ${job.typeId}` };
    if (job.target && !grader) return { ok: false, error: '--difficulty needs the difficulty grade, which this build does not have' };
    const difficulty = job.target && grader ? { target: job.target, grade: grader, ...(onGraded ? { onGraded } : {}) } : undefined;
    const g = generateOne(type, job.settings, job.seed, job.index, undefined, difficulty);
    return { ok: true, text: formatGenerated(type, g, job.format) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
