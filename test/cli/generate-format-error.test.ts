/**
 * `gridsat generate TYPE --format F` where the type has no writer for F: one usage error, worded
 * once ("gridsat: cannot write …"), not "gridsat: gridsat cannot write …".
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('gridsat generate --format the type cannot be written in', () => {
  it('is a usage error that says gridsat once', async () => {
    const r = await runCli(['generate', 'starbattle', '--size', '6x6', '--format', 'tatham']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe('gridsat: cannot write starbattle puzzles as tatham (it writes them as json, text, url, sbn, janko)');
  });
});
