import { describe, expect, it } from 'vitest';
import {
  bootstrapInterval, geometricMean, holmAdjust, median, normalUpperTail, parK, quantile, wilcoxonSignedRank,
} from '../../src/util/stats.js';
import { seededRandom } from '../../src/util/random.js';

// Darwin's Zea mays data as differences (Fisher 1935), the worked example of scipy.stats.wilcoxon's
// documentation: W = 24, exact two-sided p = 0.041259765625.
const DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
// Hollander & Wolfe's depression data, the example of R's wilcox.test: V = 40, one-sided p = 0.01953.
const HW_X = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
const HW_Y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
// Ties and zeros: normal approximation. Reference values from scipy 1.17.1 (test/compare/wilcoxon-reference.py):
// wilcoxon(t, method='approx', correction=True, zero_method='wilcox') -> statistic 21.5, p 0.009707114913264668.
const TIED = [1, 2, 2, 3, -1, 0, 0, 4, 4, 4, -2, 5, 6, -3, 7, 8, 8, 0, 9, -4];
// n = 80 with many ties and zeros (same script): statistic 1242, p 0.18806018882939068.
const N80 = [0.3, 0.6, 0.0, -0.6, -0.2, -0.7, 0.4, 1.6, -0.2, -0.3, 0.8, 0.7, 0.4, -0.6, 0.3, 1.0, -1.0, -0.2, -1.6, -1.0, -1.5, 0.1,
  -1.0, 0.6, 0.5, 0.1, -2.2, -0.2, 0.3, 0.4, -1.2, -0.2, -0.7, -0.5, 1.4, -0.5, 0.3, 1.2, -0.3, 0.2, 0.4, 0.4, -0.9, 0.4, 1.7, -1.2,
  1.2, 0.4, -0.3, 2.3, 1.1, -0.9, 0.4, 0.9, 0.1, 1.0, 0.2, 1.0, 1.7, -0.4, 0.5, -0.2, 0.4, -0.9, -0.3, 0.1, 1.2, 1.4, -1.0, -0.5,
  0.9, -1.7, -0.2, 0.2, 1.6, 1.0, -0.0, -0.1, 0.0, 1.8];

describe('Wilcoxon signed-rank test', () => {
  it('matches the exact p-value of scipy\'s documented example (Darwin)', () => {
    const t = wilcoxonSignedRank(DARWIN);
    expect(t.method).toBe('exact');
    expect(Math.min(t.wPlus, t.wMinus)).toBe(24);
    expect(t.p).toBeCloseTo(0.041259765625, 12);
  });

  it('matches R\'s wilcox.test example (Hollander & Wolfe): V = 40, two-sided p = 2 x 0.01953125', () => {
    const t = wilcoxonSignedRank(HW_X.map((x, i) => x - HW_Y[i]!));
    expect(t.wPlus).toBe(40);
    expect(t.p).toBeCloseTo(0.0390625, 12);
  });

  it('reproduces the textbook table of critical values (two-sided alpha = 0.05): n=10 -> 8, n=15 -> 25, n=20 -> 52', () => {
    // T is critical when P(W+ <= T) two-sided is <= 0.05 and T + 1 is not. Build d with W+ = T exactly:
    // positive ranks 1..n except those summing to the complement are negative.
    const pOf = (n: number, w: number) => {
      const d: number[] = [];
      let rest = w;
      for (let r = n; r >= 1; r--) {
        if (r <= rest) { d.push(r); rest -= r; } else d.push(-r);
      }
      expect(rest).toBe(0);
      return wilcoxonSignedRank(d).p;
    };
    for (const [n, t] of [[10, 8], [15, 25], [20, 52]] as const) {
      expect(pOf(n, t), `n=${n} T=${t}`).toBeLessThanOrEqual(0.05);
      expect(pOf(n, t + 1), `n=${n} T=${t + 1}`).toBeGreaterThan(0.05);
    }
  });

  it('uses the normal approximation with tie correction, zeros dropped, as scipy (correction=True)', () => {
    const t = wilcoxonSignedRank(TIED);
    expect(t.method).toBe('normal');
    expect(t.zeros).toBe(3);
    expect(Math.min(t.wPlus, t.wMinus)).toBe(21.5);
    expect(t.p).toBeCloseTo(0.009707114913264668, 6);
    const big = wilcoxonSignedRank(N80);
    expect(Math.min(big.wPlus, big.wMinus)).toBe(1242);
    expect(big.p).toBeCloseTo(0.18806018882939068, 6);
  });

  it('gives p = 1 when every difference is zero, and is symmetric in the sign of d', () => {
    expect(wilcoxonSignedRank([0, 0, 0]).p).toBe(1);
    expect(wilcoxonSignedRank(DARWIN.map((x) => -x)).p).toBeCloseTo(wilcoxonSignedRank(DARWIN).p, 14);
  });

  it('normal tail matches tabulated values', () => {
    expect(normalUpperTail(1.959963985)).toBeCloseTo(0.025, 7);
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(-1.644853627)).toBeCloseTo(0.95, 7);
  });
});

describe('summary statistics', () => {
  it('geometric mean, quantiles, PAR-2 and Holm by their definitions', () => {
    expect(geometricMean([1, 10, 100])).toBeCloseTo(10, 12);
    expect(geometricMean([2, 8])).toBeCloseTo(4, 12);
    expect(geometricMean([1, 0])).toBeNaN();
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12); // R: quantile(1:4, .25) = 1.75
    expect(median([5, 1, 3])).toBe(3);
    expect(parK([1, 5, 7], [true, false, true], 10)).toEqual([1, 20, 7]);
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    holmAdjust([0.01, 0.04, 0.03, 0.005]).forEach((p, i) => expect(p).toBeCloseTo([0.03, 0.06, 0.06, 0.02][i]!, 12));
  });

  it('bootstrap intervals are reproducible from the seed and agree with large-sample theory', () => {
    const random = seededRandom(42);
    // 400 draws of a standard normal (Box-Muller): the 95 % interval of the mean is about ±1.96/sqrt(400).
    const xs = Array.from({ length: 400 }, () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
    const mean = (s: readonly number[]) => s.reduce((a, b) => a + b, 0) / s.length;
    const a = bootstrapInterval(xs, mean, { seed: 7 });
    const b = bootstrapInterval(xs, mean, { seed: 7 });
    expect(a).toEqual(b);
    expect(bootstrapInterval(xs, mean, { seed: 8 })).not.toEqual(a);
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - a.estimate) ** 2, 0) / (xs.length - 1));
    const half = (1.96 * sd) / Math.sqrt(xs.length);
    expect(a.low).toBeLessThan(a.estimate);
    expect(a.high).toBeGreaterThan(a.estimate);
    expect((a.high - a.low) / 2).toBeGreaterThan(half * 0.85);
    expect((a.high - a.low) / 2).toBeLessThan(half * 1.15);
    expect(bootstrapInterval([3, 3, 3], median)).toEqual({ estimate: 3, low: 3, high: 3 });
  });
});
