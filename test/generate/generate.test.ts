/**
 * Generated puzzles are unique, checked by solvers we did not write:
 * - native CaDiCaL on the puzzle's CNF (what `gridsat dimacs` writes; Bridges with eager
 *   connectivity, so the file holds every rule): SAT, its model decodes to the generated solution
 *   (and our independent verifier accepts it), and with that solution blocked the CNF is UNSAT;
 * - pzpr's check(true) on the solution entered on pzpr's board, where gridsat writes the type's
 *   puzz.link URL;
 * and the same seed gives the same puzzles.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne, type GeneratedPuzzle } from '../../src/generate/generate.js';
import type { GenerateSettings } from '../../src/puzzle/generator.js';
import type { AnyPuzzleType, EncodeOptions } from '../../src/puzzle/types.js';
import { writePuzzle } from '../../src/solve/write.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { pzpr, PZPR_MISSING } from '../helpers/pzpr.js';
import { pzprVerdict } from '../helpers/pzpr-generated.js';
import { runCli, ndjson } from '../helpers/cli.js';
import { gradePuzzle } from '../../src/explain/hint.js';
import { grader } from '../../src/generate/grade.js';
import { cadicalAvailable, CADICAL_MISSING, expectUniqueInCadical } from '../helpers/cadical.js';
import { SGT, SGT_SKIPPED, sgtAvailable, tathamRejects } from '../helpers/sgt.js';
import { parseTatham } from '../../encodings/hashi/formats/tatham.js';


/**
 * `level`: generated with `--difficulty LEVEL` (the explainer's grade; `hard` adds the one-rule screen
 * for Bridges, `easy` eases puzzles graded above it by putting removed clues back).
 */
interface Case { type: string; settings: GenerateSettings; encoding?: EncodeOptions; count: number; level?: 'easy' | 'hard' }

/** Small sizes: the unit suite stays fast; the bench measures the real sizes. */
const CASES: Case[] = [
  { type: 'starbattle', settings: { rows: 6, cols: 6, stars: 1 }, count: 3 },
  { type: 'starbattle', settings: { rows: 8, cols: 8, stars: 2 }, count: 1 },
  { type: 'starbattle', settings: { rows: 9, cols: 9, stars: 2 }, count: 1 },
  { type: 'akari', settings: { rows: 7, cols: 7 }, count: 3 },
  { type: 'akari', settings: { rows: 14, cols: 14 }, count: 2 },
  { type: 'hashi', settings: { rows: 7, cols: 7, maxBridges: 2 }, encoding: { variant: { connectivity: 'eager' } }, count: 3 },
  { type: 'hashi', settings: { rows: 7, cols: 7, maxBridges: 3, noLoops: true }, encoding: { variant: { connectivity: 'eager' } }, count: 2 },
  { type: 'hashi', settings: { rows: 8, cols: 8, maxBridges: 2 }, encoding: { variant: { connectivity: 'eager' } }, count: 2, level: 'hard' },
  { type: 'blockparty', settings: { rows: 5, cols: 5 }, count: 2 },
  { type: 'blockparty', settings: { rows: 5, cols: 5 }, count: 2, level: 'easy' },
  { type: 'akari', settings: { rows: 7, cols: 7 }, count: 2, level: 'easy' },
  // Denser than the default (10 islands at 6x8): the --islands setting.
  { type: 'hashi', settings: { rows: 6, cols: 8, islands: 14 }, encoding: { variant: { connectivity: 'eager' } }, count: 2 },
];

const SEED = 20261122;
const label = (c: Case) => `${c.type} ${JSON.stringify(c.settings)}${c.level ? ` ${c.level}` : ''}`;
const difficultyOf = (c: Case) => (c.level && grader ? { target: { level: c.level }, grade: grader } : undefined);
const typeOf = (id: string): AnyPuzzleType => findPuzzleType(id)!;

