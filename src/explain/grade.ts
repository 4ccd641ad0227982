/**
 * A difficulty grade computed from an explanation: how many facts its hardest step needs, how many
 * steps need more than one rule, and the hardest technique any step needed (plain propagation,
 * failed-literal probing, deeper case analysis). Validated against Simon Tatham's generator levels
 * in the bench (bench/explain.ts), not in unit tests.
 */
import type { Explanation, ExplainStep } from './explain.js';
import { TECHNIQUES, type Technique } from './technique.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/** The least score of each level (a score belongs to the highest level whose floor it reaches). */
export const LEVEL_FLOORS: Readonly<Record<Level, number>> = { easy: 0, medium: 1.5, hard: 3, expert: 5 };

export interface Difficulty {
  /** 0 and up; higher is harder. */
  score: number;
  level: Level;
  steps: number;
  /** Facts in the hardest step. */
  hardestStep: number;
  /** Steps whose reason needs more than one rule instance. */
  multiFactSteps: number;
  /**
   * Steps that narrow their facts (leave some of their cells open) using what other many-valued cells
   * hold or may hold, not only that they are empty (see ExplainStep.bounds), e.g. "the other way
   * carries fewer than 2, so a bridge must go this way": harder than a fill. Only cells with more
   * than two values (Hashi's bridge counts) have them.
   */
  boundSteps: number;
  /** Mean number of facts per step. */
  meanFacts: number;
  /** The hardest technique any step needed. */
  technique: Technique;
}

/**
 * score = share of multi-fact steps × 4 + share of bound steps × 10 + (facts in the hardest step − 1)
 * × 0.5 + 2 per technique level beyond propagation. The weights were chosen on puzzles generated
 * apart from the bench's validation sets (Tatham's Bridges and Light Up, seeds `#tuneA`); the levels
 * cut the score at 1.5, 3 and 5. Bound steps only occur on cells with more than two values (Hashi's
 * bridge counts); the explainer takes them last among one-fact steps.
 */
const BOUND_WEIGHT = 10;

/** A step that leaves its facts open and uses what other many-valued cells hold or may hold. */
function isBoundStep(step: ExplainStep): boolean {
  return step.bounds && !step.settles;
}

/** The level a score belongs to: the highest whose floor it reaches. */
export function levelOf(score: number): Level {
  let level: Level = 'easy';
  for (const l of LEVELS) if (score >= LEVEL_FLOORS[l]) level = l;
  return level;
}

/** What the score is made of: the hardest step, the hardest technique, and the two step counts. */
interface StepTally { hardestStep: number; technique: number; multiFactSteps: number; boundSteps: number }

function tally(steps: readonly ExplainStep[]): StepTally {
  const t: StepTally = { hardestStep: 0, technique: 0, multiFactSteps: 0, boundSteps: 0 };
  for (const s of steps) {
    if (s.facts.length > t.hardestStep) t.hardestStep = s.facts.length;
    if (s.facts.length > 1) t.multiFactSteps += 1;
    if (isBoundStep(s)) t.boundSteps += 1;
    const k = TECHNIQUES.indexOf(s.technique);
    if (k > t.technique) t.technique = k;
  }
  return t;
}

/** The score formula (see BOUND_WEIGHT), the shares taken over `stepCount` steps. */
function scoreOf(t: StepTally, stepCount: number): number {
  return (t.multiFactSteps / stepCount) * 4 + (t.boundSteps / stepCount) * BOUND_WEIGHT
    + Math.max(0, t.hardestStep - 1) * 0.5 + 2 * t.technique;
}

/** A least score an unfinished explanation can still grade, and its level (see scoreFloor). */
export interface ScoreFloor { score: number; level: Level }

/**
 * The least score any explanation that begins with these steps, `open` cells still to decide, can
 * grade: its hardest step and hardest technique can only grow, and as every later step decides at
 * least one cell there are at most `open` more steps, which bounds how far the two shares can fall.
 * So once this floor is out of a caller's range, explaining the rest of the puzzle cannot bring the
 * grade back (generate stops grading there: Star Battle's 10×10 2★ layouts take seconds each to
 * grade, and nearly all are far above `hard`). Rounded down, and a hair under, so that rounding and
 * the order of floating-point sums never put it above the exact grade.
 */
export function scoreFloor(steps: readonly ExplainStep[], open: number): ScoreFloor {
  const score = scoreOf(tally(steps), Math.max(1, steps.length + open)) - 1e-9;
  return { score: Math.floor(score * 100) / 100, level: levelOf(score) };
}

/**
 * The score to two decimals, rounded down where rounding would carry it into the next level: a
 * 14×14 3★ puzzle of 2.995 or more showed as "3 (medium)" though 3 is where `hard` begins.
 */
export function shownScore(score: number): number {
  const rounded = Math.round(score * 100) / 100;
  return levelOf(rounded) === levelOf(score) ? rounded : Math.floor(score * 100) / 100;
}

export function gradeExplanation(explanation: Explanation): Difficulty | undefined {
  const steps = explanation.steps;
  if (!steps.length || explanation.status !== 'solved') return undefined;
  const t = tally(steps);
  const { hardestStep, multiFactSteps, boundSteps } = t;
  const meanFacts = steps.reduce((a, s) => a + s.facts.length, 0) / steps.length;
  const technique = TECHNIQUES[t.technique]!;
  const score = scoreOf(t, steps.length);
  return {
    score: shownScore(score),
    level: levelOf(score), steps: steps.length, hardestStep, multiFactSteps, boundSteps,
    meanFacts: Math.round(meanFacts * 100) / 100,
    technique,
  };
}
