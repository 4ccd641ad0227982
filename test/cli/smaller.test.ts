/** The smaller rough edges of issue 13, each as a person would meet it. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';

function workdir(): string {
  return mkdtempSync(join(tmpdir(), 'gridsat-small-'));
}

describe('smaller CLI fixes', () => {
  it('words broken JSON with its line and column, not a character position', async () => {
    const dir = workdir();
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"type":"akari","rows":3,\n"cols": 3, oops }\n');
    const r = await runCli(['solve', file, '--format', 'json']);
    expect(r.code).toBe(1);
    const [row] = ndjson<{ message: string }>(r.out);
    expect(row!.message).toBe(`${file}, line 2, column 12: invalid JSON: Expected double-quoted property name`);
    expect(row!.message).not.toContain('position');
  });

  it('reports a Block Party whose computed answer differs from the published one: row and exit code', async () => {
    const dir = workdir();
    const file = join(dir, 'bp.txt');
    writeFileSync(file, readFileSync('fixtures/blockparty/example-5x5.txt', 'utf8').replace(/^answer: 430$/m, 'answer: 431'));
    const json = await runCli(['solve', file, '--format', 'json']);
    expect(json.code).toBe(1);
    expect(ndjson(json.out)[0]).toMatchObject({ status: 'solved', mismatch: 'the computed answer 430 differs from the published 431' });
    const text = await runCli(['solve', file]);
    expect(text.code).toBe(1);
    expect(text.out).toContain('!! mismatch: the computed answer 430 differs from the published 431');
    const batch = await runCli(['batch', file, '--jobs', '1']);
    expect(batch.code).toBe(1);
    expect(batch.err).toContain('1 differing from the published answer');
    // The published file itself agrees.
    expect((await runCli(['solve', 'fixtures/blockparty/example-5x5.txt'])).code).toBe(0);
  });

  it('compare prints – for the conflicts of an engine that does not count them', async () => {
    const out = workdir();
    const r = await runCli(['compare', '7x7:h10b0f0i0f1b3Bh', '--engines', 'wasm', 'minisat-js', '--out', out]);
    expect(r.code).toBe(0);
    const cells = (l: string) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
    const header = cells(r.out.split('\n').find((l) => l.startsWith('| encoding |'))!);
    const conflicts = header.indexOf('median conflicts');
    expect(conflicts).toBeGreaterThan(0);
    const rows = r.out.split('\n').filter((l) => l.startsWith('| ') && l.includes('minisat-js'));
    expect(rows.length).toBeGreaterThan(0);
    for (const l of rows) expect(cells(l)[conflicts], l).toBe('–');
    const wasm = r.out.split('\n').filter((l) => l.startsWith('| ') && / wasm /.test(l));
    for (const l of wasm) expect(cells(l)[conflicts], l).toMatch(/^[\d,]+$/);
  });

  it('dimacs on a file of several puzzles says which it writes, and --index picks another', async () => {
    const dir = workdir();
    const r = await runCli(['dimacs', 'fixtures/akari/tatham-7x7-d0.txt', '--index', '3', '-o', join(dir, 'p.cnf')]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('holds 15 puzzles; writing puzzle 3 (fixtures/akari/tatham-7x7-d0.txt:5); choose another with --index');
    expect(readFileSync(join(dir, 'p.cnf'), 'utf8')).toContain('c puzzle: fixtures/akari/tatham-7x7-d0.txt:5');
    const past = await runCli(['dimacs', 'fixtures/akari/tatham-7x7-d0.txt', '--index', '99']);
    expect(past.code).toBe(1);
    expect(past.err).toContain('holds 15 puzzle(s), so there is no puzzle 99');
  });

  it('--binary naming no known solver is a usage error (exit 2)', async () => {
    for (const args of [['solve', '7x7:h10b0f0i0f1b3Bh'], ['batch', '7x7:h10b0f0i0f1b3Bh']]) {
      const r = await runCli([...args, '--engine', 'external', '--binary', 'nosuch']);
      expect(r.code).toBe(2);
      expect(r.err).toContain("unknown external solver 'nosuch'");
    }
  });

  it('--resume refuses a file with a damaged line before the last, and leaves it as it was', async () => {
    const dir = workdir();
    const input = join(dir, 'in.txt');
    writeFileSync(input, readFileSync('fixtures/akari/tatham-7x7-d0.txt', 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).slice(0, 4).join('\n'));
    const out = join(dir, 'out.ndjson');
    expect((await runCli(['batch', input, '--output', out, '--jobs', '1'])).code).toBe(0);
    const rows = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    const damaged = `${rows[0]}\n${rows[1]!.slice(0, 30)}\n${rows.slice(2).join('\n')}\n`;
    writeFileSync(out, damaged);
    const r = await runCli(['batch', input, '--output', out, '--resume', '--jobs', '1']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`cannot resume ${out}: line 2 is not a result row`);
    expect(readFileSync(out, 'utf8')).toBe(damaged);
  });
});
