/**
 * The comparison's charts, as SAT papers draw them, written as Vega-Lite specs and rendered to SVG
 * headless in Node (no browser, no canvas: the 'none' renderer plus toSVG()):
 * - a cactus plot per puzzle type: puzzles solved (y) within time t (x, log), one line per
 *   encoding × engine (colour = encoding, dash = engine), the timeout and the puzzle count ruled;
 * - per-puzzle scatter plots of each combination against the baseline, log-log, with the diagonal,
 *   2× and 10× guides, unsolved runs on a "timeout" border;
 * - distributions per combination (box plots): time, conflicts, variables, clauses.
 * Vega and Vega-Lite are loaded only when a chart is rendered (dynamic import).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { CompareRow } from './runner.js';
import { par2Time, TIME_FLOOR_MS } from './summary.js';

export interface ChartOptions {
  /** Combination order (legend and rows). */
  order: readonly string[];
  /** Baseline combination for the scatter plots (default: the first of each type). */
  baseline?: string;
  /** The wall-clock timeout, ms, when one was set (ruled on the plots). */
  timeoutMs?: number;
  /** The PAR-2 limit, ms: unsolved runs sit at 2 × this. */
  limitMs: number;
}

export interface Chart {
  id: string;
  title: string;
  spec: TopLevelSpec;
}

