/**
 * Reading what gridsat writes gives back the same puzzle: every puzzle in fixtures/ and in
 * ../shared/collections/, written in every format its type has a writer for, read back (with the
 * type forced, and again by detection) equals the original, and writing it again gives the same
 * text. This is consistency only; whether the tools that own the formats (pzpr, Tatham's programs,
 * starbattlelab) read our output as the same puzzle is tested beside each writer.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs, readText, readingsOf, type PuzzleEntry } from '../../src/formats/inputs.js';
import { puzzleTypes } from '../../encodings/registry.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';
import { FormatLimitError } from '../../src/puzzle/types.js';
import { formatNameOf, writableTargets, writePuzzle, type WriteTarget } from '../../src/solve/write.js';
import { canonical } from '../helpers/canonical.js';
import { COLLECTIONS, FIXTURES, missing } from '../helpers/paths.js';

const haveCollections = existsSync(COLLECTIONS);
// Without ../shared the fixtures are still checked; the first test says the collections are missing.

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

const all = items();

describe('reading what we write gives back the same puzzle', () => {
  it.skipIf(!haveCollections)(`the collections are read too${haveCollections ? '' : ` (${missing(COLLECTIONS)})`}`, () => {
    expect(all.length).toBeGreaterThan(2000);
  });

  it('reads the fixtures and collections of every type', () => {
    const byType = new Map<string, number>();
    for (const i of all) byType.set(i.type.id, (byType.get(i.type.id) ?? 0) + 1);
    for (const type of puzzleTypes()) expect(byType.get(type.id) ?? 0, type.id).toBeGreaterThan(0);
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
