/**
 * Turns command-line inputs (files, directories, puzzle strings) into parsed puzzles, one entry per
 * puzzle. A malformed puzzle becomes an error entry naming its source and line; reading goes on.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ParseError } from '../util/errors.js';
import { jsonSyntaxError } from '../util/json-text.js';
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

/** One way of reading a text: a type, the format that read it, and the puzzle it gave. */
export interface Reading {
  type: AnyPuzzleType;
  format: string;
  puzzle: unknown;
}

/**
 * One puzzle read from the inputs. When the text is valid in several types' formats (a janko grid
 * of `-` and 1–4 is both Akari and Hashi), `alternatives` holds the other readings: the entry's own
 * reading is only the first candidate, and the solve layer (src/solve/readings.ts) decides by
 * solving them all. Nothing may use an entry with alternatives as if it were decided.
 */
export type PuzzleEntry =
  | ({ ok: true; id: string; origin: PuzzleOrigin; alternatives?: readonly Reading[] } & Reading)
  | { ok: false; id: string; origin: PuzzleOrigin; type?: AnyPuzzleType; error: string };

/** Every reading of an entry: its own first, then the alternatives. */
export function readingsOf(entry: PuzzleEntry & { ok: true }): Reading[] {
  return [{ type: entry.type, format: entry.format, puzzle: entry.puzzle }, ...(entry.alternatives ?? [])];
}

export interface ReadOptions {
  /** Only consider this type's formats (`--type`). */
  type?: AnyPuzzleType;
  /** What the input `-` reads: standard input's text, read by the caller. */
  stdinText?: string;
}

/** A stable id for a puzzle: source plus line or name. */
export function entryId(origin: PuzzleOrigin): string {
  const suffix = origin.name !== undefined ? `#${origin.name}` : origin.line !== undefined ? `:${origin.line}` : '';
  return `${origin.input}${suffix}`;
}

/**
 * Reads every input in order; directories are walked (sorted, hidden files skipped). A directory
 * given as an input that holds no puzzle file is an error entry, not silence.
 */
