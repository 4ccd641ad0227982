/**
 * The difficulty grade `generate --difficulty` aims at: the step-by-step explainer's grade
 * (src/explain), capped at 20 s per puzzle, and stopped early once it is sure to be above what the
 * search wants, or inside a range with no upper end (`stopAt`, see Grader). Every type with a generator is explained; a puzzle whose
 * explanation hits the cap has no grade, and the search draws another.
 */
import { gradePuzzleUnless } from '../explain/hint.js';
import type { Grader } from './generate.js';

const GRADE_TIMEOUT_MS = 20_000;

export const grader: Grader | undefined = (type, puzzle, stopAt) => {
  const d = gradePuzzleUnless(type, puzzle, stopAt, {}, GRADE_TIMEOUT_MS);
  if (!d) return undefined;
  return 'atLeast' in d ? { ...d.atLeast, atLeast: true } : { score: d.score, level: d.level };
};
