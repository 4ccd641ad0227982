/**
 * `gridsat web` with a port that cannot be one: a usage error (exit 2) in gridsat's words. It was
 * Node's "options.port should be >= 0 and < 65536. Received type number (NaN)." with exit 1.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('gridsat web --port', () => {
  it.each(['abc', '99999', '-1', '80.5'])('--port %s is a usage error', async (port) => {
    const r = await runCli(['web', '--port', port]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--port must be a whole number from 0 to 65535/);
    expect(r.err).not.toMatch(/Received type/);
  });
});
