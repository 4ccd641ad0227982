/**
 * The report and its charts on a synthetic comparison whose answer is known by construction:
 * B is exactly twice as slow as A on every puzzle, C is A with noise around 1×, D times out on some.
 */
import { describe, expect, it } from 'vitest';
import { compareCharts, overlappingTexts, renderChart, textBoxes } from '../../src/compare/chart.js';
import type { Combination } from '../../src/compare/combinations.js';
import { compareHtml } from '../../src/compare/html.js';
import { compareMarkdown } from '../../src/compare/markdown.js';
import type { CompareResult, CompareRow } from '../../src/compare/runner.js';
import { par2Time, summarize } from '../../src/compare/summary.js';
import { seededRandom } from '../../src/util/random.js';

const N = 20;
const TIMEOUT_MS = 1000;
/** B's slowdown on puzzle p: about 2×, all different (equal ratios would be ties, and ties need the normal approximation). */
const SLOWDOWN = (p: number) => 2 + p / 100;

function combination(encoding: string, engine: string): Combination {
  const options = encoding === 'noTouch=window' ? { variant: { noTouch: 'window' } } : { cardinality: encoding as 'sequential' };
  return { label: `${encoding} @ ${engine}`, encoding: { label: encoding, options }, engine: { label: engine, engine: engine === 'minisat-js' ? 'minisat-js' : 'wasm' } };
}

const COMBOS = [
  combination('sequential', 'wasm'),          // A, the baseline
  combination('totalizer', 'wasm'),           // B = 2 × A
  combination('sequential', 'minisat-js'),    // C = A × noise
  combination('noTouch=window', 'wasm'),      // D: A / 3, but times out on 4 puzzles
];

function syntheticRows(): CompareRow[] {
  const random = seededRandom(3);
  const rows: CompareRow[] = [];
  for (let p = 0; p < N; p++) {
    const a = 2 + 60 * random() ** 2;
    const times = [a, a * SLOWDOWN(p), a * (0.8 + 0.4 * random()), a / 3];
    COMBOS.forEach((c, k) => {
      const timedOut = k === 3 && p % 5 === 0;
      rows.push({
        puzzle: `set#${p + 1}`, type: 'starbattle', size: '14x14 3*', combination: c.label, encoding: c.encoding.label, engine: c.engine.label,
        status: timedOut ? 'unknown' : 'unique', solved: !timedOut, variables: 1600 + 10 * k, clauses: 6400 + 100 * k + p,
        conflicts: c.engine.label === 'minisat-js' ? null : 100 + p, propagations: c.engine.label === 'minisat-js' ? null : 20000 + p,
        timeMs: timedOut ? TIMEOUT_MS : times[k]!, wallMs: times[k]!, clock: 'process-cpu', repeats: 1, agrees: true,
      });
    });
  }
  return rows;
}

const result: CompareResult = { rows: syntheticRows(), combinations: COMBOS, unreadable: [], disagreements: [] };

describe('compare statistics on a known comparison', () => {
  const stats = summarize(result.rows, COMBOS.map((c) => c.label), { limitMs: TIMEOUT_MS });
  const of = (label: string) => stats.find((s) => s.combination === label)!;

  it('finds the 2× slower combination slower with the exact p = 2 / 2^20, and its geometric mean ratio', () => {
    const b = of('totalizer @ wasm').versus!;
    expect(b.verdict).toBe('slower');
    const ratios = Array.from({ length: N }, (_, p) => SLOWDOWN(p));
    expect(b.ratio).toBeCloseTo(Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / N), 10);
    expect(b.test.method).toBe('exact');
    expect(b.test.p).toBeCloseTo(2 / 2 ** N, 15);
  });

  it('says "no detectable difference" for noise around 1×, and counts timeouts with PAR-2', () => {
    expect(of('sequential @ minisat-js').versus!.verdict).toBe('no detectable difference');
    const d = of('noTouch=window @ wasm');
    expect(d.solved).toBe(N - 4);
    const expectedPar2 = result.rows.filter((r) => r.combination === d.combination)
      .reduce((s, r) => s + (r.solved ? r.timeMs : 2 * TIMEOUT_MS), 0) / 1000;
    expect(d.par2Seconds).toBeCloseTo(expectedPar2, 10);
    expect(d.medianConflicts).toBe(109.5);
    expect(of('sequential @ minisat-js').medianConflicts).toBeNull();
  });

  it('medians and geometric means come with bootstrap intervals that contain them and repeat exactly', () => {
    for (const s of stats) {
      expect(s.median.low).toBeLessThanOrEqual(s.median.estimate);
      expect(s.median.high).toBeGreaterThanOrEqual(s.median.estimate);
      expect(s.geoMean.low).toBeLessThanOrEqual(s.geoMean.estimate);
      expect(s.geoMean.high).toBeGreaterThanOrEqual(s.geoMean.estimate);
    }
    expect(summarize(result.rows, COMBOS.map((c) => c.label), { limitMs: TIMEOUT_MS })).toEqual(stats);
  });

  it('writes the statistics, the words and "–" for uncounted conflicts into the Markdown table', () => {
    const md = compareMarkdown(result, { repeat: 3, timeoutSeconds: TIMEOUT_MS / 1000 });
    expect(md).toContain('| encoding | engine | solved | median ms [95 % CI] | geo. mean ms [95 % CI] | PAR-2 s | time ratio vs baseline | Wilcoxon p (Holm) | verdict |');
    expect(md).toMatch(/^\| totalizer \| wasm \| 20\/20 \| .* \| ×2\.09 \| .* \| \*\*slower\*\* \|/m);
    expect(md).toMatch(/^\| sequential \| minisat-js \| 20\/20 \|.*\| no detectable difference \|.*\| – \| – \| 20 unique \|$/m);
    expect(md).toMatch(/^\| noTouch=window \| wasm \| 16\/20 \|/m);
    expect(md).toContain('- `totalizer @ wasm`: **slower** than `sequential @ wasm`');
    expect(md).toContain('timeout 1 s of wall time');
    expect(md).toContain('median of 3 run(s)');
    expect(md).toMatch(/^- `noTouch=window` — Star Battle no-touch as "at most one star in every 2×2 window"; cardinality constraints as the sequential counter/m);
  });
});

