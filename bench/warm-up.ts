/**
 * Warming contenders alike before timing them (V8's optimising compilers, wasm tiering): run until
 * at least `minRuns` runs and `minMs` of the given clock have passed, at most `maxRuns`. A fixed
 * count of runs warms a fast contender for far less time than a slow one.
 */
export interface WarmUpOptions {
  minRuns?: number;
  minMs?: number;
  maxRuns?: number;
  /** Milliseconds; wall time by default (pipeline-child.ts passes process CPU time). */
  clock?: () => number;
}

export function warmUp(run: () => void, { minRuns = 5, minMs = 300, maxRuns = Infinity, clock = () => performance.now() }: WarmUpOptions = {}): void {
  const t0 = clock();
  for (let i = 0; i < maxRuns && (i < minRuns || clock() - t0 < minMs); i++) run();
}
