/**
 * Deciding between readings. A text valid in several types' formats (a janko grid of `-` and 1–4
 * reads as Akari and as Hashi) comes from the reader as one entry with alternatives; here each
 * reading is solved and the puzzle is the one reading that has an answer. The row then says which
 * reading was taken and why. When solving cannot decide (two readings solve, or a limit stopped
 * one), the entry is an error naming the candidates and `--type`: never a silent guess.
 */
import { readingsOf, type PuzzleEntry, type Reading } from '../formats/inputs.js';
import { solvePuzzle, type PuzzleReport, type PuzzleStatus, type SolveRequest } from './pipeline.js';

export type ReadEntry = PuzzleEntry & { ok: true };

/** An entry with exactly one reading (no alternatives). */
export type DecidedEntry = ReadEntry & { alternatives?: undefined };

export type Decision =
  | { ok: true; entry: DecidedEntry; report: PuzzleReport; note?: string }
  | { ok: false; error: string };

/** How strongly a status says "this is the puzzle": a unique answer beats several. */
function strength(status: PuzzleStatus): number {
  switch (status) {
    case 'unique': return 3;
    case 'multiple': case 'solved': return 2;
    case 'unknown': return 1;
    case 'none': case 'error': return 0;
  }
}

function outcome(report: PuzzleReport): string {
  switch (report.status) {
    case 'unique': return 'has a unique solution';
    case 'multiple': return report.countExact ? `has ${report.count} solutions` : `has at least ${report.count} solutions`;
    case 'solved': return 'has a solution';
    case 'none': return 'has no solution';
    case 'unknown': return 'was stopped by a limit';
    case 'error': return `cannot be solved (${report.message ?? 'error'})`;
  }
}

const label = (r: Reading): string => `${r.type.id} ${r.format}`;

/** The entry narrowed to one reading. */
export function withReading(entry: ReadEntry, reading: Reading): DecidedEntry {
  const { alternatives: _dropped, ...rest } = entry;
  return { ...rest, type: reading.type, format: reading.format, puzzle: reading.puzzle };
}

/**
 * Solves an entry with `request`. With one reading that is all; with several, every reading is
 * solved and the answer taken is the reading whose result is strictly stronger than every other's
 * (a solution against none; a unique solution against several), provided no other reading was left
 * undecided by a limit.
 */
export function solveEntry(entry: ReadEntry, request: SolveRequest): Decision {
  const readings = readingsOf(entry);
  if (readings.length === 1) return { ok: true, entry: withReading(entry, readings[0]!), report: solvePuzzle(entry.type, entry.puzzle, request) };
  const solved = readings.map((reading) => ({ reading, report: solvePuzzle(reading.type, reading.puzzle, request) }));
  const ranked = [...solved].sort((a, b) => strength(b.report.status) - strength(a.report.status));
  const [best, ...rest] = ranked as [typeof solved[number], ...typeof solved];
  const decided = strength(best.report.status) >= 2
    && rest.every((o) => strength(o.report.status) < strength(best.report.status) && o.report.status !== 'unknown');
  const others = rest.map((o) => `${label(o.reading)} text, which ${outcome(o.report)}`).join('; ');
  if (decided) {
    return {
      ok: true,
      entry: withReading(entry, best.reading),
      report: best.report,
      note: `read as ${best.reading.type.id}: also valid ${others}`,
    };
  }
  const all = solved.map((o) => `as ${label(o.reading)} text it ${outcome(o.report)}`).join('; ');
  const types = solved.map((o) => o.reading.type.id).join(' or --type ');
  return { ok: false, error: `ambiguous puzzle: ${all}; say which with --type ${types}` };
}

/**
 * The one reading of an entry, for commands that need a puzzle rather than an answer (dimacs,
 * convert, compare): an entry with alternatives is decided by solving them (counting to 2, so a
 * unique reading beats one with several solutions).
 */
export function decideEntry(entry: ReadEntry, request: SolveRequest = {}): { ok: true; entry: DecidedEntry; note?: string } | { ok: false; error: string } {
  if (!entry.alternatives?.length) return { ok: true, entry: withReading(entry, entry) };
  const d = solveEntry(entry, { ...request, count: 2, determined: false });
  return d.ok ? { ok: true, entry: d.entry, ...(d.note ? { note: d.note } : {}) } : d;
}
