import type { Argv } from 'yargs';
import cliProgress from 'cli-progress';
import { generateOne } from '../../generate/generate.js';
import { formatGenerated, OUTPUT_FORMATS, outputProblem, type OutputFormat } from '../../generate/output.js';
import { generatableTypes, generatorFor } from '../../generate/registry.js';
import type { GenerateSettings } from '../../puzzle/generator.js';
import { UsageError, type CliIO } from '../io.js';
import { typeOption } from '../puzzle-options.js';

export interface GenerateArgs {
  type: string;
  size: string;
  stars?: number;
  maxBridges?: number;
  noLoops: boolean;
  count: number;
  seed?: number;
  format: OutputFormat;
  progress: boolean;
}

function builder<T>(y: Argv<T>) {
  return y
    .positional('type', { type: 'string', demandOption: true, describe: `puzzle type (${generatableTypes().join(', ')})` })
    .option('size', { type: 'string', demandOption: true, describe: 'grid size RxC, e.g. 10x10' })
    .option('stars', { type: 'number', describe: 'Star Battle: stars per row, column and region (default 1)' })
    .option('max-bridges', { type: 'number', describe: 'Bridges: most bridges between two islands, 1-4 (default 2)' })
    .option('no-loops', { type: 'boolean', default: false, describe: 'Bridges: the bridges may not form a loop (Tatham L)' })
    .option('count', { alias: 'n', type: 'number', default: 1, describe: 'puzzles to generate (each printed as soon as it is found)' })
    .option('seed', { type: 'number', describe: 'PRNG seed: the same seed gives the same puzzles (default: from the clock, printed on stderr)' })
    .option('format', { choices: OUTPUT_FORMATS, default: 'json' as OutputFormat, describe: 'json (NDJSON with the solution), text, url (puzz.link), tatham, sbn, janko' })
    .option('progress', { type: 'boolean', default: true, describe: 'progress bar on a terminal (--no-progress to hide)' });
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
    if (!generatorFor(type.id)) throw new UsageError(`no generator for ${type.id} puzzles (there are generators for ${generatableTypes().join(', ')})`);
    const settings: GenerateSettings = {
      ...parseSize(args.size),
      ...(args.stars !== undefined ? { stars: args.stars } : {}),
      ...(args.maxBridges !== undefined ? { maxBridges: args.maxBridges } : {}),
      noLoops: args.noLoops,
    };
    const problem = generatorFor(type.id)!.check(settings);
    if (problem) throw new UsageError(problem);
    const formatProblem = outputProblem(type, args.format);
    if (formatProblem) throw new UsageError(formatProblem);
    if (!Number.isInteger(args.count) || args.count < 1) throw new UsageError('--count must be a whole number >= 1');
    if (args.seed !== undefined && !Number.isInteger(args.seed)) throw new UsageError('--seed must be a whole number');
    const seed = args.seed ?? (Date.now() % 2 ** 31);
    if (args.seed === undefined) io.err(`gridsat generate: seed ${seed}\n`);

    const bar = args.progress && io.isTTY && args.count > 1
      ? new cliProgress.SingleBar({ format: 'generating [{bar}] {value}/{total} puzzles | {eta_formatted} left', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic)
      : undefined;
    bar?.start(args.count, 0);
    try {
      for (let i = 0; i < args.count; i++) {
        const g = generateOne(type, settings, seed, i);
        io.out(formatGenerated(type, g, args.format));
        bar?.increment(1);
        await new Promise((resolve) => setImmediate(resolve)); // let the bar and the output stream flush
      }
    } catch (err) {
      bar?.stop();
      if (err instanceof Error) {
        io.err(`gridsat generate: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
    bar?.stop();
    return 0;
  },
};
