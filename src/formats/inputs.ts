/**
 * Turns command-line inputs (files, directories, puzzle strings) into parsed puzzles, one entry per
 * puzzle. A malformed puzzle becomes an error entry naming its source and line; reading goes on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ParseError } from '../util/errors.js';
import { findPuzzleType, puzzleTypes } from '../../encodings/registry.js';
import type { AnyPuzzleType, PuzzleFormat } from '../puzzle/types.js';

export interface PuzzleOrigin {
  /** The file path, or the puzzle string itself when given on the command line. */
  input: string;
  /** 1-based line in the file where the puzzle starts. */
  line?: number;
  /** Name of the puzzle inside a collection (JSON key, `## puzzle N`). */
  name?: string;
}

export type PuzzleEntry =
  | { ok: true; id: string; origin: PuzzleOrigin; type: AnyPuzzleType; format: string; puzzle: unknown }
  | { ok: false; id: string; origin: PuzzleOrigin; type?: AnyPuzzleType; error: string };

export interface ReadOptions {
  /** Only consider this type's formats (`--type`). */
  type?: AnyPuzzleType;
}

/** A stable id for a puzzle: source plus line or name. */
export function entryId(origin: PuzzleOrigin): string {
  const suffix = origin.name !== undefined ? `#${origin.name}` : origin.line !== undefined ? `:${origin.line}` : '';
  return `${origin.input}${suffix}`;
}

/** Reads every input in order; directories are walked (sorted, hidden files skipped). */
export function* readInputs(inputs: readonly string[], options: ReadOptions = {}): Generator<PuzzleEntry> {
  for (const input of inputs) yield* readInput(input, options);
}

function* readInput(input: string, options: ReadOptions): Generator<PuzzleEntry> {
  let stat;
  try {
    stat = statSync(input);
  } catch {
    stat = undefined;
  }
  if (stat?.isDirectory()) {
    const names = readdirSync(input).filter((n) => !n.startsWith('.') && !isSidecar(n)).sort();
    for (const n of names) yield* readInput(join(input, n), options);
    return;
  }
  if (stat?.isFile()) {
    let text: string;
    try {
      text = readFileSync(input, 'utf8');
    } catch (err) {
      yield failure({ input }, `cannot read file: ${(err as Error).message}`);
      return;
    }
    yield* readText(text, { input }, options);
    return;
  }
  // Not a file: a puzzle given directly (URL, game ID, or a grid with newlines).
  if (looksLikePath(input)) {
    yield failure({ input }, 'no such file');
    return;
  }
  yield* readText(input, { input }, options, true);
}

/**
 * Files a directory walk passes over: published solutions stored beside their puzzle
 * (`x.solution.txt`), scripts and documentation. Named explicitly, they are still read.
 */
function isSidecar(name: string): boolean {
  return /\.solution\./i.test(name) || /\.(sh|md|py|mjs|js|ts)$/i.test(name) || /^readme/i.test(name);
}

function looksLikePath(s: string): boolean {
  return !s.includes('\n') && !s.includes('://') && !s.includes(':') && /\.(txt|json|ndjson|jsonl|cnf|puz)$/i.test(s);
}

function candidateTypes(options: ReadOptions): readonly AnyPuzzleType[] {
  return options.type ? [options.type] : puzzleTypes();
}

function failure(origin: PuzzleOrigin, message: string, type?: AnyPuzzleType): PuzzleEntry {
  return { ok: false, id: entryId(origin), origin, error: message, ...(type ? { type } : {}) };
}

function located(err: unknown, origin: PuzzleOrigin): string {
  const where = { source: origin.input, ...(origin.line !== undefined ? { line: origin.line } : {}) };
  if (err instanceof ParseError) return err.within(where).message;
  const msg = err instanceof Error ? err.message : String(err);
  const prefix = [origin.input, origin.line !== undefined ? `line ${origin.line}` : undefined, origin.name]
    .filter(Boolean).join(', ');
  return `${prefix}: ${msg}`;
}

function parseWith(type: AnyPuzzleType, format: PuzzleFormat<unknown>, input: unknown, origin: PuzzleOrigin): PuzzleEntry {
  try {
    const puzzle = format.parse(input);
    return { ok: true, id: entryId(origin), origin, type, format: format.name, puzzle };
  } catch (err) {
    return failure(origin, located(err, origin), type);
  }
}

const isComment = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');

