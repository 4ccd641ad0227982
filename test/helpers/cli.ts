import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process and captures what it writes. */
export async function runCli(args: string[], stdin = ''): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (t) => { out.push(t); },
    err: (t) => { err.push(t); },
    readStdin: async () => Buffer.from(stdin, 'utf8'),
    isTTY: false,
  });
  return { code, out: out.join(''), err: err.join('') };
}

/** NDJSON text to objects. */
export function ndjson<T = Record<string, unknown>>(text: string): T[] {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);
}
