/**
 * `gridsat solve` output a person looks at: SVG pictures rendered by librsvg (rsvg-convert) and
 * measured, and puzzles piped in on standard input.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';
import { readPng, type Picture } from '../helpers/png.js';

const hasRsvg = spawnSync('rsvg-convert', ['--version']).status === 0;

function toPng(svg: string): Picture {
  const dir = mkdtempSync(join(tmpdir(), 'gridsat-png-'));
  writeFileSync(join(dir, 'p.svg'), svg);
  const r = spawnSync('rsvg-convert', [join(dir, 'p.svg'), '-o', join(dir, 'p.png')]);
  if (r.status !== 0) throw new Error(`rsvg-convert failed: ${r.stderr}`);
  return readPng(readFileSync(join(dir, 'p.png')));
}

/** Vertical centre of the pixels `ink` accepts inside a box (inset to skip grid lines). */
function inkCentre(pic: Picture, x0: number, y0: number, size: number, ink: (p: [number, number, number, number]) => boolean): { y: number; count: number } {
  let sum = 0;
  let count = 0;
  const inset = Math.round(size * 0.12);
  for (let y = y0 + inset; y < y0 + size - inset; y++) {
    for (let x = x0 + inset; x < x0 + size - inset; x++) {
      if (ink(pic.pixel(x, y))) { sum += y; count += 1; }
    }
  }
  return { y: count ? sum / count : NaN, count };
}

describe.skipIf(!hasRsvg)('SVG digits drawn by librsvg (rsvg-convert)', () => {
  it('centres Akari clue digits in their cells', async () => {
    const puzzle = JSON.stringify({ type: 'akari', rows: 3, cols: 3, grid: ['___', '_2_', '___'] });
    const r = await runCli(['solve', puzzle, '--format', 'svg']);
    expect(r.code).toBe(0);
    const pic = toPng(r.out);
    // The picture's origin is 2 px in (its viewBox starts at -2); cells are 32 px.
    const cell = 32;
    const centre = inkCentre(pic, 2 + cell, 2 + cell, cell, ([red, g, b]) => red > 160 && g > 160 && b > 160);
    expect(centre.count).toBeGreaterThan(20);
    expect(Math.abs(centre.y - (2 + cell * 1.5)), `digit centre at y=${centre.y.toFixed(1)}`).toBeLessThan(cell * 0.1);
  });

  it('centres Block Party digits in their cells', async () => {
    const r = await runCli(['solve', 'fixtures/blockparty/example-5x5.txt', '--format', 'svg']);
    expect(r.code).toBe(0);
    const pic = toPng(r.out);
    const cell = (pic.width - 20) / 5;
    const origin = (pic.width - 5 * cell) / 2;
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 5; col++) {
        const top = origin + row * cell;
        const centre = inkCentre(pic, Math.round(origin + col * cell), Math.round(top), Math.round(cell), ([red, g, b]) => Math.min(red, g, b) < 110);
        expect(centre.count, `cell ${row},${col}`).toBeGreaterThan(10);
        expect(Math.abs(centre.y - (top + cell / 2)), `cell ${row},${col}: digit centre at y=${centre.y.toFixed(1)}, cell centre ${top + cell / 2}`).toBeLessThan(cell * 0.1);
      }
    }
  });
});

describe('gridsat solve --format svg', () => {
  it('refuses several puzzles on standard output (one document holds one picture) and points to --svg-dir', async () => {
    const r = await runCli(['solve', 'fixtures/akari/tatham-7x7-d0.txt', '--format', 'svg']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('15 puzzles, but an SVG document holds one: add --svg-dir DIR');
    expect(r.out).toBe('');
  });

  it('--svg-dir implies --format svg, and refuses another format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-svg-'));
    const r = await runCli(['solve', '7x7:h10b0f0i0f1b3Bh', '--svg-dir', dir]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, '001-akari.svg'), 'utf8')).toMatch(/^<svg/);
    const clash = await runCli(['solve', '7x7:h10b0f0i0f1b3Bh', '--svg-dir', dir, '--format', 'json']);
    expect(clash.code).toBe(2);
    expect(clash.err).toContain('--svg-dir writes SVG files: it cannot go with --format json');
  });

  it('--determined marks in the SVG exactly the cells the text grid marks ?', async () => {
    const input = 'fixtures/starbattle/norvig-5x5.txt';
    const text = await runCli(['solve', input, '--count', '0', '--determined']);
    const grid = text.out.split('-- determined cells')[1]!.split('\n').slice(1).filter((l) => l.trim() !== '');
    const expected = grid.flatMap((line, r) => line.split(' ').flatMap((ch, c) => (ch === '?' ? [[r, c]] : [])));
    expect(expected.length).toBe(8);
    const r = await runCli(['solve', input, '--count', '0', '--determined', '--format', 'svg']);
    expect(r.code).toBe(0);
    const overlay = /<g class="undetermined">(.*?)<\/g>/s.exec(r.out)![1]!;
    const size = 36, margin = 4; // Star Battle's declared svgCell
    const marked = [...overlay.matchAll(/<rect x="([\d.]+)" y="([\d.]+)"/g)].map((m) => [(Number(m[2]) - margin) / size, (Number(m[1]) - margin) / size]);
    expect(marked).toEqual(expected);
    // Block Party declares its cell geometry too: the picture marks the cells its boxed text grid shows as ?.
    const bp = 'fixtures/blockparty/two-solutions.txt';
    const bpText = await runCli(['solve', bp, '--count', '0', '--determined']);
    const bpRows = bpText.out.split('-- determined cells')[1]!.split('\n').slice(1).filter((l) => l.trim() !== '' && !l.startsWith('+'));
    const bpExpected = bpRows.flatMap((line, r) => line.split(/[\s|]+/).filter((t) => t !== '').flatMap((t, c) => (t === '?' ? [[r, c]] : [])));
    expect(bpExpected.length).toBe(2);
    const bpSvg = await runCli(['solve', bp, '--count', '0', '--determined', '--format', 'svg']);
    expect(bpSvg.code).toBe(0);
    const bpOverlay = /<g class="undetermined">(.*?)<\/g>/s.exec(bpSvg.out)![1]!;
    const bpMarked = [...bpOverlay.matchAll(/<rect x="([\d.]+)" y="([\d.]+)"/g)].map((m) => [(Number(m[2]) - 8) / 40, (Number(m[1]) - 8) / 40]);
    expect(bpMarked).toEqual(bpExpected);
  });
});

describe('gridsat solve - (standard input)', () => {
  it('reads puzzles from standard input, one per line', async () => {
    const text = readFileSync('fixtures/akari/tatham-7x7-d0.txt', 'utf8');
    const r = await runCli(['solve', '-', '--format', 'json', '--count', '2'], text);
    expect(r.code).toBe(0);
    const rows = ndjson<{ input: string; status: string }>(r.out);
    expect(rows).toHaveLength(15);
    expect(rows.every((x) => x.input === '<stdin>' && x.status === 'unique')).toBe(true);
  });

  it('names standard input in errors, without NUL bytes', async () => {
    const r = await runCli(['solve', '-'], 'no puzzle here\n');
    expect(r.code).toBe(1);
    expect(r.err).toContain('<stdin>');
    expect(r.err).not.toContain('\u0000');
  });
});
