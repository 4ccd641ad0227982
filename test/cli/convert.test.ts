/** `gridsat convert`: error rows that name why, the batch going on, exit codes, --out-dir file names. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs, readText } from '../../src/formats/inputs.js';
import { findPuzzleType } from '../../encodings/registry.js';
import { formatNameOf, writableTargets } from '../../src/solve/write.js';
import { canonical } from '../helpers/canonical.js';
import { runCli } from '../helpers/cli.js';
import { COLLECTIONS, FIXTURES } from '../helpers/paths.js';

const haveCollections = existsSync(COLLECTIONS);

describe('gridsat convert', () => {
  it('writes one line per puzzle, an error row for what a format cannot take, and goes on (exit 1)', async () => {
    const r = await runCli(['convert', path.join(FIXTURES, 'blockparty'), path.join(FIXTURES, 'bridges-signs'), '--to', 'text']);
    expect(r.code).toBe(1);
    expect(r.out.match(/^blockparty$/gm)).toHaveLength(3);
    expect(r.err).toMatch(/map1\.json \(bridges-signs [^)]*\): error: gridsat cannot write bridges-signs as gridsat's text grid \(it writes bridges-signs as: json\)/);
    expect(r.err).toContain('gridsat convert: 3 written, 1 failed');
  });

  it('--to json prints one JSON object per line that reads back as the same puzzles', async () => {
    const r = await runCli(['convert', path.join(FIXTURES, 'blockparty'), '--to', 'json']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(3);
    const back = [...readText(r.out, { input: 'out.ndjson' })];
    expect(back.map((b) => b.ok && b.type.id)).toEqual(['blockparty', 'blockparty', 'blockparty']);
  });

  it('--out-dir writes one file per puzzle, named after it, unique, with the right extension', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-convert-'));
    try {
      const example = path.join(FIXTURES, 'blockparty', 'example-5x5.txt');
      const r = await runCli(['convert', example, example, path.join(FIXTURES, 'bridges-signs'), '--to', 'json', '--out-dir', dir]);
      expect(r.code).toBe(0);
      expect(r.out).toBe('');
      expect(readdirSync(dir).sort()).toEqual(['example-5x5-2.json', 'example-5x5.json', 'map1.json']);
      const [back] = [...readInputs([path.join(dir, 'map1.json')])];
      expect(back!.ok && back!.type.id).toBe('bridges-signs');
      const text = await runCli(['convert', example, '--to', 'text', '--out-dir', dir]);
      expect(text.code).toBe(0);
      expect(readFileSync(path.join(dir, 'example-5x5.text.txt'), 'utf8')).toMatch(/^blockparty\nanswer: 430\nAABBB\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names puzzles given on the command line by type and position, and collection entries by name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-convert-'));
    try {
      const literal = '{"type":"blockparty","rows":1,"cols":2,"regions":[[[0,0],[0,1]]],"givens":[]}';
      const r = await runCli(['convert', literal, '--to', 'json', '--out-dir', dir]);
      expect(r.code).toBe(0);
      expect(readdirSync(dir)).toEqual(['blockparty-001.json']);
      if (haveCollections) {
        await runCli(['convert', path.join(COLLECTIONS, 'blockparty.json'), '--to', 'text', '--out-dir', dir]);
        expect(readdirSync(dir).filter((f) => f.startsWith('blockparty-') && f.endsWith('.text.txt')).length).toBeGreaterThan(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['convert', 'x.txt', '--to', 'png'])).code).toBe(2);
    expect((await runCli(['convert', 'x.txt'])).code).toBe(2);
  });
});

describe('solve --format url|tatham|sbn|janko prints the puzzle in that format', () => {
  const cases = [
    ['starbattle', 'starbattle/norvig-board1.txt', ['url', 'sbn', 'janko']],
    ['akari', 'akari/tatham-7x7-d0.txt', ['url', 'tatham', 'janko']],
    ['hashi', 'hashi/tatham-7x7.txt', ['url', 'tatham', 'janko']],
  ] as const;
  for (const [typeId, file, targets] of cases) {
    const type = findPuzzleType(typeId)!;
    for (const target of targets) {
      const can = writableTargets(type).includes(target);
      it.skipIf(!can)(`${typeId} as ${target}${can ? '' : ' (no writer on this branch yet)'}`, async () => {
        const input = path.join(FIXTURES, file);
        const [original] = [...readInputs([input])];
        if (!original?.ok) throw new Error('fixture unreadable');
        // The first puzzle of the file only: a janko block for it, or one line.
        const source = original.origin.line !== undefined ? readFileSync(input, 'utf8').split('\n')[original.origin.line - 1]! : input;
        const r = await runCli(['solve', source, '--format', target, '--type', typeId]);
        expect(r.code, r.err).toBe(0);
        const back = [...readText(r.out, { input: 'stdout' }, { type })];
        expect(back).toHaveLength(1);
        expect(back[0]!.ok && back[0]!.format).toBe(formatNameOf(target));
        expect(back[0]!.ok && canonical(type, back[0]!.puzzle)).toEqual(canonical(type, original.puzzle));
      });
    }
  }

  it('a type without that writer is an error naming why, exit 1', async () => {
    const r = await runCli(['solve', path.join(FIXTURES, 'blockparty', 'example-5x5.txt'), '--format', 'sbn']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('(blockparty): error: gridsat cannot write blockparty as SBN (Star Battle Notation) (it writes blockparty as: text, json)');
  });
});
