import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import cliProgress from 'cli-progress';
import { GenerateError, describeGrade, settingsProblem, methodFor, type DifficultyOption, type DifficultyTarget, type Grade } from '../../generate/generate.js';
import { GENERATE_METHODS, type GenerateMethod } from '../../generate/search.js';
import { grader } from '../../generate/grade.js';
import { OUTPUT_FORMATS, outputProblem, type OutputFormat } from '../../generate/output.js';
import { generatableTypes, generatorFor } from '../../generate/registry.js';
import type { GenerateSettings } from '../../puzzle/generator.js';
import { solvingThreads } from '../../batch/run.js';
import { WorkerPool } from '../../batch/pool.js';
import { runGenerateJob, type GenerateJob, type GenerateJobResult } from '../../generate/job.js';
import { UsageError, type CliIO } from '../io.js';
import { typeOption } from '../puzzle-options.js';

export interface GenerateArgs {
  type: string;
  size: string;
  stars?: number;
  maxBridges?: number;
  islands?: number;
  loops: boolean;
  count: number;
  jobs?: number;
  seed?: number;
  format: OutputFormat;
  progress: boolean;
  difficulty?: string;
  tries?: number;
  method?: string;
}

function builder<T>(y: Argv<T>) {
  return y
    .positional('type', { type: 'string', demandOption: true, describe: `puzzle type (${generatableTypes().join(', ')})` })
    .option('size', { type: 'string', demandOption: true, describe: 'grid size ROWSxCOLUMNS, e.g. 10x10; 7x10 is 7 rows of 10 cells (printed as width x height, 10x7, like Tatham\'s and puzz.link\'s sizes)' })
    .option('stars', { type: 'number', describe: 'Star Battle: stars per row, column and region (default 1)' })
    .option('max-bridges', { type: 'number', describe: 'Bridges: most bridges between two islands, 1-4 (default 2)' })
    .option('islands', { type: 'number', describe: "Bridges: islands a layout aims for (default: as Tatham's generator has at that size, e.g. 20 at 10x10, 68 at 25x25; the grid may fill first)" })
    // yargs reads `--no-X` as X = false, so the option is `loops` and `--no-loops` turns it off.
    .option('loops', { type: 'boolean', default: true, describe: 'Bridges: --no-loops forbids loops of bridges (Tatham L)' })
    .option('count', { alias: 'n', type: 'number', default: 1, describe: 'puzzles to generate (each printed as soon as it is found)' })
    .option('jobs', { alias: 'j', type: 'number', describe: 'threads making puzzles at once, at most the number of cores (default: one, and every core once a puzzle takes over 250 ms); the output is the same, in the same order' })
    .option('seed', { type: 'number', describe: 'PRNG seed: the same seed gives the same puzzles (default: from the clock, printed on stderr)' })
    .option('format', { choices: OUTPUT_FORMATS, default: 'json' as OutputFormat, describe: 'json (NDJSON with the solution), text, url (puzz.link), tatham, sbn, janko' })
    .option('difficulty', { type: 'string', describe: 'easy, medium, hard, expert, or a grade score range LO-HI (e.g. 2-4.5): puzzles are graded until one fits' })
    .option('tries', { type: 'number', describe: 'with --difficulty: unique puzzles to draw and grade for each one printed before giving up (default 200)' })
    .option('method', { type: 'string', describe: 'search strategy: removal (clues removed from a solved layout while unique) or anneal (annealing on the determined cells, as cspuz); default: the faster for the type on the bench' })
    .option('progress', { type: 'boolean', default: true, describe: 'progress bar on a terminal (--no-progress to hide)' });
}

const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/** `--difficulty`: a level name or a score range `LO-HI` (either end may be left out). */
export function parseDifficulty(text: string): DifficultyTarget {
  const t = text.trim().toLowerCase();
  if (LEVELS.includes(t)) return { level: t };
  const m = /^(\d+(?:\.\d+)?)?\s*-\s*(\d+(?:\.\d+)?)?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) {
    throw new UsageError(`--difficulty must be ${LEVELS.join(', ')} or a score range LO-HI such as 2-4.5 (got '${text}')`);
  }
  const target: DifficultyTarget = {};
  if (m[1] !== undefined) target.min = Number(m[1]);
  if (m[2] !== undefined) target.max = Number(m[2]);
  if (target.min !== undefined && target.max !== undefined && target.min > target.max) throw new UsageError(`--difficulty ${text}: the range is empty`);
  return target;
}

