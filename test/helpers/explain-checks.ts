/**
 * Checks shared by the explain tests: the replay of an explanation step by step, a step fingerprint (what two explanations must agree on to
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

/**
 * Replays an explanation on `fresh` (an Explainer of the same puzzle that took no step): every step
 * decides something not decided before, uses given cells with the values earlier steps gave them,
 * its values follow from its reason, and every fact and given cell of the reason is needed. With
 * `everyStepHasFacts`, a reason of no facts fails too; with `spareGivens`, a given cell need not be
 * needed (the explainer keeps one whose removal its question budget could not settle, see
 * MINIMAL_GIVEN_CONFLICTS in src/explain/explain.ts). Returns the decided values at the end.
 */
export function replaySteps(
  fresh: Explainer, explanation: Explanation, options: { everyStepHasFacts?: boolean; spareGivens?: boolean } = {},
): Map<number, boolean> {
  const decided = new Map<number, boolean>();
  for (const [i, step] of explanation.steps.entries()) {
    const facts = step.facts.map((f) => f.index);
    const given = step.given.map((g) => g.lit);
    expect(step.values.length, `step ${i + 1} decides something`).toBeGreaterThan(0);
    if (options.everyStepHasFacts) expect(facts.length, `step ${i + 1} has a reason`).toBeGreaterThan(0);
    for (const g of step.given) expect(decided.get(Math.abs(g.lit)), `step ${i + 1} uses ${g.text}`).toBe(g.value);
    for (const v of step.values) {
      expect(decided.has(Math.abs(v.lit)), `step ${i + 1} decides ${v.text} again`).toBe(false);
      expect(fresh.forces(facts, given, v.lit), `step ${i + 1}: ${v.text} follows from its reason`).toBe(true);
    }
    const allForced = (fs: number[], gs: number[]) => step.values.every((v) => fresh.forces(fs, gs, v.lit));
    for (const f of facts) expect(allForced(facts.filter((x) => x !== f), given), `step ${i + 1} needs fact ${f}`).toBe(false);
    if (!options.spareGivens) {
      for (const g of given) expect(allForced(facts, given.filter((x) => x !== g)), `step ${i + 1} needs given ${g}`).toBe(false);
    }
    for (const v of step.values) decided.set(Math.abs(v.lit), v.value);
  }
  return decided;
}
