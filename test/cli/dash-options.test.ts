/**
 * `-` is standard input for the puzzle arguments (and sat's file, hint --progress); an option that
 * names a file or directory to write (-o, --svg-dir, --out-dir, --out, --dir) or a type cannot be
 * it. Those got main()'s internal stdin token: Node's "path ... without null bytes. Received
 * '\x00stdin'", or "unknown puzzle type '\0stdin'" with the NUL byte printed.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/paths.js';

const example = path.join(FIXTURES, 'blockparty', 'example-5x5.txt');

describe("'-' given where standard input cannot be read", () => {
  it.each([
    [['batch', example, '-o', '-'], '--output'],
    [['dimacs', example, '--output', '-'], '--output'],
    [['solve', example, '--svg-dir', '-'], '--svg-dir'],
    [['convert', example, '--to', 'json', '--out-dir', '-'], '--out-dir'],
    [['explain', example, '--format', 'svg', '--svg-dir', '-'], '--svg-dir'],
    [['compare', example, '--out', '-'], '--out'],
    [['solve', example, '--type', '-'], '--type'],
    [['generate', '-', '--size', '5x5'], '<type>'],
  ])('%j is a usage error naming the option', async (args, option) => {
    const r = await runCli(args);
    expect(r.err).not.toContain('\0');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${option} -`);
  });
});
