import type { ArgumentsCamelCase, Argv } from 'yargs';

/** Where a command writes and reads; tests inject their own to capture output in-process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<Buffer>;
  /** True when standard error is a terminal (progress bars go there). */
  isTTY?: boolean;
  /** True when standard output is a terminal too: output lines must not land on a progress bar's line. */
  outIsTTY?: boolean;
  /** Terminal width, for lines that must not wrap (the progress line). */
  columns?: number;
}

/** A bad command line (unknown option, missing argument, …): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** One `gridsat <name>` subcommand. `run` returns the process exit code. */
export interface CliCommand<A> {
  command: string;
  describe: string;
  builder(y: Argv): Argv<A>;
  run(args: ArgumentsCamelCase<A>, io: CliIO): Promise<number>;
}

/**
 * yargs-parser swallows a lone `-` (it becomes '' or true), so main() swaps it for this token, which
 * can never be a real path (it contains NUL). Commands test for stdin with `isStdin`.
 */
export const STDIN_TOKEN = '\u0000stdin';

/** True when a file argument was `-` (read standard input). */
export function isStdin(file: string): boolean {
  return file === STDIN_TOKEN;
}
