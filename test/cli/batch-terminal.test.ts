/**
 * `gridsat batch` as a person meets it: run in a real pseudo-terminal (tmux), the screen read after
 * the terminal has applied every carriage return and erase sequence.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pigeonhole, toDimacs } from '../helpers/cnf-gen.js';
import { hasTmux, Terminal } from '../helpers/terminal.js';

const root = resolve(import.meta.dirname, '..', '..');
const gridsat = `node ${join(root, 'bin', 'gridsat.js')}`;
const built = existsSync(join(root, 'dist', 'src', 'batch', 'worker.js'));

function workdir(): string {
  return mkdtempSync(join(tmpdir(), 'gridsat-term-'));
}

/** An Akari with no black cell: so many solutions that counting them all runs until a limit stops it. */
function slowPuzzle(dir: string): string {
  const file = join(dir, 'slow-akari.json');
  writeFileSync(file, JSON.stringify({ type: 'akari', rows: 14, cols: 14, grid: Array(14).fill('_'.repeat(14)) }));
  return file;
}

function isRow(line: string): boolean {
  try {
    const v = JSON.parse(line) as { id?: unknown; status?: unknown };
    return typeof v.id === 'string' && typeof v.status === 'string';
  } catch {
    return false;
  }
}

let term: Terminal | undefined;
afterEach(() => { term?.close(); term = undefined; });

