/**
 * The one way a puzzle becomes CNF: a Model over the given engine (or a clause collector, for
 * `gridsat dimacs` and the bench), with the cardinality encoding and variants the caller chose.
 * Encodings allocate variables deterministically, so encoding the same puzzle twice gives the same
 * numbering: that is how a model of a written DIMACS file is decoded.
 */
import { Model } from '../cnf/model.js';
import type { AnyPuzzleType, EncodeOptions, Encoded } from '../puzzle/types.js';
import { CnfCollector } from '../sat/collector.js';
import type { SatSolver } from '../sat/types.js';

export interface EncodedPuzzle<S = unknown> {
  model: Model;
  encoded: Encoded<S>;
}

export function encodePuzzle<S = unknown>(
  type: AnyPuzzleType, puzzle: unknown, solver: SatSolver, encoding: EncodeOptions = {},
): EncodedPuzzle<S> {
  const model = new Model(solver, encoding.cardinality ? { cardinality: encoding.cardinality } : {});
  const encoded = type.encode(model, puzzle, encoding) as Encoded<S>;
  return { model, encoded };
}

/** A puzzle's CNF as recorded on a collector; variable numbers are those a fresh engine would use. */
export interface PuzzleCnf {
  collector: CnfCollector;
  model: Model;
  encoded: Encoded<unknown>;
}

/** Encodes a puzzle on a CnfCollector (for DIMACS files): the same numbering a fresh engine gets. */
export function encodePuzzleCnf(type: AnyPuzzleType, puzzle: unknown, encoding: EncodeOptions = {}): PuzzleCnf {
  const collector = new CnfCollector();
  return { collector, ...encodePuzzle(type, puzzle, collector, encoding) };
}
