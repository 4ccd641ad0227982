/**
 * Messages between the page (main.ts) and the solving worker (worker.ts). The worker runs the
 * CLI's pipeline; what it sends back is the CLI's JSON row plus what the page draws.
 */
import type { ResultRow } from '../../solve/row.js';

export interface SolveMessage {
  kind: 'solve';
  /** Echoed in the answer, so a late answer to an older request is dropped. */
  id: number;
  text: string;
  /** Also compute the cells every solution shares. */
  determined: boolean;
}

export interface EngineMessage {
  kind: 'engine';
  module: WebAssembly.Module;
}

/** Measures solve + uniqueness on the worker's engine: `runs` solves of the puzzle, timed as one loop. */
export interface BenchMessage {
  kind: 'bench';
  id: number;
  text: string;
  runs: number;
}

/**
 * Explains the puzzle step by step from the empty grid (`gridsat explain`); with `maxSteps` 1 it is
 * the page's hint: the first step from the empty grid (the page has no way to enter progress yet).
 */
export interface ExplainMessage {
  kind: 'explain';
  id: number;
  text: string;
  maxSteps?: number;
}

export type ToWorker = SolveMessage | EngineMessage | BenchMessage | ExplainMessage;

/** One step as the page shows it: the explainer's own words and its SVG picture of the step. */
export interface ExplainedStep {
  /** What the step decides (`describeValues`). */
  decides: string;
  /** Why (`describeReason`): the puzzle facts, and the cells decided before that it uses. */
  reason: string;
  technique: string;
  facts: number;
  /** The grid after this step (`renderStepSvgs`): decided cells drawn, reason shaded, step outlined. */
  svg: string;
  /** What is decided after this step, as the solution JSON of the type (for scripts and tests). */
  decided: unknown;
}

export interface ExplainedMessage {
  kind: 'explained';
  id: number;
  /** The explainer's status (`solved`, `stuck`, `none`, `unknown`), or `error`. */
  status: string;
  steps: ExplainedStep[];
  /** The explainer's closing sentence (`conclusion`), or the error. */
  conclusion: string;
  difficulty?: string;
}

export interface Export {
  /** The writer's target name (`url`, `tatham`, `sbn`, `janko`, `text`, `json`). */
  target: string;
  label: string;
  text?: string;
  /** Why the puzzle cannot be written this way. */
  error?: string;
}

export interface SolvedMessage {
  kind: 'result';
  id: number;
  /** The row `gridsat solve --format json --count 2` prints for this input. */
  row: ResultRow;
  /** Puzzles in the input; only the first is solved. */
  puzzles: number;
  /** The puzzle drawn without and with its solution (the type's own SVG renderer). */
  puzzleSvg?: string;
  solutionSvg?: string;
  exports: Export[];
  /** The explainer covers this type (Star Battle, Light Up, Bridges): the page offers Explain and Hint. */
  explainable: boolean;
  /** Milliseconds inside the worker, reading to answer. */
  workerMs: number;
  /** Where workerMs went (for the bench): reading, deciding + solving + uniqueness, the SVGs, the export writers; and when it began (ms since the epoch, performance.timeOrigin-based). */
  phases?: { readMs: number; solveMs: number; drawMs: number; exportMs: number; startedAt: number };
}

export interface ReadyMessage {
  kind: 'ready';
  /** When worker.js began to run and when it had the engine (ms since the epoch, timeOrigin-based). */
  scriptStartedAt: number;
  engineAt: number;
}

export interface BenchResult {
  kind: 'bench';
  id: number;
  /** Mean milliseconds per solve + uniqueness (`solvePuzzle` with count 2), over the loop. */
  meanMs: number;
  status: string;
}

export type FromWorker = SolvedMessage | ReadyMessage | BenchResult | ExplainedMessage;
