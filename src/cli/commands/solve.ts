import { mkdirSync, writeFileSync } from 'node:fs';
import { drawUndetermined } from '../../solve/determined-svg.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { GRACE_MS, WorkerPool } from '../../batch/pool.js';
import { toTask, type BatchTask, type TaskAnswer } from '../../batch/task.js';
import { readingsOf, readInputs, type PuzzleEntry } from '../../formats/inputs.js';
import { defaultEngine, type SolveRequest } from '../../solve/pipeline.js';
import { solveEntry } from '../../solve/readings.js';
import { describeStatus, errorRow, isSolved, originFields, resultRow, rowSucceeded, withDifficulty, type ResultRow } from '../../solve/row.js';
import { encodingLabel } from '../../solve/encoding-option.js';
import { writePuzzle, type Written } from '../../solve/write.js';
import { UsageError, type CliIO } from '../io.js';
import { puzzleInputs, solveRequest, typeOption, withPuzzleOptions, type PuzzleArgs } from '../puzzle-options.js';

export interface SolveArgs extends PuzzleArgs {
  inputs: string[];
  /** Default: svg with --svg-dir, text otherwise. */
  format?: 'text' | 'json' | 'svg' | PuzzleTarget;
  count?: number;
  determined: boolean;
  grade: boolean;
  svgDir?: string;
}

/** `--format` values that print the puzzle itself in another format (see `gridsat convert`). */
const PUZZLE_TARGETS = ['url', 'tatham', 'sbn', 'janko'] as const;
type PuzzleTarget = (typeof PUZZLE_TARGETS)[number];
const isPuzzleTarget = (f: string): f is PuzzleTarget => (PUZZLE_TARGETS as readonly string[]).includes(f);

export function solveBuilder<T>(y: Argv<T>) {
  return withPuzzleOptions(y)
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: 'puzzle files, directories, URLs or game IDs' })
    .option('format', { choices: ['text', 'json', 'svg', ...PUZZLE_TARGETS] as const, describe: 'output (default text, or svg with --svg-dir): solved grid as text, one JSON object per line, SVG, or the puzzle itself as a puzz.link URL, Tatham game ID, SBN line or janko text' })
    .option('count', { type: 'number', describe: 'enumerate up to N solutions (0 = all): reports unique / N solutions / at least N' })
    .option('determined', { type: 'boolean', default: false, describe: 'show the cells every solution agrees on (backbone); others are marked ?' })
    .option('grade', { type: 'boolean', default: false, describe: 'add the difficulty (a score and a level) from the step-by-step explanation' })
    .option('svg-dir', { type: 'string', describe: 'write one SVG file per puzzle into this directory (implies --format svg)' });
}

/** `gridsat solve`: returns the exit code (0 all solved, 1 any none/unknown/error). */
export async function runSolve(args: SolveArgs, io: CliIO): Promise<number> {
  const type = typeOption(args.type);
  const request = solveRequest(args, type);
  if (args.count !== undefined) {
    if (!Number.isInteger(args.count) || args.count < 0) throw new UsageError('--count must be a whole number >= 0 (0 counts every solution)');
    request.count = args.count;
  }
  const format = args.format ?? (args.svgDir !== undefined ? 'svg' : 'text');
  if (args.svgDir !== undefined && format !== 'svg') throw new UsageError(`--svg-dir writes SVG files: it cannot go with --format ${format}`);
  request.determined = args.determined;
  request.grade = args.grade;
  const label = encodingLabel(request.encoding ?? {});
  // logic-solver's MiniSat never looks at a deadline: with a time limit it runs in a worker that is
  // stopped at the limit, so the limit holds on every engine.
  const pool = request.timeoutMs !== undefined && (request.engine ?? defaultEngine()) === 'minisat-js' ? new WorkerPool(1) : undefined;
  try {
    return await solveAll({ ...args, format }, io, request, label, pool);
  } finally {
    await pool?.destroy();
  }
}

