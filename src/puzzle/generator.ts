/**
 * The plug-in contract of a puzzle generator. Each type's generator lives beside its encoding
 * (`encodings/<type>/generate.ts`) and only proposes: a random layout with a solution, the clues
 * that may be removed, and (for types whose uniqueness comes from the layout itself, like Star
 * Battle's regions) a repair that rules out a second solution. The one search loop that proves
 * uniqueness and removes clues, on one incremental engine, is `src/generate/`.
 */
import type { Lit } from '../sat/types.js';
import type { Model } from '../cnf/model.js';
import type { Encoded } from './types.js';

/** What the user asked for; each generator reads the fields it knows. */
export interface GenerateSettings {
  rows: number;
  cols: number;
  /** Star Battle: stars per row, column and region. */
  stars?: number;
  /** Hashi: most bridges between two islands (Tatham m1–m4). */
  maxBridges?: number;
  /** Hashi: the bridges form a tree (Tatham `L`). */
  noLoops?: boolean;
  /**
   * Hashi: how many islands a layout aims for (default: 0.2 a cell up to 10×10, then growing as
   * Tatham's generator's counts do). Islands never touch, so a grid can fill first.
   */
  islands?: number;
  /**
   * The search loop's strategy: clues removed from a solved layout while unique (`removal`), or
   * annealing on the number of determined cells (`anneal`); default: the type's `defaultMethod`.
   */
  method?: 'removal' | 'anneal';
}

/**
 * One proposed puzzle: a layout whose every removable clue is guarded by an assumption literal.
 * The loop solves it, blocks the solution it found, and asks whether another one exists while
 * the clue literals are assumed: UNSAT proves the puzzle with those clues unique.
 */
export interface Candidate<P, S> {
  /**
   * Encodes the layout with every clue present but guarded: assuming a clue literal switches that
   * clue on, leaving it out removes the clue. `clues` may be omitted when the clues are only known
   * once a solution is (Block Party's givens are literals of the solution): see `cluesOf`.
   */
  encode(model: Model): { encoded: Encoded<S>; clues?: Lit[] };
  /** The clue literals for a solution, when `encode` gave none. */
  cluesOf?(solution: S): Lit[];
  /** The puzzle keeping the clues with `kept[i]` (i indexes the clue literals). */
  puzzle(solution: S, kept: readonly boolean[]): P;
}

/**
 * What the search is after, beyond the settings, for a generator that can shape its layouts to it.
 * `easier`: a difficulty target with an upper end is being searched for, so layouts that tend to
 * grade lower are worth drawing (Star Battle with 2+ stars: some small regions; see its generator).
 * Every puzzle is still proved unique and graded exactly; this only changes which layouts are drawn.
 */
export interface LayoutAim {
  easier?: boolean;
  /**
   * Every grade the target accepts is under this level's floor (`easy` targets: `medium`; `medium`
   * targets, or a range ending under 3: `hard`; `hard` targets, or a range ending under 5:
   * `expert`), so layouts in which the first deductions need no case analysis, or some of them, are
   * worth drawing (Star Battle with 2+ stars: regions forced on their own; see its generator).
   */
  below?: 'medium' | 'hard' | 'expert';
}

/** The settings that belong to one puzzle type or another (the rest, size and method, to every type). */
export const TYPE_SETTINGS = ['stars', 'maxBridges', 'islands', 'noLoops'] as const;
export type TypeSetting = (typeof TYPE_SETTINGS)[number];

