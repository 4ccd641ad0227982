/**
 * `solve --determined --format svg` marks the cells solutions disagree on with a `?`. The mark was
 * drawn large in the middle of the cell, over what the picture already shows there: a Block Party
 * value became "3?"-shaped ink, a Hashi island's number (which every solution shares) was hidden
 * under it. The `?` now sits in the cell's corner: the cell's middle keeps only the picture's ink.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readPng } from '../helpers/png.js';

const hasRsvg = spawnSync('rsvg-convert', ['--version']).status === 0;

/** The `?` mark's brown (#8a5a00) over the cell's yellow shading. */
const isMark = ([r, g, b]: [number, number, number, number]) => r > 110 && r < 175 && g > 70 && g < 130 && b < 60 && r - g > 30;

describe.skipIf(!hasRsvg)(`solve --determined --format svg: the ? leaves the cell readable${hasRsvg ? '' : ' (skipped: rsvg-convert missing)'}`, () => {
  it.each([
    ['Block Party', 'fixtures/blockparty/two-solutions.txt', 40],
    ['Hashi', JSON.stringify({ type: 'hashi', rows: 3, cols: 3, islands: [[0, 0, 3], [0, 2, 3], [2, 0, 3], [2, 2, 3]] }), 40],
  ])('%s', async (_, input, size) => {
    const r = await runCli(['solve', input, '--count', '0', '--determined', '--format', 'svg']);
    expect(r.code).toBe(0);
    const overlay = /<g class="undetermined">(.*?)<\/g>/s.exec(r.out)![1]!;
    const cells = [...overlay.matchAll(/<rect x="([\d.]+)" y="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(cells.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-determined-'));
    try {
      writeFileSync(join(dir, 'p.svg'), r.out);
      expect(spawnSync('rsvg-convert', [join(dir, 'p.svg'), '-o', join(dir, 'p.png')]).status).toBe(0);
      const pic = readPng(readFileSync(join(dir, 'p.png')));
      const [x0, y0] = /viewBox="(-?[\d.]+) (-?[\d.]+)/.exec(r.out)!.slice(1).map(Number) as [number, number];
      for (const [x, y] of cells) {
        let inCell = 0;
        let inMiddle = 0;
        for (let py = Math.ceil(y - y0); py < y - y0 + size; py++) {
          for (let px = Math.ceil(x - x0); px < x - x0 + size; px++) {
            if (!isMark(pic.pixel(px, py))) continue;
            inCell += 1;
            const u = (px - (x - x0)) / size, v = (py - (y - y0)) / size;
            if (u > 0.25 && u < 0.65 && v > 0.3 && v < 0.75) inMiddle += 1;
          }
        }
        expect(inCell, `mark in the cell at ${x},${y}`).toBeGreaterThan(0);
        expect(inMiddle, `mark ink in the middle of the cell at ${x},${y}`).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