export function* readInputs(inputs: readonly string[], options: ReadOptions = {}): Generator<PuzzleEntry> {
  for (const input of inputs) {
    let any = false;
    for (const entry of readInput(input, options)) {
      any = true;
      yield entry;
    }
    if (!any && input !== '-' && isDirectory(input)) {
      yield failure({ input }, `${input}: no puzzle files in this directory (hidden files, *.solution.* files, scripts and documentation are passed over)`);
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function* readInput(input: string, options: ReadOptions): Generator<PuzzleEntry> {
  if (input === '-') {
    const origin = { input: '<stdin>' };
    if (options.stdinText === undefined) yield failure(origin, 'standard input was not read');
    else yield* readText(options.stdinText, origin, options);
    return;
  }
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
    yield failure({ input }, `${input}: no such file or directory`);
    return;
  }
  yield* readText(input, { input }, options, true, true);
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

/**
 * A string that no format recognised and that has the shape of a path (one word with a slash, or
 * a name with an extension): it was meant as a file that is not there, not as a puzzle.
 */
function looksLikeMissingPath(s: string): boolean {
  return /^[^\s:?*"<>|]+$/.test(s) && (/[\\/]/.test(s) || /\.[A-Za-z][A-Za-z0-9]{0,4}$/.test(s));
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

interface Candidate {
  type: AnyPuzzleType;
  format: PuzzleFormat<unknown>;
}

/**
 * Parses the input with every candidate (at most one format per type: a type's own format order
 * decides among its formats). The content decides between types where it can: a reading that
 * fails to parse drops out. One reading left is the entry; several make an entry with alternatives;
 * none is an error with each candidate's reason.
 */
function readCandidates(candidates: readonly Candidate[], input: unknown, origin: PuzzleOrigin): PuzzleEntry {
  const readings: Reading[] = [];
  const failures: { candidate: Candidate; err: unknown }[] = [];
  for (const candidate of candidates) {
    try {
      readings.push({ type: candidate.type, format: candidate.format.name, puzzle: candidate.format.parse(input) });
    } catch (err) {
      failures.push({ candidate, err });
    }
  }
  const [first, ...others] = readings;
  if (first) return { ok: true, id: entryId(origin), origin, ...first, ...(others.length ? { alternatives: others } : {}) };
  if (failures.length === 1) return failure(origin, located(failures[0]!.err, origin), failures[0]!.candidate.type);
  const reasons = failures.map(({ candidate, err }) => {
    const why = err instanceof ParseError ? err.within(origin.line !== undefined ? { line: origin.line } : {}).message
      : err instanceof Error ? err.message : String(err);
    return `as ${candidate.type.id} (${candidate.format.name}): ${why}`;
  });
  return failure(origin, located(new Error(`not a valid puzzle in any format it resembles: ${reasons.join('; ')}`), origin));
}

/** Per type, the first of its formats that `matches` (a type's format order is its own precedence). */
function candidatesFor(types: readonly AnyPuzzleType[], matches: (format: PuzzleFormat<unknown>) => boolean | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const type of types) {
    const format = type.formats.find((f) => matches(f) === true);
    if (format) out.push({ type, format });
  }
  return out;
}

const isComment = (line: string) => line.trim() === '' || line.trimStart().startsWith('#');

/**
 * A whole text: JSON, NDJSON, a multi-puzzle file, one puzzle per line, or one multi-line puzzle.
 * `literal`: the text is a puzzle string given as it is (its own name). `commandLine`: it was a
 * command-line argument that is not a file, so a path-shaped text no format reads is reported as a
 * missing file rather than an unknown format.
 */
export function* readText(text: string, origin: PuzzleOrigin, options: ReadOptions = {}, literal = false, commandLine = false): Generator<PuzzleEntry> {
  const trimmed = text.trim();
  if (trimmed === '') {
    yield failure(origin, literal ? 'empty input' : `${origin.input}: empty input`);
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
          yield readCandidates([{ type, format }], chunk.text, o);
        }
        return;
      }
    }
  }

  const lines = text.split(/\r?\n/);
  const firstContent = lines.findIndex((l) => !isComment(l));
  if (firstContent >= 0 && (lineCandidates(lines[firstContent]!.trim(), types).length > 0 || PUZZLINK_URL.test(lines[firstContent]!))) {
    for (let i = 0; i < lines.length; i++) {
      if (isComment(lines[i]!)) continue;
      const line = lines[i]!.trim();
      // A puzzle string typed on the command line is its own name; a line number would be noise.
      const o = literal && lines.length === 1 ? origin : { ...origin, line: i + 1 };
      const found = lineCandidates(line, types);
      yield found.length > 0
        ? readCandidates(found, line, o)
        : failure(o, located(new Error(unsupportedUrl(line) ?? 'not a puzzle in any one-line format (puzz.link URL, Tatham game ID)'), o));
    }
    return;
  }

  const found = candidatesFor(types, (f) => f.matchText?.(text));
  if (found.length > 0) {
    yield readCandidates(found, text, origin);
    return;
  }
  // With --type the person has said what it is: where the text departs from that type's text
  // formats (a stray character) says more than "unrecognised". Only their errors are used; a format
  // whose parse takes a text its own detection turned down is not trusted with it.
  if (options.type) {
    const near = nearMiss(options.type, text, origin);
    if (near) {
      yield near;
      return;
    }
  }
  const hint = options.type ? ` as ${options.type.id}` : '; use --type to say which puzzle it is';
  const oneLine = trimmed.includes('\n') ? undefined : unsupportedUrl(trimmed);
  const missing = commandLine && looksLikeMissingPath(trimmed) ? 'no such file or directory (nor a puzzle in a format gridsat reads)' : undefined;
  yield failure(origin, located(new Error(oneLine ?? missing ?? `unrecognised puzzle format${hint}`), origin));
}

/**
 * The type's text formats (those that detect a text by its content) parsed anyway: an error entry
 * listing where each one failed, or undefined when none failed with a location (or one parsed).
 */
function nearMiss(type: AnyPuzzleType, text: string, origin: PuzzleOrigin): PuzzleEntry | undefined {
  const formats = type.formats.filter((f) => f.matchText !== undefined && f.name !== 'json');
  const reasons: { at: number; text: string }[] = [];
  for (const format of formats) {
    try {
      format.parse(text);
      return undefined;
    } catch (err) {
      if (err instanceof ParseError && err.location.line !== undefined) {
        const at = err.location.line * 1e6 + (err.location.column ?? 0);
        reasons.push({ at, text: `as ${format.name}: ${err.within(origin.line !== undefined ? { line: origin.line } : {}).message}` });
      }
    }
  }
  if (reasons.length === 0) return undefined;
  // The reading that got furthest into the text first: most likely the format that was meant.
  reasons.sort((a, b) => b.at - a.at);
  return failure(origin, located(new Error(`not a valid ${type.id} puzzle in any of its text formats: ${reasons.map((r) => r.text).join('; ')}`), origin), type);
}

/** puzz.link and its mirrors: `https://puzz.link/p?<type>/…` (also `p.html?`). */
const PUZZLINK_URL = /^\s*(?:https?:\/\/)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)\/p(?:\.html)?\?([^/\s]*)/i;