const generated = new Map<Case, GeneratedPuzzle[]>();
function puzzlesOf(c: Case): GeneratedPuzzle[] {
  if (!generated.has(c)) generated.set(c, Array.from({ length: c.count }, (_, i) => generateOne(typeOf(c.type), c.settings, SEED, i, undefined, difficultyOf(c))));
  return generated.get(c)!;
}

describe.skipIf(!cadicalAvailable)(`generated puzzles are unique in native CaDiCaL${cadicalAvailable ? '' : ` (skipped: ${CADICAL_MISSING})`}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-generate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const c of CASES) {
    it(`${label(c)}: the CNF has the generated solution and no other`, () => {
      const type = typeOf(c.type);
      puzzlesOf(c).forEach((g, i) => expectUniqueInCadical(dir, `${c.type}-${i}`, `${label(c)} #${i}`, type, g.puzzle, g.solution, c.encoding));
    });
  }
});

describe('generation is reproducible', () => {
  it('the same seed gives the same puzzles, another seed others', () => {
    for (const c of CASES.filter((x) => x.count > 1)) {
      const type = typeOf(c.type);
      const again = generateOne(type, c.settings, SEED, 1, undefined, difficultyOf(c));
      expect(JSON.stringify(type.toJson(again.puzzle)), label(c)).toBe(JSON.stringify(type.toJson(puzzlesOf(c)[1]!.puzzle)));
      const other = generateOne(type, c.settings, SEED + 1, 1, undefined, difficultyOf(c));
      expect(JSON.stringify(type.toJson(other.puzzle)), label(c)).not.toBe(JSON.stringify(type.toJson(again.puzzle)));
    }
  });
});

describe.skipIf(!pzpr)(`pzpr accepts the generated solutions${pzpr ? '' : ` (skipped: ${PZPR_MISSING})`}`, () => {
  for (const c of CASES.filter((x) => x.type !== 'blockparty' && (x.settings.maxBridges ?? 2) <= 2)) {
    const type = typeOf(c.type);
    const canWrite = type.formats.some((f) => f.name === 'puzzlink' && f.write);
    it.skipIf(!canWrite)(`${label(c)}: check(true) on gridsat's URL${canWrite ? '' : ' (skipped: no puzz.link writer for this type on this branch)'}`, () => {
      for (const g of puzzlesOf(c)) {
        const written = writePuzzle(type, g.puzzle, 'url');
        if (!written.ok) throw new Error(written.error);
        const verdict = pzprVerdict(c.type, written.text, g.solution);
        expect(verdict, written.text).toMatchObject({ complete: true });
      }
    });
  }
});

/** Flood fill, written here so the check shares no code with the generator. */
function isConnected(regions: number[][], id: number): boolean {
  const cells = regions.flatMap((row, r) => row.flatMap((x, c) => (x === id ? [`${r},${c}`] : [])));
  const seen = new Set([cells[0]!]);
  const todo = [cells[0]!];
  while (todo.length) {
    const [r, c] = todo.pop()!.split(',').map(Number) as [number, number];
    for (const [rr, cc] of [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]] as const) {
      const key = `${rr},${cc}`;
      if (regions[rr]?.[cc] === id && !seen.has(key)) { seen.add(key); todo.push(key); }
    }
  }
  return seen.size === cells.length;
}

