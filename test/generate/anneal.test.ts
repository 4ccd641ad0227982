/**
 * The annealing strategy (`--method anneal`, src/generate/anneal.ts): its puzzles are unique,
 * checked by solvers we did not write (native CaDiCaL on the finished puzzle's CNF: the generated
 * solution and, once blocked, nothing else; pzpr's check(true) on gridsat's URL; Tatham's programs
 * loading the Light Up and Bridges game IDs); the same seed gives the same puzzles; bad settings
 * give clear errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { GenerateError, generateOne, methodFor, type GeneratedPuzzle } from '../../src/generate/generate.js';
import { generatorFor } from '../../src/generate/registry.js';
import type { GenerateSettings } from '../../src/puzzle/generator.js';
import type { AnyPuzzleType, EncodeOptions } from '../../src/puzzle/types.js';
import { writePuzzle } from '../../src/solve/write.js';
import { cadicalAvailable, CADICAL_MISSING, expectUniqueInCadical } from '../helpers/cadical.js';
import { SGT_SKIPPED, sgtAvailable, tathamRejects } from '../helpers/sgt.js';
import { pzpr, PZPR_MISSING } from '../helpers/pzpr.js';
import { pzprVerdict } from '../helpers/pzpr-generated.js';
import { ndjson, runCli } from '../helpers/cli.js';

interface Case { type: string; settings: GenerateSettings; encoding?: EncodeOptions; count: number }

const anneal = (s: Omit<GenerateSettings, 'method'>): GenerateSettings => ({ ...s, method: 'anneal' });

/** Small sizes: the unit suite stays fast; the bench measures the real sizes. */
const CASES: Case[] = [
  { type: 'akari', settings: anneal({ rows: 7, cols: 7 }), count: 3 },
  { type: 'akari', settings: anneal({ rows: 10, cols: 10 }), count: 1 },
  { type: 'starbattle', settings: anneal({ rows: 6, cols: 6, stars: 1 }), count: 2 },
  { type: 'starbattle', settings: anneal({ rows: 8, cols: 8, stars: 2 }), count: 1 },
  { type: 'hashi', settings: anneal({ rows: 7, cols: 7, maxBridges: 2 }), encoding: { variant: { connectivity: 'eager' } }, count: 3 },
  { type: 'hashi', settings: anneal({ rows: 7, cols: 7, maxBridges: 3, noLoops: true }), encoding: { variant: { connectivity: 'eager' } }, count: 2 },
  { type: 'blockparty', settings: anneal({ rows: 5, cols: 5 }), count: 2 },
];

const SEED = 20261123;
const label = (c: Case) => `${c.type} ${JSON.stringify(c.settings)}`;
const typeOf = (id: string): AnyPuzzleType => findPuzzleType(id)!;

const generated = new Map<Case, GeneratedPuzzle[]>();
function puzzlesOf(c: Case): GeneratedPuzzle[] {
  if (!generated.has(c)) generated.set(c, Array.from({ length: c.count }, (_, i) => generateOne(typeOf(c.type), c.settings, SEED, i)));
  return generated.get(c)!;
}

describe('annealed puzzles', () => {
  it('come from the annealing strategy, and Star Battle regions are connected pieces, n of them', () => {
    for (const c of CASES) for (const g of puzzlesOf(c)) expect(g.method, label(c)).toBe('anneal');
    for (const c of CASES.filter((x) => x.type === 'starbattle')) {
      for (const g of puzzlesOf(c)) {
        const { regions } = g.puzzle as { regions: number[][] };
        expect(new Set(regions.flat()).size, label(c)).toBe(c.settings.rows);
        for (const id of new Set(regions.flat())) expect(pieces(regions, id), `${label(c)} region ${id}`).toBe(1);
      }
    }
  });
});

describe.skipIf(!cadicalAvailable)(`annealed puzzles are unique in native CaDiCaL${cadicalAvailable ? '' : ` (skipped: ${CADICAL_MISSING})`}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-anneal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const c of CASES) {
    it(`${label(c)}: the CNF has the generated solution and no other`, () => {
      const type = typeOf(c.type);
      puzzlesOf(c).forEach((g, i) => expectUniqueInCadical(dir, `${c.type}-${i}`, `${label(c)} #${i}`, type, g.puzzle, g.solution, c.encoding));
    });
  }
});

