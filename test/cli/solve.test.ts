import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';

const TWO_SOLUTIONS = 'fixtures/starbattle/handmade-two-solutions.txt';
const LIGHTUP_7 = '7x7:h10b0f0i0f1b3Bh';
const BRIDGES_FORMATS_EXAMPLE = '7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2';

describe('gridsat solve', () => {
  it('solves a puzzle string and proves it unique, with the JSON fields scripts rely on', async () => {
    const r = await runCli(['solve', LIGHTUP_7, '--count', '2', '--format', 'json']);
    expect(r.code).toBe(0);
    const [row] = ndjson(r.out);
    expect(row).toMatchObject({ input: LIGHTUP_7, type: 'akari', status: 'unique', count: 1, countExact: true });
    expect(row!.solution).toBeDefined();
    expect(row!.timings).toMatchObject({ totalMs: expect.any(Number) });
  });

  it('reports two solutions for a puzzle that has two, and marks the undetermined cells', async () => {
    const r = await runCli(['solve', TWO_SOLUTIONS, '--count', '0', '--determined']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 solutions');
    expect(r.out).toContain('?');
    const capped = await runCli(['solve', TWO_SOLUTIONS, '--count', '1', '--format', 'json']);
    expect(ndjson(capped.out)[0]).toMatchObject({ status: 'solved', count: 1, countExact: false });
  });

  it('counts undetermined values and cells apart where a cell holds several values', async () => {
    // Four islands of 3 in a square: single bridges all round, doubles on one pair of sides or the other.
    const square = JSON.stringify({ type: 'hashi', rows: 3, cols: 3, maxBridges: 2, islands: [[0, 0, 3], [0, 2, 3], [2, 0, 3], [2, 2, 3]] });
    const r = await runCli(['solve', '-', '--count', '0', '--determined'], square);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('2 solutions');
    // The four ">= 2" values are open, on the 8 cells of the four sides (islands included).
    expect(r.out).toContain('-- determined cells (4 undetermined values, on 8 cells):');
    // One value a cell (Star Battle): one count, as the grid's ?s.
    const stars = await runCli(['solve', TWO_SOLUTIONS, '--count', '0', '--determined']);
    const marks = stars.out.split('-- determined cells')[1]!.split('\n').slice(1).join('\n').split('?').length - 1;
    expect(marks).toBeGreaterThan(0);
    expect(stars.out).toContain(`-- determined cells (${marks} undetermined):`);
  });

  it('solves several types in one call and renders one SVG file each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-svg-'));
    const r = await runCli(['solve', LIGHTUP_7, BRIDGES_FORMATS_EXAMPLE, '--svg-dir', dir]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['001-akari.svg', '002-hashi.svg']);
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), 'utf8').match(/<svg/g)).toHaveLength(1);
  });

  it('names the file and line of a malformed puzzle and goes on with the next one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-'));
    const file = join(dir, 'mixed.txt');
    writeFileSync(file, `# a comment\n${LIGHTUP_7}\n7x7:hB!!\n${BRIDGES_FORMATS_EXAMPLE}\n`);
    const r = await runCli(['solve', file, '--format', 'json']);
    expect(r.code).toBe(1);
    const rows = ndjson(r.out);
    expect(rows.map((x) => x.status)).toEqual(['solved', 'error', 'solved']);
    expect(rows[1]).toMatchObject({ line: 3 });
    expect(String(rows[1]!.message)).toContain(`${file}, line 3`);
  });

  it('an infeasible puzzle reports no solution with exit code 1', async () => {
    // Four 1s around a white centre: each corner needs its own bulb, so every 1 would see two.
    const r = await runCli(['solve', '3x3:a1a1a1a1a', '--type', 'akari', '--format', 'json']);
    expect(r.code).toBe(1);
    expect(ndjson(r.out)[0]).toMatchObject({ status: 'none' });
  });

  it('an impossible reading is an error row naming the cell, not "no solution"', async () => {
    // Two clues of 4 on the border: a misread, caught before solving.
    const r = await runCli(['solve', '3x3:a4a4e', '--format', 'json']);
    expect(r.code).toBe(1);
    const [row] = ndjson(r.out);
    expect(row).toMatchObject({ status: 'error' });
    // The second cell of the top row, counted from 1 as explain counts it.
    expect(String(row!.message)).toContain('cell (1,2): impossible Light Up puzzle');
    expect(String(row!.message)).toContain('clue 4 at (1,2) has only 3 white neighbours');
  });

  it('a limit that stops the engine gives "unknown", never "unique", and exit code 1', async () => {
    const r = await runCli(['solve', 'fixtures/blockparty/block-party-4.txt', '--conflicts', '1', '--count', '2', '--format', 'json']);
    expect(r.code).toBe(1);
    const [row] = ndjson(r.out);
    expect(row).toMatchObject({ status: 'unknown', countExact: false });
    // The row names the limit that stopped it.
    expect(String(row!.message)).toMatch(/^the conflict limit \(1\) stopped/);
    const unlimited = ndjson((await runCli(['solve', 'fixtures/blockparty/block-party-4.txt', '--count', '2', '--format', 'json'])).out)[0]!;
    expect(unlimited).toMatchObject({ status: 'unique', count: 1, countExact: true });
    expect(Number(unlimited.conflicts)).toBeGreaterThan(1);
  });

  it('usage errors exit with 2', async () => {
    expect((await runCli(['solve', LIGHTUP_7, '--type', 'sudoku'])).code).toBe(2);
    expect((await runCli(['solve', LIGHTUP_7, '--count', '-1'])).code).toBe(2);
    expect((await runCli(['solve', LIGHTUP_7, '--encoding', 'nonsense'])).code).toBe(2);
    expect((await runCli(['solve'])).code).toBe(2);
  });

  it('a missing file is an error naming it, not a crash', async () => {
    const r = await runCli(['solve', 'no/such/file.txt']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no/such/file.txt');
  });
});
