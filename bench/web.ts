/**
 * The web page's targets, measured in Debian's Chromium (playwright-core, no browser download):
 * - page weight: JS + wasm + CSS (+ HTML), gzipped at level 9, target ≤ 250 KB;
 * - first result for a 25×25 hard Light Up (fixtures/akari/tatham-25x25-d2.txt, first puzzle)
 *   after the page is ready, on fresh loads with the puzzle in the hash, target ≤ 150 ms: from
 *   DOMContentLoaded to the proved answer on screen (data-status set), with where the time goes,
 *   alternating with a cold `gridsat solve` of the same puzzle as a side-by-side reference;
 * - solve + uniqueness in the page against the CLI's in-process time for the same puzzles
 *   (the pipeline's own `timings.totalMs`, the same clock in both), target ≤ 1.5×.
 * Writes the "## In the browser" section of bench/results.md and prints it.
 * Usage: npm run bench:web [-- --runs N]
 */
import { replaceSection } from './sections.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveWeb } from '../src/web/serve.js';
import { readText } from '../src/formats/inputs.js';
import { solvePuzzle } from '../src/solve/pipeline.js';
import { packageRoot } from '../src/util/package-root.js';
import { median, quantile } from '../src/util/stats.js';
import { loadavg } from 'node:os';

const ROOT = packageRoot();
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 25;

interface Times {
  domReady: number; workerCreated?: number; engineCompiled?: number; workerScriptStarted?: number; engineReady?: number;
  results: { sentAt: number; ms: number; workerMs: number; workerStartedAt?: number; shownAt?: number; phases?: { readMs: number; solveMs: number; drawMs: number; exportMs: number } }[];
}
/** One fresh load's timeline, on the page's clock (ms since navigation start) or as durations. */
interface Load {
  dcl: number; shown: number; workerCreated: number; workerScript: number; engineCompiled: number; workerStarted: number;
  readMs: number; solveMs: number; drawMs: number; exportMs: number; arrived: number;
}
interface PageState {
  times: Times;
  last(): { row: { status: string; timings: { totalMs: number } } } | undefined;
  bench(text: string, runs: number): Promise<{ meanMs: number; status: string }>;
}

function firstPuzzle(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))!.trim();
}

const PUZZLES = [
  ['Light Up 25×25 hard (tatham-25x25-d2, first)', firstPuzzle('fixtures/akari/tatham-25x25-d2.txt')],
  ['Light Up 10×10 hard (tatham-10x10-d2, first)', firstPuzzle('fixtures/akari/tatham-10x10-d2.txt')],
  ['Bridges 15×15 (tatham-15x15, first)', firstPuzzle('fixtures/hashi/tatham-15x15.txt')],
  ['Star Battle 10×10 2★ (norvig-board1)', readFileSync(join(ROOT, 'fixtures/starbattle/norvig-board1.txt'), 'utf8')],
  ['Block Party 5×5 (example-5x5)', readFileSync(join(ROOT, 'fixtures/blockparty/example-5x5.txt'), 'utf8')],
] as const;

/** Mean ms per solve + uniqueness over a loop of `loop` solves, the same loop the page's worker runs. */
function cliMeanMs(text: string, loop: number): number {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  if (!entry?.ok) throw new Error('bench puzzle did not read');
  const t0 = performance.now();
  for (let i = 0; i < loop; i++) solvePuzzle(entry.type, entry.puzzle, { count: 2 });
  return (performance.now() - t0) / loop;
}

