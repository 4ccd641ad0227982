/**
 * Generated puzzles are unique by a count we did not write the way the encodings are written:
 * test/helpers/independent-count.ts backtracks over each type's rules directly (no CNF, no SAT,
 * nothing from encodings/*\/rules.ts). An encoding that over-constrained (left out a real solution)
 * would let `generate` hand out a puzzle with two solutions; here the brute force would find both.
 *
 * - Generated puzzles across the generators' options, at sizes where brute force is fast: exactly
 *   one solution, and it is the generator's (which the checker accepts on its own).
 * - The counters can say "2": known counts of hand-made puzzles, and generated puzzles with a clue
 *   taken out (or a region cell moved): the counter and the solver agree on the count, up to 20.
 * - The counters on published puzzles (../shared/collections): one solution, the published one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne, type GeneratedPuzzle } from '../../src/generate/generate.js';
import { grader } from '../../src/generate/grade.js';
import type { GenerateSettings } from '../../src/puzzle/generator.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import type { StarBattlePuzzle } from '../../encodings/starbattle/puzzle.js';
import type { AkariPuzzle } from '../../encodings/akari/puzzle.js';
import type { HashiPuzzle } from '../../encodings/hashi/puzzle.js';
import type { BlockPartyPuzzle } from '../../encodings/blockparty/puzzle.js';
import { answer } from '../../encodings/blockparty/puzzle.js';
import { jankoFormat as starBattleJanko, parseJankoSolution as starBattleJankoSolution } from '../../encodings/starbattle/formats/janko.js';
import { parseJanko as akariJanko, parseJankoSolution as akariJankoSolution } from '../../encodings/akari/formats/janko.js';
import { parseJanko as hashiJanko, parseJankoSolution as hashiJankoSolution } from '../../encodings/hashi/formats/janko.js';
import { parseBlockPartyCollection } from '../../encodings/blockparty/formats/json.js';
import { COLLECTIONS, missing } from '../helpers/paths.js';
import {
  akariKey, blockPartyKey, checkAkari, checkBlockParty, checkHashi, checkStarBattle, countAkari, countBlockParty, countHashi,
  countStarBattle, hashiKey, starBattleKey, type Counted,
} from '../helpers/independent-count.js';

interface Counter {
  count(puzzle: unknown, limit?: number): Counted<unknown>;
  check(puzzle: unknown, solution: unknown): string[];
  key(solution: unknown): string;
}
function counter<P, S>(count: (p: P, limit?: number) => Counted<S>, check: (p: P, s: S) => string[], key: (s: S) => string): Counter {
  return { count: (p, limit) => count(p as P, limit), check: (p, s) => check(p as P, s as S), key: (s) => key(s as S) };
}
const COUNTERS: Record<string, Counter> = {
  starbattle: counter(countStarBattle, checkStarBattle, starBattleKey),
  akari: counter(countAkari, checkAkari, akariKey),
  hashi: counter(countHashi, checkHashi, hashiKey),
  blockparty: counter(countBlockParty, checkBlockParty, blockPartyKey),
};
const typeOf = (id: string): AnyPuzzleType => findPuzzleType(id)!;

/** `level`: `--difficulty LEVEL` with the explainer's grade. `count` puzzles: indices 0..count-1 of SEED. */
interface Case { type: string; settings: GenerateSettings; count: number; level?: 'easy' | 'medium' | 'hard' }
const SEED = 4242;
const CASES: Case[] = [
  { type: 'starbattle', settings: { rows: 5, cols: 5, stars: 1 }, count: 6 },
  { type: 'starbattle', settings: { rows: 6, cols: 6, stars: 1 }, count: 6 },
  { type: 'starbattle', settings: { rows: 8, cols: 8, stars: 2 }, count: 4 },
  // Aimed easier: layouts with some small regions (encodings/starbattle/generate.ts SMALL_PATCH_SHARE).
  { type: 'starbattle', settings: { rows: 8, cols: 8, stars: 2 }, count: 2, level: 'hard' },
  // Aimed under medium or hard: most regions forced on their own (forcedRegionsAround).
  { type: 'starbattle', settings: { rows: 8, cols: 8, stars: 2 }, count: 2, level: 'easy' },
  { type: 'starbattle', settings: { rows: 10, cols: 10, stars: 2 }, count: 2, level: 'easy' },
  { type: 'starbattle', settings: { rows: 10, cols: 10, stars: 2 }, count: 2, level: 'medium' },
  // Above 8 regions `medium` keeps every forced region too (MEDIUM_SHARE_REGIONS); it took 14 grades a puzzle before.
  { type: 'starbattle', settings: { rows: 12, cols: 12, stars: 2 }, count: 1, level: 'medium' },
  // Aimed under expert: 5-8 regions left free of forced ones (HARD_FREE_REGIONS); 14x14 3★ `hard` never came before.
  { type: 'starbattle', settings: { rows: 12, cols: 12, stars: 2 }, count: 1, level: 'hard' },
  { type: 'starbattle', settings: { rows: 14, cols: 14, stars: 3 }, count: 1, level: 'hard' },
  { type: 'starbattle', settings: { rows: 6, cols: 6, stars: 1, method: 'anneal' }, count: 2 },
  { type: 'akari', settings: { rows: 6, cols: 6 }, count: 5 },
  { type: 'akari', settings: { rows: 7, cols: 7 }, count: 5 },
  { type: 'akari', settings: { rows: 7, cols: 7 }, count: 3, level: 'hard' },
  { type: 'akari', settings: { rows: 7, cols: 7 }, count: 3, level: 'easy' },
  { type: 'akari', settings: { rows: 6, cols: 6, method: 'anneal' }, count: 2 },
  ...[1, 2, 3, 4].flatMap((maxBridges): Case[] => [
    { type: 'hashi', settings: { rows: 6, cols: 6, maxBridges }, count: 3 },
    { type: 'hashi', settings: { rows: 7, cols: 7, maxBridges, noLoops: true }, count: 3 },
  ]),
  { type: 'hashi', settings: { rows: 7, cols: 7, maxBridges: 2 }, count: 3, level: 'hard' },
  { type: 'hashi', settings: { rows: 7, cols: 7, maxBridges: 3, noLoops: true }, count: 2, level: 'hard' },
  { type: 'hashi', settings: { rows: 6, cols: 8, islands: 14 }, count: 2 },
  { type: 'hashi', settings: { rows: 6, cols: 6, method: 'anneal' }, count: 2 },
  { type: 'blockparty', settings: { rows: 5, cols: 5 }, count: 4 },
  // Layouts repaired until they have a solution (encodings/blockparty/generate.ts, solvableLayout).
  { type: 'blockparty', settings: { rows: 8, cols: 8 }, count: 2 },
  { type: 'blockparty', settings: { rows: 10, cols: 10 }, count: 1 },
  { type: 'blockparty', settings: { rows: 5, cols: 5 }, count: 2, level: 'easy' },
  { type: 'blockparty', settings: { rows: 5, cols: 5, method: 'anneal' }, count: 2 },
];
const label = (c: Case) => `${c.type} ${JSON.stringify(c.settings)}${c.level ? ` --difficulty ${c.level}` : ''}`;

