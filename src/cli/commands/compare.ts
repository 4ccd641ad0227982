import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { ChartUnavailable, combinedSpec, compareCharts, renderChart } from '../../compare/chart.js';
import { compareHtml } from '../../compare/html.js';
import { penaltyLimitMs } from '../../compare/summary.js';
import {
  checkEngineAvailable, combinations, defaultEncodings, defaultEngines, parseEncodingChoice, parseEngineChoice,
  type EncodingChoice, type EngineChoice,
} from '../../compare/combinations.js';
import { compareCsv } from '../../compare/csv.js';
import { compareMarkdown } from '../../compare/markdown.js';
import { runCompare } from '../../compare/runner.js';
import type { Combination } from '../../compare/combinations.js';
import { readInputs, type PuzzleEntry } from '../../formats/inputs.js';
import { decideEntry } from '../../solve/readings.js';
import { puzzleTypes } from '../../../encodings/registry.js';
import type { AnyPuzzleType } from '../../puzzle/types.js';
import { UsageError, type CliIO } from '../io.js';
import { puzzleInputs, typeOption } from '../puzzle-options.js';

export interface CompareArgs {
  inputs: string[];
  encodings?: string[];
  engines?: string[];
  type?: string;
  timeout?: number;
  repeat: number;
  baseline?: string;
  limit?: number;
  sample?: number;
  seed: number;
  out: string;
}

export function compareBuilder<T>(y: Argv<T>) {
  return y
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: 'puzzle files, directories, URLs or game IDs' })
    .option('encodings', {
      type: 'string', array: true,
      describe: 'encodings to compare, one per value (a cardinality encoding and/or key=value variants, e.g. totalizer cardnet,noTouch=pairs); default: sequential totalizer cardnet pairwise plus every variant of the types in the input',
    })
    .option('engines', {
      type: 'string', array: true,
      describe: 'engines to compare: wasm, minisat-js, external, external:<binary>; default: wasm, minisat-js and every native solver on the PATH',
    })
    .option('type', { type: 'string', describe: `puzzle type, overriding detection (${puzzleTypes().map((t) => t.id).join(', ')})` })
    .option('timeout', { type: 'number', describe: 'seconds per puzzle and combination before the answer is "unknown"' })
    .option('repeat', { type: 'number', default: 1, describe: 'runs per measurement; the time reported is their median' })
    .option('baseline', { type: 'string', describe: 'combination the others are tested and plotted against, as "<encoding> @ <engine>" (or just the encoding or engine when that names one); default: the first' })
    .option('limit', { type: 'number', describe: 'compare only the first N puzzles' })
    .option('sample', { type: 'number', describe: 'compare N puzzles evenly spaced through the input (a quicker run over the whole range)' })
    .option('seed', { type: 'number', default: 1, describe: 'seed of the bootstrap intervals' })
    .option('out', { type: 'string', default: 'compare-out', describe: 'directory for compare.md, compare.csv, compare.svg, compare.html and charts/' });
}

function unique<T extends { label: string }>(choices: T[]): T[] {
  return choices.filter((c, i) => choices.findIndex((d) => d.label === c.label) === i);
}

/**
 * Named encodings are checked against every type gridsat knows (or `--type`); the defaults follow
 * the types actually present in the input.
 */
function encodingChoices(specs: readonly string[] | undefined, type: AnyPuzzleType | undefined, inputTypes: readonly AnyPuzzleType[]): EncodingChoice[] {
  if (!specs || specs.length === 0) return defaultEncodings(type ? [type] : inputTypes);
  return unique(specs.map((spec) => {
    try {
      return parseEncodingChoice(spec, type ? [type] : puzzleTypes());
    } catch (err) {
      throw new UsageError(`--encodings: ${(err as Error).message}`);
    }
  }));
}

function engineChoices(specs: readonly string[] | undefined, io: CliIO): EngineChoice[] {
  if (!specs || specs.length === 0) {
    const { engines, skipped } = defaultEngines();
    for (const s of skipped) io.err(`gridsat compare: engine ${s.label} left out: ${s.reason}\n`);
    if (engines.length === 0) throw new UsageError('no SAT engine is available');
    return engines;
  }
  return unique(specs.map((spec) => {
    try {
      const choice = parseEngineChoice(spec);
      checkEngineAvailable(choice);
      return choice;
    } catch (err) {
      throw new UsageError(`--engines: ${(err as Error).message}`);
    }
  }));
}

/**
 * `gridsat compare`: exit 0 when every combination agrees and nothing failed (a timeout is not a
 * failure), 1 on a disagreement, an engine error or an unreadable input.
 */
/** Resolves `--baseline` against the combinations: the full label, or an encoding or engine naming exactly one. */
function baselineChoice(spec: string | undefined, combos: readonly Combination[]): string | undefined {
  if (spec === undefined) return undefined;
  const exact = combos.find((c) => c.label === spec);
  if (exact) return exact.label;
  const partial = combos.filter((c) => c.encoding.label === spec || c.engine.label === spec);
  if (partial.length === 1) return partial[0]!.label;
  throw new UsageError(`--baseline '${spec}' ${partial.length > 1 ? 'names several combinations' : 'is not compared'}; choose one of: ${combos.map((c) => `'${c.label}'`).join(', ')}`);
}

/** `--limit` (first N) or `--sample` (N evenly spaced), and the words the report uses for it. */
function choosePuzzles<T>(all: T[], limit: number | undefined, sample: number | undefined): { chosen: T[]; words?: string } {
  for (const [name, n] of [['--limit', limit], ['--sample', sample]] as const) {
    if (n !== undefined && !(Number.isInteger(n) && n >= 1)) throw new UsageError(`${name} must be a whole number >= 1`);
  }
  if (limit !== undefined && limit < all.length) return { chosen: all.slice(0, limit), words: `the first ${limit} of ${all.length}` };
  if (sample !== undefined && sample < all.length) {
    const chosen = Array.from({ length: sample }, (_, i) => all[Math.floor((i * all.length) / sample)]!);
    return { chosen, words: `${sample} of ${all.length}, evenly spaced through the input` };
  }
  return { chosen: all };
}

