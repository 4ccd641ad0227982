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

export interface PuzzleGenerator<P, S> {
  /** Checks the settings; returns a message for what this type cannot generate, or null. */
  check(settings: GenerateSettings): string | null;
  /** A random layout with at least one solution, or null when this draw failed (the loop draws again). */
  propose(settings: GenerateSettings, random: () => number): Candidate<P, S> | null;
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
   */
  finishedSolvedOneRuleAtATime?(puzzle: P): boolean;
  /** How many other solutions to collect for one repair (default 8); each costs an engine call. */
  readonly othersPerRepair?: number;
  /**
   * Collect the other solutions apart: each one keeps the first solution's values wherever an
   * earlier one differed, so a repair sees every separate place where the puzzle is ambiguous.
   */
  readonly othersApart?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPuzzleGenerator = PuzzleGenerator<any, any>;
