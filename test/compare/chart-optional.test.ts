/** vega and vega-lite are optional: without them compare's charts say what to install. */
import { describe, expect, it, vi } from 'vitest';

describe('compare chart without vega', () => {
  it('throws ChartUnavailable naming the packages to install', async () => {
    vi.doMock('vega', () => { throw new Error("Cannot find package 'vega' imported from chart.js"); });
    const { renderChart, cactusSpec, ChartUnavailable } = await import('../../src/compare/chart.js');
    const failure = await renderChart(cactusSpec([], 'starbattle', { order: [], limitMs: 1 })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChartUnavailable);
    expect((failure as Error).message).toContain('need the optional packages vega and vega-lite (npm install vega vega-lite)');
    vi.doUnmock('vega');
  });
});
