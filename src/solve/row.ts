/**
 * The machine-readable result of one puzzle: what `solve --format json` prints and `batch` streams.
 */
import type { PuzzleEntry, PuzzleOrigin } from '../formats/inputs.js';
import type { PuzzleReport, PuzzleStatus, SolveRequest, Timings } from './pipeline.js';
import { solveEntry } from './readings.js';
import { gradePuzzle } from '../explain/hint.js';
import type { Difficulty } from '../explain/grade.js';

export interface ResultRow {
  id: string;
  /** Where the puzzle came from: file path or the puzzle string. */
  input: string;
  line?: number;
  name?: string;
  /** The same place in words: `file.txt, line 3`, `collection.json, puzzle 12_10x10`. */
  source: string;
  type: string | null;
  format?: string;
  size?: string;
  status: PuzzleStatus;
  /** Solutions found when counting; exact unless `countExact` is false ("at least"). */
  count?: number;
  countExact?: boolean;
  solution?: unknown;
  message?: string;
  /** How the puzzle was read when its text was valid in several types' formats (src/solve/readings.ts). */
  note?: string;
  /** The solution's figure differs from the one the source published (PuzzleType.checkPublished). */
  mismatch?: string;
  /** `solve --determined`: see `Determined` (src/solve/pipeline.ts); names and `freeCells` are 0-based data. */
  determined?: { fixed: string[]; free: string[]; freeCells: [number, number][]; partial: boolean; text: string };
  engine?: string;
  encoding?: string;
  variables?: number;
  clauses?: number;
  conflicts?: number;
  solves?: number;
  cuts?: number;
  timings?: Timings & { parseMs?: number };
  /** With `--grade`: the difficulty from the explanation (src/explain/grade.ts), or why there is none. */
  difficulty?: Difficulty | { error: string };
}

/** The location fields every row starts with. */
export function originFields(origin: PuzzleOrigin): Pick<ResultRow, 'input' | 'line' | 'name' | 'source'> {
  const where = [origin.input];
  if (origin.line !== undefined) where.push(`line ${origin.line}`);
  if (origin.name !== undefined) where.push(`puzzle ${origin.name}`);
  return {
    input: origin.input,
    ...(origin.line !== undefined ? { line: origin.line } : {}),
    ...(origin.name !== undefined ? { name: origin.name } : {}),
    source: where.join(', '),
  };
}

export function errorRow(entry: Pick<PuzzleEntry & { ok: false }, 'id' | 'origin' | 'type' | 'error'>): ResultRow {
  return {
    id: entry.id,
    ...originFields(entry.origin),
    type: entry.type?.id ?? null,
    status: 'error',
    message: entry.error,
  };
}

export function resultRow(entry: PuzzleEntry & { ok: true }, report: PuzzleReport, encoding: string, note?: string): ResultRow {
  return {
    id: entry.id,
    ...originFields(entry.origin),
    type: entry.type.id,
    format: entry.format,
    size: entry.type.describe(entry.puzzle),
    status: report.status,
    ...(report.count !== undefined ? { count: report.count, countExact: report.countExact } : {}),
    ...(report.solution !== undefined ? { solution: entry.type.solutionToJson(report.solution) } : {}),
    ...(report.message ? { message: report.message } : {}),
    ...(note ? { note } : {}),
    ...mismatchField(entry, report.solution),
    ...(report.determined ? { determined: report.determined } : {}),
    engine: report.engine,
    encoding,
    variables: report.variables,
    clauses: report.clauses,
    conflicts: report.conflicts,
    solves: report.solves,
    cuts: report.cuts,
    timings: roundTimings(report.timings),
  };
}

function roundTimings(t: Timings): Timings {
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { encodeMs: r(t.encodeMs), solveMs: r(t.solveMs), countMs: r(t.countMs), backboneMs: r(t.backboneMs), totalMs: r(t.totalMs) };
}

/** The row for an entry: solved (deciding between readings when the text had several), or in error. */
export function solvedRow(entry: PuzzleEntry, request: SolveRequest, encoding: string): ResultRow {
  if (!entry.ok) return errorRow(entry);
  const decision = solveEntry(entry, request);
  if (!decision.ok) return errorRow({ id: entry.id, origin: entry.origin, error: `${originFields(entry.origin).source}: ${decision.error}` });
  return withDifficulty(resultRow(decision.entry, decision.report, encoding, decision.note), decision.entry, request);
}

/** With `request.grade`, adds the puzzle's difficulty to the row of a unique puzzle. */
export function withDifficulty(row: ResultRow, entry: PuzzleEntry & { ok: true }, request: SolveRequest): ResultRow {
  if (!request.grade || (row.status !== 'unique' && row.status !== 'solved')) return row;
  try {
    const d = gradePuzzle(entry.type, entry.puzzle, request.encoding ?? {}, request.timeoutMs);
    return { ...row, difficulty: d ?? { error: `no grade for ${entry.type.id}: its rules name no rule instances, it is not unique, or a limit stopped the explanation` } };
  } catch (err) {
    return { ...row, difficulty: { error: (err as Error).message } };
  }
}

/** Human wording of a result: "unique", "3 solutions", "at least 2 solutions", "no solution". */
export function describeStatus(row: Pick<ResultRow, 'status' | 'count' | 'countExact' | 'message'>): string {
  switch (row.status) {
    case 'unique': return 'unique solution';
    case 'multiple': return row.countExact ? `${row.count} solutions` : `at least ${row.count} solutions`;
    case 'solved': return 'solved';
    case 'none': return 'no solution';
    case 'unknown': return `unknown (${row.message ?? 'a limit stopped the engine'})`;
    case 'error': return `error: ${row.message ?? 'unknown error'}`;
  }
}

/** Solved statuses: everything else makes the exit code 1. */
function mismatchField(entry: PuzzleEntry & { ok: true }, solution: unknown): { mismatch?: string } {
  if (solution === undefined || !entry.type.checkPublished) return {};
  const mismatch = entry.type.checkPublished(entry.puzzle, solution);
  return mismatch ? { mismatch } : {};
}

/** A row that counts as success for the exit code: solved, and agreeing with what was published. */
export function rowSucceeded(row: Pick<ResultRow, 'status' | 'mismatch'>): boolean {
  return isSolved(row.status) && row.mismatch === undefined;
}

export function isSolved(status: PuzzleStatus): boolean {
  return status === 'unique' || status === 'multiple' || status === 'solved';
}