function parseSize(size: string): { rows: number; cols: number } {
  const m = /^(\d+)x(\d+)$/i.exec(size.trim());
  if (!m) throw new UsageError(`--size must be RxC, e.g. 10x10 (got '${size}')`);
  const rows = Number(m[1]), cols = Number(m[2]);
  if (rows < 1 || cols < 1 || rows > 60 || cols > 60) throw new UsageError(`--size ${size}: rows and columns must be 1 to 60`);
  return { rows, cols };
}

export const generateCommand = {
  command: 'generate <type>',
  describe: 'generate puzzles proved unique, with their solutions',
  builder,
  run: async (args: GenerateArgs, io: CliIO): Promise<number> => {
    const type = typeOption(args.type)!;
    const generator = generatorFor(type.id);
    if (!generator) throw new UsageError(`no generator for ${type.id} puzzles (there are generators for ${generatableTypes().join(', ')})`);
    const settings: GenerateSettings = {
      ...parseSize(args.size),
      ...(args.stars !== undefined ? { stars: args.stars } : {}),
      ...(args.maxBridges !== undefined ? { maxBridges: args.maxBridges } : {}),
      ...(args.islands !== undefined ? { islands: args.islands } : {}),
      noLoops: !args.loops,
    };
    if (args.method !== undefined) {
      if (!(GENERATE_METHODS as readonly string[]).includes(args.method)) throw new UsageError(`--method must be ${GENERATE_METHODS.join(' or ')} (got '${args.method}')`);
      settings.method = args.method as GenerateMethod;
    }
    const problem = settingsProblem(type.id, generator, settings);
    if (problem) throw new UsageError(problem);
    try {
      methodFor(type.id, settings);
    } catch (err) {
      if (err instanceof GenerateError) throw new UsageError(err.message);
      throw err;
    }
    const formatProblem = outputProblem(type, args.format);
    if (formatProblem) throw new UsageError(formatProblem);
    if (!Number.isInteger(args.count) || args.count < 1) throw new UsageError('--count must be a whole number >= 1');
    if (args.seed !== undefined && !Number.isInteger(args.seed)) throw new UsageError('--seed must be a whole number');
    if (args.jobs !== undefined && (!Number.isInteger(args.jobs) || args.jobs < 1)) throw new UsageError('--jobs must be a whole number >= 1');
    // Only the target travels (to worker threads too); each thread grades with its own grader.
    let target: DifficultyTarget | undefined;
    if (args.difficulty !== undefined) {
      target = parseDifficulty(args.difficulty);
      if (!grader) throw new UsageError('--difficulty needs the difficulty grade, which this build does not have yet');
    }
    if (args.tries !== undefined) {
      if (!target) throw new UsageError('--tries applies with --difficulty (without it, the first unique puzzle found is printed)');
      if (!Number.isInteger(args.tries) || args.tries < 1) throw new UsageError('--tries must be a whole number >= 1');
      target.tries = args.tries;
    }
    const seed = args.seed ?? (Date.now() % 2 ** 31);
    if (args.seed === undefined) io.err(`gridsat generate: seed ${seed}\n`);

    // As curl's meter: only when the puzzles go elsewhere. On the same terminal they are the progress,
    // and the bar (which saves the cursor at its start and restores it at its end) would tear them.
    const bar = args.progress && io.isTTY && !io.outIsTTY && args.count > 1
      ? new cliProgress.SingleBar({
        // No terminal modes: cli-progress hides the cursor and turns line wrapping off while it
        // draws (by default), and Ctrl-C or kill left the terminal so; a listener to undo it would
        // wait for the main thread, which may be busy with a puzzle for a minute. linewrap: true
        // keeps wrapping on and has cli-progress cut the line at the terminal's width instead.
        // {graded}: a difficulty search's grades so far for the puzzle this thread is after.
        format: 'generating [{bar}] {value}/{total} puzzles | {eta_formatted} left{graded}', hideCursor: false, linewrap: true, stream: process.stderr,
        // The words around the bar take up to about 45 columns: a narrower bar on a narrow terminal, so
        // that the count is not what gets cut off at the edge.
        barsize: Math.max(10, Math.min(40, (io.columns ?? 80) - 46)),
      }, cliProgress.Presets.shades_classic)
      : undefined;
    // Threads as batch counts them (all cores by default, never more than puzzles or cores).
    const { threads, note } = solvingThreads(args.jobs, args.count, availableParallelism(), { verb: 'make', noun: 'generating' });
    if (note) io.err(note);
    bar?.start(args.count, 0, { graded: '' });
    const base = { typeId: type.id, settings, seed, format: args.format, ...(target ? { target } : {}) };
    const line = target && args.progress && io.isTTY && !bar ? new SearchLine(io, args.difficulty!) : undefined;
    const print = (text: string) => { line?.clear(); io.out(text); bar?.increment(1, { graded: '' }); };
    // The bar redraws when updated (at most every 200 ms), which it can while the search holds the event loop.
    const onGraded = target && bar
      ? (index: number) => (graded: number) => bar.update({ graded: ` | puzzle ${index + 1}: ${graded} graded` })
      : line && ((index: number) => line.for(index));
    const error = await generateAll(args.count, threads, args.jobs !== undefined, base, print, onGraded);
    line?.clear();
    if (error !== undefined) {
      bar?.stop();
      io.err(`gridsat generate: ${error}\n`);
      return 1;
    }
    bar?.stop();
    return 0;
  },
};