const FONT = 'Helvetica, Arial, sans-serif';
const CONFIG = {
  font: FONT,
  view: { stroke: '#bbbbbb' },
  axis: { labelFontSize: 11, titleFontSize: 12, labelOverlap: 'greedy', grid: true, gridColor: '#eeeeee', titleFontWeight: 'normal' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', labelLimit: 320 },
  title: { fontSize: 14, fontWeight: 'bold', anchor: 'start', subtitleFontSize: 11, subtitleColor: '#555555' },
  concat: { spacing: 28 },
} as const;

/** Decades that cover [lo, hi], for explicit log ticks (Vega's default log ticks crowd the axis). */
export function decades(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
}

/** A log scale over whole decades covering [lo, hi], with 1-2-5 ticks when it spans at most 3 decades. */
export function logScale(lo: number, hi: number): { scale: object; axis: object; domain: [number, number] } {
  const ticks = decades(lo, hi);
  const domain: [number, number] = [ticks[0]!, ticks[ticks.length - 1]!];
  const values = ticks.length <= 4 ? ticks.flatMap((t, i) => (i < ticks.length - 1 ? [t, 2 * t, 5 * t] : [t])) : ticks;
  return { domain, scale: { type: 'log', domain, nice: false }, axis: { values, labelExpr: LOG_LABEL } };
}

/** Log-axis labels: 0.01, 0.1, 1, 10, 100, 1k, 10k … */
const LOG_LABEL = "datum.value >= 1000 ? format(datum.value / 1000, '~g') + 'k' : format(datum.value, '~g')";

function ofType(rows: readonly CompareRow[], type: string, order: readonly string[]): { rows: CompareRow[]; combos: string[] } {
  const mine = rows.filter((r) => r.type === type);
  return { rows: mine, combos: order.filter((c) => mine.some((r) => r.combination === c)) };
}

/** Legend entries drawn as line samples, so the dash patterns show. */
const STROKE_LEGEND = { symbolType: 'stroke', symbolStrokeWidth: 2.2, symbolSize: 500 };
const DASH_LEGEND = { ...STROKE_LEGEND, encode: { symbols: { update: { stroke: { value: '#444444' } } } } };

function colourAndDash(rows: readonly CompareRow[]) {
  const encodings = [...new Set(rows.map((r) => r.encoding))];
  const engines = [...new Set(rows.map((r) => r.engine))];
  return {
    color: { field: 'encoding', type: 'nominal', sort: encodings, title: 'encoding', scale: { scheme: 'tableau10' }, legend: STROKE_LEGEND },
    strokeDash: {
      field: 'engine', type: 'nominal', sort: engines, title: 'engine',
      scale: { domain: engines, range: [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [1, 3]].slice(0, Math.max(engines.length, 1)) },
      legend: engines.length === 1 ? null : DASH_LEGEND,
    },
  } as const;
}

/** Cactus plot of one type: for each combination, how many puzzles were solved within t. */
export function cactusSpec(all: readonly CompareRow[], type: string, options: ChartOptions): TopLevelSpec {
  const { rows, combos } = ofType(all, type, options.order);
  const puzzles = new Set(rows.map((r) => r.puzzle)).size;
  const values: object[] = [];
  // The timeout is ruled when some run reached it or it is near the data; a limit 10× beyond the
  // slowest run would only squeeze the lines into the left of the plot.
  const slowest = Math.max(...rows.map((r) => r.timeMs));
  const timeoutMs = options.timeoutMs !== undefined && (rows.some((r) => !r.solved) || options.timeoutMs <= 10 * slowest) ? options.timeoutMs : undefined;
  for (const combination of combos) {
    const mine = rows.filter((r) => r.combination === combination);
    const solved = mine.filter((r) => r.solved).map((r) => Math.max(TIME_FLOOR_MS, r.timeMs)).sort((a, b) => a - b);
    const series = { combination, encoding: mine[0]!.encoding, engine: mine[0]!.engine };
    solved.forEach((t, i) => values.push({ ...series, time: t, solved: i + 1 }));
    // Carried flat to the timeout: the gap left below the top is the puzzles it did not solve in time.
    if (timeoutMs !== undefined && solved.length > 0) values.push({ ...series, time: timeoutMs, solved: solved.length });
  }
  const times = values.map((v) => (v as { time: number }).time);
  const log = logScale(Math.min(...times) / 1.2, Math.max(...times, timeoutMs ?? 0) * 1.2);
  const lo = log.domain[0];
  const x = { field: 'time', type: 'quantitative', title: 'time per puzzle t (ms, log scale)', scale: log.scale, axis: log.axis };
  const y = { field: 'solved', type: 'quantitative', title: 'puzzles solved within t', scale: { domain: [0, puzzles * 1.04], nice: false } };
  const layers: object[] = [
    {
      data: { values: [{ n: puzzles }] },
      mark: { type: 'rule', color: '#888888', strokeDash: [4, 4] },
      encoding: { y: { field: 'n', type: 'quantitative' } },
    },
    {
      data: { values: [{ n: puzzles, x: lo, label: `all ${puzzles} puzzles` }] },
      mark: { type: 'text', align: 'left', baseline: 'bottom', dx: 4, dy: -2, color: '#666666', fontSize: 11 },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'n', type: 'quantitative' }, text: { field: 'label' } },
    },
    {
      data: { values },
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.8, ...(puzzles <= 40 ? { point: { size: 10, filled: true } } : {}) },
      encoding: { x, y, detail: { field: 'combination' }, ...colourAndDash(rows) },
    },
  ];
  if (timeoutMs !== undefined) {
    layers.push(
      { data: { values: [{ t: timeoutMs }] }, mark: { type: 'rule', color: '#c0392b', strokeDash: [2, 3] }, encoding: { x: { field: 't', type: 'quantitative' } } },
      {
        data: { values: [{ t: timeoutMs, y: puzzles * 0.02, label: `timeout ${num(timeoutMs / 1000)} s` }] },
        mark: { type: 'text', angle: 270, align: 'left', baseline: 'bottom', dx: 0, dy: -4, color: '#c0392b', fontSize: 11 },
        encoding: { x: { field: 't', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
      },
    );
  }
  return {
    title: {
      text: `${type}: cactus plot`,
      // Short lines: without a canvas Vega sizes titles by an estimate that runs wide.
      subtitle: [
        'higher and further left is better; a line that stays below the top left puzzles unsolved',
        ...(options.timeoutMs !== undefined && timeoutMs === undefined ? [`(no run came near the ${num(options.timeoutMs / 1000)} s timeout)`] : []),
      ],
    },
    width: 600,
    height: 330,
    layer: layers,
    resolve: { scale: { x: 'shared', y: 'shared' } },
  } as unknown as TopLevelSpec;
}

const num = (x: number) => (x >= 10 ? String(Math.round(x)) : String(Math.round(x * 10) / 10));

const SCATTER_SIDE = 220;

/** Per-puzzle scatter plots of each combination of a type against its baseline. */
export function scatterSpec(all: readonly CompareRow[], type: string, options: ChartOptions): TopLevelSpec | undefined {
  const { rows, combos } = ofType(all, type, options.order);
  const baseline = options.baseline !== undefined && combos.includes(options.baseline) ? options.baseline : combos[0];
  if (baseline === undefined || combos.length < 2) return undefined;
  const base = new Map(rows.filter((r) => r.combination === baseline).map((r) => [r.puzzle, r]));
  const anyUnsolved = rows.some((r) => !r.solved);
  const times = rows.map((r) => par2Time(r, options.limitMs));
  const log = logScale(Math.min(...times) / 1.2, Math.max(...times) * 1.2);
  const [lo, hi] = log.domain;
  const guides = [
    { k: 1, dash: [1, 0], label: '' },
    { k: 2, dash: [5, 3], label: '2×' }, { k: 0.5, dash: [5, 3], label: '2×' },
    { k: 10, dash: [1, 3], label: '10×' }, { k: 0.1, dash: [1, 3], label: '10×' },
  ];
  const panels = combos.filter((c) => c !== baseline).map((combination) => {
    const points = rows.filter((r) => r.combination === combination && base.has(r.puzzle)).map((r) => {
      const b = base.get(r.puzzle)!;
      const status = !r.solved && !b.solved ? 'both unsolved' : !r.solved || !b.solved ? 'one unsolved (on the border)' : 'both solved';
      return { puzzle: r.puzzle, x: par2Time(b, options.limitMs), y: par2Time(r, options.limitMs), status };
    });
    const faster = points.filter((p) => p.y < p.x).length;
    const layers: object[] = guides.map((g) => ({
      data: { values: [{ x: Math.max(lo, lo / g.k), y: Math.max(lo, lo / g.k) * g.k }, { x: Math.min(hi, hi / g.k), y: Math.min(hi, hi / g.k) * g.k }] },
      mark: { type: 'line', color: g.k === 1 ? '#555555' : '#999999', strokeWidth: g.k === 1 ? 1.2 : 1, strokeDash: g.dash, clip: true },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
    }));
    // Guide labels where each line leaves the plot: above the diagonal at the top edge, below it at the right edge.
    layers.push(
      {
        data: { values: guides.filter((g) => g.k > 1).map((g) => ({ x: hi / g.k, y: hi, label: g.label })) },
        mark: { type: 'text', fontSize: 10, color: '#777777', align: 'right', baseline: 'top', dx: -3, dy: 3 },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
      },
      {
        data: { values: guides.filter((g) => g.k < 1).map((g) => ({ x: hi, y: hi * g.k, label: g.label })) },
        mark: { type: 'text', fontSize: 10, color: '#777777', align: 'right', baseline: 'top', dx: -3, dy: 3 },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
      },
    );
    if (anyUnsolved) {
      const border = [{ v: options.limitMs }];
      layers.push(
        { data: { values: border }, mark: { type: 'rule', color: '#c0392b', strokeDash: [2, 3] }, encoding: { x: { field: 'v', type: 'quantitative' } } },
        { data: { values: border }, mark: { type: 'rule', color: '#c0392b', strokeDash: [2, 3] }, encoding: { y: { field: 'v', type: 'quantitative' } } },
      );
    }
    const axis = log.axis;
    layers.push({
      data: { values: [{ x: hi, y: lo, label: `${faster}/${points.length} faster` }] },
      mark: { type: 'text', align: 'right', baseline: 'bottom', dx: -4, dy: -4, fontSize: 10, color: '#333333' },
      encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' }, text: { field: 'label' } },
    });
    layers.push({
      data: { values: points },
      mark: { type: 'point', filled: true, size: 22, opacity: 0.55 },
      encoding: {
        // Titles no longer than the side they label, so every panel's frame starts at the same height.
        x: { field: 'x', type: 'quantitative', title: 'baseline time (ms)', scale: log.scale, axis: { ...axis, titleLimit: SCATTER_SIDE } },
        y: { field: 'y', type: 'quantitative', title: 'its time (ms)', scale: log.scale, axis: { ...axis, titleLimit: SCATTER_SIDE } },
        color: {
          field: 'status', type: 'nominal', title: 'puzzle',
          scale: { domain: ['both solved', 'one unsolved (on the border)', 'both unsolved'], range: ['#1f77b4', '#c0392b', '#7f7f7f'] },
          ...(anyUnsolved ? {} : { legend: null }),
        },
        tooltip: [{ field: 'puzzle' }],
      },
    });
    return {
      title: { text: combination, fontSize: 12 },
      width: SCATTER_SIDE,
      height: SCATTER_SIDE,
      layer: layers,
    };
  });
  return {
    title: {
      text: `${type}: per-puzzle time against ${baseline}`,
      subtitle: [
        'one point per puzzle, log-log; below the diagonal = faster than the baseline (count in the corner); dashed = 2×, dotted = 10×',
        ...(anyUnsolved ? [`unsolved runs sit at 2 × the ${num(options.limitMs / 1000)} s limit, past the red rules`] : []),
      ],
    },
    concat: panels,
    columns: 4,
    spacing: { column: 30, row: 30 },
  } as unknown as TopLevelSpec;
}

/** Box plots per combination of one type: time, conflicts, variables and clauses. */
export function distributionSpec(all: readonly CompareRow[], type: string, options: ChartOptions): TopLevelSpec {
  const { rows, combos } = ofType(all, type, options.order);
  const values = rows.map((r) => ({
    combination: r.combination, encoding: r.encoding,
    time: par2Time(r, options.limitMs), conflicts: r.conflicts, variables: r.variables, clauses: r.clauses,
  }));
  const uncounted = combos.filter((c) => rows.some((r) => r.combination === c && r.conflicts === null));
  const encodings = [...new Set(rows.map((r) => r.encoding))];
  const y = (labels: boolean) => ({
    field: 'combination', type: 'nominal', sort: combos, title: labels ? null : null,
    axis: labels ? { labelLimit: 300, labelFontSize: 11 } : { labels: false, ticks: false, title: null },
  });
  const box = (field: string, title: string, scaled: { scale: object; axis?: object }, labels: boolean) => {
    const layer: object[] = [{
      transform: [{ filter: `isValid(datum.${field})` }],
      mark: { type: 'boxplot', extent: 1.5, size: 12, median: { color: 'black' }, outliers: { size: 8 } },
      encoding: {
        x: { field, type: 'quantitative', title, scale: scaled.scale, ...(scaled.axis ? { axis: scaled.axis } : {}) },
        y: y(labels),
        color: { field: 'encoding', type: 'nominal', sort: encodings, scale: { scheme: 'tableau10' }, legend: null },
      },
    }];
    if (field === 'conflicts' && uncounted.length > 0) {
      layer.push({
        data: { values: uncounted.map((c) => ({ combination: c, label: 'not counted by this engine' })) },
        mark: { type: 'text', align: 'left', dx: 4, color: '#777777', fontSize: 10, fontStyle: 'italic' },
        encoding: { y: y(labels), x: { value: 0 }, text: { field: 'label' } },
      });
    }
    return { width: 170, height: { step: 20 }, layer };
  };
  const timeLog = logScale(Math.min(...values.map((v) => v.time)) / 1.2, Math.max(...values.map((v) => v.time)) * 1.2);
  return {
    title: { text: `${type}: distributions per combination`, subtitle: ['box = quartiles, whiskers = 1.5 IQR, dots = outliers', 'time counts unsolved runs as PAR-2'] },
    data: { values },
    hconcat: [
      box('time', 'time (ms, log)', timeLog, true),
      box('conflicts', 'conflicts (symlog)', { scale: { type: 'symlog' }, axis: { values: [0, ...decades(10, Math.max(10, ...values.map((v) => v.conflicts ?? 0)))], labelExpr: LOG_LABEL } }, false),
      box('variables', 'variables', { scale: { zero: false } }, false),
      box('clauses', 'clauses', { scale: { zero: false } }, false),
    ],
    resolve: { scale: { y: 'shared' } },
    spacing: 14,
  } as unknown as TopLevelSpec;
}

/** Every chart of a comparison, in report order: per type, cactus, scatter, distributions. */
export function compareCharts(rows: readonly CompareRow[], options: ChartOptions): Chart[] {
  const types = [...new Set(rows.map((r) => r.type))];
  const out: Chart[] = [];
  for (const type of types) {
    out.push({ id: `${type}-cactus`, title: `${type}: cactus plot`, spec: withConfig(cactusSpec(rows, type, options)) });
    const scatter = scatterSpec(rows, type, options);
    if (scatter) out.push({ id: `${type}-scatter`, title: `${type}: per-puzzle scatter against the baseline`, spec: withConfig(scatter) });
    out.push({ id: `${type}-distributions`, title: `${type}: distributions`, spec: withConfig(distributionSpec(rows, type, options)) });
  }
  return out;
}

function withConfig(spec: TopLevelSpec): TopLevelSpec {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', background: 'white', padding: 12, config: CONFIG, ...spec } as TopLevelSpec;
}

/** All charts in one spec (one SVG), stacked. */
export function combinedSpec(charts: readonly Chart[]): TopLevelSpec {
  return withConfig({
    vconcat: charts.map((c) => {
      const { $schema: _s, config: _c, background: _b, padding: _p, ...rest } = c.spec as unknown as Record<string, unknown>;
      return rest;
    }),
    spacing: 48,
    // Each chart keeps its own scales and legends, as when it stands alone.
    resolve: { scale: { color: 'independent', strokeDash: 'independent' }, legend: { color: 'independent', strokeDash: 'independent' } },
  } as unknown as TopLevelSpec);
}

type VegaModule = typeof import('vega');

/** vega or vega-lite is not installed: the charts are skipped, the tables are still written. */
export class ChartUnavailable extends Error {
  override name = 'ChartUnavailable';
}

/**
 * Loaded on demand, and optional: vega is large (31 MB installed with vega-lite), and only the
 * compare charts need it. Throws ChartUnavailable when it is not installed.
 */
async function loadVega(): Promise<{ vega: VegaModule; compile: (spec: TopLevelSpec) => { spec: object } }> {
  let vega: VegaModule;
  let vl: typeof import('vega-lite');
  try {
    [vega, vl] = await Promise.all([import('vega'), import('vega-lite')]);
  } catch (err) {
    throw new ChartUnavailable(`the charts need the optional packages vega and vega-lite (npm install vega vega-lite): ${(err as Error).message.split('\n')[0]}`);
  }
  return { vega, compile: (spec) => vl.compile(spec) };
}

/** A rendered chart: its SVG and the boxes of every visible text (for the overlap check). */
export interface Rendered {
  svg: string;
  texts: TextBox[];
}

export interface TextBox {
  text: string;
  role: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Renders one chart to a standalone SVG document; throws ChartUnavailable without vega. */
export async function renderChart(spec: TopLevelSpec): Promise<Rendered> {
  const { vega, compile } = await loadVega();
  const view = new vega.View(vega.parse(compile(spec).spec as never), { renderer: 'none' });
  try {
    await view.runAsync();
    const svg = await view.toSVG();
    return { svg, texts: textBoxes((view.scenegraph() as unknown as { root: SceneNode }).root) };
  } finally {
    view.finalize();
  }
}

interface SceneNode {
  marktype?: string;
  role?: string;
  items?: SceneNode[];
  x?: number;
  y?: number;
  text?: string | string[];
  opacity?: number;
  fillOpacity?: number;
  bounds?: { x1: number; y1: number; x2: number; y2: number };
}

/**
 * Absolute boxes of the visible texts in a Vega scenegraph (group offsets added up). Without a
 * canvas Vega estimates a text's width as 0.8 em per character, wider than any real font draws it,
 * so an overlap check on these boxes errs on the safe side.
 */
export function textBoxes(root: SceneNode): TextBox[] {
  const out: TextBox[] = [];
  const walk = (mark: SceneNode, dx: number, dy: number) => {
    for (const item of mark.items ?? []) {
      if (mark.marktype === 'text') {
        const text = Array.isArray(item.text) ? item.text.join(' ') : item.text;
        if (!text || item.opacity === 0 || item.fillOpacity === 0 || !item.bounds) continue;
        const b = item.bounds;
        if (!(b.x2 > b.x1)) continue;
        out.push({ text: String(text), role: mark.role ?? '', x1: b.x1 + dx, y1: b.y1 + dy, x2: b.x2 + dx, y2: b.y2 + dy });
      } else if (mark.marktype === 'group') {
        for (const child of item.items ?? []) walk(child, dx + (item.x ?? 0), dy + (item.y ?? 0));
      }
    }
  };
  walk(root, 0, 0);
  return out;
}

/** Pairs of visible texts whose boxes overlap by more than `slack` px each way. */
export function overlappingTexts(texts: readonly TextBox[], slack = 0.5): [TextBox, TextBox][] {
  const out: [TextBox, TextBox][] = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i]!;
      const b = texts[j]!;
      if (Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > slack && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > slack) out.push([a, b]);
    }
  }
  return out;
}