async function solveAll(args: SolveArgs & { format: NonNullable<SolveArgs['format']> }, io: CliIO, request: SolveRequest, label: string, pool: WorkerPool | undefined): Promise<number> {
  const type = typeOption(args.type);
  const { inputs, stdinText } = await puzzleInputs(args.inputs, io);
  let entries: Iterable<PuzzleEntry> = readInputs(inputs, { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) });
  if (args.format === 'svg' && args.svgDir === undefined) {
    // One SVG document holds one picture: several on standard output would not be valid SVG.
    const all = [...entries];
    entries = all;
    if (all.length > 1) throw new UsageError(`${all.length} puzzles, but an SVG document holds one: add --svg-dir DIR to write one file per puzzle`);
  }
  let allSolved = true;
  let index = 0;
  for (const entry of entries) {
    index += 1;
    let row: ResultRow;
    let rendered: { text: string; svg: string } | undefined;
    let written: Written | undefined;
    const decision = entry.ok && !pool ? solveEntry(entry, request) : undefined;
    if (!entry.ok) {
      row = errorRow(entry);
    } else if (pool) {
      const render = args.format === 'text' || args.format === 'svg' ? args.format : undefined;
      const task: BatchTask = { ...toTask(entry, entry.id, request, label), ...(render ? { render } : {}) };
      const answer = await pool.run<TaskAnswer>({
        message: { kind: 'task', task },
        hardLimitMs: request.timeoutMs! + GRACE_MS,
        onTimeout: () => ({ row: { ...resultRowBase(entry), status: 'unknown', message: `the time limit (${request.timeoutMs} ms) stopped it: the engine did not stop by itself, so its thread was terminated` } }),
        onCrash: (err) => ({ row: { ...resultRowBase(entry), status: 'error', message: `the solving thread failed: ${err.message}` } }),
      });
      row = answer.row;
      if (answer.rendered !== undefined) rendered = { text: args.format === 'text' ? answer.rendered : '', svg: args.format === 'svg' ? answer.rendered : '' };
      // The worker decided between readings (when the text had several): write the one it took.
      const taken = readingsOf(entry).find((r) => r.type.id === row.type);
      if (isPuzzleTarget(args.format) && taken) written = writePuzzle(taken.type, taken.puzzle, args.format);
    } else if (!decision!.ok) {
      row = errorRow({ id: entry.id, origin: entry.origin, error: `${originFields(entry.origin).source}: ${decision!.error}` });
    } else {
      const { entry: decided, report, note } = decision!;
      row = withDifficulty(resultRow(decided, report, label, note), decided, request);
      const solution = report.solution ?? null;
      if (isPuzzleTarget(args.format)) written = writePuzzle(decided.type, decided.puzzle, args.format);
      try {
        rendered = args.format === 'json' || isPuzzleTarget(args.format) ? undefined : {
          text: args.format === 'text' ? decided.type.renderText(decided.puzzle, solution) : '',
          svg: args.format === 'svg' ? decided.type.renderSvg(decided.puzzle, solution) : '',
        };
      } catch (err) {
        row = { ...row, status: 'error', message: `rendering failed: ${(err as Error).message}` };
      }
    }
    if (!rowSucceeded(row)) allSolved = false;
    if (args.format === 'json') {
      io.out(`${JSON.stringify(row)}\n`);
    } else if (isPuzzleTarget(args.format)) {
      // The puzzle goes to standard output (one per line, janko text as blocks); the rest to stderr.
      if (row.note) io.err(`${row.id}: ${row.note}\n`);
      if (!isSolved(row.status)) io.err(`${row.id}: ${describeStatus(row)}\n`);
      if (!written) continue;
      if (!written.ok) {
        allSolved = false;
        io.err(`${row.id} (${row.type}): error: ${written.error}\n`);
        continue;
      }
      io.out(args.format === 'janko' ? `${written.text}\n\n` : `${written.text}\n`);
    } else if (args.format === 'svg') {
      if (row.status === 'error' || !rendered) { io.err(`${row.id}: ${describeStatus(row)}\n`); continue; }
      if (row.note) io.err(`${row.id}: ${row.note}\n`);
      if (row.determined) {
        const type = row.type === null ? undefined : findPuzzleType(row.type);
        const marked = type ? drawUndetermined(type, rendered.svg, row.determined.freeCells) : undefined;
        if (marked !== undefined) rendered = { ...rendered, svg: marked };
        else io.err(`${row.id}: ${row.type} pictures have no cell geometry to mark undetermined cells on; --format text shows them\n`);
      }
      if (args.svgDir) {
        mkdirSync(args.svgDir, { recursive: true });
        const file = join(args.svgDir, `${String(index).padStart(3, '0')}-${row.type}.svg`);
        writeFileSync(file, rendered.svg);
        io.err(`${row.id}: ${describeStatus(row)} -> ${file}\n`);
      } else {
        io.out(`${rendered.svg}\n`);
      }
    } else {
      writeText(io, row, rendered?.text);
    }
  }
  return allSolved ? 0 : 1;
}

/** The fields of a row that do not depend on solving. */
function resultRowBase(entry: PuzzleEntry & { ok: true }): Omit<ResultRow, 'status'> {
  return { id: entry.id, ...originFields(entry.origin), type: entry.type.id, format: entry.format, size: entry.type.describe(entry.puzzle) };
}

function writeText(io: CliIO, row: ResultRow, text: string | undefined): void {
  const what = [row.type, row.size].filter(Boolean).join(' ');
  const ms = row.timings ? `  [${row.timings.totalMs.toFixed(1)} ms]` : '';
  if (row.status === 'error') {
    io.err(`${row.id}${what ? ` (${what})` : ''}: ${describeStatus(row)}\n`);
    return;
  }
  io.out(`== ${row.id} (${what}): ${describeStatus(row)}${ms}\n`);
  if (row.note) io.out(`-- ${row.note}\n`);
  if (row.mismatch) io.out(`!! mismatch: ${row.mismatch}\n`);
  if (text) io.out(`${text.replace(/\n?$/, '\n')}`);
  if (row.difficulty) {
    const d = row.difficulty;
    io.out('error' in d ? `-- difficulty: none (${d.error})\n` : `-- difficulty: ${d.level} (${d.score})\n`);
  }
  if (row.determined) {
    const d = row.determined;
    // Values and cells differ where a cell holds several values (a Block Party digit, a Hashi
    // connection's bridge counts): say both then, so the count matches the ?s on the grid.
    const cells = d.freeCells.length;
    const free = d.free.length === cells || cells === 0 ? `${d.free.length} undetermined` : `${d.free.length} undetermined value${d.free.length === 1 ? '' : 's'}, on ${cells} cell${cells === 1 ? '' : 's'}`;
    io.out(`-- determined cells (${free}${d.partial ? ', partial: a limit stopped it' : ''}):\n`);
    io.out(`${d.text.replace(/\n?$/, '\n')}`);
  }
  io.out('\n');
}

export const solveCommand = {
  command: 'solve <inputs..>',
  describe: 'solve puzzles (files, directories, URLs, game IDs), optionally counting solutions',
  builder: solveBuilder,
  run: (args: SolveArgs, io: CliIO): Promise<number> => runSolve(args, io),
};
