/**
 * The one search loop every generator runs on:
 *   1. the type proposes a random layout, every removable clue guarded by an assumption literal;
 *   2. the engine solves it with every clue assumed and the solution is blocked (a permanent clause
 *      on the puzzle's own variables: that solution stays a solution whatever clues are removed);
 *   3. another solution under the same assumptions -> the type repairs the layout (Star Battle moves
 *      a region boundary) or a new layout is drawn; UNSAT -> the puzzle is unique;
 *   4. clues are removed while uniqueness holds, on the same engine: removing a clue is dropping its
 *      assumption, and each UNSAT answer's failed assumptions (a subset of the clues that already
 *      forces uniqueness) drop every clue outside that core at once.
 * (The other strategy, annealing on the number of determined cells, is anneal.ts; `--method` picks one.)
 * Nothing here is claimed unique unless the engine proved the blocked query UNSAT; a limit that
 * stops the engine counts as "another solution may exist".
 */
import { Model } from '../cnf/model.js';
import { solveModel, valuation } from '../cnf/queries.js';
import type { Candidate, GenerateSettings, LayoutAim, PuzzleGenerator } from '../puzzle/generator.js';
import type { Lit, SolveLimits } from '../sat/types.js';
import { createSolver } from '../sat/index.js';
import { shuffle } from '../util/random.js';

export interface SearchLimits {
  /** Layouts to draw before giving up. */
  attempts: number;
  /** Repairs of one layout before drawing a new one. */
  repairs: number;
  /** Conflict budget of each engine call (a call that runs out keeps the clue / rejects the layout). */
  conflictsPerCall: number;
  /** Other solutions collected for a repair to rule out at once. */
  others: number;
  /** Annealing: layouts to draw (each walked for 10 moves per projection literal) before giving up. */
  annealDraws: number;
}

export const DEFAULT_LIMITS: SearchLimits = { attempts: 2000, repairs: 50, conflictsPerCall: 200_000, others: 8, annealDraws: 30 };

/** The two strategies of the search loop: clue removal (this file) or annealing (anneal.ts). */
export const GENERATE_METHODS = ['removal', 'anneal'] as const;
export type GenerateMethod = (typeof GENERATE_METHODS)[number];

export interface Found<P, S> {
  puzzle: P;
  solution: S;
  /** Clues the layout offered and clues kept. */
  clues: number;
  kept: number;
  /** Layouts drawn, repairs made (removal), moves tried (annealing), engine calls. */
  attempts: number;
  repairs: number;
  moves: number;
  solves: number;
  method: GenerateMethod;
  /**
   * The puzzle with some of the clues the removal took out put back: `restore` holds indices
   * 0..clues-kept-1 into the removed clues (in the layout's clue order). A superset of a unique
   * puzzle's clues keeps that solution and can only rule out others, so it is unique too. Absent when
   * nothing was removed or the strategy cannot put clues back (annealing).
   */
  withRestored?(restore: readonly number[]): P;
}

interface Tally { solves: number }

/**
 * Runs one candidate on a fresh engine: its solution, whether it is unique under all clues and, if
 * it is, the smallest clue set found. `other` is a second solution when the candidate is not unique.
 */
