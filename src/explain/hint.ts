/**
 * Hints (the next step from a player's grid) and difficulty grades, on top of the explainer.
 */
import type { AnyPuzzleType, EncodeOptions } from '../puzzle/types.js';
import { Explainer, runExplainer, type ExplainStep, type Explanation, type StepValue } from './explain.js';
import { gradeExplanation, scoreFloor, type Difficulty, type ScoreFloor } from './grade.js';
import { readProgress } from './progress.js';

export type HintResult =
  | { kind: 'step'; explanation: Explanation; start: Map<number, boolean> }
  | { kind: 'wrong'; wrong: { entered: StepValue; solution: StepValue }[]; message: string }
  /** Every cell entered, and a solution has them all: the solution, or one of several (`unique` false). */
  | { kind: 'complete'; unique: boolean }
  | { kind: 'none' | 'unknown'; message: string };

/**
 * The next step from the player's progress, or the entries that contradict the solution. On a
 * puzzle with several solutions an entry is wrong when no solution has it together with the others.
 */
export function hintFor(ex: Explainer, progressText: string, options: { timeoutMs?: number } = {}): HintResult {
  const progress = readProgress(ex, progressText);
  const prep = ex.prepare();
  if (prep.status === 'none') return { kind: 'none', message: 'the puzzle has no solution' };
  const wrong: { entered: StepValue; solution: StepValue }[] = [];
  for (const [v, value] of progress) {
    const t = ex.target.get(v);
    if (t !== undefined && t !== value) wrong.push({ entered: ex.stepValue(v, value), solution: ex.stepValue(v, t) });
  }
  if (wrong.length) return { kind: 'wrong', wrong, message: `${wrong.length} entr${wrong.length === 1 ? 'y contradicts' : 'ies contradict'} the solution` };
  const together = ex.inconsistent(progress);
  if (together.length) {
    return {
      kind: 'wrong',
      wrong: together.map((v) => ({ entered: ex.stepValue(v, progress.get(v)!), solution: ex.stepValue(v, !progress.get(v)!) })),
      message: 'these entries cannot all hold in any solution',
    };
  }
  // Complete only when every cell is entered. On a puzzle with several solutions the targets are
  // only the cells all of them share, so "every target entered" left open cells called complete.
  if (ex.variables().every((v) => progress.has(v))) return { kind: 'complete', unique: prep.status === 'unique' };
  const explanation = runExplainer(ex, { start: progress, maxSteps: 1, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) }, prep);
  if (explanation.status === 'unknown') return { kind: 'unknown', message: explanation.message ?? 'a limit stopped the search' };
  return { kind: 'step', explanation, start: progress };
}

/** The difficulty of a puzzle from its explanation; undefined when its type names no rule instances or it is not unique. */
export function gradePuzzle(type: AnyPuzzleType, puzzle: unknown, encoding: EncodeOptions = {}, timeoutMs?: number): Difficulty | undefined {
  const r = gradePuzzleUnless(type, puzzle, undefined, encoding, timeoutMs);
  return r && 'score' in r ? r : undefined;
}

/**
 * `gradePuzzle`, stopped as soon as the score is sure to reach a floor that `tooHard` accepts
 * (see scoreFloor): the floor is then returned as `{ atLeast }`, and the rest of the explanation,
 * which could not bring the grade back under it, is not computed.
 */
export function gradePuzzleUnless(
  type: AnyPuzzleType, puzzle: unknown, tooHard: ((floor: ScoreFloor) => boolean) | undefined,
  encoding: EncodeOptions = {}, timeoutMs?: number,
): Difficulty | { atLeast: ScoreFloor } | undefined {
  const ex = new Explainer(type, puzzle, encoding);
  try {
    if (ex.factCount() === 0) return undefined;
    let floor: ScoreFloor | undefined;
    const explanation = runExplainer(ex, {
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(tooHard ? { stopWhen: (steps: readonly ExplainStep[], open: number) => tooHard(floor = scoreFloor(steps, open)) } : {}),
    });
    if (explanation.stopped) return { atLeast: floor! };
    return gradeExplanation(explanation);
  } finally {
    ex.dispose();
  }
}
