/**
 * The comparison as CSV (RFC 4180): one row per puzzle × combination, numbers left unformatted;
 * a counter the engine does not keep (minisat-js) is an empty field.
 */
import type { CompareRow } from './runner.js';

export const CSV_COLUMNS = [
  'puzzle', 'type', 'size', 'encoding', 'engine', 'status', 'solved', 'agrees',
  'variables', 'clauses', 'conflicts', 'propagations', 'time_ms', 'clock', 'wall_ms', 'repeats', 'message',
] as const;

function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  const s = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function compareCsv(rows: readonly CompareRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push([
      r.puzzle, r.type, r.size, r.encoding, r.engine, r.status, r.solved, r.agrees,
      r.variables, r.clauses, r.conflicts, r.propagations, r.timeMs, r.clock, r.wallMs, r.repeats, r.message ?? '',
    ].map(field).join(','));
  }
  return lines.join('\n') + '\n';
}