describe('difficulty targets', () => {
  it('draws graded puzzles until one is in the range, and reports the grade reached', () => {
    // A stand-in grade (numbers kept) exercises the loop; the real one comes from the explainer.
    const numbers = (_t: AnyPuzzleType, p: unknown) => {
      const score = (p as { cells: unknown[][] }).cells.flat().filter((c) => typeof c === 'number').length;
      return { score, level: score >= 6 ? 'hard' : 'easy' };
    };
    const akari = typeOf('akari');
    const g = generateOne(akari, { rows: 7, cols: 7 }, SEED, 0, undefined, { target: { min: 6 }, grade: numbers });
    expect(g.difficulty!.score).toBeGreaterThanOrEqual(6);
    expect(g.difficulty!.score).toBe(numbers(akari, g.puzzle).score);
    const again = generateOne(akari, { rows: 7, cols: 7 }, SEED, 0, undefined, { target: { min: 6 }, grade: numbers });
    expect(again.puzzle).toEqual(g.puzzle);
    expect(() => generateOne(akari, { rows: 7, cols: 7 }, SEED, 0, undefined, { target: { min: 1000, tries: 3 }, grade: numbers }))
      .toThrow(/no akari puzzle of difficulty score 1000- among 3/);
  });

  it('a puzzle graded above the target gets removed clues back, as few as bisection finds, and stays unique', () => {
    // A stand-in grade that falls by one with each clue put back (black cells left without their
    // number), so the fewest clues to put back is known: bisection must land on it exactly.
    const unnumbered = (_t: AnyPuzzleType, p: unknown) => {
      const score = (p as { cells: unknown[][] }).cells.flat().filter((c) => c === 'black').length;
      return { score, level: 'easy' };
    };
    const akari = typeOf('akari');
    const plain = generateOne(akari, { rows: 7, cols: 7 }, SEED, 0);
    const removed = plain.clues - plain.kept;
    expect(removed).toBeGreaterThan(4);
    const g = generateOne(akari, { rows: 7, cols: 7 }, SEED, 0, undefined, { target: { max: 2 }, grade: unnumbered });
    expect(g.difficulty).toMatchObject({ score: 2, restored: removed - 2 });
    expect(g.kept).toBe(plain.kept + removed - 2);
    // The first puzzle graded, then about log2(removed) more.
    expect(g.difficulty!.graded).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(removed)));
    // The eased puzzle is the drawn one with numbers back on some of its black cells.
    const before = (plain.puzzle as { cells: unknown[][] }).cells.flat();
    const after = (g.puzzle as { cells: unknown[][] }).cells.flat();
    after.forEach((c, i) => expect(c === before[i] || (before[i] === 'black' && typeof c === 'number')).toBe(true));
    expect(solvePuzzle(akari, g.puzzle, { count: 2 }).status).toBe('unique');
  });

  it('--difficulty uses the explainer\'s grade: the row reports the grade the puzzle itself gets, at the level asked', async () => {
    const r = await runCli(['generate', 'akari', '--size', '7x7', '--difficulty', 'easy', '--seed', '1', '--format', 'json']);
    expect(r.code).toBe(0);
    const [row] = ndjson(r.out);
    const reached = (row!.generated as { difficulty: { score: number; level: string } }).difficulty;
    expect(reached.level).toBe('easy');
    const akari = typeOf('akari');
    const { type: _type, solution: _solution, generated: _generated, ...json } = row!;
    const regraded = gradePuzzle(akari, akari.formats.find((f) => f.name === 'json')!.parse({ type: 'akari', ...json }));
    expect(regraded).toMatchObject({ score: reached.score, level: reached.level });
    // Block Party names its rule instances too, so it is graded as well.
    const bp = await runCli(['generate', 'blockparty', '--size', '5x5', '--difficulty', 'easy', '--seed', '1', '--format', 'json']);
    expect(bp.code).toBe(0);
    expect((ndjson(bp.out)[0]!.generated as { difficulty: { level: string } }).difficulty.level).toBe('easy');
  });

  it('--difficulty takes a level or a score range and refuses anything else', async () => {
    const bad = await runCli(['generate', 'akari', '--size', '7x7', '--difficulty', 'tricky']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/easy, medium, hard, expert or a score range/);
  });
});


describe.skipIf(!sgtAvailable)(`Tatham's programs load the generated game IDs${sgtAvailable ? '' : SGT_SKIPPED}`, () => {
  it("sgt-lightup and sgt-bridges --print accept every generated Light Up and Bridges puzzle (their own validation)", () => {
    for (const c of CASES.filter((x) => x.type === 'akari' || x.type === 'hashi')) {
      expect(tathamRejects(typeOf(c.type), puzzlesOf(c).map((g) => g.puzzle)), label(c)).toBe('');
    }
  });
});

