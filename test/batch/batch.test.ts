import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';

interface Row { id: string; status: string; type: string | null; line?: number; message?: string; timings?: { totalMs: number }; solution?: unknown; determined?: { free: string[] } }

function lines(file: string, n: number): string[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).slice(0, n);
}

function workdir(): string {
  return mkdtempSync(join(tmpdir(), 'gridsat-batch-'));
}

describe('gridsat batch', () => {
  it('solves mixed types from files, lines and JSON, with an error row for a malformed line', async () => {
    const dir = workdir();
    const mixed = join(dir, 'mixed.txt');
    const akari = lines('fixtures/akari/tatham-7x7-d0.txt', 4);
    const hashi = lines('fixtures/hashi/tatham-7x7.txt', 4);
    writeFileSync(mixed, [...akari, 'https://puzz.link/p?lightup/3/3/zz', ...hashi].join('\n'));
    const out = join(dir, 'out.ndjson');
    const r = await runCli(['batch', mixed, 'fixtures/starbattle/norvig-board1.txt', '--output', out, '--jobs', '2']);
    expect(r.code).toBe(1);
    const rows = ndjson<Row>(readFileSync(out, 'utf8'));
    expect(rows).toHaveLength(10);
    const bad = rows.filter((x) => x.status === 'error');
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ line: 5, source: `${mixed}, line 5` });
    expect(bad[0]!.message).toContain('line 5');
    expect(rows.filter((x) => x.status === 'unique')).toHaveLength(9);
    expect(new Set(rows.map((x) => x.type))).toEqual(new Set(['akari', 'hashi', 'starbattle', 'akari']));
    // Summary table goes to stdout when rows go to a file.
    expect(r.out).toMatch(/unique/);
    expect(r.out).toMatch(/all\s+10\s+9/);
  });

  it('gives the same answers with one and with two workers', async () => {
    const dir = workdir();
    const input = join(dir, 'in.txt');
    writeFileSync(input, lines('fixtures/akari/tatham-10x10-d2.txt', 6).join('\n'));
    const one = ndjson<Row>((await runCli(['batch', input, '--jobs', '1'])).out);
    const two = ndjson<Row>((await runCli(['batch', input, '--jobs', '2'])).out);
    const key = (rs: Row[]) => rs.map((x) => [x.id, x.status, JSON.stringify(x.solution)].join(' ')).sort();
    expect(key(two)).toEqual(key(one));
    expect(one.every((x) => x.status === 'unique')).toBe(true);
  });

  it('--resume keeps finished rows, drops a torn line and solves only what is missing', async () => {
    const dir = workdir();
    const input = join(dir, 'in.txt');
    writeFileSync(input, lines('fixtures/akari/tatham-7x7-d1.txt', 8).join('\n'));
    const out = join(dir, 'out.ndjson');
    expect((await runCli(['batch', input, '--output', out, '--jobs', '1'])).code).toBe(0);
    const full = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    expect(full).toHaveLength(8);
    // Simulate a crash: three rows written, the fourth cut mid-line.
    writeFileSync(out, `${full.slice(0, 3).join('\n')}\n${full[3]!.slice(0, 25)}`);
    const r = await runCli(['batch', input, '--output', out, '--resume', '--jobs', '2']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('dropped 1 incomplete line');
    const after = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    expect(after).toHaveLength(8);
    // The first three rows are byte-identical: they were not solved again.
    expect(after.slice(0, 3)).toEqual(full.slice(0, 3));
    expect(new Set(after.map((l) => (JSON.parse(l) as Row).id)).size).toBe(8);
  });

  it('adds the determined cells on request', async () => {
    const r = await runCli(['batch', 'fixtures/starbattle/handmade-two-solutions.txt', '--backbone', '--count', '0', '--jobs', '1']);
    const [row] = ndjson<Row>(r.out);
    expect(row!.status).toBe('multiple');
    expect(row!.determined!.free.length).toBeGreaterThan(0);
  });

  it('rejects --resume without --output as a usage error', async () => {
    expect((await runCli(['batch', 'fixtures/akari/tatham-7x7-d0.txt', '--resume'])).code).toBe(2);
  });
});
