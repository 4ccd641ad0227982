/**
 * Inputs that hold no puzzle must say so and name themselves, never pass in silence:
 * - an empty file said only "empty input" (batch rows and compare's skip notes had no file name);
 * - a directory without puzzle files gave no entry at all: `gridsat solve DIR` printed nothing and
 *   exited 0, as if every puzzle had been solved;
 * - a path that does not exist and has no known extension (`fixtures/akarri`) was read as a puzzle
 *   string: "unrecognised puzzle format; use --type to say which puzzle it is".
 * And with --type, a text of that type with one stray character got only "unrecognised puzzle
 * format as hashi": the advice to use --type led nowhere. It now says where each of the type's
 * text formats stopped reading.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputs, readText, type PuzzleEntry } from '../../src/formats/inputs.js';
import { findPuzzleType } from '../../encodings/registry.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const errors = (inputs: string[], stdinText?: string) =>
  [...readInputs(inputs, stdinText !== undefined ? { stdinText } : {})].map((e: PuzzleEntry) => (e.ok ? `ok ${e.id}` : `${e.id} | ${e.error}`));

describe('inputs without a puzzle', () => {
  it('an empty file, or empty standard input, is an error that names it', () => {
    const empty = path.join(dir, 'empty.txt');
    writeFileSync(empty, '\n  \n');
    expect(errors([empty])).toEqual([`${empty} | ${empty}: empty input`]);
    expect(errors(['-'], '')).toEqual(['<stdin> | <stdin>: empty input']);
  });

  it('a directory without puzzle files is an error naming it; one inside a walked directory is passed over', () => {
    const none = path.join(dir, 'none');
    mkdirSync(path.join(none, 'sub'), { recursive: true });
    writeFileSync(path.join(none, 'README.md'), '# notes\n');
    expect(errors([none])).toEqual([`${none} | ${none}: no puzzle files in this directory (hidden files, *.solution.* files, scripts and documentation are passed over)`]);
    const some = path.join(dir, 'some');
    mkdirSync(path.join(some, 'empty-sub'), { recursive: true });
    writeFileSync(path.join(some, 'a.txt'), '7x7:h10b0f0i0f1b3Bh\n');
    expect(errors([some])).toEqual([`ok ${path.join(some, 'a.txt')}:1`]);
  });

  it('a path that does not exist is "no such file or directory", with or without an extension', () => {
    for (const missing of [path.join(dir, 'akarri'), 'fixtures/akari/nothere', './puzzles.dat', path.join(dir, 'gone.txt')]) {
      const [row, ...rest] = errors([missing]);
      expect(rest).toEqual([]);
      expect(row).toMatch(/no such file or directory/);
      expect(row).not.toMatch(/--type/);
    }
    // Puzzle strings with slashes are still puzzles, and their own errors stay theirs.
    expect(errors(['lightup/2/2/ia'])).toEqual(['ok lightup/2/2/ia']);
    expect(errors(['https://puzz.link/p?akari/7/7/n1aajam'])[0]).toMatch(/the body covers/);
    // Text typed on the web page is never a file.
    const [typed] = [...readText('fixtures/akari/nothere', { input: 'typed' }, {}, true)];
    expect(typed!.ok ? '' : typed!.error).toMatch(/unrecognised puzzle format/);
  });

  it('gridsat solve on an empty directory fails, naming it', async () => {
    const none = path.join(dir, 'none-cli');
    mkdirSync(none, { recursive: true });
    const r = await runCli(['solve', none]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${none}: no puzzle files in this directory`);
  });
});

describe('--type on a text no format of that type recognises', () => {
  it('says where the text departs from the type\'s formats, instead of only "unrecognised"', () => {
    const hashi = path.join(dir, 'hashi-janko.txt');
    writeFileSync(hashi, '3 3\n1 - 2\n- - q\n1 - 2\n');
    const [row] = [...readInputs([hashi], { type: findPuzzleType('hashi')! })];
    expect(row!.ok).toBe(false);
    expect(row!.ok ? '' : row!.error).toMatch(/line 3, column 5.*'q'/);
    const akari = path.join(dir, 'akari-grid.txt');
    writeFileSync(akari, '# an Akari grid with a stray letter\n__2_i_2_\n_3______\n__XX_3_0\n');
    const [a] = [...readInputs([akari], { type: findPuzzleType('akari')! })];
    expect(a!.ok ? '' : a!.error).toMatch(/line 2, column 5.*'i'/);
  });
});
