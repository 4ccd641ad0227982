/**
 * One unit of batch work, as it crosses to a worker thread: plain data only. The puzzle travels as
 * its type's gridsat JSON (which every type must round-trip), not as an object with prototypes.
 */
import type { PuzzleEntry, Reading } from '../formats/inputs.js';
import { findPuzzleType } from '../../encodings/registry.js';
import type { SolveRequest } from '../solve/pipeline.js';
import { originFields, solvedRow, type ResultRow } from '../solve/row.js';

export interface BatchTask {
  id: string;
  origin: { input: string; line?: number; name?: string };
  typeId: string;
  format: string;
  puzzleJson: unknown;
  /** The other readings when the text was valid in several types' formats (decided by solving). */
  alternatives?: { typeId: string; format: string; puzzleJson: unknown }[];
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
    ...(entry.alternatives?.length
      ? { alternatives: entry.alternatives.map((a) => ({ typeId: a.type.id, format: a.format, puzzleJson: a.type.toJson(a.puzzle) })) }
      : {}),
    request,
    encodingLabel,
  };
}

/** Solves one task; never throws (a failure is an `error` row naming the puzzle). */
export function runTask(task: BatchTask): ResultRow {
  const base = { id: task.id, ...originFields(task.origin) };
  try {
    const [first, ...alternatives] = [task, ...(task.alternatives ?? [])].map(fromJson);
    const entry: PuzzleEntry = {
      ok: true, id: task.id, origin: task.origin, ...first!, ...(alternatives.length ? { alternatives } : {}),
    };
    return solvedRow(entry, task.request, task.encodingLabel);
  } catch (err) {
    return { ...base, type: task.typeId, status: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

/** A reading back from its type's gridsat JSON. */
function fromJson(r: { typeId: string; format: string; puzzleJson: unknown }): Reading {
  const type = findPuzzleType(r.typeId);
  if (!type) throw new Error(`unknown puzzle type ${r.typeId}`);
  const json = type.formats.find((f) => f.matchJson?.(r.puzzleJson));
  if (!json) throw new Error(`${type.id}: its JSON format does not accept its own toJson output`);
  return { type, format: r.format, puzzle: json.parse(r.puzzleJson) };
}
