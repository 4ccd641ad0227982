/**
 * Easing a puzzle that graded harder than its difficulty target allows. Clue removal runs to a
 * minimal clue set, and a minimal set is usually hard: on Block Party 5×5 about one removal in
 * fifty graded `easy`, so `--difficulty easy` graded 50–110 puzzles (7–25 s) and 7×7 gave up after
 * minutes. Instead, clues the removal took out are put back, as Tatham's generators stop removing
 * when the puzzle leaves the level: more clues keep the solution unique (see Found.withRestored) and
 * leave the solver more to start from. How many to put back is bisected, so a puzzle costs about
 * log2(removed clues) more grades; which ones comes from the run's seeded PRNG.
 */
import { LEVELS } from '../explain/grade.js';
import { shuffle } from '../util/random.js';

export interface Graded<P> { puzzle: P; grade: { score: number; level: string }; restored: number }

/** A grade above the target's upper end: its score over `max`, or a level past the one asked for. */
export function aboveTarget(grade: { score: number; level: string }, target: { level?: string; max?: number }): boolean {
  if (target.max !== undefined && grade.score > target.max) return true;
  const asked = target.level === undefined ? -1 : LEVELS.indexOf(target.level as (typeof LEVELS)[number]);
  return asked >= 0 && LEVELS.indexOf(grade.level as (typeof LEVELS)[number]) > asked;
}

/**
 * The puzzle with the fewest of `removed` clues put back (in a random order) whose grade is no
 * longer above the target, found by bisection, or undefined when even every clue back leaves it
 * above (or a grade failed). `grade` returns undefined when the puzzle could not be graded.
 * `graded` counts each grade asked.
 */
export function easeToTarget<P>(
  removed: number, withRestored: (restore: readonly number[]) => P,
  grade: (puzzle: P) => { score: number; level: string } | undefined,
  target: { level?: string; max?: number }, random: () => number, graded: { count: number },
): Graded<P> | undefined {
  const order = shuffle([...Array(removed).keys()], random);
  const at = (k: number) => {
    const puzzle = withRestored(order.slice(0, k));
    graded.count += 1;
    const g = grade(puzzle);
    return g && { puzzle, grade: g, restored: k };
  };
  // Invariant: `lo` clues back is above the target (0 is: that is why we are here); `best`, when
  // set, is the grade with `hi` back, not above it.
  let lo = 0, hi = removed;
  let best: Graded<P> | undefined;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const g = at(mid);
    if (!g) return undefined;
    if (aboveTarget(g.grade, target)) lo = mid;
    else { hi = mid; best = g; }
  }
  if (best) return best;
  const all = at(hi);
  return all && !aboveTarget(all.grade, target) ? all : undefined;
}
