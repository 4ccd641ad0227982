import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';

const PARKS = 'fixtures/starbattle/parks-5x5.txt';
const LIGHTUP_7 = '7x7:h10b0f0i0f1b3Bh';

describe('gridsat explain', () => {
  it('prints every step with its reason and a marked grid, then the difficulty', async () => {
    const r = await runCli(['explain', PARKS]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Step 1 \(1 fact, propagation\): .* is a star/);
    expect(r.out).toContain('because region');
    expect(r.out).toMatch(/Solved in \d+ steps/);
    expect(r.out).toMatch(/Difficulty: (easy|medium|hard|expert)/);
  });

  it('writes steps as JSON, and their count matches the SVG pictures', async () => {
    const r = await runCli(['explain', LIGHTUP_7, '--format', 'json']);
    expect(r.code).toBe(0);
    const [row] = ndjson(r.out);
    expect(row).toMatchObject({ type: 'akari', status: 'solved', difficulty: { level: expect.any(String) } });
    const steps = row!.steps as { decides: unknown[]; because: { text: string }[] }[];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps[0]!.because[0]!.text).toEqual(expect.any(String));
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-explain-'));
    const svg = await runCli(['explain', LIGHTUP_7, '--format', 'svg', '--svg-dir', dir]);
    expect(svg.code).toBe(0);
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBe(steps.length);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toMatch(/<svg[\s\S]*explain-step-1[\s\S]*<\/svg>/);
    // Each picture says its step in words under the grid, inside the picture's grown frame.
    files.sort().forEach((file, i) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const caption = /<g class="explain-caption">([\s\S]*?)<\/g>/.exec(text)?.[1] ?? '';
      const words = [...caption.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
      expect(words).toContain(`Step ${i + 1} (`);
      expect(words).toContain(steps[i]!.because[0]!.text.split(' ').slice(0, 3).join(' '));
      const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(text)![1]);
      const lastY = Math.max(...[...caption.matchAll(/<text[^>]* y="([\d.]+)"/g)].map((m) => Number(m[1])));
      expect(lastY).toBeLessThan(height);
    });
  });

  it('says where a puzzle with two solutions needs another clue, with exit code 1', async () => {
    const r = await runCli(['explain', 'fixtures/starbattle/handmade-two-solutions.txt']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('no further cell is forced');
    expect(r.out).toContain('Two solutions differ only at');
  });

  it('is a usage error to ask for SVG without a directory', async () => {
    expect((await runCli(['explain', PARKS, '--format', 'svg'])).code).toBe(2);
  });
});

describe('gridsat hint', () => {
  it('gives the next step from an empty grid, and names a wrong entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-hint-'));
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '? ? ? ? ?\n'.repeat(5));
    const r = await runCli(['hint', PARKS, '--progress', empty, '--format', 'json']);
    expect(r.code).toBe(0);
    const [hint] = ndjson(r.out);
    expect(hint).toMatchObject({ kind: 'step' });
    expect((hint!.steps as unknown[]).length).toBe(1);

    const solved = await runCli(['solve', PARKS]);
    const grid = solved.out.split('\n').slice(1, 6);
    const star = grid[0]!.split(' ').indexOf('*');
    const wrongGrid = grid.map((l, r) => (r === 0 ? l.split(' ').map((t, c) => (c === star ? 'x' : t)).join(' ') : l));
    const wrong = join(dir, 'wrong.txt');
    writeFileSync(wrong, wrongGrid.join('\n'));
    const w = await runCli(['hint', PARKS, '--progress', wrong]);
    expect(w.code).toBe(1);
    expect(w.out).toContain(`you have (1,${star + 1}) has no star, but (1,${star + 1}) is a star`);
  });
});

describe('--grade', () => {
  it('adds a difficulty to solve and batch rows', async () => {
    const r = await runCli(['solve', LIGHTUP_7, '--grade', '--format', 'json']);
    expect(ndjson(r.out)[0]).toMatchObject({ difficulty: { level: expect.any(String), score: expect.any(Number) } });
    const b = await runCli(['batch', PARKS, '--grade', '--jobs', '1']);
    expect(ndjson(b.out)[0]).toMatchObject({ status: 'unique', difficulty: { level: expect.any(String) } });
  });
});
