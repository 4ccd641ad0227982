/**
 * `gridsat generate --count N` as a person meets it, through the bundled CLI (bin/gridsat.js runs
 * dist/gridsat.cjs) in a real pseudo-terminal (tmux): the progress bar when the puzzles go to a
 * file, plain lines when they come to the same terminal. The bar hid the cursor, and Ctrl-C during
 * it left the terminal without one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, Terminal } from '../helpers/terminal.js';

const root = resolve(import.meta.dirname, '..', '..');
const gridsat = `node ${join(root, 'bin', 'gridsat.js')}`;
const bundled = existsSync(join(root, 'dist', 'gridsat.cjs'));
const args = 'generate starbattle --size 8x8 --stars 2 --count 3 --seed 5 --format sbn';

let term: Terminal | undefined;
let dir: string | undefined;
afterEach(() => {
  term?.close(); term = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe.skipIf(!hasTmux || !bundled)(`gridsat generate on a terminal${!hasTmux ? ' (skipped: tmux missing)' : !bundled ? ' (skipped: run `npm run build` for dist/gridsat.cjs)' : ''}`, () => {
  it('puzzles to a file: the bar on the terminal counts them to the end, and the file has every one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridsat-gen-term-'));
    const out = join(dir, 'puzzles.txt');
    term = new Terminal(`${gridsat} ${args} > ${out}`, { cwd: root });
    const { code, screen } = await term.exit();
    expect(code, screen.join('\n')).toBe(0);
    expect(screen.join('\n')).toMatch(/generating \[.*\] 3\/3 puzzles/);
    expect(screen.join('\n')).not.toMatch(/gridsat:/);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('on a narrow terminal the bar still shows the count (it was cut off after the bar at 60 columns)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridsat-gen-term-'));
    term = new Terminal(`${gridsat} ${args} > ${join(dir, 'p.txt')}`, { cwd: root, width: 60 });
    const { code, screen } = await term.exit();
    expect(code, screen.join('\n')).toBe(0);
    expect(screen.join('\n')).toMatch(/generating \[.*\] 3\/3 puzzles/);
  });

  it('Ctrl-C during the bar leaves the terminal with its cursor shown', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridsat-gen-term-'));
    // 14x14 3-star Star Battles take about a second each: time to interrupt the bar.
    term = new Terminal(`${gridsat} generate starbattle --size 14x14 --stars 3 --count 20 --seed 4 --format sbn > ${join(dir, 'p.txt')}`, { cwd: root });
    await term.waitFor((s) => s.some((l) => /generating \[/.test(l)), 30_000);
    term.keys('C-c');
    // Killed by SIGINT, as before: the shell goes with it (no EXIT line), so wait for the pane to end.
    const end = Date.now() + 20_000;
    while (!term.ended() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(term.ended()).toBe(true);
    expect(term.cursorVisible()).toBe(true);
  });

  it('puzzles to the same terminal: whole lines, no bar drawn over them', async () => {
    term = new Terminal(`${gridsat} ${args}`, { cwd: root });
    const { code, screen } = await term.exit();
    expect(code, screen.join('\n')).toBe(0);
    const lines = screen.filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^[A-Za-z0-9+/=_-]+$/);
  });
});
