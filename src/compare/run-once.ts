/** One measured run of one puzzle under one combination: the unit compare repeats and times. */
import type { Reading } from '../formats/inputs.js';
import { solvePuzzle, type PuzzleReport } from '../solve/pipeline.js';
import type { Combination } from './combinations.js';
import { measure, type Measured } from './measure.js';

export interface Run {
  report: PuzzleReport;
  measured: Measured;
  propagations: number;
}

/** Solves and proves uniqueness (count 2), timed on the engine's clock (measure.ts). */
export function runOnce(reading: Reading, combo: Combination, timeoutMs: number | undefined): Run {
  const { value, measured, solver } = measure((instrument) => solvePuzzle(reading.type, reading.puzzle, {
    engine: combo.engine.engine,
    ...(combo.engine.binary ? { binary: combo.engine.binary } : {}),
    encoding: combo.encoding.options,
    count: 2,
    instrument,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  }));
  return { report: value, measured, propagations: solver?.lastStats?.propagations ?? 0 };
}