describe('Bridges layouts', () => {
  it('no two islands touch, and every puzzle is a Tatham game ID (the format has no adjacent islands)', () => {
    const hashi = typeOf('hashi');
    for (const c of CASES.filter((x) => x.type === 'hashi')) {
      for (const g of puzzlesOf(c)) {
        const islands = (g.puzzle as { islands: { row: number; col: number }[] }).islands;
        const at = new Set(islands.map((i) => `${i.row},${i.col}`));
        const touching = islands.filter((i) => at.has(`${i.row + 1},${i.col}`) || at.has(`${i.row},${i.col + 1}`));
        expect(touching, label(c)).toEqual([]);
        expect(writePuzzle(hashi, g.puzzle, 'tatham').ok, label(c)).toBe(true);
      }
    }
  });
});

describe('Star Battle layouts', () => {
  it('every region is one orthogonally connected piece holding the stars', () => {
    for (const c of CASES.filter((x) => x.type === 'starbattle')) {
      for (const g of puzzlesOf(c)) {
        const { regions } = g.puzzle as { regions: number[][] };
        const ids = new Set(regions.flat());
        expect(ids.size, label(c)).toBe(c.settings.rows);
        for (const id of ids) {
          expect(isConnected(regions, id), `${label(c)} region ${id}`).toBe(true);
        }
      }
    }
  });
});