export async function runCompareCommand(args: CompareArgs, io: CliIO): Promise<number> {
  const type = typeOption(args.type);
  if (args.timeout !== undefined && !(args.timeout > 0)) throw new UsageError('--timeout must be a positive number of seconds');
  if (!Number.isInteger(args.repeat) || args.repeat < 1) throw new UsageError('--repeat must be a whole number >= 1');

  // Every choice is checked before any solving starts.
  const { inputs, stdinText } = await puzzleInputs(args.inputs, io);
  const readOptions = { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) };
  const { chosen: read, words: sample } = choosePuzzles([...readInputs(inputs, readOptions)], args.limit, args.sample);
  const entries = read.map((entry): PuzzleEntry => {
    if (!entry.ok) return entry;
    const decided = decideEntry(entry);
    if (!decided.ok) return { ok: false, id: entry.id, origin: entry.origin, error: `${entry.id}: ${decided.error}` };
    if (decided.note) io.err(`gridsat compare: ${entry.id}: ${decided.note}\n`);
    return decided.entry;
  });
  const inputTypes = [...new Set(entries.flatMap((e) => (e.ok ? [e.type] : [])))];
  const encodings = encodingChoices(args.encodings, type, inputTypes);
  const engines = engineChoices(args.engines, io);
  const combos = combinations(encodings, engines);
  const baseline = baselineChoice(args.baseline, combos);

  const showProgress = io.isTTY === true;
  // Redrawn in place, so never as wide as the terminal: a wrapped line would scroll at every update.
  const progressWidth = Math.max(20, (io.columns ?? 80) - 1);
  const result = runCompare(entries, combos, {
    repeat: args.repeat,
    ...(args.timeout !== undefined ? { timeoutMs: args.timeout * 1000 } : {}),
    onRow: (row, done, total) => {
      if (showProgress) io.err(`\r${`compare: ${done}/${total} ${row.puzzle} ${row.combination}`.slice(0, progressWidth).padEnd(progressWidth)}`);
    },
  });
  if (showProgress) io.err('\n');

  const timeoutMs = args.timeout !== undefined ? args.timeout * 1000 : undefined;
  const markdown = compareMarkdown(result, {
    repeat: args.repeat, seed: args.seed,
    ...(args.timeout !== undefined ? { timeoutSeconds: args.timeout } : {}),
    ...(baseline !== undefined ? { baseline } : {}),
    ...(sample !== undefined ? { sample } : {}),
  });
  const charts = compareCharts(result.rows, {
    order: combos.map((c) => c.label), limitMs: penaltyLimitMs(result.rows, timeoutMs),
    ...(baseline !== undefined ? { baseline } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  // The charts need the optional packages vega and vega-lite; without them the tables are still written.
  const rendered: { chart: (typeof charts)[number]; svg: string }[] = [];
  let combined: string | undefined;
  let noCharts: string | undefined;
  try {
    for (const chart of charts) rendered.push({ chart, svg: (await renderChart(chart.spec)).svg });
    combined = (await renderChart(combinedSpec(charts))).svg;
  } catch (err) {
    if (!(err instanceof ChartUnavailable)) throw err;
    noCharts = err.message;
    rendered.length = 0;
  }
  const files = {
    md: join(args.out, 'compare.md'), csv: join(args.out, 'compare.csv'), svg: join(args.out, 'compare.svg'), html: join(args.out, 'compare.html'),
  };
  mkdirSync(args.out, { recursive: true });
  writeFileSync(files.md, markdown);
  writeFileSync(files.csv, compareCsv(result.rows));
  writeFileSync(files.html, compareHtml(markdown, rendered));
  if (combined !== undefined) {
    writeFileSync(files.svg, combined);
    mkdirSync(join(args.out, 'charts'), { recursive: true });
    for (const r of rendered) writeFileSync(join(args.out, 'charts', `${r.chart.id}.svg`), r.svg);
  } else {
    io.err(`gridsat compare: no charts (${files.svg}, charts/): ${noCharts}\n`);
  }
  io.out(markdown);

  for (const d of result.disagreements) {
    io.err(`gridsat compare: STATUS DISAGREEMENT on ${d.puzzle} (${d.type}): ${Object.entries(d.statuses).map(([c, s]) => `${c} → ${s}`).join('; ')}\n`);
  }
  for (const u of result.unreadable) io.err(`gridsat compare: skipped unreadable input: ${u.message}\n`);
  const errors = result.rows.filter((r) => r.status === 'error');
  for (const r of errors) io.err(`gridsat compare: ${r.puzzle} under ${r.combination}: ${r.message ?? 'error'}\n`);
  io.err(`gridsat compare: wrote ${files.md}, ${files.csv}, ${files.html}${combined !== undefined ? `, ${files.svg} and ${rendered.length} chart(s) in ${join(args.out, 'charts')}` : ''}\n`);
  return result.disagreements.length === 0 && errors.length === 0 && result.unreadable.length === 0 ? 0 : 1;
}

export const compareCommand = {
  command: 'compare <inputs..>',
  describe: 'compare encodings and engines on a puzzle set: statistics (Markdown, CSV) and cactus, scatter and distribution charts (SVG, one HTML report)',
  builder: compareBuilder,
  run: (args: CompareArgs, io: CliIO): Promise<number> => runCompareCommand(args, io),
};
