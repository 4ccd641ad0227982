/**
 * Per-combination statistics over a set of puzzles, as SAT papers report them: solved count, PAR-2,
 * median and geometric mean with 95 % bootstrap intervals over puzzles, and a paired Wilcoxon
 * signed-rank test against a baseline combination, put into words.
 */
import type { PuzzleStatus } from '../solve/pipeline.js';
import {
  bootstrapInterval, geometricMean, holmAdjust, median, parK, wilcoxonSignedRank, type Interval, type SignedRankTest,
} from '../util/stats.js';
import type { CompareRow } from './runner.js';

/** Times below this are drawn and logged as this (a log scale cannot show 0), in ms. */
export const TIME_FLOOR_MS = 0.001;

/** Significance level for the words "faster" / "slower" (on Holm-adjusted p-values). */
export const ALPHA = 0.05;

export type Verdict = 'faster' | 'slower' | 'no detectable difference';

export interface VersusBaseline {
  baseline: string;
  /** Puzzles both ran. */
  pairs: number;
  /** Geometric mean over puzzles of time / baseline time (PAR-2 times). */
  ratio: number;
  test: SignedRankTest;
  /** Holm-adjusted over the comparisons in the same table. */
  pAdjusted: number;
  verdict: Verdict;
}

export interface CombinationStats {
  combination: string;
  encoding: string;
  engine: string;
  puzzles: number;
  solved: number;
  statuses: Partial<Record<PuzzleStatus, number>>;
  disagreements: number;
  /** Over PAR-2 times (an unsolved run counts 2 × the limit). */
  median: Interval;
  geoMean: Interval;
  /** Sum of PAR-2 times, in seconds. */
  par2Seconds: number;
  medianVariables: number;
  medianClauses: number;
  /** null when the engine does not count conflicts / propagations. */
  medianConflicts: number | null;
  medianPropagations: number | null;
  versus?: VersusBaseline;
}

export interface SummaryOptions {
  /** The time limit for PAR-2, ms. */
  limitMs: number;
  /** Combination to test the others against (defaults to the first present). */
  baseline?: string;
  seed?: number;
  resamples?: number;
}

/**
 * The PAR-2 limit: the timeout when one was given; otherwise the longest run measured (then only an
 * error can be unsolved, and it counts as twice the slowest run).
 */
export function penaltyLimitMs(rows: readonly CompareRow[], timeoutMs: number | undefined): number {
  if (timeoutMs !== undefined) return timeoutMs;
  return Math.max(TIME_FLOOR_MS, ...rows.map((r) => r.timeMs));
}

/** Each row's time for statistics: its own when solved, 2 × limit otherwise, never below the floor. */
export function par2Time(row: CompareRow, limitMs: number): number {
  return Math.max(TIME_FLOOR_MS, parK([row.timeMs], [row.solved], limitMs)[0]!);
}

export function summarize(rows: readonly CompareRow[], order: readonly string[], options: SummaryOptions): CombinationStats[] {
  const present = order.filter((c) => rows.some((r) => r.combination === c));
  const baseline = options.baseline !== undefined && present.includes(options.baseline) ? options.baseline : present[0];
  const byPuzzle = (combination: string) => new Map(rows.filter((r) => r.combination === combination).map((r) => [r.puzzle, r]));
  const baseRows = baseline !== undefined ? byPuzzle(baseline) : new Map<string, CompareRow>();
  const boot = { seed: options.seed ?? 1, resamples: options.resamples ?? 2000 };

  const out: CombinationStats[] = present.map((combination) => {
    const mine = rows.filter((r) => r.combination === combination);
    const statuses: Partial<Record<PuzzleStatus, number>> = {};
    for (const r of mine) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const times = mine.map((r) => par2Time(r, options.limitMs));
    const counted = <K extends 'conflicts' | 'propagations'>(key: K) =>
      mine.every((r) => r[key] !== null) ? median(mine.map((r) => r[key] as number)) : null;
    const stats: CombinationStats = {
      combination,
      encoding: mine[0]!.encoding,
      engine: mine[0]!.engine,
      puzzles: mine.length,
      solved: mine.filter((r) => r.solved).length,
      statuses,
      disagreements: mine.filter((r) => !r.agrees).length,
      median: bootstrapInterval(times, median, boot),
      geoMean: bootstrapInterval(times, geometricMean, boot),
      par2Seconds: times.reduce((s, t) => s + t, 0) / 1000,
      medianVariables: median(mine.map((r) => r.variables)),
      medianClauses: median(mine.map((r) => r.clauses)),
      medianConflicts: counted('conflicts'),
      medianPropagations: counted('propagations'),
    };
    if (baseline !== undefined && combination !== baseline) {
      const logRatios: number[] = [];
      for (const r of mine) {
        const b = baseRows.get(r.puzzle);
        if (b) logRatios.push(Math.log(par2Time(r, options.limitMs)) - Math.log(par2Time(b, options.limitMs)));
      }
      if (logRatios.length > 0) {
        stats.versus = {
          baseline,
          pairs: logRatios.length,
          ratio: Math.exp(logRatios.reduce((s, x) => s + x, 0) / logRatios.length),
          test: wilcoxonSignedRank(logRatios),
          pAdjusted: NaN,
          verdict: 'no detectable difference',
        };
      }
    }
    return stats;
  });

  const tested = out.filter((s) => s.versus);
  const adjusted = holmAdjust(tested.map((s) => s.versus!.test.p));
  tested.forEach((s, i) => {
    const v = s.versus!;
    v.pAdjusted = adjusted[i]!;
    // The direction is the one the test ranks: more of the rank mass on the negative side is faster.
    if (v.pAdjusted < ALPHA) v.verdict = v.test.wMinus > v.test.wPlus ? 'faster' : 'slower';
  });
  return out;
}
