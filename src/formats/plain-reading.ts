/**
 * A reading as plain data, for crossing to a worker thread: the puzzle travels as its type's
 * gridsat JSON (which every type must round-trip), not as an object with prototypes.
 */
import { findPuzzleType } from '../../encodings/registry.js';
import type { Reading } from './inputs.js';

export interface PlainReading {
  typeId: string;
  format: string;
  puzzleJson: unknown;
}

export function toPlainReading(r: Reading): PlainReading {
  return { typeId: r.type.id, format: r.format, puzzleJson: r.type.toJson(r.puzzle) };
}

/** A reading back from its type's gridsat JSON. */
export function fromPlainReading(r: PlainReading): Reading {
  const type = findPuzzleType(r.typeId);
  if (!type) throw new Error(`unknown puzzle type ${r.typeId}`);
  const json = type.formats.find((f) => f.matchJson?.(r.puzzleJson));
  if (!json) throw new Error(`${type.id}: its JSON format does not accept its own toJson output`);
  return { type, format: r.format, puzzle: json.parse(r.puzzleJson) };
}
