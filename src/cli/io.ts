/** Where a command writes and reads; tests inject their own to capture output in-process. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<Buffer>;
  /** True when standard error is a terminal (progress bars go there). */
  isTTY?: boolean;
  /** Terminal width, for lines that must not wrap (the progress line). */
  columns?: number;
}

/** A bad command line (unknown option, missing argument, …): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