/**
 * For a puzz.link URL that no format reads: the message naming its type and the types gridsat
 * solves (from the formats' `typeNames`). Undefined when the line is not a puzz.link URL, or when
 * its type is one gridsat reads (then the reader's own error is the useful one).
 */
function unsupportedUrl(line: string): string | undefined {
  const m = PUZZLINK_URL.exec(line);
  if (!m) return undefined;
  const name = m[1]!.toLowerCase();
  const solved = puzzleTypes().flatMap((t) => t.formats.filter((f) => f.name === 'puzzlink' && f.typeNames?.length).map((f) => f.typeNames!));
  if (solved.some((names) => names.includes(name))) return undefined;
  const what = name === '' ? 'a puzz.link URL without a puzzle type' : `puzz.link type '${m[1]}' is not one gridsat solves`;
  return `${what} (it solves ${solved.map((names) => names.join('/')).join(', ')})`;
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

function lineCandidates(line: string, types: readonly AnyPuzzleType[]): Candidate[] {
  return candidatesFor(types, (f) => f.matchLine?.(line));
}

function* readJsonText(text: string, origin: PuzzleOrigin, options: ReadOptions): Generator<PuzzleEntry> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (wholeErr) {
    // Not one JSON document: NDJSON (one value per line) when the first line is a value by itself,
    // else one broken document, reported at its line and column.
    const lines = text.split(/\r?\n/);
    const first = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    if (lines.filter((l) => l.trim() !== '').length < 2 || !parsesAlone(lines[first] ?? '')) {
      yield failure(origin, jsonError(wholeErr, text, origin, 1));
      return;
    }
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i]!;
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const o = { ...origin, line: i + 1 };
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (err) {
        yield failure(o, jsonError(err, raw, o, i + 1));
        continue;
      }
      yield* readJsonValue(v, o, options);
    }
    return;
  }
  yield* readJsonValue(value, origin, options);
}

function parsesAlone(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** A JSON.parse error worded with its line and column; `firstLine` is the text's first line number. */
function jsonError(err: unknown, text: string, origin: PuzzleOrigin, firstLine: number): string {
  const located = jsonSyntaxError(text, err);
  const prefix = [origin.input, origin.name].filter(Boolean).join(', ');
  return `${prefix}, line ${firstLine + located.location.line! - 1}, column ${located.location.column}: ${located.reason}`;
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
  const found = candidatesFor(types, (f) => f.matchJson?.(value));
  if (found.length > 0) {
    yield readCandidates(found, value, origin);
    return;
  }
  yield failure(origin, located(new Error('JSON does not describe a known puzzle (add a "type" field or use --type)'), origin));
}
