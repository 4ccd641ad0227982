/**
 * Checks shared by the explain tests: a step fingerprint (what two explanations must agree on to
 * be the same), and the end of a replay, where the decided cells must be the verified solution the
 * solving pipeline finds (unique).
 */
import { expect } from 'vitest';
import type { Explainer, Explanation } from '../../src/explain/explain.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';

/** A step as data: what it decides, from which facts and cells, how, and its kind. */
export function stepFingerprint(x: Explanation): unknown[] {
  return x.steps.map((s) => ({
    values: s.values.map((v) => v.lit), facts: s.facts.map((f) => f.index), given: s.given.map((g) => g.lit),
    technique: s.technique, settles: s.settles, bounds: s.bounds, cheapest: s.cheapest, area: s.area,
  }));
}

/**
 * Every variable of `ex` is decided, the decided grid passes the type's verifier, and it is the
 * solution the solving pipeline proves unique.
 */
export function expectReplayEndsAtSolution(
  type: AnyPuzzleType, puzzle: unknown, ex: Explainer, decided: ReadonlyMap<number, boolean>, label = '',
): void {
  expect(ex.variables().every((v) => decided.has(v)), `${label}: every cell decided`).toBe(true);
  const finalGrid = ex.encoded.decode((lit) => decided.get(Math.abs(lit)) === lit > 0);
  expect(type.verify(puzzle, finalGrid), label).toEqual([]);
  const report = solvePuzzle(type, puzzle, { count: 2 });
  expect(report.status, label).toBe('unique');
  expect(type.solutionToJson(finalGrid), label).toEqual(type.solutionToJson(report.solution));
}
