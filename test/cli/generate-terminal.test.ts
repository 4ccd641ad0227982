/**
 * `gridsat generate --count N` as a person meets it, through the bundled CLI (bin/gridsat.js runs
 * dist/gridsat.cjs) in a real pseudo-terminal (tmux): the progress bar when the puzzles go to a
 * file, plain lines when they come to the same terminal. The bar hid the cursor and turned the
 * terminal's line wrapping off while drawn, so Ctrl-C or kill during it left the terminal without a
 * cursor and with long lines cut off (a signal listener to undo it would wait for the main thread,
 * busy with a puzzle: the bar now leaves those modes alone).
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

  it('killed during the bar, it leaves the terminal as it found it (cursor shown, lines wrapping)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridsat-gen-term-'));
    // 14x14 3-star Star Battles take about a second each: time to kill it while the bar is drawn.
    // In the background so that the shell lives on and the terminal's state can be read after:
    // signalled alone, as Ctrl-C or kill would, gridsat dies of the signal with no chance to undo
    // what it changed in the terminal.
    // The shell waits on after it, since tmux's flags mean nothing once the pane has ended.
    term = new Terminal(`${gridsat} generate starbattle --size 14x14 --stars 3 --count 20 --seed 4 --format sbn > ${join(dir, 'p.txt')} & echo PID=$!; wait $!; s=$?; echo; echo STATUS=$s; sleep 60`, { cwd: root });
    const shown = await term.waitFor((s) => s.some((l) => /generating \[/.test(l)) && s.some((l) => /^PID=\d+$/.test(l)), 30_000);
    process.kill(Number(shown.find((l) => /^PID=\d+$/.test(l))!.slice(4)), 'SIGTERM');
    const after = await term.waitFor((s) => s.some((l) => /^STATUS=\d+$/.test(l)), 20_000);
    expect(after.find((l) => l.startsWith('STATUS='))).toBe('STATUS=143');
    expect(term.cursorVisible()).toBe(true);
    expect(term.wraps()).toBe(true);
  });

  it('a difficulty search says on the terminal how many it graded, and leaves no trace of it after', async () => {
    // 10x10 2★ Star Battles grade far below 30: each of the 3 tries is graded in full (about a second each,
    // 2.8 s for the run) and found below. A target under a puzzle's grade would not do: grading stops as soon
    // as it passes the target, and the easy layouts (forced regions) pass it within 0.1 s, too fast to see.
    term = new Terminal(`${gridsat} generate starbattle --size 10x10 --stars 2 --difficulty 30-40 --tries 3 --seed 3 --format text`, { cwd: root });
    const during = await term.waitFor((s) => s.some((l) => /^puzzle 1: [1-3] graded for difficulty 30-40, last [\d.]+ \((easy|medium|hard|expert)\)$/.test(l)), 30_000);
    expect(during.join('\n')).not.toMatch(/gridsat generate: no/);
    const { code, screen } = await term.exit();
    expect(code).toBe(1);
    const lines = screen.filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^gridsat generate: no starbattle puzzle of difficulty score 30-40 among 3 unique puzzles graded: every one graded below it/);
  });

  it('puzzles to a file: the bar says how many the difficulty search graded for the puzzle it is after', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridsat-gen-term-'));
    term = new Terminal(`${gridsat} generate starbattle --size 10x10 --stars 2 --difficulty 30-40 --tries 3 --seed 3 --count 2 > ${join(dir, 'p.txt')}`, { cwd: root });
    await term.waitFor((s) => s.some((l) => /generating \[.*\] 0\/2 puzzles \|.* \| puzzle 1: [1-3] graded/.test(l)), 30_000);
    const { code, screen } = await term.exit();
    expect(code).toBe(1);
    expect(screen.join('\n')).toMatch(/gridsat generate: no starbattle puzzle of difficulty score 30-40 among 3 unique puzzles graded/);
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
