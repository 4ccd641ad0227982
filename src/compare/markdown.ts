/**
 * The Markdown report of a comparison: what each encoding is and costs, which clock each time is,
 * then per puzzle type one table of statistics with a significance verdict against the baseline,
 * then any disagreement spelled out.
 */
import type { PuzzleStatus } from '../solve/pipeline.js';
import { median } from '../util/stats.js';
import { describeEncoding } from './describe.js';
import { clockDescription } from './measure.js';
import { WARM_UP, type CompareResult, type CompareRow } from './runner.js';
import { ALPHA, penaltyLimitMs, summarize, type CombinationStats } from './summary.js';

export interface MarkdownContext {
  /** Runs per measurement (the time is their median). */
  repeat: number;
  timeoutSeconds?: number;
  /** Combination label the others are tested against (default: the first). */
  baseline?: string;
  /** Bootstrap seed (default 1). */
  seed?: number;
  /** Puzzles left out by `--limit`, if any: "first 30 of 117". */
  sample?: string;
}

const STATUS_ORDER: readonly PuzzleStatus[] = ['unique', 'multiple', 'solved', 'none', 'unknown', 'error'];

function statusText(s: CombinationStats): string {
  return STATUS_ORDER.filter((k) => s.statuses[k]).map((k) => `${s.statuses[k]} ${k}`).join(', ');
}

/** 3 significant figures, no exponent for ordinary times. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  const digits = Math.max(0, 2 - Math.floor(Math.log10(a)));
  return x.toFixed(Math.min(digits, 4));
}
const int = (x: number | null) => (x === null || !Number.isFinite(x) ? '–' : Math.round(x).toLocaleString('en-US'));

export function pValue(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p < 1e-4) return p.toExponential(1).replace('e-', '·10⁻').replace(/\d+$/, (e) => [...e].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(c)]).join(''));
  return p < 0.01 ? p.toFixed(4) : p.toFixed(3);
}

function table(stats: readonly CombinationStats[]): string {
  const bestMedian = Math.min(...stats.map((s) => s.median.estimate));
  const lines = [
    '| encoding | engine | solved | median ms [95 % CI] | geo. mean ms [95 % CI] | PAR-2 s | time ratio vs baseline | Wilcoxon p (Holm) | verdict | median vars | median clauses | median conflicts | median propagations | statuses |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|---|',
  ];
  for (const s of stats) {
    const m = `${num(s.median.estimate)} [${num(s.median.low)}, ${num(s.median.high)}]`;
    const g = `${num(s.geoMean.estimate)} [${num(s.geoMean.low)}, ${num(s.geoMean.high)}]`;
    const v = s.versus;
    const ratio = v ? `×${num(v.ratio)}` : 'baseline';
    const p = v ? `${pValue(v.test.p)} (${pValue(v.pAdjusted)})` : '';
    const verdict = v ? (v.verdict === 'no detectable difference' ? v.verdict : `**${v.verdict}**`) : '';
    const status = s.disagreements ? `${statusText(s)} **${s.disagreements} disagree ⚠**` : statusText(s);
    lines.push(`| ${s.encoding} | ${s.engine} | ${s.solved}/${s.puzzles} | ${s.median.estimate === bestMedian ? `**${m}**` : m} | ${g} | ${num(s.par2Seconds)} | ${ratio} | ${p} | ${verdict} | ${int(s.medianVariables)} | ${int(s.medianClauses)} | ${int(s.medianConflicts)} | ${int(s.medianPropagations)} | ${status} |`);
  }
  return lines.join('\n');
}

/** One sentence per tested combination, the words a reader takes away. */
function verdictLines(stats: readonly CombinationStats[]): string[] {
  return stats.filter((s) => s.versus).map((s) => {
    const v = s.versus!;
    const how = v.verdict === 'no detectable difference'
      ? `no detectable difference from \`${v.baseline}\``
      : `**${v.verdict}** than \`${v.baseline}\``;
    const method = v.test.method === 'exact' ? 'exact' : `normal approximation, z = ${num(v.test.z ?? NaN)}`;
    return `- \`${s.combination}\`: ${how} — per-puzzle time ratio ×${num(v.ratio)} (geometric mean over ${v.pairs} puzzles), ` +
      `Wilcoxon signed-rank p = ${pValue(v.test.p)} (${method}${v.test.zeros ? `, ${v.test.zeros} ties dropped` : ''}), Holm-adjusted p = ${pValue(v.pAdjusted)}.`;
  });
}

