/**
 * `gridsat generate --difficulty … --tries N`: how many unique puzzles a difficulty search grades
 * for each one it prints before giving up (default 200), and the message when it gives up.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('gridsat generate --tries', () => {
  it('needs --difficulty, and a whole number', async () => {
    const without = await runCli(['generate', 'akari', '--size', '7x7', '--tries', '5']);
    expect(without.code).toBe(2);
    expect(without.err).toMatch(/--tries applies with --difficulty/);
    const fraction = await runCli(['generate', 'akari', '--size', '7x7', '--difficulty', 'hard', '--tries', '2.5']);
    expect(fraction.code).toBe(2);
    expect(fraction.err).toMatch(/--tries must be a whole number >= 1/);
  });

  it('gives up after N graded puzzles, saying where their grades fell; the puzzles before are printed', async () => {
    // Puzzle 1 has an easy target; puzzle 2 never can (no 7x7 Light Up grades 40).
    const ok = await runCli(['generate', 'akari', '--size', '7x7', '--difficulty', 'easy', '--tries', '3', '--seed', '2', '--format', 'url']);
    expect(ok.code, ok.err).toBe(0);
    const r = await runCli(['generate', 'akari', '--size', '7x7', '--difficulty', '40-50', '--tries', '3', '--seed', '2', '--count', '2', '--format', 'url']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^gridsat generate: no akari puzzle of difficulty score 40-50 among [1-3] unique puzzles graded: every one graded below it, the hardest [\d.]+ \(\w+\)\. Try a larger size or an easier difficulty\n$/);
  });
});