describe.skipIf(!hasTmux || !built)('gridsat batch on a terminal (tmux; needs `npm run build`)', () => {
  it('keeps rows whole and the summary below them when rows and progress share the screen', async () => {
    term = new Terminal(`${gridsat} batch fixtures/edge-cases fixtures/akari/tatham-7x7-d0.txt`, { cwd: root, width: 120 });
    const { code, screen } = await term.exit();
    expect(code).toBe(1); // the edge cases include infeasible and malformed puzzles
    const header = screen.findIndex((l) => /^type\s+puzzles\s+unique/.test(l));
    expect(header, screen.join('\n')).toBeGreaterThan(0);
    const rows = screen.slice(0, header).filter((l) => l !== '');
    // Every line above the summary is one complete NDJSON row: no bar remnants, no rows cut in two.
    expect(rows.filter((l) => !isRow(l)), screen.join('\n')).toEqual([]);
    expect(new Set(rows.map((l) => (JSON.parse(l) as { id: string }).id)).size).toBe(25);
    const summary = screen.slice(header);
    expect(summary.some((l) => /^all\s+25\s/.test(l)), summary.join('\n')).toBe(true);
    expect(summary[summary.length - 1]).toMatch(/^wall time /);
    expect(screen.join('\n')).not.toContain('solving [');
  });

  it('writes every finished row while a slow puzzle runs, and Ctrl-C keeps them and exits 130', async () => {
    const dir = workdir();
    const out = join(dir, 'out.ndjson');
    const fast = 'fixtures/akari/tatham-7x7-d0.txt';
    const fastCount = 15;
    // The slow puzzle comes third: the old batch solved it on its own thread, and nothing was
    // written until it finished.
    const inputs = join(dir, 'inputs.txt');
    const lines = readFileSync(join(root, fast), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    writeFileSync(inputs, `${lines.slice(0, 2).join('\n')}\n`);
    const rest = join(dir, 'rest.txt');
    writeFileSync(rest, `${lines.slice(2).join('\n')}\n`);
    term = new Terminal(`${gridsat} batch ${inputs} ${slowPuzzle(dir)} ${rest} --count 0 --timeout 60 --jobs 2 --output ${out}`, { cwd: root, width: 120 });
    // Fifteen rows on disk while the slow one still runs, and the progress line says so.
    const during = await term.waitFor((s) => s.some((l) => l.includes(`${fastCount}/${fastCount + 1} puzzles`)), 60_000);
    expect(during.join('\n')).toContain('solving [');
    const written = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    expect(written).toHaveLength(fastCount);
    expect(written.every(isRow)).toBe(true);
    term.keys('C-c');
    const { code, screen } = await term.exit(20_000);
    expect(code).toBe(130);
    const text = screen.join('\n');
    expect(text).toMatch(/interrupted: 1 of 16 puzzles not answered \(continue with --resume\)/);
    expect(text).toMatch(/^all\s+15\s+15\s/m);
    const after = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    expect(after).toEqual(written);
  });
});

describe.skipIf(!built)('gridsat batch: signals, limits, --jobs, --output (needs `npm run build`)', () => {
  it('SIGTERM writes what is finished, prints the summary and exits 143', async () => {
    const dir = workdir();
    const out = join(dir, 'out.ndjson');
    const child = spawn('node', [join(root, 'bin', 'gridsat.js'), 'batch', 'fixtures/akari/tatham-7x7-d0.txt', slowPuzzle(dir), '--count', '0', '--timeout', '60', '--jobs', '2', '--output', out], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const end = Date.now() + 60_000;
    while (!(existsSync(out) && readFileSync(out, 'utf8').split('\n').filter(Boolean).length >= 15) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(readFileSync(out, 'utf8').split('\n').filter(Boolean)).toHaveLength(15);
    expect(stdout).toMatch(/interrupted: 1 of 16 puzzles not answered/);
  });

  it('--timeout holds on minisat-js, which cannot be interrupted in-thread (batch, solve, sat)', () => {
    const dir = workdir();
    const slow = slowPuzzle(dir);
    const run = (args: string[]) => spawnSync('node', [join(root, 'bin', 'gridsat.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    // minisat-js needs close to a minute for this puzzle's first blocking query.
    const batch = run(['batch', slow, '--engine', 'minisat-js', '--timeout', '1', '--count', '0']);
    expect(batch.signal, 'batch ran past its time limit').toBeNull();
    expect(JSON.parse(batch.stdout.trim())).toMatchObject({ status: 'unknown', message: expect.stringContaining('time limit') });
    const solve = run(['solve', slow, '--engine', 'minisat-js', '--timeout', '1', '--count', '0']);
    expect(solve.signal, 'solve ran past its time limit').toBeNull();
    expect(solve.status).toBe(1);
    expect(solve.stdout).toContain('unknown');
    const cnf = join(dir, 'php.cnf');
    writeFileSync(cnf, toDimacs(pigeonhole(12, 11)));
    const sat = run(['sat', cnf, '--engine', 'minisat-js', '--timeout', '1']);
    expect(sat.signal, 'sat ran past its time limit').toBeNull();
    expect(sat.status).toBe(0);
    expect(sat.stdout).toContain('s UNKNOWN');
  }, 100_000);

  it('refuses --conflicts on minisat-js, which has no conflict budget', () => {
    const r = spawnSync('node', [join(root, 'bin', 'gridsat.js'), 'solve', 'fixtures/akari/tatham-7x7-d0.txt', '--engine', 'minisat-js', '--conflicts', '10'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('minisat-js has no conflict budget');
  });

  it('caps --jobs at the cores and the puzzles, saying so once', () => {
    const r = spawnSync('node', [join(root, 'bin', 'gridsat.js'), 'batch', 'fixtures/starbattle/norvig-board1.txt', 'fixtures/akari/tatham-7x7-d0.txt', '--jobs', '1000'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const notes = r.stderr.split('\n').filter((l) => l.includes('--jobs'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^gridsat: --jobs 1000 capped at \d+ solving threads? \(\d+ cores?\)$/);
    const one = spawnSync('node', [join(root, 'bin', 'gridsat.js'), 'batch', 'fixtures/starbattle/norvig-board1.txt', '--jobs', '1000'], { cwd: root, encoding: 'utf8' });
    expect(one.stderr).toMatch(/--jobs 1000 capped at 1 solving thread \(1 puzzle to solve\)/);
  });

  it('refuses to overwrite an existing --output without --resume or --force', () => {
    const dir = workdir();
    const out = join(dir, 'results.ndjson');
    writeFileSync(out, 'precious\n');
    const run = (extra: string[]) => spawnSync('node', [join(root, 'bin', 'gridsat.js'), 'batch', 'fixtures/starbattle/norvig-board1.txt', '--output', out, ...extra], { cwd: root, encoding: 'utf8' });
    const refused = run([]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${out} already exists`);
    expect(refused.stderr).toContain('--resume');
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    const forced = run(['--force']);
    expect(forced.status).toBe(0);
    expect(isRow(readFileSync(out, 'utf8').trim())).toBe(true);
  });
});
