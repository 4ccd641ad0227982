/**
 * Runs every puzzle under every fitting combination, solving and proving uniqueness (count 2),
 * and checks that all combinations agree on each puzzle's status.
 */
import type { PuzzleEntry } from '../formats/inputs.js';
import { solvePuzzle, type PuzzleReport, type PuzzleStatus } from '../solve/pipeline.js';
import { encodingFits, type Combination } from './combinations.js';
import { median } from '../util/stats.js';

export interface CompareOptions {
  /** Wall-clock budget per puzzle and combination (each repeat gets its own), in milliseconds. */
  timeoutMs?: number;
  /** Runs per puzzle and combination; the reported time is their median. */
  repeat?: number;
  /** Called after each puzzle × combination, e.g. for a progress line. */
  onRow?: (row: CompareRow, done: number, total: number) => void;
}

/** One puzzle under one combination. */
export interface CompareRow {
  puzzle: string;
  type: string;
  size: string;
  combination: string;
  encoding: string;
  engine: string;
  status: PuzzleStatus;
  message?: string;
  variables: number;
  clauses: number;
  conflicts: number;
  /** Median over the repeats of the whole pipeline (encode, solve, uniqueness proof), in ms. */
  timeMs: number;
  encodeMs: number;
  repeats: number;
  /** False when another combination reached a different definite status on this puzzle. */
  agrees: boolean;
}

export interface Disagreement {
  puzzle: string;
  type: string;
  /** Combination label -> status it reported. */
  statuses: Record<string, PuzzleStatus>;
}

export interface CompareResult {
  rows: CompareRow[];
  combinations: Combination[];
  /** Puzzles the inputs failed to provide (parse errors), with the reason. */
  unreadable: { puzzle: string; message: string }[];
  disagreements: Disagreement[];
}

/** Statuses that are answers, not failures to answer: two different ones are a contradiction. */
const DEFINITE: ReadonlySet<PuzzleStatus> = new Set(['unique', 'multiple', 'none']);

export function runCompare(entries: Iterable<PuzzleEntry>, combos: readonly Combination[], options: CompareOptions = {}): CompareResult {
  const repeat = Math.max(1, Math.floor(options.repeat ?? 1));
  const puzzles = [...entries];
  const unreadable = puzzles.filter((e) => !e.ok).map((e) => ({ puzzle: e.id, message: e.ok ? '' : e.error }));
  const readable = puzzles.filter((e): e is PuzzleEntry & { ok: true } => e.ok);
  const total = readable.reduce((n, e) => n + combos.filter((c) => encodingFits(c.encoding, e.type)).length, 0);

  const rows: CompareRow[] = [];
  const disagreements: Disagreement[] = [];
  for (const entry of readable) {
    const ofPuzzle: CompareRow[] = [];
    for (const combo of combos) {
      if (!encodingFits(combo.encoding, entry.type)) continue;
      const reports: PuzzleReport[] = [];
      for (let r = 0; r < repeat; r++) {
        reports.push(solvePuzzle(entry.type, entry.puzzle, {
          engine: combo.engine.engine,
          ...(combo.engine.binary ? { binary: combo.engine.binary } : {}),
          encoding: combo.encoding.options,
          count: 2,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        }));
      }
      const row = toRow(entry, combo, reports);
      ofPuzzle.push(row);
      rows.push(row);
      options.onRow?.(row, rows.length, total);
    }
    const found = new Set(ofPuzzle.map((r) => r.status).filter((s) => DEFINITE.has(s)));
    if (found.size > 1) {
      for (const r of ofPuzzle) r.agrees = false;
      disagreements.push({
        puzzle: entry.id,
        type: entry.type.id,
        statuses: Object.fromEntries(ofPuzzle.map((r) => [r.combination, r.status])),
      });
    }
  }
  return { rows, combinations: [...combos], unreadable, disagreements };
}

/**
 * Repeats of one combination are the same deterministic computation, so the counts come from the
 * first; a repeat that reached a different status (a timeout near the limit) makes the row 'unknown'.
 */
function toRow(entry: PuzzleEntry & { ok: true }, combo: Combination, reports: readonly PuzzleReport[]): CompareRow {
  const first = reports[0]!;
  const consistent = reports.every((r) => r.status === first.status);
  const message = consistent ? first.message : `repeats disagree: ${reports.map((r) => r.status).join(', ')}`;
  return {
    puzzle: entry.id,
    type: entry.type.id,
    size: entry.type.describe(entry.puzzle),
    combination: combo.label,
    encoding: combo.encoding.label,
    engine: combo.engine.label,
    status: consistent ? first.status : 'unknown',
    ...(message ? { message } : {}),
    variables: first.variables,
    clauses: first.clauses,
    conflicts: first.conflicts,
    timeMs: median(reports.map((r) => r.timings.totalMs)),
    encodeMs: median(reports.map((r) => r.timings.encodeMs)),
    repeats: reports.length,
    agrees: true,
  };
}
