/**
 * Reading what gridsat writes gives back the same puzzle: every puzzle in fixtures/ and in
 * ../shared/collections/, written in every format its type has a writer for, read back (with the
 * type forced, and again by detection) equals the original, and writing it again gives the same
 * text. This is consistency only; whether the tools that own the formats (pzpr, Tatham's programs,
 * starbattlelab) read our output as the same puzzle is tested beside each writer.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs, readText, readingsOf, type PuzzleEntry } from '../src/formats/inputs.js';
import { puzzleTypes } from '../encodings/registry.js';
import type { AnyPuzzleType } from '../src/puzzle/types.js';
import { FormatLimitError } from '../src/puzzle/types.js';
import { formatNameOf, writableTargets, writePuzzle, type WriteTarget } from '../src/solve/write.js';
import { runCli } from './helpers/cli.js';

const REPO = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(REPO, 'fixtures');
const COLLECTIONS = path.resolve(REPO, '../shared/collections');
const haveCollections = existsSync(COLLECTIONS);
if (!haveCollections) console.warn(`round trips over the collections skipped: ${COLLECTIONS} not found`);

interface Item { id: string; type: AnyPuzzleType; puzzle: unknown }

/** Every readable puzzle of the inputs, each fixtures/<type> directory read as its type. */
function items(): Item[] {
  const out: Item[] = [];
  const take = (entries: Iterable<PuzzleEntry>) => {
    for (const e of entries) {
      if (!e.ok) continue; // fixtures/edge-cases holds malformed inputs on purpose
      // An ambiguous text (a janko grid valid as Akari and Hashi) is every one of its readings.
      for (const r of readingsOf(e)) out.push({ id: `${e.id} as ${r.type.id}`, type: r.type, puzzle: r.puzzle });
    }
  };
  for (const type of puzzleTypes()) {
    const dir = path.join(FIXTURES, type.id);
    if (existsSync(dir)) take(readInputs([dir], { type }));
  }
  take(readInputs([path.join(FIXTURES, 'edge-cases')]));
  if (haveCollections) {
    take(readInputs(readdirSync(COLLECTIONS).filter((f) => !/\.md$/.test(f)).map((f) => path.join(COLLECTIONS, f))));
  }
  return out;
}

/**
 * What makes two puzzles the same: the type's JSON, with names that are only presentation left
 * out (region labels, how a no-region cell was marked, a free-text note) and region ids numbered by
 * first appearance, since formats without labels number regions their own way.
 */
function canonical(type: AnyPuzzleType, puzzle: unknown): unknown {
  const json = { ...(type.toJson(puzzle) as Record<string, unknown>) };
  delete json.labels;
  delete json.noRegionMarks;
  delete json.about;
  if (type.id === 'starbattle') {
    const ids = new Map<unknown, number>();
    json.regions = (json.regions as unknown[][]).map((row) => row.map((id) => {
      if (id === null) return null;
      if (!ids.has(id)) ids.set(id, ids.size);
      return ids.get(id);
    }));
  }
  if (Array.isArray(json.islands)) json.islands = [...json.islands].map((i) => JSON.stringify(i)).sort();
  return json;
}

const all = items();

describe('reading what we write gives back the same puzzle', () => {
  it('reads the fixtures and collections of every type', () => {
    const byType = new Map<string, number>();
    for (const i of all) byType.set(i.type.id, (byType.get(i.type.id) ?? 0) + 1);
    for (const type of puzzleTypes()) expect(byType.get(type.id) ?? 0, type.id).toBeGreaterThan(0);
    if (haveCollections) expect(all.length).toBeGreaterThan(2000);
  });

  for (const type of puzzleTypes()) {
    const targets = writableTargets(type);
    it.skipIf(targets.length === 0)(`${type.id}: every puzzle through ${targets.join(', ') || 'no writer yet'}`, () => {
      const mine = all.filter((i) => i.type === type);
      const failures: string[] = [];
      const limits = new Map<WriteTarget, number>();
      for (const item of mine) {
        for (const target of targets) {
          const written = writePuzzle(type, item.puzzle, target);
          if (!written.ok) {
            // Only a format limit may stop a writer, and it must say so.
            if (!/ cannot hold this puzzle: /.test(written.error)) failures.push(`${item.id} -> ${target}: ${written.error}`);
            limits.set(target, (limits.get(target) ?? 0) + 1);
            continue;
          }
          const where = `${item.id} -> ${target}: ${written.text.slice(0, 80)}`;
          const back = [...readText(written.text, { input: 'written' }, { type })];
          if (back.length !== 1 || !back[0]!.ok) { failures.push(`${where}: read back as ${back.map((b) => (b.ok ? b.format : b.error)).join(' | ')}`); continue; }
          const entry = back[0]!;
          if (entry.format !== formatNameOf(target)) failures.push(`${where}: read back by the ${entry.format} reader`);
          if (JSON.stringify(canonical(type, entry.puzzle)) !== JSON.stringify(canonical(type, item.puzzle))) failures.push(`${where}: a different puzzle`);
          const again = writePuzzle(type, entry.puzzle, target);
          if (!again.ok || again.text !== written.text) failures.push(`${where}: writing it again gives ${again.ok ? again.text.slice(0, 80) : again.error}`);
          // Detection without --type finds this type among the readings.
          const [detected] = [...readText(written.text, { input: 'written' })];
          if (!detected?.ok || !readingsOf(detected).some((r) => r.type === type)) failures.push(`${where}: not detected as ${type.id}`);
        }
      }
      expect(failures.slice(0, 20)).toEqual([]);
      // A limit never stops every puzzle: each writer wrote something.
      for (const target of targets) expect(limits.get(target) ?? 0, `${type.id} ${target}`).toBeLessThan(mine.length);
    }, 300_000);
  }

  it('FormatLimitError is what a writer throws for a puzzle its format cannot hold', () => {
    expect(new FormatLimitError('tatham', 'x').message).toBe('tatham cannot hold this puzzle: x');
  });
});

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
