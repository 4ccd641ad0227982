/**
 * The difficulty grade `generate --difficulty` aims at: the step-by-step explainer's grade
 * (src/explain), capped at 20 s per puzzle. Types the explainer cannot yet explain (Block Party,
 * bridges with signs) have no grade, and the option says so for them.
 */
import { gradePuzzleUnless } from '../explain/hint.js';
import type { Grader } from './generate.js';

const GRADE_TIMEOUT_MS = 20_000;

export const grader: Grader | undefined = (type, puzzle, tooHard) => {
  const d = gradePuzzleUnless(type, puzzle, tooHard, {}, GRADE_TIMEOUT_MS);
  if (!d) return undefined;
  return 'atLeast' in d ? { ...d.atLeast, atLeast: true } : { score: d.score, level: d.level };
};