/**
 * On a terminal, without the progress bar: while this thread searches for a puzzle of the asked
 * difficulty (at 10×10 2★ Star Battle `hard`, up to a few dozen grades of up to seconds each), one line on
 * standard error says how far it got; it is erased before a puzzle or an error is printed. Written
 * synchronously (a terminal write is, on Linux and macOS) from inside the search, which holds the
 * event loop.
 */
class SearchLine {
  private shown = false;
  constructor(private readonly io: CliIO, private readonly difficulty: string) {}

  for(index: number): NonNullable<DifficultyOption['onGraded']> {
    return (graded: number, grade: Grade) => {
      const text = `puzzle ${index + 1}: ${graded} graded for difficulty ${this.difficulty}, last ${describeGrade(grade)}`;
      this.io.err(`\r\x1b[K${text.slice(0, Math.max(20, (this.io.columns ?? 80) - 1))}`);
      this.shown = true;
    };
  }

  clear(): void {
    if (this.shown) this.io.err('\r\x1b[K');
    this.shown = false;
  }
}

/**
 * A puzzle that takes this long here makes the default run start its helper threads. A new thread
 * pays Node's start, loading the modules and a cold JIT before its first puzzle. On 2 cores (wall
 * time, `--seed 1`, one run each with other work on the machine), `--jobs 1` / default / `--jobs 2`:
 * 100 Bridges 10×10 hard 1.21 / 0.95 / 1.36 s, 100 Light Up 10×10 hard 2.28 / 2.40 / 2.87 s (quick
 * puzzles: the default stays on one thread), four 14×14 3★ Star Battles 3.78 / 3.51 / 3.25 s.
 */
const HELPERS_AFTER_MS = 250;

/**
 * Puzzles 0..count-1, printed in index order, each as soon as every earlier one is printed: the
 * output is what one thread prints. This thread makes puzzles too (its JIT warms up); up to
 * threads − 1 worker threads help, at once when `--jobs` asked for them (`eager`), else once a
 * puzzle here has taken HELPERS_AFTER_MS. The first puzzle in index order that cannot be made stops
 * the run as it would in one thread: everything before it is printed, nothing after. Returns its error.
 */
async function generateAll(
  count: number, threads: number, eager: boolean, base: Omit<GenerateJob, 'index'>, print: (text: string) => void,
  onGraded?: (index: number) => DifficultyOption['onGraded'],
): Promise<string | undefined> {
  const done = new Map<number, GenerateJobResult>();
  let printed = 0;
  let started = 0;
  let error: string | undefined;
  let pool: WorkerPool | undefined;
  const helpers: Promise<void>[] = [];
  const flush = () => {
    for (let r = done.get(printed); r !== undefined && error === undefined; r = done.get(printed)) {
      done.delete(printed);
      if (!r.ok) { error = r.error; void pool?.destroy(); return; }
      print(r.text);
      printed += 1;
    }
  };
  const helper = async (on: WorkerPool) => {
    while (started < count && error === undefined) {
      const index = started++;
      const result = await on.run<GenerateJobResult>({
        message: { kind: 'generate', job: { ...base, index } },
        onTimeout: () => ({ ok: false, error: `puzzle ${index + 1} timed out` }),
        onCrash: (e) => ({ ok: false, error: `the thread making puzzle ${index + 1} stopped: ${e.message}` }),
      });
      if (error !== undefined) return;
      done.set(index, result);
      flush();
    }
  };
  const startHelpers = () => {
    if (pool || threads < 2 || started >= count) return;
    pool = new WorkerPool(threads - 1);
    for (let k = 1; k < threads; k++) helpers.push(helper(pool));
  };
  if (eager) startHelpers();
  try {
    while (started < count && error === undefined) {
      const index = started++;
      const t0 = performance.now();
      done.set(index, runGenerateJob({ ...base, index }, onGraded?.(index)));
      if (performance.now() - t0 >= HELPERS_AFTER_MS) startHelpers();
      flush();
      await new Promise((resolve) => setImmediate(resolve)); // the bar, the output, the helpers' answers
    }
    await Promise.all(helpers);
  } finally {
    await pool?.destroy();
  }
  return error;
}