describe.skipIf(!pzpr)(`pzpr accepts the annealed solutions${pzpr ? '' : ` (skipped: ${PZPR_MISSING})`}`, () => {
  for (const c of CASES.filter((x) => x.type !== 'blockparty' && (x.settings.maxBridges ?? 2) <= 2)) {
    it(`${label(c)}: check(true) on gridsat's URL`, () => {
      const type = typeOf(c.type);
      for (const g of puzzlesOf(c)) {
        const written = writePuzzle(type, g.puzzle, 'url');
        if (!written.ok) throw new Error(written.error);
        expect(pzprVerdict(c.type, written.text, g.solution), written.text).toMatchObject({ complete: true });
      }
    });
  }
});


describe.skipIf(!sgtAvailable)(`Tatham's programs load the annealed game IDs${sgtAvailable ? '' : SGT_SKIPPED}`, () => {
  it('sgt-lightup and sgt-bridges --print accept every annealed Light Up and Bridges puzzle', () => {
    for (const c of CASES.filter((x) => x.type === 'akari' || x.type === 'hashi')) {
      expect(tathamRejects(typeOf(c.type), puzzlesOf(c).map((g) => g.puzzle)), label(c)).toBe('');
    }
  });
});

describe('annealing is reproducible', () => {
  it('the same seed gives the same puzzles, another seed others', () => {
    for (const c of CASES.filter((x) => x.count > 1)) {
      const type = typeOf(c.type);
      const again = generateOne(type, c.settings, SEED, 1);
      expect(JSON.stringify(type.toJson(again.puzzle)), label(c)).toBe(JSON.stringify(type.toJson(puzzlesOf(c)[1]!.puzzle)));
      const other = generateOne(type, c.settings, SEED + 1, 1);
      expect(JSON.stringify(type.toJson(other.puzzle)), label(c)).not.toBe(JSON.stringify(type.toJson(again.puzzle)));
    }
  });
});

describe('choosing the method', () => {
  it('without --method each type uses its default, and the row says which', async () => {
    for (const id of ['akari', 'starbattle', 'hashi', 'blockparty']) {
      const expected = generatorFor(id)!.defaultMethod ?? 'removal';
      expect(methodFor(id, { rows: 7, cols: 7 }), id).toBe(expected);
    }
    const run = await runCli(['generate', 'akari', '--size', '6x6', '--seed', '4', '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    expect(ndjson(run.out)[0]).toMatchObject({ generated: { method: generatorFor('akari')!.defaultMethod ?? 'removal' } });
    const annealed = await runCli(['generate', 'akari', '--size', '6x6', '--seed', '4', '--method', 'anneal', '--format', 'json']);
    expect(annealed.code, annealed.err).toBe(0);
    expect(ndjson(annealed.out)[0]).toMatchObject({ generated: { method: 'anneal', status: 'unique' } });
  });

  it('bad settings are clear errors', async () => {
    const bad = await runCli(['generate', 'akari', '--size', '6x6', '--method', 'annealing']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--method must be removal or anneal \(got 'annealing'\)/);
    expect(() => generateOne(typeOf('akari'), { rows: 6, cols: 6, method: 'bogus' as never }, 1, 0))
      .toThrow(GenerateError);
    expect(() => methodFor('akari', { rows: 6, cols: 6, method: 'bogus' as never })).toThrow(/must be removal or anneal, not bogus/);
    // The type's own checks come first, whatever the method.
    const square = await runCli(['generate', 'starbattle', '--size', '8x9', '--method', 'anneal']);
    expect(square.code).toBe(2);
    expect(square.err).toMatch(/square/);
    // A limit the walk cannot work within is an error naming the way out, not a wrong puzzle.
    expect(() => generateOne(typeOf('akari'), anneal({ rows: 10, cols: 10 }), 1, 0,
      { attempts: 3, repairs: 0, conflictsPerCall: 200_000, others: 1, annealDraws: 0 }))
      .toThrow(/no unique akari puzzle reached by annealing within 0 walks and 3 layouts \(try --method removal\)/);
  });
});

/** Orthogonally connected pieces of region `id` (flood fill written here, apart from the generator). */
function pieces(regions: number[][], id: number): number {
  const seen = new Set<string>();
  let count = 0;
  regions.forEach((row, r) => row.forEach((x, c) => {
    if (x !== id || seen.has(`${r},${c}`)) return;
    count += 1;
    const todo: [number, number][] = [[r, c]];
    seen.add(`${r},${c}`);
    while (todo.length) {
      const [y, z] = todo.pop()!;
      for (const [yy, zz] of [[y + 1, z], [y - 1, z], [y, z + 1], [y, z - 1]] as const) {
        if (regions[yy]?.[zz] === id && !seen.has(`${yy},${zz}`)) { seen.add(`${yy},${zz}`); todo.push([yy, zz]); }
      }
    }
  }));
  return count;
}
