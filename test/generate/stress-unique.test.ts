/**
 * Opt-in stress check of `generate` at the sizes people use, beyond what the regular suite affords:
 * every puzzle counted by the independent brute force of test/helpers/independent-count.ts (no CNF,
 * no SAT, nothing from encodings/*\/rules.ts) must have exactly one solution, the generator's.
 * About 100 s on a 2-core machine, so it runs only when asked:
 *   GRIDSAT_STRESS=1 npx vitest run test/generate/stress-unique.test.ts
 * (test/generate/independent-unique.test.ts does the same at small sizes on every run.)
 */
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { generateOne } from '../../src/generate/generate.js';
import { grader } from '../../src/generate/grade.js';
import type { GenerateSettings } from '../../src/puzzle/generator.js';
import type { Level } from '../../src/explain/grade.js';
import {
  akariKey, blockPartyKey, checkAkari, checkBlockParty, checkHashi, checkStarBattle, countAkari, countBlockParty, countHashi,
  countStarBattle, hashiKey, starBattleKey, type Counted,
} from '../helpers/independent-count.js';

interface Counter { count(p: unknown): Counted<unknown>; check(p: unknown, s: unknown): string[]; key(s: unknown): string }
function counter<P, S>(count: (p: P, limit?: number) => Counted<S>, check: (p: P, s: S) => string[], key: (s: S) => string): Counter {
  return { count: (p) => count(p as P, 2), check: (p, s) => check(p as P, s as S), key: (s) => key(s as S) };
}
const COUNTERS: Record<string, Counter> = {
  starbattle: counter(countStarBattle, checkStarBattle, starBattleKey),
  akari: counter(countAkari, checkAkari, akariKey),
  hashi: counter(countHashi, checkHashi, hashiKey),
  blockparty: counter(countBlockParty, checkBlockParty, blockPartyKey),
};

const CASES: [type: string, settings: GenerateSettings, level: Level | undefined, puzzles: number][] = [
  ['starbattle', { rows: 12, cols: 12, stars: 2 }, undefined, 4],
  ['starbattle', { rows: 14, cols: 14, stars: 3 }, undefined, 2],
  ['starbattle', { rows: 8, cols: 8, stars: 1 }, 'easy', 6],
  ['starbattle', { rows: 10, cols: 10, stars: 2 }, 'medium', 3],
  ['akari', { rows: 14, cols: 14 }, 'hard', 5],
  ['akari', { rows: 18, cols: 18 }, undefined, 3],
  ['akari', { rows: 25, cols: 25 }, undefined, 2],
  ['hashi', { rows: 15, cols: 15, maxBridges: 4 }, undefined, 6],
  ['hashi', { rows: 15, cols: 15, maxBridges: 2, noLoops: true }, 'hard', 4],
  ['hashi', { rows: 25, cols: 25, maxBridges: 2 }, undefined, 3],
  ['hashi', { rows: 20, cols: 12, maxBridges: 3 }, undefined, 4],
  ['blockparty', { rows: 8, cols: 8 }, undefined, 3],
  ['blockparty', { rows: 5, cols: 5 }, 'easy', 3],
];
const SEED = 20261124;
const asked = process.env.GRIDSAT_STRESS === '1';

describe.skipIf(!asked)(`generated puzzles at full sizes are unique by the independent count${asked ? '' : ' (skipped: set GRIDSAT_STRESS=1 to run, about 100 s)'}`, () => {
  for (const [typeId, settings, level, n] of CASES) {
    it(`${typeId} ${JSON.stringify(settings)}${level ? ` --difficulty ${level}` : ''}: ${n} puzzles`, () => {
      const type = findPuzzleType(typeId)!;
      const { count, check, key } = COUNTERS[typeId]!;
      for (let i = 0; i < n; i++) {
        const g = generateOne(type, settings, SEED, i, undefined, level && grader ? { target: { level }, grade: grader } : undefined);
        const what = `${typeId} seed ${SEED} index ${i}: ${JSON.stringify(type.toJson(g.puzzle))}`;
        expect(check(g.puzzle, g.solution), what).toEqual([]);
        const found = count(g.puzzle);
        expect(found.count, what).toBe(1);
        expect(key(found.solutions[0]), what).toBe(key(g.solution));
      }
    }, 600_000);
  }
});