const fmt = (x: number, d = 1) => x.toFixed(d);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.error(`bench:web: no Chromium at ${CHROMIUM}; nothing measured`);
    process.exit(1);
  }
  const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(', ');
  const dir = mkdtempSync(join(tmpdir(), 'gridsat-web-bench-'));
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-web.mjs'), '--out', dir], { stdio: 'inherit' });
  const files = ['main.js', 'worker.js', 'engine.wasm', 'style.css', 'index.html'];
  const gz = Object.fromEntries(files.map((f) => [f, gzipSync(readFileSync(join(dir, f)), { level: 9 }).length / 1024]));
  const raw = Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f)).length / 1024]));
  const weight = files.reduce((s, f) => s + gz[f]!, 0);

  const { server, url } = await serveWeb({ dir });
  const profile = mkdtempSync(join(tmpdir(), 'gridsat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, viewport: { width: 1100, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? await context.newPage();

  // First result on fresh loads, the puzzle in the hash. "Page ready" is DOMContentLoaded (the
  // navigation timing's domContentLoadedEventStart); "first result" is the moment the page has put
  // the proved answer on screen: status, both drawings, exports and data-status set (the page's
  // times.results[0].shownAt). Each load alternates with a cold `gridsat solve --count 2` of the
  // same puzzle (a fresh Node process, wall time), so both feel the same load on the machine.
  const [, hard] = PUZZLES[0];
  const loads: Load[] = [];
  const cliCold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank');
    await page.goto(`${url}#${encodeURIComponent(hard)}`);
    await page.waitForSelector('#result[data-status]');
    loads.push(await page.evaluate(() => {
      const t = (window as unknown as { gridsat: PageState }).gridsat.times;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const r = t.results[0]!;
      const p = r.phases!;
      return {
        dcl: nav.domContentLoadedEventStart,
        shown: r.shownAt!,
        workerCreated: t.workerCreated!,
        workerScript: t.workerScriptStarted!,
        engineCompiled: t.engineCompiled!,
        workerStarted: r.workerStartedAt!,
        readMs: p.readMs, solveMs: p.solveMs, drawMs: p.drawMs, exportMs: p.exportMs,
        arrived: r.sentAt + r.ms,
      };
    }));
    const t0 = performance.now();
    execFileSync(process.execPath, [join(ROOT, 'bin', 'gridsat.js'), 'solve', '--count', '2', hard], { stdio: 'ignore' });
    cliCold.push(performance.now() - t0);
  }
  const afterReady = loads.map((l) => l.shown - l.dcl);
  const med = (f: (l: Load) => number) => fmt(median(loads.map(f)));

  // Solve + uniqueness: the same loop of LOOP solves in the page's worker and in Node, alternating,
  // REPEATS times; the median of the loop means. Wall time from a click to the answer on screen too.
  const LOOP = 20;
  const REPEATS = 7;
  const rows: string[] = [];
  let worst = 0;
  await page.goto('about:blank');
  await page.goto(url);
  for (const [name, text] of PUZZLES) {
    const inPage: number[] = [];
    const inNode: number[] = [];
    cliMeanMs(text, LOOP);
    await page.evaluate(([t, n]) => (window as unknown as { gridsat: PageState }).gridsat.bench(t, n), [text, LOOP] as const);
    for (let i = 0; i < REPEATS; i++) {
      const r = await page.evaluate(([t, n]) => (window as unknown as { gridsat: PageState }).gridsat.bench(t, n), [text, LOOP] as const);
      if (r.status !== 'unique') throw new Error(`${name}: page says ${r.status}`);
      inPage.push(r.meanMs);
      inNode.push(cliMeanMs(text, LOOP));
    }
    const wall: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.fill('#input', text);
      await page.click('#solve');
      await page.waitForSelector('#result[data-status]');
      wall.push(await page.evaluate(() => (window as unknown as { gridsat: PageState }).gridsat.times.results.at(-1)!.ms));
    }
    const ratio = median(inPage) / median(inNode);
    worst = Math.max(worst, ratio);
    rows.push(`| ${name} | ${fmt(median(inNode), 2)} | ${fmt(median(inPage), 2)} | ${fmt(ratio, 2)}× | ${fmt(median(wall))} |`);
  }
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });

  const version = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  const section = [
    '## In the browser (the web page, `npm run bench:web`)',
    '',
    `Measured in ${version} (headless, driven by playwright-core), ${RUNS} runs each; medians. The page is \`npm run build:web\`'s folder served by \`gridsat web\`'s server on 127.0.0.1.`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    `| page weight (JS + wasm + CSS + HTML, gzip -9) ≤ 250 KB | **${fmt(weight)} KB** (${files.map((f) => `${f} ${fmt(gz[f]!)}`).join(', ')}; ${fmt(files.reduce((s, f) => s + raw[f]!, 0))} KB uncompressed) | ${met(weight <= 250)} |`,
    `| first result, 25×25 hard Light Up in the hash, ≤ 150 ms after the page is ready | **${fmt(median(afterReady))} ms** after DOMContentLoaded (quartiles ${fmt(quantile(afterReady, 0.25))}–${fmt(quantile(afterReady, 0.75))}, range ${fmt(Math.min(...afterReady))}–${fmt(Math.max(...afterReady))}); ${med((l) => l.shown)} ms after navigation start. Side by side, a cold \`gridsat solve --count 2\` of the same puzzle: ${fmt(median(cliCold))} ms | ${met(median(afterReady) <= 150)} |`,
    `| solve + uniqueness in the page within 1.5× the CLI's in-process time | worst ratio **${fmt(worst, 2)}×** (table below) | ${met(worst <= 1.5)} |`,
    '',
    `First result, where the time goes (medians over the ${RUNS} loads; ms since navigation start unless a duration): DOMContentLoaded ${med((l) => l.dcl)}; worker created ${med((l) => l.workerCreated)} (from the page's <head>); engine.wasm compiled ${med((l) => l.engineCompiled)}; worker.js running ${med((l) => l.workerScript)}; worker starts the solve ${med((l) => l.workerStarted)}; then reading ${med((l) => l.readMs)} ms, deciding + encoding + solving + proving unique ${med((l) => l.solveMs)} ms (first run in a fresh worker: the JIT is cold; warm, the same solve takes the "page" time in the table below), drawing ${med((l) => l.drawMs)} ms, export writers ${med((l) => l.exportMs)} ms; the answer reaches the page ${med((l) => l.arrived)} and is on screen ${med((l) => l.shown)}. Load average at the start: ${loadAtStart}.`,
    '',
    'Solve + uniqueness (`solvePuzzle` with `count: 2`: encode, solve, prove no other solution, decode, verify): the mean of a loop of 20 solves, in Node in-process and in the page\'s worker (after one warm-up loop each), alternating, 7 times; medians of those means. "Page wall" is from the Solve click to the answer on screen (reading, deciding, drawing, export writers and worker messages included), median of 5.',
    '',
    '| puzzle | CLI in-process (ms) | page (ms) | page / CLI | page wall (ms) |',
    '|---|--:|--:|--:|--:|',
    ...rows,
    '',
  ].join('\n');
  console.log(section);
  const file = join(ROOT, 'bench', 'results.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# gridsat benchmark results\n';
  writeFileSync(file, replaceSection(old, '## In the browser', `${section}\n`));
  console.log(`updated the browser section of ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
