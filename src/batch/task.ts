/**
 * One unit of batch work, as it crosses to a worker thread: plain data only (see
 * formats/plain-reading.ts).
 */
import type { PuzzleEntry } from '../formats/inputs.js';
import { fromPlainReading, toPlainReading, type PlainReading } from '../formats/plain-reading.js';
import type { SolveRequest } from '../solve/pipeline.js';
import { solveEntry } from '../solve/readings.js';
import { errorRow, originFields, resultRow, withDifficulty, type ResultRow } from '../solve/row.js';

export interface BatchTask {
  id: string;
  origin: { input: string; line?: number; name?: string };
  typeId: string;
  format: string;
  puzzleJson: unknown;
  /** The other readings when the text was valid in several types' formats (decided by solving). */
  alternatives?: PlainReading[];
  request: SolveRequest;
  encodingLabel: string;
  /** Also render the puzzle with its solution (`gridsat solve` in a worker). */
  render?: 'text' | 'svg';
}

/** A task's answer: its row, and the rendering when one was asked for. */
export interface TaskAnswer {
  row: ResultRow;
  rendered?: string;
}

export function toTask(entry: PuzzleEntry & { ok: true }, id: string, request: SolveRequest, encodingLabel: string): BatchTask {
  return {
    id,
    origin: entry.origin,
    typeId: entry.type.id,
    format: entry.format,
    puzzleJson: entry.type.toJson(entry.puzzle),
    ...(entry.alternatives?.length ? { alternatives: entry.alternatives.map(toPlainReading) } : {}),
    request,
    encodingLabel,
  };
}

/** Solves one task; never throws (a failure is an `error` row naming the puzzle). */
export function runTask(task: BatchTask): ResultRow {
  return solveTask(task).row;
}

/** Solves one task and renders it when asked; never throws. */
export function solveTask(task: BatchTask): TaskAnswer {
  const base = { id: task.id, ...originFields(task.origin) };
  try {
    const [first, ...alternatives] = [task, ...(task.alternatives ?? [])].map(fromPlainReading);
    const entry = {
      ok: true as const, id: task.id, origin: task.origin, ...first!, ...(alternatives.length ? { alternatives } : {}),
    };
    const decision = solveEntry(entry, task.request);
    if (!decision.ok) return { row: errorRow({ id: entry.id, origin: entry.origin, error: `${originFields(entry.origin).source}: ${decision.error}` }) };
    const row = withDifficulty(resultRow(decision.entry, decision.report, task.encodingLabel, decision.note), decision.entry, task.request);
    if (!task.render || row.status === 'error') return { row };
    const { type, puzzle } = decision.entry;
    try {
      const solution = decision.report.solution ?? null;
      return { row, rendered: task.render === 'svg' ? type.renderSvg(puzzle, solution) : type.renderText(puzzle, solution) };
    } catch (err) {
      return { row: { ...row, status: 'error', message: `rendering failed: ${(err as Error).message}` } };
    }
  } catch (err) {
    return { row: { ...base, type: task.typeId, status: 'error', message: err instanceof Error ? err.message : String(err) } };
  }
}
