/**
 * `-` reads a puzzle from standard input in every command that takes puzzles, as the README says
 * of inputs (`… | gridsat solve -`). solve and batch read it; convert, explain, hint, dimacs and
 * compare took `-` for a puzzle string and printed main()'s internal stdin token (a NUL byte and
 * "stdin") as its name: "\0stdin: unrecognised puzzle format".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const AKARI = '7x7:h10b0f0i0f1b3Bh';
const SOLVED = ['++++++*', '+10++0+', '+*+++0+', '++*++++', '+0++*++', '*1+*3#+', '++++*++'].join('\n');

describe('a puzzle on standard input (-)', () => {
  it('convert reads it', async () => {
    const r = await runCli(['convert', '-', '--to', 'url'], `${AKARI}\n`);
    expect(r.err).not.toContain('\0');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe('https://puzz.link/p?akari/7/7/n1aajamajb3.n\n');
  });

  it('explain reads it', async () => {
    const r = await runCli(['explain', '-', '--format', 'json'], `${AKARI}\n`);
    expect(r.err).not.toContain('\0');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ id: '<stdin>:1', type: 'akari', status: 'solved' });
  });

  it('dimacs reads it', async () => {
    const r = await runCli(['dimacs', '-'], `${AKARI}\n`);
    expect(r.err).not.toContain('\0');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^p cnf \d+ \d+$/m);
  });

  it('hint reads the puzzle from it, and the progress from it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-stdin-'));
    try {
      const puzzle = path.join(dir, 'puzzle.txt');
      const progress = path.join(dir, 'progress.txt');
      writeFileSync(puzzle, `${AKARI}\n`);
      writeFileSync(progress, `${SOLVED}\n`);
      const fromStdin = await runCli(['hint', '-', '--progress', progress], `${AKARI}\n`);
      expect(fromStdin.err).not.toContain('\0');
      expect(fromStdin.code, fromStdin.err).toBe(0);
      expect(fromStdin.out).toContain('complete');
      const progressStdin = await runCli(['hint', puzzle, '--progress', '-'], `${SOLVED}\n`);
      expect(progressStdin.code, progressStdin.err).toBe(0);
      // A progress grid that does not fit names standard input in words, not the internal token.
      const short = await runCli(['hint', puzzle, '--progress', '-'], '???\n');
      expect(short.code).toBe(1);
      expect(short.err).toBe('<stdin>: progress has 1 rows, the puzzle 7\n');
      // Standard input holds one text: it cannot be both.
      const both = await runCli(['hint', '-', '--progress', '-'], `${AKARI}\n`);
      expect(both.code).toBe(2);
      expect(both.err).toMatch(/standard input/);
      expect(readFileSync(progress, 'utf8')).toBe(`${SOLVED}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compare reads it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-stdin-compare-'));
    try {
      const r = await runCli(['compare', '-', '--engines', 'wasm', '--encodings', 'sequential', '--out', dir], `${AKARI}\n`);
      expect(r.err).not.toContain('\0');
      expect(r.err).not.toMatch(/unreadable/);
      expect(r.code, r.err).toBe(0);
      expect(readFileSync(path.join(dir, 'compare.csv'), 'utf8')).toContain('<stdin>:1,akari');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
