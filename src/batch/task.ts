/**
 * One unit of batch work, as it crosses to a worker thread: plain data only. The puzzle travels as
 * its type's gridsat JSON (which every type must round-trip), not as an object with prototypes.
 */
import type { PuzzleEntry } from '../formats/inputs.js';
import { findPuzzleType } from '../../encodings/registry.js';
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
  const base = { id: task.id, ...originFields(task.origin) };
  const type = findPuzzleType(task.typeId);
  if (!type) return { ...base, type: task.typeId, status: 'error', message: `unknown puzzle type ${task.typeId}` };
  try {
    const json = type.formats.find((f) => f.matchJson?.(task.puzzleJson));
    if (!json) throw new Error(`${type.id}: its JSON format does not accept its own toJson output`);
    const puzzle = json.parse(task.puzzleJson);
    const report = solvePuzzle(type, puzzle, task.request);
    const entry = { ok: true as const, id: task.id, origin: task.origin, type, format: task.format, puzzle };
    return resultRow(entry, report, task.encodingLabel);
  } catch (err) {
    return { ...base, type: type.id, status: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}
