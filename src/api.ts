/**
 * The five verbs of the library, for scripts that hold a puzzle in a string:
 * `parse` → `solve` / `count` → `verify` → `render`.
 */
import { ParseError } from './util/errors.js';
import { readingsOf, readText } from './formats/inputs.js';
import { findPuzzleType } from '../encodings/registry.js';
import type { AnyPuzzleType } from './puzzle/types.js';
import { solvePuzzle, type PuzzleReport, type SolveRequest } from './solve/pipeline.js';

/** A parsed puzzle together with the type that knows its rules. */
export interface Puzzle<P = unknown> {
  type: AnyPuzzleType;
  puzzle: P;
  /** The format it was read from (`tatham`, `puzzlink`, `json`, …). */
  format: string;
}

/**
 * Parses every puzzle in `text` (a URL, a game ID, a grid, JSON, one puzzle per line …).
 * Throws `ParseError` naming the line and column of the first malformed puzzle.
 */
export function parse(text: string, options: { type?: string; source?: string } = {}): Puzzle[] {
  const type = options.type === undefined ? undefined : findPuzzleType(options.type);
  if (options.type !== undefined && !type) throw new ParseError(`unknown puzzle type '${options.type}'`);
  const out: Puzzle[] = [];
  for (const entry of readText(text, { input: options.source ?? '<string>' }, type ? { type } : {})) {
    if (!entry.ok) throw new ParseError(entry.error);
    if (entry.alternatives?.length) {
      const readings = readingsOf(entry).map((r) => `${r.type.id} (${r.format})`).join(' and ');
      throw new ParseError(`${entry.id}: ambiguous: the text is valid ${readings}; pass { type } to say which`);
    }
    out.push({ type: entry.type, puzzle: entry.puzzle, format: entry.format });
  }
  return out;
}

/** Solves one puzzle (no counting): status `solved`, `none`, `unknown` or `error`. */
export function solve<S = unknown>(p: Puzzle, request: Omit<SolveRequest, 'count'> = {}): PuzzleReport<S> {
  return solvePuzzle<unknown, S>(p.type, p.puzzle, request);
}

/**
 * Counts solutions up to `limit` (0 = all): `unique` only when the engine proved there is no other.
 */
export function count<S = unknown>(p: Puzzle, limit = 2, request: Omit<SolveRequest, 'count'> = {}): PuzzleReport<S> {
  return solvePuzzle<unknown, S>(p.type, p.puzzle, { ...request, count: limit });
}

/** The rules a solution breaks, checked independently of the encoding ([] when it is valid). */
export function verify(p: Puzzle, solution: unknown): string[] {
  return p.type.verify(p.puzzle, solution);
}

/** The puzzle, or the puzzle with its solution, as text or SVG. */
export function render(p: Puzzle, solution: unknown = null, format: 'text' | 'svg' = 'text'): string {
  return format === 'svg' ? p.type.renderSvg(p.puzzle, solution) : p.type.renderText(p.puzzle, solution);
}