describe('gridsat generate, then batch', () => {
  it('generate --count 3 --format json streams NDJSON that batch proves unique, every one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gridsat-generate-cli-'));
    try {
      const gen = await runCli(['generate', 'akari', '--size', '6x6', '--count', '3', '--seed', '7', '--format', 'json']);
      expect(gen.code, gen.err).toBe(0);
      const rows = ndjson(gen.out);
      expect(rows).toHaveLength(3);
      for (const r of rows) expect(r).toMatchObject({ type: 'akari', generated: { status: 'unique' } });
      const file = path.join(dir, 'akari.ndjson');
      writeFileSync(file, gen.out);
      const batch = await runCli(['batch', file, '--jobs', '1', '--no-progress']);
      const checked = ndjson(batch.out).filter((r) => 'status' in r);
      expect(checked.map((r) => r.status)).toEqual(['unique', 'unique', 'unique']);
      // The solution printed beside each puzzle is the one batch finds.
      checked.forEach((r, i) => expect(r.solution).toEqual(rows[i]!.solution));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--no-loops and --max-bridges reach the Bridges generator (a Tatham ID with m3 and L)', async () => {
    const run = await runCli(['generate', 'hashi', '--size', '8x8', '--max-bridges', '3', '--no-loops', '--seed', '2', '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    expect(ndjson(run.out)[0]).toMatchObject({ type: 'hashi', maxBridges: 3, noLoops: true });
  });

  it('--islands sets how many islands a Bridges layout aims for', async () => {
    const run = await runCli(['generate', 'hashi', '--size', '25x25', '--islands', '105', '--count', '2', '--seed', '4', '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    const counts = ndjson(run.out).map((r) => (r.islands as unknown[]).length);
    // The default aims for 68 at 25x25; repairs may add an island or two.
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(100);
    const few = await runCli(['generate', 'hashi', '--size', '25x25', '--islands', '30', '--seed', '4', '--format', 'json']);
    expect((ndjson(few.out)[0]!.islands as unknown[]).length).toBeLessThan(40);
  });

  it('an option of another puzzle type, or islands out of range, is a usage error, not ignored', async () => {
    const akari = await runCli(['generate', 'akari', '--size', '7x7', '--max-bridges', '3', '--no-loops']);
    expect(akari.code).toBe(2);
    expect(akari.err).toMatch(/--max-bridges, --no-loops do not apply to akari puzzles/);
    const stars = await runCli(['generate', 'hashi', '--size', '7x7', '--stars', '2']);
    expect(stars.code).toBe(2);
    expect(stars.err).toMatch(/--stars does not apply to hashi puzzles/);
    // The library refuses them too.
    expect(() => generateOne(typeOf('blockparty'), { rows: 5, cols: 5, islands: 4 }, 1, 0)).toThrow(/--islands does not apply to blockparty/);
    const many = await runCli(['generate', 'hashi', '--size', '6x6', '--islands', '19']);
    expect(many.code).toBe(2);
    expect(many.err).toMatch(/--islands must be a whole number from 2 to 18 on 6x6/);
  });

  it('--jobs makes the same puzzles in the same order on several threads, and stops where one thread would', async () => {
    const args = ['generate', 'hashi', '--size', '7x7', '--count', '5', '--seed', '11', '--format', 'tatham'];
    const one = await runCli([...args, '--jobs', '1']);
    const two = await runCli([...args, '--jobs', '2']);
    expect(one.code, one.err).toBe(0);
    expect(two.code, two.err).toBe(0);
    expect(one.out.trim().split('\n')).toHaveLength(5);
    expect(two.out).toBe(one.out);
    // A target no puzzle reaches fails the first puzzle: nothing printed, the same message.
    const impossible = ['generate', 'akari', '--size', '5x5', '--difficulty', '40-50', '--count', '2', '--seed', '1', '--format', 'url'];
    const failOne = await runCli([...impossible, '--jobs', '1']);
    const failTwo = await runCli([...impossible, '--jobs', '2']);
    expect(failOne.code).toBe(1);
    expect(failTwo.code).toBe(1);
    expect(failTwo.out).toBe('');
    expect(failTwo.err).toBe(failOne.err);
    const zero = await runCli(['generate', 'akari', '--size', '5x5', '--jobs', '0']);
    expect(zero.code).toBe(2);
    expect(zero.err).toMatch(/--jobs must be a whole number >= 1/);
  });

  it('bad settings are usage errors naming the problem', async () => {
    const run = await runCli(['generate', 'starbattle', '--size', '8x9']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/square/);
    const signs = await runCli(['generate', 'bridges-signs', '--size', '8x8']);
    expect(signs.code).toBe(2);
    expect(signs.err).toMatch(/no generator/);
  });
});

describe.skipIf(!sgtAvailable)(`Bridges island counts follow Tatham's generator's${sgtAvailable ? '' : SGT_SKIPPED}`, () => {
  /** Mean island count of Tatham's `--generate N RxCi30e10m2d1` (his density falls with size). */
  function tathamIslands(rows: number, cols: number, n: number): number {
    const run = spawnSync(SGT.hashi, ['--generate', String(n), `${cols}x${rows}i30e10m2d1#gridsat-islands`], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`sgt-bridges: ${run.stderr}`);
    const ids = run.stdout.split('\n').filter((l) => l.trim());
    const counts = ids.map((id) => parseTatham(id).islands.length);
    return counts.reduce((a, b) => a + b, 0) / counts.length;
  }

  it('at 15x15, 25x25 and 10x20 the mean island count is within 15% of his (a denser 25x25 is a different puzzle)', () => {
    for (const [rows, cols] of [[15, 15], [25, 25], [10, 20]] as const) {
      const ours = Array.from({ length: 12 }, (_, i) => generateOne(typeOf('hashi'), { rows, cols }, 3, i));
      const mean = ours.reduce((a, g) => a + (g.puzzle as { islands: unknown[] }).islands.length, 0) / ours.length;
      const his = tathamIslands(rows, cols, 12);
      expect(Math.abs(mean / his - 1), `${rows}x${cols}: ours ${mean.toFixed(1)}, Tatham's ${his.toFixed(1)}`).toBeLessThan(0.15);
    }
  });
});
