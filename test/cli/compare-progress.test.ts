/**
 * compare's progress line on a terminal is redrawn in place with a carriage return, so it must fit
 * the terminal's width. It was padded to 120 columns: on an 80- or 100-column terminal every
 * update wrapped and the line scrolled once per run (150 lines for 15 puzzles × 10 combinations).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

describe('gridsat compare progress on a terminal', () => {
  it('never writes a line wider than the terminal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-compare-progress-'));
    try {
      const err: string[] = [];
      const code = await main(['compare', 'fixtures/akari/tatham-7x7-d0.txt', '--limit', '2', '--engines', 'wasm', '--encodings', 'sequential', '--out', dir], {
        out: () => {}, err: (t) => { err.push(t); }, readStdin: async () => Buffer.alloc(0), isTTY: true, columns: 60,
      });
      expect(code).toBe(0);
      const progress = err.filter((t) => t.includes('compare: ') && !t.startsWith('gridsat compare'));
      expect(progress.length).toBe(2);
      for (const t of progress) {
        for (const line of t.split(/[\r\n]/)) expect(line.length, JSON.stringify(t)).toBeLessThan(60);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
