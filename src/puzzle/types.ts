/**
 * The plug-in contract of a puzzle type. Each type lives in `encodings/<type>/` and exports one
 * `PuzzleType`; the generic pipeline (`src/solve/`), the CLI and batch know nothing else about it.
 */
import type { Clause, Lit } from '../sat/types.js';
import type { Model } from '../cnf/model.js';
import type { CardinalityEncoding } from '../cnf/cardinality.js';
import type { Valuation } from '../cnf/queries.js';

export type { Valuation } from '../cnf/queries.js';

/** Options that shape an encoding. Types read the keys they know and ignore the rest. */
export interface EncodeOptions {
  /** Cardinality encoding for every counting rule (default: the model's default). */
  cardinality?: CardinalityEncoding;
  /** Type-specific variants, e.g. `{ noTouch: 'window' }` or `{ connectivity: 'lazy' }`. */
  variant?: Record<string, string>;
}

/** A puzzle turned into CNF on a Model. */
export interface Encoded<S> {
  /** The puzzle's own decision variables: solutions are counted and backbones taken on these. */
  projection: Lit[];
  /** Reads the solution back from a model. */
  decode(value: Valuation): S;
  /**
   * Lazy constraints (connectivity cuts): clauses the model violates, each valid for every real
   * solution; an empty list accepts the model. Called after every SAT answer.
   */
  refine?(value: Valuation): Clause[];
  /**
   * Renders what the puzzle determines: `fixed(lit)` is true/false where the literal has that value
   * in every solution and undefined where solutions disagree.
   */
  renderDetermined(fixed: (lit: Lit) => boolean | undefined): string;
  /**
   * The decided part of a solution, for pictures of a partly solved grid (explain's step SVGs):
   * `fixed(lit)` is undefined where not decided yet. Only for types whose `decode` would show
   * something undecided as a value (an island's value that depends on undecided bridges).
   */
  decodePartial?(fixed: (lit: Lit) => boolean | undefined): S;
}

/** One way of writing a puzzle down. */
export interface PuzzleFormat<P> {
  /** Short name shown in errors and docs: `puzzlink`, `tatham`, `janko`, `picture`, `json`. */
  readonly name: string;
  /**
   * The names this format gives the puzzle type inside its strings (puzz.link's `lightup`, `akari`).
   * They name what gridsat solves when it meets a string of another type.
   */
  readonly typeNames?: readonly string[];
  /** A one-line puzzle string in this format (URL, game ID)? Used to read files one puzzle per line. */
  matchLine?(line: string): boolean;
  /** A whole multi-line text in this format? */
  matchText?(text: string): boolean;
  /** A parsed JSON value in this format? */
  matchJson?(value: unknown): boolean;
  /**
   * Parses one puzzle. Text formats receive the string, JSON formats the parsed value.
   * Throws `ParseError` (src/util/errors.ts) naming line/column/cell relative to this text.
   */
  parse(input: string | unknown): P;
  /** For formats whose files hold many multi-line puzzles: splits them (with 1-based start lines). */
  split?(text: string): { text: string; line: number; id?: string }[];
  /**
   * Writes the puzzle in this format: what `parse` reads back as the same puzzle, and what the tool
   * that owns the format (pzpr, Tatham's programs, starbattlelab) reads as the same puzzle.
   * Throws `FormatLimitError` when the format cannot hold this puzzle (m3 bridges in a puzz.link
   * URL, a no-region cell in SBN), saying why. Formats without `write` are read-only.
   */
  write?(puzzle: P): string;
}

/** A puzzle that a format cannot represent; the message says what does not fit. */
export class FormatLimitError extends Error {
  constructor(readonly format: string, reason: string) {
    super(`${format} cannot hold this puzzle: ${reason}`);
    this.name = 'FormatLimitError';
  }
}

export interface PuzzleType<P = unknown, S = unknown> {
  /** Canonical id: `starbattle`, `akari`, `hashi`, `bridges-signs`, `blockparty`. */
  readonly id: string;
  /** Other names accepted by `--type` and in JSON `type` fields. */
  readonly aliases: readonly string[];
  readonly formats: readonly PuzzleFormat<P>[];
  /** Encoding variants this type offers, for `--encoding` and `compare`: key -> allowed values, first is default. */
  readonly variants: Readonly<Record<string, readonly string[]>>;
  encode(model: Model, puzzle: P, options: EncodeOptions): Encoded<S>;
  /** Independent checker over the decoded grid: the violated rules, [] when the solution is valid. */
  verify(puzzle: P, solution: S): string[];
  renderText(puzzle: P, solution?: S | null): string;
  renderSvg(puzzle: P, solution?: S | null): string;
  /** Where `renderSvg` draws the grid: cell (r,c) is the square at (margin + c·size, margin + r·size). Explain overlays use it. */
  readonly svgCell?: { size: number; margin: number };
  /**
   * For sources that publish a figure computed from the solution (Block Party's answer): a message
   * when this solution's figure differs from the published one, undefined when it matches or none
   * was published. A difference is reported as a mismatch (row field, exit code 1).
   */
  checkPublished?(puzzle: P, solution: S): string | undefined;
  /** gridsat's own JSON for the puzzle (round-trips through the `json` format). */
  toJson(puzzle: P): unknown;
  solutionToJson(solution: S): unknown;
  /** A short size description for tables, e.g. `10x10 2*`. */
  describe(puzzle: P): string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPuzzleType = PuzzleType<any, any>;
