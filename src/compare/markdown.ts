/**
 * The Markdown report of a comparison: one summary row per combination over the whole puzzle set,
 * then the same table per puzzle type, then any disagreement spelled out.
 */
import type { PuzzleStatus } from '../solve/pipeline.js';
import { median } from '../util/stats.js';
import type { CompareResult, CompareRow } from './runner.js';

/** Per-combination aggregate over a set of rows. */
export interface Summary {
  combination: string;
  encoding: string;
  engine: string;
  puzzles: number;
  statuses: Partial<Record<PuzzleStatus, number>>;
  disagreements: number;
  totalMs: number;
  medianMs: number;
  medianVariables: number;
  medianClauses: number;
  /** Undefined when the engine does not count conflicts. */
  totalConflicts: number | undefined;
}

export function summarize(rows: readonly CompareRow[], order: readonly string[]): Summary[] {
  const out: Summary[] = [];
  for (const combination of order) {
    const mine = rows.filter((r) => r.combination === combination);
    if (mine.length === 0) continue;
    const statuses: Partial<Record<PuzzleStatus, number>> = {};
    for (const r of mine) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    out.push({
      combination,
      encoding: mine[0]!.encoding,
      engine: mine[0]!.engine,
      puzzles: mine.length,
      statuses,
      disagreements: mine.filter((r) => !r.agrees).length,
      totalMs: mine.reduce((s, r) => s + r.timeMs, 0),
      medianMs: median(mine.map((r) => r.timeMs)),
      medianVariables: median(mine.map((r) => r.variables)),
      medianClauses: median(mine.map((r) => r.clauses)),
      totalConflicts: countsConflicts(mine[0]!.engine) ? mine.reduce((s, r) => s + r.conflicts, 0) : undefined,
    });
  }
  return out;
}

/** logic-solver's MiniSat reports no statistics: its conflicts are unknown, not zero. */
export function countsConflicts(engine: string): boolean {
  return engine !== 'minisat-js';
}

const STATUS_ORDER: readonly PuzzleStatus[] = ['unique', 'multiple', 'solved', 'none', 'unknown', 'error'];

function statusText(s: Summary): string {
  return STATUS_ORDER.filter((k) => s.statuses[k]).map((k) => `${s.statuses[k]} ${k}`).join(', ');
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const int = (x: number) => String(Math.round(x));

function table(summaries: readonly Summary[]): string {
  const fastest = Math.min(...summaries.map((s) => s.medianMs));
  const lines = [
    '| encoding | engine | puzzles | statuses | disagree | total ms | median ms | median vars | median clauses | conflicts |',
    '|---|---|--:|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const s of summaries) {
    const median = s.medianMs === fastest ? `**${ms(s.medianMs)}**` : ms(s.medianMs);
    const disagree = s.disagreements ? `**${s.disagreements} ⚠**` : '0';
    lines.push(`| ${s.encoding} | ${s.engine} | ${s.puzzles} | ${statusText(s)} | ${disagree} | ${ms(s.totalMs)} | ${median} | ${int(s.medianVariables)} | ${int(s.medianClauses)} | ${s.totalConflicts ?? '–'} |`);
  }
  return lines.join('\n');
}

export interface MarkdownContext {
  /** Runs per measurement (the time is their median). */
  repeat: number;
  timeoutSeconds?: number;
}

export function compareMarkdown(result: CompareResult, context: MarkdownContext): string {
  const order = result.combinations.map((c) => c.label);
  const puzzles = new Set(result.rows.map((r) => r.puzzle));
  const types = [...new Set(result.rows.map((r) => r.type))];
  const out: string[] = ['# gridsat compare', ''];
  out.push(
    `${puzzles.size} puzzle(s) (${types.join(', ') || 'none'}), ${order.length} combination(s); each run solves and proves ` +
      `uniqueness (count 2). Time: median of ${context.repeat} run(s), whole pipeline` +
      `${context.timeoutSeconds !== undefined ? `, timeout ${context.timeoutSeconds} s` : ''}. ` +
      'Medians are over puzzles; the fastest median is bold. A variant row covers only the types ' +
      'that offer it (see its puzzle count), so compare rows within a type\'s own table.',
    '',
  );
  out.push(result.disagreements.length === 0
    ? 'Status check: every combination agrees on every puzzle.'
    : `**STATUS DISAGREEMENT on ${result.disagreements.length} puzzle(s)**: see the end of this report.`, '');

  out.push('## All puzzles', '', table(summarize(result.rows, order)), '');
  for (const type of types) {
    out.push(`## ${type}`, '', table(summarize(result.rows.filter((r) => r.type === type), order)), '');
  }
  if (result.disagreements.length > 0) {
    out.push('## Disagreements', '');
    for (const d of result.disagreements) {
      out.push(`- ⚠ ${d.puzzle} (${d.type}): ${Object.entries(d.statuses).map(([c, s]) => `${c} → ${s}`).join('; ')}`);
    }
    out.push('');
  }
  if (result.unreadable.length > 0) {
    out.push('## Unreadable inputs', '');
    for (const u of result.unreadable) out.push(`- ${u.message}`);
    out.push('');
  }
  return out.join('\n');
}