describe('compare charts', () => {
  const options = { order: COMBOS.map((c) => c.label), limitMs: TIMEOUT_MS, timeoutMs: TIMEOUT_MS };
  const charts = compareCharts(result.rows, options);

  it('draws a cactus, a scatter per non-baseline combination and the distributions, with no overlapping text', async () => {
    expect(charts.map((c) => c.id)).toEqual(['starbattle-cactus', 'starbattle-scatter', 'starbattle-distributions']);
    for (const chart of charts) {
      const { svg, texts } = await renderChart(chart.spec);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(texts.length).toBeGreaterThan(10);
      expect(overlappingTexts(texts), chart.id).toEqual([]);
      if (chart.id.endsWith('cactus')) {
        expect((svg.match(/<g class="mark-line role-mark/g) ?? []).length).toBe(COMBOS.length);
        expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['timeout 1 s', `all ${N} puzzles`, 'sequential', 'totalizer', 'wasm', 'minisat-js']));
      }
      if (chart.id.endsWith('scatter')) {
        expect((svg.match(/<g class="mark-symbol role-mark/g) ?? []).length).toBe(COMBOS.length - 1);
        const titles = texts.filter((t) => t.role === 'title-text').map((t) => t.text);
        for (const c of COMBOS.slice(1)) expect(titles).toContain(c.label);
        expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['2×', '10×', 'one unsolved (on the border)']));
      }
      if (chart.id.endsWith('distributions')) {
        // Boxes per panel (time, conflicts, variables, clauses): one per combination that has the value.
        const boxes = (panel: number) => (new RegExp(`<g class="mark-rect role-mark concat_${panel}_layer_0_layer_1_layer_0_marks"[^>]*>(.*?)</g>`, 's')
          .exec(svg)?.[1]?.match(/<path /g) ?? []).length;
        expect([0, 1, 2, 3].map(boxes)).toEqual([COMBOS.length, COMBOS.length - 1, COMBOS.length, COMBOS.length]);
        expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['time (ms, log)', 'conflicts (symlog)', 'variables', 'clauses', 'not counted by this engine']));
      }
    }
  });

  it('puts unsolved runs on the border at 2 × the limit', () => {
    const timedOut = result.rows.find((r) => !r.solved)!;
    expect(par2Time(timedOut, TIMEOUT_MS)).toBe(2 * TIMEOUT_MS);
    const scatter = JSON.stringify(charts[1]!.spec);
    expect(scatter).toContain(`"y":${2 * TIMEOUT_MS},"status":"one unsolved (on the border)"`);
  });

  it('the overlap check finds overlapping labels when there are some', () => {
    const boxes = textBoxes({
      marktype: 'group', items: [{ x: 10, y: 0, items: [{ marktype: 'text', role: 'axis-label', items: [
        { text: 'sequential', bounds: { x1: 0, y1: 0, x2: 60, y2: 12 } },
        { text: 'totalizer', bounds: { x1: 50, y1: 2, x2: 100, y2: 14 } },
        { text: 'cardnet', bounds: { x1: 0, y1: 20, x2: 40, y2: 32 } },
      ] }] }],
    });
    expect(boxes[0]).toMatchObject({ x1: 10, x2: 70 });
    expect(overlappingTexts(boxes).map(([a, b]) => [a.text, b.text])).toEqual([['sequential', 'totalizer']]);
  });

  it('the HTML report is self-contained: tables and every chart inline, no script or remote file', async () => {
    const md = compareMarkdown(result, { repeat: 1, timeoutSeconds: 1 });
    const rendered = [];
    for (const chart of charts) rendered.push({ chart, svg: (await renderChart(chart.spec)).svg });
    const html = compareHtml(md, rendered);
    expect((html.match(/<svg /g) ?? []).length).toBe(3);
    expect(html).toContain('<table>');
    expect(html).toContain('<strong>slower</strong>');
    expect(html).not.toMatch(/<script|src="http|href="http/);
    // The charts follow their type's table.
    expect(html.indexOf('<h2>starbattle</h2>')).toBeLessThan(html.indexOf('<svg '));
  });
});