const generated = new Map<Case, GeneratedPuzzle[]>();
function puzzlesOf(c: Case): GeneratedPuzzle[] {
  if (!generated.has(c)) {
    const difficulty = c.level && grader ? { target: { level: c.level }, grade: grader } : undefined;
    generated.set(c, Array.from({ length: c.count }, (_, i) => generateOne(typeOf(c.type), c.settings, SEED, i, undefined, difficulty)));
  }
  return generated.get(c)!;
}

describe('generated puzzles have exactly one solution by the independent count, the generator\'s', () => {
  for (const c of CASES) {
    it.skipIf(c.level !== undefined && !grader)(`${label(c)}${c.level && !grader ? ' (skipped: no grader)' : ''}`, () => {
      const { count, check, key } = COUNTERS[c.type]!;
      puzzlesOf(c).forEach((g, i) => {
        const what = `${label(c)} seed ${SEED} index ${i}: ${JSON.stringify(typeOf(c.type).toJson(g.puzzle))}`;
        expect(check(g.puzzle, g.solution), what).toEqual([]);
        const found = count(g.puzzle, 2);
        expect(found.count, what).toBe(1);
        expect(key(found.solutions[0]), what).toBe(key(g.solution));
        // (`hard` is a calibrated score range for Light Up and Bridges, not the grade's level: src/generate/generate.ts.)
        if (c.level === 'easy' || c.level === 'medium' || (c.level && c.type === 'starbattle')) expect(g.difficulty?.level, what).toBe(c.level);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The counters can fail: they find more than one solution where there is more than one.

const LIMIT = 20;

/** The counter's count and the CNF solver's count agree on each variant (both capped at LIMIT). */
function expectSameCounts(typeId: string, variants: { what: string; puzzle: unknown }[]): number[] {
  const type = typeOf(typeId);
  return variants.map(({ what, puzzle }) => {
    const ours = COUNTERS[typeId]!.count(puzzle, LIMIT).count;
    const report = solvePuzzle(type, puzzle, { count: LIMIT });
    expect(report.status, `${what}: ${report.message ?? ''}`).not.toBe('error');
    expect(ours, `${what}: independent count ${ours}, solver ${report.count}`).toBe(report.count ?? 0);
    return ours;
  });
}
const plain = (type: string, settings: GenerateSettings) => CASES.find((c) => c.type === type && !c.level && JSON.stringify(c.settings) === JSON.stringify(settings))!;

describe('the counters find every solution of puzzles that have several', () => {
  it('Star Battle: rows as regions is the no-touching permutations (5x5: 14, 6x6: 90)', () => {
    const rowsAsRegions = (n: number): StarBattlePuzzle => ({ rows: n, cols: n, stars: 1, regions: Array.from({ length: n }, (_, r) => new Array<number>(n).fill(r)) });
    expect(countStarBattle(rowsAsRegions(5), 1000).count).toBe(14);
    expect(countStarBattle(rowsAsRegions(6), 1000).count).toBe(90);
    expect(countStarBattle(rowsAsRegions(4), 1000).count).toBe(2);
  });

  it('Star Battle: generated puzzles with one cell moved to a neighbouring region; solver and counter agree', () => {
    const variants: { what: string; puzzle: StarBattlePuzzle }[] = [];
    for (const c of [plain('starbattle', { rows: 5, cols: 5, stars: 1 }), plain('starbattle', { rows: 8, cols: 8, stars: 2 })]) {
      puzzlesOf(c).slice(0, 2).forEach((g, i) => {
        const p = g.puzzle as StarBattlePuzzle;
        const size = (id: number) => p.regions.flat().filter((x) => x === id).length;
        p.regions.forEach((row, r) => row.forEach((id, col) => {
          if (id === null || size(id) < 2) return;
          for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]] as const) {
            const into = p.regions[r + dr]?.[col + dc];
            if (into === undefined || into === null || into === id) continue;
            const regions = p.regions.map((x) => [...x]);
            regions[r]![col] = into;
            variants.push({ what: `${label(c)} #${i}: (${r},${col}) into region ${into}`, puzzle: { ...p, regions } });
          }
        }));
      });
    }
    const counts = expectSameCounts('starbattle', variants);
    expect(counts.filter((n) => n >= 2).length, 'variants with several solutions').toBeGreaterThan(0);
  });

  it('Akari: empty boards (2x2: 2, 3x3: 6, the permutations)', () => {
    const empty = (n: number): AkariPuzzle => ({ rows: n, cols: n, cells: Array.from({ length: n }, () => new Array<'white'>(n).fill('white')) });
    expect(countAkari(empty(2), 100).count).toBe(2);
    expect(countAkari(empty(3), 100).count).toBe(6);
    expect(countAkari(empty(4), 100).count).toBe(24);
  });

  it('Akari: every number of a generated puzzle is needed (thinned to a minimum), so blanking one gives 2+; solver agrees', () => {
    const variants: { what: string; puzzle: AkariPuzzle }[] = [];
    for (const c of [plain('akari', { rows: 6, cols: 6 }), plain('akari', { rows: 7, cols: 7 })]) {
      puzzlesOf(c).slice(0, 3).forEach((g, i) => {
        const p = g.puzzle as AkariPuzzle;
        p.cells.forEach((row, r) => row.forEach((cell, col) => {
          if (typeof cell !== 'number') return;
          const cells = p.cells.map((x) => [...x]);
          cells[r]![col] = 'black';
          variants.push({ what: `${label(c)} #${i}: number at (${r},${col}) blanked`, puzzle: { ...p, cells } });
        }));
      });
    }
    expect(variants.length).toBeGreaterThan(3);
    for (const n of expectSameCounts('akari', variants)) expect(n).toBeGreaterThanOrEqual(2);
  });

  it('Bridges: four islands in a square (3 each, m2: 2 solutions; with no loops: 0; 2 each, m1: 1, no loops: 0)', () => {
    const square = (count: number, maxBridges: number, noLoops: boolean): HashiPuzzle => ({
      rows: 3, cols: 3, maxBridges, noLoops, islands: [[0, 0], [0, 2], [2, 0], [2, 2]].map(([row, col]) => ({ row: row!, col: col!, count })),
    });
    const two = countHashi(square(3, 2, false), 100);
    expect(two.count).toBe(2);
    for (const s of two.solutions) expect(checkHashi(square(3, 2, false), s)).toEqual([]);
    expect(countHashi(square(3, 2, true), 100).count).toBe(0);
    expect(countHashi(square(2, 1, false), 100).count).toBe(1);
    expect(countHashi(square(2, 1, true), 100).count).toBe(0);
    // Unknown numbers, no loops, single bridges: any spanning tree of the 4-cycle (4 of them).
    expect(countHashi({ ...square(1, 1, true), islands: square(1, 1, true).islands.map((i) => ({ ...i, count: null })) }, 100).count).toBe(4);
  });

  it('Bridges: generated puzzles with one or two numbers made unknown, or two raised by one; solver and counter agree', () => {
    const variants: { what: string; puzzle: HashiPuzzle }[] = [];
    for (const c of CASES.filter((x) => x.type === 'hashi' && !x.level && x.settings.method === undefined)) {
      const g = puzzlesOf(c)[0]!;
      const p = g.puzzle as HashiPuzzle;
      const changed = (what: string, change: (k: number, count: number | null) => number | null) =>
        variants.push({ what: `${label(c)} #0: ${what}`, puzzle: { ...p, islands: p.islands.map((x, k) => ({ ...x, count: change(k, x.count) })) } });
      const name = (k: number) => `(${p.islands[k]!.row},${p.islands[k]!.col})`;
      p.islands.forEach((_, k) => {
        changed(`${name(k)} unknown`, (j, n) => (j === k ? null : n));
        // Its nearest island to the right: both unknown, or both one more.
        const right = p.islands.findIndex((y, j) => j > k && y.row === p.islands[k]!.row);
        if (right < 0) return;
        changed(`${name(k)} and ${name(right)} unknown`, (j, n) => (j === k || j === right ? null : n));
        changed(`${name(k)} and ${name(right)} one more`, (j, n) => (j === k || j === right ? n! + 1 : n));
      });
    }
    const counts = expectSameCounts('hashi', variants);
    expect(counts.filter((n) => n >= 2).length, 'variants with several solutions').toBeGreaterThan(0);
  });

  it('Block Party: every given of a generated puzzle is needed (thinned to a minimum), so removing one gives 2+; solver agrees', () => {
    const c = plain('blockparty', { rows: 5, cols: 5 });
    const variants: { what: string; puzzle: BlockPartyPuzzle }[] = [];
    puzzlesOf(c).forEach((g, i) => {
      const p = g.puzzle as BlockPartyPuzzle;
      p.givens.forEach((row, r) => row.forEach((v, col) => {
        if (v === null) return;
        const givens = p.givens.map((x) => [...x]);
        givens[r]![col] = null;
        variants.push({ what: `${label(c)} #${i}: given at (${r},${col}) removed`, puzzle: { ...p, givens } });
      }));
    });
    expect(variants.length).toBeGreaterThan(0);
    for (const n of expectSameCounts('blockparty', variants)) expect(n).toBeGreaterThanOrEqual(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Published puzzles: the counters find exactly the published solution.

interface JankoEntry { problem: string; solution: string }
/**
 * Every entry: the published solution passes the independent rule checker, and the brute-force
 * counter finds exactly one solution, the published one.
 */
function expectPublishedUnique<P, S>(
  entries: readonly [string, JankoEntry][],
  read: (e: JankoEntry) => { puzzle: P; published: S },
  check: (puzzle: P, solution: S) => unknown[],
  countUpTo: (puzzle: P, limit: number) => { count: number; solutions: S[] },
  key: (solution: S) => string,
): void {
  expect(entries.length).toBeGreaterThan(150);
  for (const [id, e] of entries) {
    const { puzzle, published } = read(e);
    expect(check(puzzle, published), id).toEqual([]);
    const found = countUpTo(puzzle, 2);
    expect(found.count, id).toBe(1);
    expect(key(found.solutions[0]!), id).toBe(key(published));
  }
}

function jankoEntries(file: string, small: (rows: number, cols: number, first: string) => boolean): [string, JankoEntry][] {
  const data = (JSON.parse(readFileSync(file, 'utf8')) as { data: Record<string, JankoEntry> }).data;
  return Object.entries(data).filter(([, e]) => {
    const first = e.problem.trim().split('\n')[0]!;
    const [rows, cols] = first.trim().split(/\s+/).map(Number) as [number, number];
    return e.solution.trim() !== '' && small(rows, cols, first);
  });
}

const collection = (name: string) => path.join(COLLECTIONS, name);
const skipNote = (file: string) => (missing(file) ? ` (${missing(file)})` : '');

describe.skipIf(!existsSync(COLLECTIONS))(`published puzzles: one solution, the published one${skipNote(COLLECTIONS)}`, () => {
  const starBattleFile = collection('janko-starbattle.json');
  it.skipIf(!existsSync(starBattleFile))(`Star Battle, janko up to 10x10${skipNote(starBattleFile)}`, () => {
    expectPublishedUnique(jankoEntries(starBattleFile, (rows) => rows <= 10),
      (e) => ({ puzzle: starBattleJanko.parse!(e.problem) as StarBattlePuzzle, published: starBattleJankoSolution(e.solution) }),
      checkStarBattle, countStarBattle, starBattleKey);
  });

  const akariFile = collection('janko-akari.json');
  it.skipIf(!existsSync(akariFile))(`Akari, janko up to 10x10${skipNote(akariFile)}`, () => {
    expectPublishedUnique(jankoEntries(akariFile, (rows, cols) => rows * cols <= 100),
      (e) => { const puzzle = akariJanko(e.problem); return { puzzle, published: akariJankoSolution(e.solution, puzzle) }; },
      checkAkari, countAkari, akariKey);
  });

  const hashiFile = collection('janko-hashi.json');
  it.skipIf(!existsSync(hashiFile))(`Hashi, janko up to 11x11${skipNote(hashiFile)}`, () => {
    expectPublishedUnique(jankoEntries(hashiFile, (rows, cols) => rows <= 11 && cols <= 11),
      (e) => { const puzzle = hashiJanko(e.problem); return { puzzle, published: hashiJankoSolution(puzzle, e.solution) }; },
      checkHashi, countHashi, hashiKey);
  });

  // The 10x10 "Block Party 4" is unique too, but its brute force takes minutes (about 1.3e8 nodes).
  const blockPartyFile = collection('blockparty.json');
  it.skipIf(!existsSync(blockPartyFile))(`Block Party, Jane Street's 5x5 example: one solution, answer 430${skipNote(blockPartyFile)}`, () => {
    const entries = parseBlockPartyCollection(JSON.parse(readFileSync(blockPartyFile, 'utf8')));
    const example = entries.find((e) => e.id === 'example-5x5')!.puzzle;
    const found = countBlockParty(example, 2);
    expect(found.count).toBe(1);
    expect(checkBlockParty(example, found.solutions[0]!)).toEqual([]);
    expect(answer(found.solutions[0]!)).toBe(430);
    expect(example.answer).toBe(430);
  });
});