/** A whole text: JSON, NDJSON, a multi-puzzle file, one puzzle per line, or one multi-line puzzle. */
export function* readText(text: string, origin: PuzzleOrigin, options: ReadOptions = {}, literal = false): Generator<PuzzleEntry> {
  const trimmed = text.trim();
  if (trimmed === '') {
    yield failure(origin, 'empty input');
    return;
  }
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && looksLikeJson(trimmed)) {
    yield* readJsonText(text, origin, options);
    return;
  }
  const types = candidateTypes(options);

  for (const type of types) {
    for (const format of type.formats) {
      if (format.split && format.matchText?.(text)) {
        for (const chunk of format.split(text)) {
          const o = { ...origin, line: chunk.line, ...(chunk.id !== undefined ? { name: chunk.id } : {}) };
          yield parseWith(type, format, chunk.text, o);
        }
        return;
      }
    }
  }

  const lines = text.split(/\r?\n/);
  const firstContent = lines.findIndex((l) => !isComment(l));
  if (firstContent >= 0 && lineFormat(lines[firstContent]!.trim(), types)) {
    for (let i = 0; i < lines.length; i++) {
      if (isComment(lines[i]!)) continue;
      const line = lines[i]!.trim();
      // A puzzle string typed on the command line is its own name; a line number would be noise.
      const o = literal && lines.length === 1 ? origin : { ...origin, line: i + 1 };
      const found = lineFormat(line, types);
      yield found
        ? parseWith(found.type, found.format, line, o)
        : failure(o, located(new Error('not a puzzle in any one-line format (puzz.link URL, Tatham game ID)'), o));
    }
    return;
  }

  for (const type of types) {
    for (const format of type.formats) {
      if (format.matchText?.(text)) {
        yield parseWith(type, format, text, origin);
        return;
      }
    }
  }
  const hint = options.type ? ` as ${options.type.id}` : '; use --type to say which puzzle it is';
  yield failure(origin, located(new Error(`unrecognised puzzle format${hint}`), origin));
}

/** JSON or NDJSON, as opposed to a bracketed text grid such as a Python list of lists. */
function looksLikeJson(trimmed: string): boolean {
  const firstLine = trimmed.split('\n', 1)[0]!;
  for (const candidate of [trimmed, firstLine]) {
    try {
      JSON.parse(candidate);
      return true;
    } catch {
      // try the next reading
    }
  }
  // Broken JSON still goes to the JSON reader (for a located error) unless it uses single quotes.
  return !/^[[{]\s*\[?\s*'/.test(trimmed);
}

function lineFormat(line: string, types: readonly AnyPuzzleType[]): { type: AnyPuzzleType; format: PuzzleFormat<unknown> } | undefined {
  for (const type of types) for (const format of type.formats) if (format.matchLine?.(line)) return { type, format };
  return undefined;
}

function* readJsonText(text: string, origin: PuzzleOrigin, options: ReadOptions): Generator<PuzzleEntry> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (wholeErr) {
    // Not one JSON document: NDJSON, one value per line.
    const lines = text.split(/\r?\n/);
    if (lines.filter((l) => l.trim() !== '').length < 2) {
      yield failure(origin, located(new Error(`invalid JSON: ${(wholeErr as Error).message}`), origin));
      return;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '' || line.startsWith('#')) continue;
      const o = { ...origin, line: i + 1 };
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (err) {
        yield failure(o, located(new Error(`invalid JSON: ${(err as Error).message}`), o));
        continue;
      }
      yield* readJsonValue(v, o, options);
    }
    return;
  }
  yield* readJsonValue(value, origin, options);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A parsed JSON value: a puzzle, an array of puzzles, or a named collection. */
export function* readJsonValue(value: unknown, origin: PuzzleOrigin, options: ReadOptions = {}): Generator<PuzzleEntry> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* readJsonValue(value[i], { ...origin, name: String(i) }, options);
    return;
  }
  if (!isObject(value)) {
    yield failure(origin, located(new Error('expected a JSON object describing a puzzle'), origin));
    return;
  }
  // janko-style collection: { name, data: { id: { problem, solution } } }
  if (isObject(value.data) && Object.values(value.data).every((e) => isObject(e) && typeof e.problem === 'string')) {
    const type = options.type ?? (typeof value.name === 'string' ? findPuzzleType(value.name) : undefined);
    for (const [name, entry] of Object.entries(value.data as Record<string, { problem: string }>)) {
      const o = { ...origin, name };
      if (!type) { yield failure(o, located(new Error(`collection type '${String(value.name)}' is unknown; use --type`), o)); continue; }
      yield* readText(entry.problem, o, { type });
    }
    return;
  }
  // Named collection: { puzzles: { name: puzzle } }
  if (isObject(value.puzzles)) {
    const type = options.type ?? (typeof value.type === 'string' ? findPuzzleType(value.type) : undefined);
    for (const [name, entry] of Object.entries(value.puzzles)) {
      const withType = type && isObject(entry) && entry.type === undefined ? { type: type.id, ...entry } : entry;
      yield* readJsonValue(withType, { ...origin, name }, type ? { type } : options);
    }
    return;
  }
  const named = typeof value.type === 'string' ? findPuzzleType(value.type) : undefined;
  if (typeof value.type === 'string' && !named && !options.type) {
    yield failure(origin, located(new Error(`unknown puzzle type '${value.type}'`), origin));
    return;
  }
  const types = options.type ? [options.type] : named ? [named] : puzzleTypes();
  for (const type of types) {
    for (const format of type.formats) {
      if (format.matchJson?.(value)) {
        yield parseWith(type, format, value, origin);
        return;
      }
    }
  }
  yield failure(origin, located(new Error('JSON does not describe a known puzzle (add a "type" field or use --type)'), origin));
}
