/** The comparison as CSV (RFC 4180): one row per puzzle × combination, numbers left unformatted. */
import { countsConflicts } from './markdown.js';
import type { CompareRow } from './runner.js';

export const CSV_COLUMNS = [
  'puzzle', 'type', 'size', 'encoding', 'engine', 'status', 'agrees',
  'variables', 'clauses', 'conflicts', 'time_ms', 'encode_ms', 'repeats', 'message',
] as const;

function field(value: string | number | boolean): string {
  const s = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function compareCsv(rows: readonly CompareRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push([
      r.puzzle, r.type, r.size, r.encoding, r.engine, r.status, r.agrees,
      r.variables, r.clauses, countsConflicts(r.engine) ? r.conflicts : '', r.timeMs, r.encodeMs, r.repeats, r.message ?? '',
    ].map(field).join(','));
  }
  return lines.join('\n') + '\n';
}
