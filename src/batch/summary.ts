/** The table printed at the end of a batch: counts per status, total and median time. */
import type { PuzzleStatus } from '../solve/pipeline.js';
import type { ResultRow } from '../solve/row.js';
import { median } from '../util/stats.js';

const STATUSES: PuzzleStatus[] = ['unique', 'multiple', 'solved', 'none', 'unknown', 'error'];

export interface Summary {
  puzzles: number;
  byStatus: Record<PuzzleStatus, number>;
  /** Wall time of the whole batch, ms. */
  wallMs: number;
  /** Sum and median of per-puzzle solve+count time, ms. */
  cpuMs: number;
  medianMs: number;
  conflicts: number;
  /** Rows whose solution disagrees with a published figure. */
  mismatches: number;
}

export function summarize(rows: readonly ResultRow[], wallMs: number): Summary {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<PuzzleStatus, number>;
  const times: number[] = [];
  let conflicts = 0;
  let mismatches = 0;
  for (const r of rows) {
    if (r.mismatch) mismatches += 1;
    byStatus[r.status] += 1;
    if (r.timings) times.push(r.timings.totalMs);
    conflicts += r.conflicts ?? 0;
  }
  return { puzzles: rows.length, byStatus, wallMs, cpuMs: times.reduce((a, b) => a + b, 0), medianMs: times.length ? median(times) : 0, conflicts, mismatches };
}

export function formatSummary(s: Summary, byType: Map<string, ResultRow[]>): string {
  const lines: string[] = [];
  const header = ['type', 'puzzles', ...STATUSES, 'median ms', 'total ms'];
  const rows: string[][] = [];
  for (const [type, rs] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const t = summarize(rs, 0);
    rows.push([type, String(t.puzzles), ...STATUSES.map((st) => String(t.byStatus[st])), t.medianMs.toFixed(1), t.cpuMs.toFixed(0)]);
  }
  rows.push(['all', String(s.puzzles), ...STATUSES.map((st) => String(s.byStatus[st])), s.medianMs.toFixed(1), s.cpuMs.toFixed(0)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt));
  lines.push(`wall time ${(s.wallMs / 1000).toFixed(2)} s, ${s.conflicts} conflicts${s.mismatches ? `, ${s.mismatches} differing from the published answer` : ''}`);
  return `${lines.join('\n')}\n`;
}
