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
 * Explains the puzzle step by step from the empty grid (`gridsat explain`); with `progress`, the
 * page's Hint: the next step from the player's grid, or the entries that are wrong
 * (`gridsat hint --progress`).
 */
export interface ExplainMessage {
  kind: 'explain';
  id: number;
  text: string;
  maxSteps?: number;
  /** The player's grid in the CLI's `--progress` notation (src/explain/progress.ts). */
  progress?: string;
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
  /** For a hint from the player's grid: what `gridsat hint` found. */
  hint?: HintOutcome;
}

export interface HintOutcome {
  /** step: the next step (in `steps`); stuck: nothing is forced; wrong: entries contradict the solution; complete; none (no solution); unknown (a limit); error (the progress did not read). */
  kind: 'step' | 'stuck' | 'wrong' | 'complete' | 'none' | 'unknown' | 'error';
  message?: string;
  /** The wrong entries: the cells (0-based `[row, col]`), what the player has and what the solution has. */
  wrong?: { cells: [number, number][]; entered: string; solution: string }[];
  /** The step's one-cell decisions (a star / bulb or not), for Apply on the clickable grid; `row`/`col` 0-based. */
  apply?: { row: number; col: number; value: boolean }[];
}

/** The clickable grid for entering progress: the puzzle's cells, and the empty progress text. */
export interface Board {
  type: 'starbattle' | 'akari' | 'hashi' | 'bridges-signs' | 'blockparty';
  rows: number;
  cols: number;
  /** Star Battle: the region label of each cell; Light Up: '.' white, '#' or '0'–'4' black; the others: none (text only). */
  cells: string[][];
  /** Star Battle: each cell's fill, as the type's SVG renderer colours its region. */
  fills?: string[][];
  /** The progress with nothing decided, in the CLI's notation. */
  empty: string;
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
  /** The explainer covers this type (all five: Star Battle, Light Up, Bridges, bridges with signs, Block Party): the page offers Explain and Hint. */
  explainable: boolean;
  /** For the explainable types: the grid on which the player enters progress. */
  board?: Board;
  /** Milliseconds inside the worker, reading to answer. */
  workerMs: number;
  /** Where workerMs went (for the bench): reading, deciding + solving + uniqueness, the SVGs, the export writers; and when it began (ms since the epoch, performance.timeOrigin-based). */
  phases?: { readMs: number; solveMs: number; drawMs: number; exportMs: number; startedAt: number };
}

export interface ReadyMessage {
  kind: 'ready';
  /** When worker.js began to run, had run its top level, and had the engine (ms since the epoch, timeOrigin-based). */
  scriptStartedAt: number;
  evaluatedAt: number;
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
