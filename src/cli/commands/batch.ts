import { existsSync } from 'node:fs';
import type { Argv } from 'yargs';
import { runBatch } from '../../batch/run.js';
import { encodingLabel } from '../../solve/encoding-option.js';
import { UsageError, type CliIO } from '../io.js';
import { puzzleInputs, solveRequest, typeOption, withPuzzleOptions, type PuzzleArgs } from '../puzzle-options.js';

export interface BatchArgs extends PuzzleArgs {
  inputs: string[];
  count: number;
  jobs?: number;
  output?: string;
  resume: boolean;
  force: boolean;
  progress: boolean;
  backbone: boolean;
}

function builder<T>(y: Argv<T>) {
  return withPuzzleOptions(y)
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: 'files (one puzzle per line, JSON/NDJSON collections), directories, URLs, game IDs' })
    .option('count', { type: 'number', default: 2, describe: 'solutions to look for per puzzle: 2 checks uniqueness, 1 only solves, 0 counts all' })
    .option('jobs', { alias: 'j', type: 'number', describe: 'solving threads (default and maximum: the number of cores)' })
    .option('output', { alias: 'o', type: 'string', describe: 'write the NDJSON rows to this file (default: standard output)' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted run: keep the rows already in --output and skip their puzzles' })
    .option('force', { type: 'boolean', default: false, describe: 'let --output replace an existing file' })
    .option('progress', { type: 'boolean', default: true, describe: 'progress bar on a terminal (--no-progress to hide)' })
    .option('backbone', { type: 'boolean', default: false, describe: 'add a "determined" field: the cells every solution agrees on' });
}

export const batchCommand = {
  command: 'batch <inputs..>',
  describe: 'solve whole collections on all cores, checking uniqueness, streaming NDJSON',
  builder,
  run: async (args: BatchArgs, io: CliIO): Promise<number> => {
    const type = typeOption(args.type);
    const request = solveRequest(args, type);
    if (!Number.isInteger(args.count) || args.count < 0) throw new UsageError('--count must be a whole number >= 0');
    if (args.jobs !== undefined && (!Number.isInteger(args.jobs) || args.jobs < 1)) throw new UsageError('--jobs must be a whole number >= 1');
    if (args.resume && !args.output) throw new UsageError('--resume needs --output FILE (the file to continue)');
    if (args.output !== undefined && !args.resume && !args.force && existsSync(args.output)) {
      throw new UsageError(`${args.output} already exists: add --resume to continue it, or --force to replace it`);
    }
    request.count = args.count === 1 ? undefined : args.count;
    request.determined = args.backbone;
    // Ctrl-C or a kill: rows already finished are on disk; stop the rest and exit 130 / 143.
    const abort = new AbortController();
    let caught: NodeJS.Signals | undefined;
    const onSignal = (sig: NodeJS.Signals) => { caught ??= sig; abort.abort(); };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      const { inputs, stdinText } = await puzzleInputs(args.inputs, io);
      const result = await runBatch({
        inputs,
        read: { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) },
        request,
        encodingLabel: encodingLabel(request.encoding ?? {}),
        ...(args.jobs !== undefined ? { jobs: args.jobs } : {}),
        ...(args.output !== undefined ? { output: args.output } : {}),
        resume: args.resume,
        progress: args.progress,
        signal: abort.signal,
      }, { out: io.out, err: io.err, isTTY: io.isTTY ?? false, ...(io.columns !== undefined ? { columns: io.columns } : {}) });
      if (result.interrupted && caught) return caught === 'SIGINT' ? 130 : 143;
      return result.exitCode;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};
