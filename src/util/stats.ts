import { seededRandom } from './random.js';

/** The median of a list of numbers (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The q-quantile (0 ≤ q ≤ 1) by linear interpolation between order statistics (R type 7); NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo]! + (h - lo) * (s[hi]! - s[lo]!);
}

/** exp(mean(log x)); NaN when empty or when some value is not positive. */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0 || values.some((v) => !(v > 0))) return NaN;
  return Math.exp(values.reduce((s, v) => s + Math.log(v), 0) / values.length);
}

/**
 * PAR-k score (SAT competitions use k = 2): a run that did not finish counts as k times the limit.
 * `times[i]` is ignored when `solved[i]` is false.
 */
export function parK(times: readonly number[], solved: readonly boolean[], limit: number, k = 2): number[] {
  return times.map((t, i) => (solved[i] ? t : k * limit));
}

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/**
 * Percentile bootstrap interval of `statistic` over `values`: `resamples` draws with replacement
 * from a seeded generator (mulberry32), so the same data and seed always give the same interval.
 */
export function bootstrapInterval(
  values: readonly number[],
  statistic: (sample: readonly number[]) => number,
  options: { resamples?: number; level?: number; seed?: number } = {},
): Interval {
  const estimate = statistic(values);
  if (values.length === 0) return { estimate, low: NaN, high: NaN };
  const resamples = options.resamples ?? 2000;
  const level = options.level ?? 0.95;
  const random = seededRandom(options.seed ?? 1);
  const n = values.length;
  const sample = new Array<number>(n);
  const stats: number[] = [];
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = values[Math.floor(random() * n)]!;
    stats.push(statistic(sample));
  }
  const alpha = (1 - level) / 2;
  return { estimate, low: quantile(stats, alpha), high: quantile(stats, 1 - alpha) };
}

/** Average ranks (1-based) of the values, ties sharing the mean of their positions. */
export function averageRanks(values: readonly number[]): { ranks: number[]; tieSizes: number[] } {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  const tieSizes: number[] = [];
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = rank;
    if (j > i) tieSizes.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, tieSizes };
}

/** Standard normal upper tail P(Z > z), from erfc (Numerical Recipes' erfcc, relative error < 1.2e-7). */
export function normalUpperTail(z: number): number {
  const x = z / Math.SQRT2;
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.5 * ax);
  const erfc = t * Math.exp(-ax * ax - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return (x >= 0 ? erfc : 2 - erfc) / 2;
}

export interface SignedRankTest {
  /** Pairs with a non-zero difference (zeros are dropped, Wilcoxon's original method). */
  n: number;
  zeros: number;
  /** Sum of the ranks of the positive differences (R's V). */
  wPlus: number;
  wMinus: number;
  /** Two-sided p-value. */
  p: number;
  method: 'exact' | 'normal';
  /** The z score of the normal approximation (with continuity correction); undefined when exact. */
  z?: number;
}

/** Largest n whose exact null distribution is used (as R: larger n, ties or zeros use the normal approximation). */
export const EXACT_SIGNED_RANK_MAX_N = 50;

/**
 * Wilcoxon's signed-rank test of the paired differences `d` (two-sided, H0: symmetric about 0).
 * Zero differences are dropped; ties get average ranks. With n ≤ 50, no ties and no zeros the p-value
 * comes from the exact null distribution of W+ (all 2^n sign patterns, counted by dynamic programming);
 * otherwise from the normal approximation with the tie-corrected variance
 * n(n+1)(2n+1)/24 − Σ(t³−t)/48 and a continuity correction of ½ (as R's wilcox.test and scipy with
 * correction=True).
 */
export function wilcoxonSignedRank(d: readonly number[]): SignedRankTest {
  const nonzero = d.filter((x) => x !== 0);
  const zeros = d.length - nonzero.length;
  const n = nonzero.length;
  if (n === 0) return { n, zeros, wPlus: 0, wMinus: 0, p: 1, method: 'exact' };
  const { ranks, tieSizes } = averageRanks(nonzero.map(Math.abs));
  let wPlus = 0;
  nonzero.forEach((x, i) => { if (x > 0) wPlus += ranks[i]!; });
  const total = (n * (n + 1)) / 2;
  const wMinus = total - wPlus;
  if (n <= EXACT_SIGNED_RANK_MAX_N && tieSizes.length === 0 && zeros === 0) {
    const counts = signedRankCounts(n);
    const all = 2 ** n;
    const w = Math.round(wPlus);
    let lower = 0;
    for (let s = 0; s <= w; s++) lower += counts[s]!;
    let upper = 0;
    for (let s = w; s <= total; s++) upper += counts[s]!;
    return { n, zeros, wPlus, wMinus, p: Math.min(1, (2 * Math.min(lower, upper)) / all), method: 'exact' };
  }
  const mean = total / 2;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieSizes.reduce((s, t) => s + t ** 3 - t, 0) / 48;
  const diff = wPlus - mean;
  const z = variance > 0 ? (diff - Math.sign(diff) * 0.5) / Math.sqrt(variance) : 0;
  return { n, zeros, wPlus, wMinus, p: Math.min(1, 2 * normalUpperTail(Math.abs(z))), method: 'normal', z };
}

/** counts[s] = number of subsets of {1..n} whose sum is s (the null distribution of W+ times 2^n). */
function signedRankCounts(n: number): number[] {
  const total = (n * (n + 1)) / 2;
  const counts = new Array<number>(total + 1).fill(0);
  counts[0] = 1;
  for (let k = 1; k <= n; k++) {
    for (let s = total; s >= k; s--) counts[s]! += counts[s - k]!;
  }
  return counts;
}

/** Holm's step-down adjustment of p-values for multiple comparisons (same order as given). */
export function holmAdjust(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(([v, i], k) => {
    running = Math.max(running, Math.min(1, (m - k) * v));
    out[i] = running;
  });
  return out;
}
