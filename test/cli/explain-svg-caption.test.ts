/**
 * The words under an `explain --format svg` step picture must fit inside the picture. They were
 * wrapped at an estimated 0.55 em per character with at least 24 characters a line, whatever the
 * picture's width: on a 4x1 Bridges-with-signs map (160 px) the lines ran off the right edge
 * ("Step 2 (1 fact, propagation): a bridg…"), and on Tatham's 10x10 Bridges 8 of 1458 pictures
 * lost the end of a bold 54-character headline (digits and brackets are wider than 0.55 em). Each
 * picture is rendered by librsvg on a canvas 300 px wider than its own, and no ink of the caption
 * may fall outside the picture's width.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readPng } from '../helpers/png.js';

const hasRsvg = spawnSync('rsvg-convert', ['--version']).status === 0;

/** Dark pixels of the caption (below the grid) that lie right of the picture's width. */
function inkOutside(svg: string, work: string): number {
  const [x0, y0, w, h] = /<svg[^>]* viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number) as [number, number, number, number];
  const top = Number(/<g class="explain-caption">\s*<rect x="[^"]*" y="([\d.]+)"/.exec(svg)![1]);
  const wider = svg
    .replace(/^<svg([^>]*?) viewBox="[^"]*"/, `<svg$1 viewBox="${x0} ${y0} ${w + 300} ${h}"`)
    .replace(/^(<svg[^>]*?) width="[\d.]+"/, `$1 width="${w + 300}"`)
    .replace(/^(<svg[^>]*?) height="[\d.]+"/, `$1 height="${h}"`);
  writeFileSync(join(work, 'w.svg'), wider);
  const r = spawnSync('rsvg-convert', [join(work, 'w.svg'), '-b', 'white', '-o', join(work, 'w.png')]);
  if (r.status !== 0) throw new Error(`rsvg-convert failed: ${r.stderr}`);
  const pic = readPng(readFileSync(join(work, 'w.png')));
  let ink = 0;
  // From a few pixels under the grid: a step's outline on the grid's last row reaches 2 px below it.
  for (let y = Math.ceil(top - y0) + 4; y < pic.height; y++) {
    for (let x = Math.ceil(w) + 1; x < pic.width; x++) {
      const [red, green, blue] = pic.pixel(x, y);
      if (red + green + blue < 600) ink += 1;
    }
  }
  return ink;
}

describe.skipIf(!hasRsvg)(`explain step pictures: the caption fits${hasRsvg ? '' : ' (skipped: rsvg-convert missing)'}`, () => {
  it.each([
    ['a 4x1 Bridges-with-signs map', 'fixtures/edge-cases/bridges-signs-small.json', []],
    // Step 22's headline ran 54 bold characters past its 400 px.
    ['a 10x10 Bridges puzzle with long bold headlines', '10x10m2:4a3a3d3a3a4d2o4b4g2l1b1b2e5b4a4a3l3a2d4a3', ['001-step-022.svg']],
  ])('%s', async (_, input, known) => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-caption-'));
    try {
      const r = await runCli(['explain', input, '--format', 'svg', '--svg-dir', join(dir, 'steps')]);
      expect(r.err).not.toMatch(/error/);
      const files = readdirSync(join(dir, 'steps')).filter((f) => f.endsWith('.svg')).sort();
      expect(files.length).toBeGreaterThan(0);
      // Rendering takes time: the pictures with the longest caption lines, bold or regular, are the ones at risk.
      const longest = (svg: string, bold: boolean) => Math.max(0, ...[...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)]
        .filter((m) => m[1]!.includes('font-weight="bold"') === bold).map((m) => m[2]!.length));
      const svgs = files.map((f) => ({ f, svg: readFileSync(join(dir, 'steps', f), 'utf8') }));
      const atRisk = new Set([...svgs.filter(({ f }) => known.includes(f)),
        ...[true, false].flatMap((bold) => [...svgs].sort((a, b) => longest(b.svg, bold) - longest(a.svg, bold)).slice(0, 2))]);
      const clipped = [...atRisk].filter(({ svg }) => inkOutside(svg, dir) > 0).map(({ f }) => f).sort();
      expect(clipped).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