/** Per encoding, what it is and its median size on each type's puzzles. */
function encodingLines(result: CompareResult, rows: readonly CompareRow[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const combo of result.combinations) {
    const label = combo.encoding.label;
    if (seen.has(label)) continue;
    seen.add(label);
    const mine = rows.filter((r) => r.encoding === label);
    const types = [...new Set(mine.map((r) => r.type))];
    const cost = types.map((t) => {
      const ofType = mine.filter((r) => r.type === t);
      const puzzles = new Set(ofType.map((r) => r.puzzle)).size;
      return `${t}: ${int(median(ofType.map((r) => r.variables)))} variables, ${int(median(ofType.map((r) => r.clauses)))} clauses (median of ${puzzles})`;
    });
    out.push(`- \`${label}\` — ${describeEncoding(combo.encoding.options)}.${cost.length ? ` Typical puzzle: ${cost.join('; ')}.` : ''}`);
  }
  return out;
}

export function compareMarkdown(result: CompareResult, context: MarkdownContext): string {
  const order = result.combinations.map((c) => c.label);
  const puzzles = new Set(result.rows.map((r) => r.puzzle));
  const types = [...new Set(result.rows.map((r) => r.type))];
  const limitMs = penaltyLimitMs(result.rows, context.timeoutSeconds !== undefined ? context.timeoutSeconds * 1000 : undefined);
  const seed = context.seed ?? 1;
  const baseline = context.baseline ?? order[0];
  const out: string[] = ['# gridsat compare', ''];
  out.push('## Encodings', '', ...encodingLines(result, result.rows), '');

  const engines = [...new Set(result.combinations.map((c) => c.engine.label))];
  out.push(
    '## How it was measured', '',
    `${puzzles.size} puzzle(s) (${types.join(', ') || 'none'}${context.sample ? `; ${context.sample}` : ''}), ${order.length} combination(s) of encoding × engine. ` +
      'Each run encodes, solves and proves uniqueness (count 2). Contenders are interleaved puzzle by puzzle in rotating order, ' +
      `each combination is warmed up on the first puzzles of each type before measuring (${WARM_UP.minRuns} to ${WARM_UP.maxRuns} runs, until ${WARM_UP.ms} ms), and each time is the median of ${context.repeat} run(s).`,
    '',
    ...engines.map((e) => `- \`${e}\` time: ${clockDescription(e)}.`),
    '',
    (result.rows.every((r) => r.solved) && context.timeoutSeconds === undefined
      ? 'Every run answered, so PAR-2 is the plain total time. '
      : `Unsolved runs (${context.timeoutSeconds !== undefined ? `timeout ${context.timeoutSeconds} s of wall time` : 'no timeout was set, so only errors'}) count as ` +
        `2 × ${num(limitMs / 1000)} s (PAR-2) in every statistic. `) +
      `Intervals: 95 % percentile bootstrap over puzzles (2,000 resamples, seed ${seed}). ` +
      `Each combination is tested against the baseline \`${baseline}\` (within each type, the first combination when the baseline does not fit it) by a paired ` +
      `Wilcoxon signed-rank test on per-puzzle log time ratios (two-sided; exact for n ≤ 50 without ties, else normal approximation with tie correction); ` +
      `"faster"/"slower" means Holm-adjusted p < ${ALPHA}. Counters the engine does not keep are "–".`,
    '',
  );
  out.push(result.disagreements.length === 0
    ? 'Status check: every combination agrees on every puzzle.'
    : `**STATUS DISAGREEMENT on ${result.disagreements.length} puzzle(s)**: see the end of this report.`, '');

  const sections = types.length > 1 ? [...types.map((t) => [t, t] as const), ['All puzzles', undefined] as const] : types.map((t) => [t, t] as const);
  for (const [title, type] of sections) {
    const rows = type ? result.rows.filter((r) => r.type === type) : result.rows;
    const present = order.filter((c) => rows.some((r) => r.combination === c));
    const base = baseline !== undefined && present.includes(baseline) ? baseline : present[0];
    const stats = summarize(rows, order, { limitMs, seed, ...(base ? { baseline: base } : {}) });
    out.push(`## ${title}`, '', table(stats), '', ...verdictLines(stats), '');
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