export interface PuzzleGenerator<P, S> {
  /** The type-specific settings this generator reads; any other one given is refused, not ignored. */
  readonly settings?: readonly TypeSetting[];
  /** The strategy used when none is asked for: the faster for this type on the bench (default removal). */
  readonly defaultMethod?: 'removal' | 'anneal';
  /** Checks the settings; returns a message for what this type cannot generate, or null. */
  check(settings: GenerateSettings): string | null;
  /** A random layout with at least one solution, or null when this draw failed (the loop draws again). */
  propose(settings: GenerateSettings, random: () => number, aim?: LayoutAim): Candidate<P, S> | null;
  /**
   * Changes the layout so that the first of `others` (and as many of the rest as it can) is no
   * longer a solution while `solution` still is, or null when no such change is at hand (the loop
   * then draws a new layout).
   */
  repair?(candidate: Candidate<P, S>, solution: S, others: S[], random: () => number): Candidate<P, S> | null;
  /**
   * For difficulty targets: true when the candidate's puzzle falls to one-rule deductions of the
   * kinds that grade 0 (each step the explainer would take needs a single fact, none a bound step),
   * so it cannot grade `hard` and the loop drops it before proving it unique. A screen only: what
   * passes is still graded.
   */
  solvedOneRuleAtATime?(candidate: Candidate<P, S>): boolean;
  /**
   * The same for a finished puzzle (after its clues were thinned), for types whose layout screen
   * cannot tell: checked after the uniqueness proof and before grading, so the grader is skipped.
   * For targets that accept grade 0 and end under `medium`, clues are thinned only while it holds
   * (SearchOptions.keepOneRuleSolvable), so that the puzzle grades 0.
   */
  finishedSolvedOneRuleAtATime?(puzzle: P): boolean;
  /**
   * For difficulty targets: a cheap forecast, not a proof, that the candidate's puzzle would grade
   * under `score`; the loop then skips it before proving it unique. This biases the layouts drawn
   * toward harder ones (a skipped one might have been in range, which the type's measurement
   * should show is rare); every puzzle handed out is still graded exactly.
   */
  likelyEasierThan?(candidate: Candidate<P, S>, score: number): boolean;
  /**
   * For `--difficulty hard` (the level by name, calibrated on Tatham's d2): true when a finished
   * puzzle is left out before grading. Not a soundness screen: such a puzzle may grade in range;
   * it shapes which puzzles `hard` hands out (Light Up: those whose grading costs most, which also
   * brings the grades nearer Tatham's, see encodings/akari/generate.ts).
   */
  finishedOutOfHard?(puzzle: P): boolean;
  /**
   * The same for a candidate layout, asked before its uniqueness proof: for types whose layout is
   * already the finished puzzle (no clues are thinned afterwards), so the proof is saved too.
   */
  candidateOutOfHard?(candidate: Candidate<P, S>): boolean;
  /** How many other solutions to collect for one repair (default 8); each costs an engine call. */
  readonly othersPerRepair?: number;
  /**
   * The annealing strategy's search space (cspuz's way), or absent when this type cannot anneal:
   * a layout of clue slots on one engine, scored by the number of cells the clues determine.
   * Null when this draw failed (the loop draws again).
   */
  annealSpace?(settings: GenerateSettings, random: () => number): AnnealSpace<P, S> | null;
  /**
   * Collect the other solutions apart: each one keeps the first solution's values wherever an
   * earlier one differed, so a repair sees every separate place where the puzzle is ambiguous.
   */
  readonly othersApart?: boolean;
}

/** One move of the annealing: slots set to alternatives (-1 empties a slot). */
export type AnnealMove = readonly (readonly [slot: number, alternative: number])[];

/**
 * What a type gives the annealing loop (src/generate/anneal.ts). Every slot holds at most one of
 * its alternatives, each a guard literal: assuming it switches that clue on (Light Up: "this black
 * cell shows 2"; Star Battle: "this cell belongs to region 5"). The state is the alternative chosen
 * per slot, so the loop moves between layouts on one engine by changing assumptions only.
 */
export interface AnnealSpace<P, S> {
  /** Encodes the rules with every alternative of every slot guarded. */
  encode(model: Model): { encoded: Encoded<S>; slots: Lit[][] };
  /** The starting state: per slot the alternative's index, or -1 for an empty slot. */
  readonly initial: readonly number[];
  /** A random move from `state`, or null when none is at hand (the loop then gives up on this draw). */
  move(state: readonly number[], random: () => number): AnnealMove | null;
  /**
   * Score units one clue costs (cspuz weighs a Light Up clue as 5 determined cells), so the
   * annealing prefers puzzles with fewer clues; 0 when every slot always holds one (Star Battle's
   * cells always belong to some region).
   */
  readonly cluePenalty: number;
  /** The puzzle of a state (its solution, for types whose clues are read off it). */
  puzzle(state: readonly number[], solution: S): P;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPuzzleGenerator = PuzzleGenerator<any, any>;
