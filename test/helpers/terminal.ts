/**
 * A real terminal for CLI tests: tmux runs the command in a pseudo-terminal of a fixed size, and
 * the test reads the screen (with its scrollback) as a person would see it, after the terminal has
 * interpreted every carriage return and erase sequence.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

let counter = 0;

export class Terminal {
  private readonly socket = `gridsat-test-${process.pid}-${++counter}`;
  private readonly session = 'main';

  /** Starts `command` (a shell command line) in a width × height terminal at `cwd`. */
  constructor(command: string, options: { cwd: string; width?: number; height?: number }) {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-tmux-'));
    const conf = join(dir, 'tmux.conf');
    // Keep everything that scrolled off, and keep the pane after the command exits so it can be read.
    writeFileSync(conf, 'set -g history-limit 50000\nset -g remain-on-exit on\n');
    this.tmux('-f', conf, 'new-session', '-d', '-s', this.session, '-x', String(options.width ?? 120), '-y', String(options.height ?? 40),
      '-c', options.cwd, `${command}; echo "EXIT=$?"`);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** The screen and its scrollback, wrapped lines joined, trailing blank lines dropped. */
  screen(): string[] {
    const lines = this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', this.session).split('\n').map((l) => l.replace(/\s+$/, ''));
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  /** Whether the terminal shows its cursor (a program can hide it, and must show it again). Read it while the shell lives: tmux's flag for an ended pane means nothing. */
  cursorVisible(): boolean {
    return this.tmux('display-message', '-p', '-t', this.session, '#{cursor_flag}').trim() === '1';
  }

  /** Whether the terminal wraps long lines (a program can turn it off, and must turn it on again). */
  wraps(): boolean {
    return this.tmux('display-message', '-p', '-t', this.session, '#{wrap_flag}').trim() === '1';
  }

  /** Types keys (tmux key names, e.g. `C-c`). */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.session, ...keys);
  }

  /** Waits until `test` holds for the screen; throws after `timeoutMs`. */
  async waitFor(test: (screen: string[]) => boolean, timeoutMs = 60_000): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > end) throw new Error(`terminal never showed what was expected; screen:\n${screen.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits for the command to end; returns its exit code and the final screen (without the EXIT line). */
  async exit(timeoutMs = 60_000): Promise<{ code: number; screen: string[] }> {
    const screen = await this.waitFor((s) => s.some((l) => /^EXIT=\d+$/.test(l)), timeoutMs);
    const at = screen.findIndex((l) => /^EXIT=\d+$/.test(l));
    return { code: Number(screen[at]!.slice(5)), screen: screen.slice(0, at) };
  }

  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}
