import yargs, { type Argv, type CommandModule } from 'yargs';
import { batchCommand } from './commands/batch.js';
import { compareCommand } from './commands/compare.js';
import { convertCommand } from './commands/convert.js';
import { dimacsCommand } from './commands/dimacs.js';
import { explainCommand, hintCommand } from './commands/explain.js';
import { generateCommand } from './commands/generate.js';
import { satCommand } from './commands/sat.js';
import { solveCommand } from './commands/solve.js';
import { webCommand } from './commands/web.js';
import { STDIN_TOKEN, UsageError, type CliCommand, type CliIO } from './io.js';
import { packageVersion } from '../util/package-root.js';

export { UsageError, isStdin, type CliCommand, type CliIO } from './io.js';

let stdoutGuarded = false;

/** A reader that closed early (`gridsat sat f.cnf | head`) is not an error: further output is dropped. */
function guardStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

export const processIO: CliIO = {
  isTTY: Boolean(process.stderr.isTTY),
  outIsTTY: Boolean(process.stdout.isTTY),
  get columns() { return process.stderr.columns; },
  out: (text) => {
    guardStdout();
    if (!process.stdout.destroyed) process.stdout.write(text);
  },
  err: (text) => { process.stderr.write(text); },
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
};

/**
 * Before running a command yargs lays out its whole help text (every option of every command,
 * word-wrapped) in case the command fails: about a third of gridsat's start-up. Our failures print
 * one line and point to --help, so that layout is never used; --help itself still builds it.
 */
function skipHelpCache(parser: Argv): void {
  const internal = (parser as unknown as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }).getInternalMethods?.();
  const usage = internal?.getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}

/** Arguments and options that read a file, where `-` means standard input. */
const STDIN_ARGS = new Set(['inputs', 'input', 'puzzle', 'file', 'progress']);

/**
 * `-` becomes STDIN_TOKEN before parsing; the puzzle arguments, sat's file and hint --progress
 * read standard input for it. Anything else (a file or directory to write, a type) cannot take it:
 * a usage error, rather than the token (with its NUL byte) used as a path or a name.
 */
function refuseStdinElsewhere(command: string, args: Record<string, unknown>): void {
  const named = Object.keys(args).filter((k) => k !== '_' && k !== '$0' && !STDIN_ARGS.has(k)
    && (args[k] === STDIN_TOKEN || (Array.isArray(args[k]) && (args[k] as unknown[]).includes(STDIN_TOKEN))));
  if (named.length === 0) return;
  // yargs lists an option under its name, its camelCase form and its aliases: name the longest.
  const name = named.sort((a, b) => b.length - a.length)[0]!;
  const positional = new RegExp(`[<[]${name}(\\.\\.)?[>\\]]`).test(command);
  throw new UsageError(`${positional ? `<${name}>` : `--${name}`} -: '-' means standard input, which only the puzzle inputs, sat's file and hint --progress read`);
}

/** Runs the gridsat CLI on `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  let exitCode = 0;
  const bind = <A>(cmd: CliCommand<A>): CommandModule<object, A> => ({
    command: cmd.command,
    describe: cmd.describe,
    builder: (y: Argv) => cmd.builder(y),
    handler: async (args) => {
      refuseStdinElsewhere(cmd.command, args as Record<string, unknown>);
      exitCode = await cmd.run(args, io);
    },
  });

  try {
    const parser = yargs();
    skipHelpCache(parser);
    await parser
      .scriptName('gridsat')
      .usage('$0 <command> [options]')
      .command(bind(solveCommand))
      .command(bind(batchCommand))
      .command(bind(satCommand))
      .command(bind(compareCommand))
      .command(bind(dimacsCommand))
      .command(bind(explainCommand))
      .command(bind(hintCommand))
      .command(bind(convertCommand))
      .command(bind(generateCommand))
      .command(bind(webCommand))
      .demandCommand(1, 'Give a command (see --help).')
      .strict()
      .help()
      .alias('h', 'help')
      .version(packageVersion())
      .wrap(Math.min(100, process.stdout.columns ?? 80))
      .exitProcess(false)
      .fail((msg, err) => {
        if (err && !msg) throw err; // an error from a command handler, not a usage problem
        throw new UsageError(msg ?? err?.message ?? 'invalid command line');
      })
      // With a callback yargs hands us --help/--version text instead of printing it itself.
      .parseAsync(argv.map((a) => (a === '-' ? STDIN_TOKEN : a)), {}, (_err, _args, output) => {
        if (output) io.out(output.endsWith('\n') ? output : output + '\n');
      });
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`gridsat: ${err.message}\nRun 'gridsat --help' for usage.\n`);
      return 2;
    }
    io.err(`gridsat: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  return exitCode;
}
