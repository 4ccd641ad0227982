/**
 * The comparison chart: a Vega-Lite spec compiled to Vega and rendered to SVG headless in Node
 * (no browser, no canvas: the 'none' renderer plus toSVG()).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { CompareRow } from './runner.js';

/** Log scales cannot show 0; a run faster than a microsecond is drawn at 1 µs. */
const MIN_MS = 0.001;

/**
 * Two rows of panels, one panel per puzzle type: median time per (encoding, engine) as grouped
 * bars on a log scale, then median clauses per encoding (the CNF does not depend on the engine;
 * only blocking clauses and cuts added while solving may differ slightly).
 */
export function compareChartSpec(rows: readonly CompareRow[]): TopLevelSpec {
  const values = rows.map((r) => ({
    type: r.type,
    encoding: r.encoding,
    engine: r.engine,
    timeMs: Math.max(r.timeMs, MIN_MS),
    clauses: Math.max(r.clauses, 1),
  }));
  const encodings = [...new Set(rows.map((r) => r.encoding))];
  const engines = [...new Set(rows.map((r) => r.engine))];
  const x = { field: 'encoding', type: 'nominal' as const, sort: encodings, title: 'encoding', axis: { labelAngle: -35, labelLimit: 240 } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'gridsat compare: median over puzzles',
    data: { values },
    vconcat: [
      {
        title: 'time per puzzle (ms, log scale): solve + prove uniqueness',
        facet: { column: { field: 'type', type: 'nominal', title: null } },
        spec: {
          // The step is per bar: one bar per engine inside each encoding's band.
          width: { step: 12 },
          height: 180,
          mark: 'bar',
          encoding: {
            x,
            xOffset: { field: 'engine', type: 'nominal', sort: engines },
            color: { field: 'engine', type: 'nominal', sort: engines, title: 'engine' },
            y: { aggregate: 'median', field: 'timeMs', type: 'quantitative', title: 'median ms', scale: { type: 'log' } },
          },
        },
        // Each type shows only the encodings that fit it.
        resolve: { scale: { x: 'independent' } },
      },
      {
        title: 'CNF size: clauses',
        facet: { column: { field: 'type', type: 'nominal', title: null } },
        spec: {
          width: { step: 12 * engines.length },
          height: 140,
          mark: { type: 'bar', color: '#777777' },
          encoding: {
            x,
            y: { aggregate: 'median', field: 'clauses', type: 'quantitative', title: 'median clauses' },
          },
        },
        resolve: { scale: { x: 'independent', y: 'independent' } },
      },
    ],
  } as TopLevelSpec;
}

/** vega or vega-lite is not installed: the chart is skipped, the tables are still written. */
export class ChartUnavailable extends Error {
  override name = 'ChartUnavailable';
}

/** Renders the chart to a standalone SVG document; throws ChartUnavailable without vega. */
export async function compareChartSvg(rows: readonly CompareRow[]): Promise<string> {
  // Loaded on demand, and optional: vega is large (31 MB installed with vega-lite), and only this
  // chart needs it.
  let vega: typeof import('vega');
  let vl: typeof import('vega-lite');
  try {
    [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  } catch (err) {
    throw new ChartUnavailable(`the SVG chart needs the optional packages vega and vega-lite (npm install vega vega-lite): ${(err as Error).message.split('\n')[0]}`);
  }
  const { spec } = vl.compile(compareChartSpec(rows));
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
