/**
 * The difficulty grade `generate --difficulty` aims at: the step-by-step explainer's grade
 * (src/explain), capped at 20 s per puzzle, and stopped early once it is sure to be above what the
 * search wants, or inside a range with no upper end (`stopAt`, see Grader). Every type with a generator is explained; a puzzle whose
 * explanation hits the cap has no grade, and the search draws another.
 */
import { gradePuzzleUnless } from '../explain/hint.js';
import type { AnyPuzzleType } from '../puzzle/types.js';
import type { GeneratedPuzzle, Grader } from './generate.js';

const GRADE_TIMEOUT_MS = 20_000;

export const grader: Grader | undefined = (type, puzzle, stopAt) => {
  const d = gradePuzzleUnless(type, puzzle, stopAt, {}, GRADE_TIMEOUT_MS);
  if (!d) return undefined;
  return 'atLeast' in d ? { ...d.atLeast, atLeast: true } : { score: d.score, level: d.level };
};

/**
 * The exact score of a generated puzzle's grade: the one it reports, or for a grade stopped at a
 * floor (`atLeast`, a target with no upper end) the full grade, computed here (for comparisons with
 * other puzzles' grades, outside any timing); undefined without a grade.
 */
export function exactScore(type: AnyPuzzleType, g: GeneratedPuzzle): number | undefined {
  if (!g.difficulty) return undefined;
  return g.difficulty.atLeast ? grader?.(type, g.puzzle)?.score : g.difficulty.score;
}
