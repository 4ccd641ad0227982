/**
 * skipDraws: advancing seededRandom's generator by n draws at once leaves exactly the numbers that
 * drawing them one by one would (the Hashi layouts depend on that stream), and any other generator
 * is advanced by drawing.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, skipDraws } from '../../src/util/random.js';

describe('skipDraws', () => {
  it('leaves seededRandom where n draws would, for n from 0 to past 2^32 / the step', () => {
    for (const seed of [0, 1, 7, 0xdeadbeef, 4294967295]) {
      for (const n of [0, 1, 2, 3, 17, 1000, 123457]) {
        const drawn = seededRandom(seed);
        for (let i = 0; i < n; i++) drawn();
        const skipped = seededRandom(seed);
        skipDraws(skipped, n);
        expect([skipped(), skipped(), skipped()], `seed ${seed}, n ${n}`).toEqual([drawn(), drawn(), drawn()]);
      }
    }
  });

  it('draws from a generator it does not know', () => {
    let calls = 0;
    const counting = () => { calls += 1; return 0.5; };
    skipDraws(counting, 5);
    expect(calls).toBe(5);
  });
});