function settle<P, S>(
  candidate: Candidate<P, S>, random: () => number, limits: SearchLimits, tally: Tally,
  others: number, apart = false, oneRuleSolves?: (puzzle: P) => boolean,
): { status: 'none' } | { status: 'other'; solution: S; others: S[] } | { status: 'unique'; solution: S; clues: Lit[]; kept: boolean[] } {
  const model = new Model(createSolver('wasm'));
  try {
    const { encoded, clues: guarded } = candidate.encode(model);
    const refine = encoded.refine ? (v: (l: Lit) => boolean) => encoded.refine!(v) : undefined;
    const call = (assumptions: readonly Lit[]) => {
      tally.solves += 1;
      const callLimits: SolveLimits = { conflicts: limits.conflictsPerCall };
      return solveModel(model, { assumptions, refine, limits: callLimits });
    };

    const first = call(guarded ?? []);
    if (first.status !== 'sat') return { status: 'none' };
    const value = valuation(first.model);
    const solution = encoded.decode(value);
    const clues = guarded ?? candidate.cluesOf?.(solution) ?? [];
    model.addClause(encoded.projection.map((l) => (value(l) ? -l : l)));

    let all = call(clues);
    if (all.status === 'sat') {
      // Up to `others` further solutions, each blocked in turn (this engine is not used again).
      const found: S[] = [];
      // Apart: each further solution keeps this solution's values wherever an earlier one differed
      // (assumed, not added), so it shows a difference somewhere else.
      const pinned: Lit[] = [];
      while (all.status === 'sat') {
        const v = valuation(all.model);
        found.push(encoded.decode(v));
        if (found.length >= others) break;
        if (apart) {
          for (const l of encoded.projection) if (v(l) !== value(l)) pinned.push(value(l) ? l : -l);
        } else {
          model.addClause(encoded.projection.map((l) => (v(l) ? -l : l)));
        }
        all = call([...clues, ...pinned]);
      }
      return { status: 'other', solution, others: found };
    }
    if (all.status === 'unknown') return { status: 'none' };

    const solves = oneRuleSolves ? (k: ReadonlySet<Lit>) => oneRuleSolves(candidate.puzzle(solution, clues.map((l) => k.has(l)))) : undefined;
    // Unique, but not solved one rule at a time even with every clue: no removal can make it so.
    if (solves && !solves(new Set(clues))) return { status: 'none' };
    const kept = thinClues(model, clues, (assumptions) => call(assumptions).status === 'unsat', random, solves);
    return { status: 'unique', solution, clues, kept: clues.map((l) => kept.has(l)) };
  } finally {
    model.solver.dispose();
  }
}

/**
 * Removes clues while the blocked query stays UNSAT, in random order; each UNSAT core shrinks the
 * set at once. The last call on `model` must have been the UNSAT one with every clue assumed;
 * `unsat` asks the blocked query under some of them. The clues kept.
 *
 * With `stays`, a clue is removed only while the clues left pass it too (as Tatham's generators
 * remove clues only while their solver at the level still solves the puzzle): a core is taken as a
 * whole only when it passes, else the one clue goes. Every clue set kept is still proved by the
 * engine, whatever `stays` says.
 */
export function thinClues(
  model: Model, clues: readonly Lit[], unsat: (assumptions: Lit[]) => boolean, random: () => number,
  stays?: (kept: ReadonlySet<Lit>) => boolean,
): Set<Lit> {
  if (stays) return thinWhile(model, clues, unsat, random, stays);
  let kept = new Set<Lit>(coreOf(model, clues));
  for (const clue of shuffle([...kept], random)) {
    if (!kept.has(clue)) continue;
    const without = clues.filter((l) => l !== clue && kept.has(l));
    if (unsat(without)) kept = new Set(coreOf(model, without));
  }
  return kept;
}

/** thinClues with `stays`: from the first core if it passes (else from every clue), one clue at a time. */
function thinWhile(
  model: Model, clues: readonly Lit[], unsat: (assumptions: Lit[]) => boolean, random: () => number,
  stays: (kept: ReadonlySet<Lit>) => boolean,
): Set<Lit> {
  let kept = new Set<Lit>(clues);
  const core = new Set(coreOf(model, clues));
  if (stays(core)) kept = core;
  for (const clue of shuffle([...kept], random)) {
    if (!kept.has(clue)) continue;
    const without = new Set([...kept].filter((l) => l !== clue));
    if (!stays(without) || !unsat([...without])) continue;
    const smaller = new Set(coreOf(model, [...without]));
    kept = smaller.size < without.size && stays(smaller) ? smaller : without;
  }
  return kept;
}

