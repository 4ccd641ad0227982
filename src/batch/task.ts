/**
 * One unit of batch work, as it crosses to a worker thread: plain data only. The puzzle travels as
 * its type's gridsat JSON (which every type must round-trip), not as an object with prototypes.
 */
import type { PuzzleEntry } from '../formats/inputs.js';
import { findPuzzleType } from '../puzzle/registry.js';
import { solvePuzzle, type SolveRequest } from '../solve/pipeline.js';
import { originFields, resultRow, type ResultRow } from '../solve/row.js';

export interface BatchTask {
  id: string;
  origin: { input: string; line?: number; name?: string };
  typeId: string;
  format: string;
  puzzleJson: unknown;
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
  const type = findPuzzleType(task.typeId);
  if (!type) return { row: { ...base, type: task.typeId, status: 'error', message: `unknown puzzle type ${task.typeId}` } };
  try {
    const json = type.formats.find((f) => f.matchJson?.(task.puzzleJson));
    if (!json) throw new Error(`${type.id}: its JSON format does not accept its own toJson output`);
    const puzzle = json.parse(task.puzzleJson);
    const report = solvePuzzle(type, puzzle, task.request);
    const entry = { ok: true as const, id: task.id, origin: task.origin, type, format: task.format, puzzle };
    const row = resultRow(entry, report, task.encodingLabel);
    if (!task.render || row.status === 'error') return { row };
    try {
      const solution = report.solution ?? null;
      return { row, rendered: task.render === 'svg' ? type.renderSvg(puzzle, solution) : type.renderText(puzzle, solution) };
    } catch (err) {
      return { row: { ...row, status: 'error', message: `rendering failed: ${(err as Error).message}` } };
    }
  } catch (err) {
    return { row: { ...base, type: type.id, status: 'error', message: err instanceof Error ? err.message : String(err) } };
  }
}
