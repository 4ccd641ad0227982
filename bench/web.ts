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
import { measuredAlone, replaceSection } from './sections.js';
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
/** Traced fresh loads, for CPU time. */
const TRACED = 9;

interface Times {
  domReady: number; workerCreated?: number; engineCompiled?: number; workerScriptStarted?: number; workerEvaluated?: number; engineReady?: number;
  results: { sentAt: number; ms: number; workerMs: number; workerStartedAt?: number; shownAt?: number; paintedAt?: number; phases?: { readMs: number; solveMs: number; drawMs: number; exportMs: number } }[];
}
/** One fresh load's timeline, on the page's clock (ms since navigation start) or as durations. */
interface Load {
  dcl: number; shown: number; painted: number; workerCreated: number; workerScript: number; workerEvaluated: number; engineCompiled: number; workerStarted: number;
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

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }

/**
 * From one traced load: CPU ms of the worker thread (every task it ran: start-up, compiling
 * worker.js, the solve) and of the renderer's main thread between DOMContentLoaded and the page's
 * 'gridsat:first-result' mark; and the wall ms between those two.
 */
function threadCpu(events: TraceEvent[]): { worker: number; main: number; wall: number } | undefined {
  const thread = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') thread.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const mark = events.find((e) => e.name === 'gridsat:first-result');
  if (!mark) return undefined;
  const dcl = events.find((e) => e.name === 'MarkDOMContent' && e.pid === mark.pid);
  if (!dcl) return undefined;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === mark.pid && e.tdur !== undefined);
  const sum = (list: TraceEvent[]) => list.reduce((s, e) => s + e.tdur!, 0) / 1000;
  return {
    worker: sum(tasks.filter((e) => thread.get(`${e.pid}:${e.tid}`) === 'DedicatedWorker thread' && e.ts <= mark.ts)),
    main: sum(tasks.filter((e) => e.tid === mark.tid && e.ts >= dcl.ts && e.ts <= mark.ts)),
    wall: (mark.ts - dcl.ts) / 1000,
  };
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
  // Waits inside the page, polling every 10 ms: playwright's selector waits would inject its
  // ~100 KB helper script into the page first, on the main thread, while the page is loading.
  const firstResult = () => page.evaluate(() => new Promise<void>((done) => {
    const poll = () => ((window as unknown as { gridsat?: PageState }).gridsat?.times.results[0]?.paintedAt !== undefined ? done() : setTimeout(poll, 10));
    poll();
  }));
  const loads: Load[] = [];
  const cliCold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank');
    await page.goto(`${url}#${encodeURIComponent(hard)}`);
    await firstResult();
    loads.push(await page.evaluate(() => {
      const t = (window as unknown as { gridsat: PageState }).gridsat.times;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const r = t.results[0]!;
      const p = r.phases!;
      return {
        dcl: nav.domContentLoadedEventStart,
        shown: r.shownAt!,
        painted: r.paintedAt!,
        workerCreated: t.workerCreated!,
        workerScript: t.workerScriptStarted!,
        workerEvaluated: t.workerEvaluated!,
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

  // The same fresh loads traced (Chromium's trace, through CDP), for CPU time, which the shared
  // machine's load does not inflate the way it inflates wall time: the worker thread's CPU from its
  // start to the answer, and the page's main thread's CPU from DOMContentLoaded to the answer.
  const traced: { worker: number; main: number; wall: number }[] = [];
  for (let i = 0; i < TRACED; i++) {
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
    const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'toplevel', 'blink.user_timing', '__metadata'] }, transferMode: 'ReportEvents' });
    await page.goto(`${url}#${encodeURIComponent(hard)}`);
    await firstResult();
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const cpu = threadCpu(events);
    if (cpu) traced.push(cpu);
  }

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
    `First result, where the time goes (medians over the ${RUNS} loads; ms since navigation start unless a duration): DOMContentLoaded ${med((l) => l.dcl)}; worker created ${med((l) => l.workerCreated)} (from the page's <head>); engine.wasm compiled ${med((l) => l.engineCompiled)}; worker.js running ${med((l) => l.workerScript)} (fetched, compiled, a thread started), its top level run ${med((l) => l.workerEvaluated)}; worker starts the solve ${med((l) => l.workerStarted)}; then reading ${med((l) => l.readMs)} ms, deciding + encoding + solving + proving unique ${med((l) => l.solveMs)} ms (first run in a fresh worker: the JIT is cold; warm, the same solve takes the "page" time in the table below), drawing ${med((l) => l.drawMs)} ms, export writers ${med((l) => l.exportMs)} ms; the answer reaches the page ${med((l) => l.arrived)}, is in the DOM ${med((l) => l.shown)} (the measured "first result") and the next animation frame starts ${med((l) => l.painted)} (${fmt(median(loads.map((l) => l.painted - l.dcl)))} ms after DOMContentLoaded). The player's grid is built after that frame. Load average at the start: ${loadAtStart}.`,
    '',
    traced.length
      ? `CPU time of the first result (${traced.length} more fresh loads, traced through Chromium's trace events; medians): the worker thread ${fmt(median(traced.map((t) => t.worker)))} ms from its start to the answer (thread and isolate set-up, compiling and running worker.js, the cold solve, drawing, writers), the page's main thread ${fmt(median(traced.map((t) => t.main)))} ms from DOMContentLoaded to the answer on the page, against ${fmt(median(traced.map((t) => t.wall)))} ms of wall time in those loads: the rest is waiting (for worker.js from the server, for a CPU on the shared machine).`
      : 'CPU time: the traced loads gave no trace events (nothing measured).',
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
  writeFileSync(file, replaceSection(old, '## In the browser', `${measuredAlone(section, 'npm run bench:web')}\n`));
  console.log(`updated the browser section of ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