/**
 * The clues among the last UNSAT call's failed assumptions: a subset that on its own already makes
 * the blocked query UNSAT (empty when the layout is unique without any clue).
 */
function coreOf(model: Model, assumed: readonly Lit[]): Lit[] {
  const failed = new Set(model.solver.failedAssumptions());
  return assumed.filter((l) => failed.has(l));
}

export interface SearchOptions {
  /**
   * Drop candidates that the type's one-rule-at-a-time deductions solve (`solvedOneRuleAtATime`)
   * before proving them unique: set when the difficulty target is `hard` or harder.
   */
  skipOneRulePuzzles?: boolean;
  /**
   * Skip candidates the type forecasts to grade under this score (`likelyEasierThan`): set from the
   * difficulty target's lower bound.
   */
  skipLikelyEasierThan?: number;
  /** Drop candidates the type leaves out of `hard` before grading (`candidateOutOfHard`): set for `--difficulty hard`. */
  skipOutOfHard?: boolean;
  /** Passed to `propose`: what the layouts are for (a difficulty target with an upper end: `easier`). */
  aim?: LayoutAim;
  /**
   * Remove clues only while the type's one-rule-at-a-time deductions still solve the puzzle
   * (`finishedSolvedOneRuleAtATime`), and draw again when they do not solve it with every clue: set
   * for targets that accept grade 0 and end under `medium`, which such a puzzle meets (it grades 0).
   */
  keepOneRuleSolvable?: boolean;
}

/** Searches for one unique puzzle; null when the attempts ran out. */
export function searchPuzzle<P, S>(
  generator: PuzzleGenerator<P, S>, settings: GenerateSettings, random: () => number, limits: SearchLimits = DEFAULT_LIMITS,
  options: SearchOptions = {},
): Found<P, S> | null {
  // The screens the options ask for, tried in this order: a candidate any of them leaves out is not proved.
  const screens: ((c: Candidate<P, S>) => boolean)[] = [];
  if (options.skipOneRulePuzzles && generator.solvedOneRuleAtATime) screens.push((c) => generator.solvedOneRuleAtATime!(c));
  const least = options.skipLikelyEasierThan;
  if (least !== undefined && generator.likelyEasierThan) screens.push((c) => generator.likelyEasierThan!(c, least));
  if (options.skipOutOfHard && generator.candidateOutOfHard) screens.push((c) => generator.candidateOutOfHard!(c));
  const screen = screens.length ? (c: Candidate<P, S>) => screens.some((left) => left(c)) : undefined;
  const tally: Tally = { solves: 0 };
  let repairs = 0;
  for (let attempt = 1; attempt <= limits.attempts; attempt++) {
    let candidate = generator.propose(settings, random, options.aim);
    for (let step = 0; candidate && step <= limits.repairs; step++) {
      if (screen?.(candidate)) break;
      const r = settle(candidate, random, limits, tally, generator.repair ? generator.othersPerRepair ?? limits.others : 1,
        generator.othersApart ?? false, options.keepOneRuleSolvable ? generator.finishedSolvedOneRuleAtATime?.bind(generator) : undefined);
      if (r.status === 'none') break;
      if (r.status === 'unique') {
        const removed = r.kept.flatMap((k, i) => (k ? [] : [i]));
        const found = candidate;
        return {
          ...(removed.length > 0 ? {
            withRestored: (restore: readonly number[]) => {
              const kept = [...r.kept];
              for (const j of restore) kept[removed[j]!] = true;
              return found.puzzle(r.solution, kept);
            },
          } : {}),
          puzzle: candidate.puzzle(r.solution, r.kept),
          solution: r.solution,
          clues: r.clues.length,
          kept: r.kept.filter(Boolean).length,
          attempts: attempt,
          repairs,
          moves: 0,
          solves: tally.solves,
          method: 'removal',
        };
      }
      if (!generator.repair) break;
      candidate = generator.repair(candidate, r.solution, r.others, random);
      repairs += 1;
    }
  }
  return null;
}
