/**
 * The web page's targets, measured in Debian's Chromium (playwright-core, no browser download):
 * - page weight: JS + wasm + CSS (+ HTML), gzipped at level 9, target ≤ 250 KB;
 * - first result for a 25×25 hard Light Up (fixtures/akari/tatham-25x25-d2.txt, first puzzle)
 *   after the page is ready, on fresh loads with the puzzle in the hash, target ≤ 150 ms;
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
import { median } from '../src/util/stats.js';

const ROOT = packageRoot();
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;

interface Times { domReady: number; engineReady?: number; results: { sentAt: number; ms: number; workerMs: number }[] }
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
  const state = () => page.evaluate(() => (window as unknown as { gridsat: PageState }).gridsat.times);

  // First result on fresh loads: the puzzle in the hash, measured from DOMContentLoaded (main.js
  // runs at the end of <body>) and from navigation start.
  const [, hard] = PUZZLES[0];
  const afterReady: number[] = [];
  const afterNavigation: number[] = [];
  const engineReady: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto('about:blank');
    await page.goto(`${url}#${encodeURIComponent(hard)}`);
    await page.waitForSelector('#result[data-status]');
    const t = await state();
    const r = t.results[0]!;
    afterReady.push(r.sentAt + r.ms - t.domReady);
    afterNavigation.push(r.sentAt + r.ms);
    engineReady.push((t.engineReady ?? NaN) - t.domReady);
  }

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
    `| first result, 25×25 hard Light Up in the hash, ≤ 150 ms after the page is ready | **${fmt(median(afterReady))} ms** after DOMContentLoaded (range ${fmt(Math.min(...afterReady))}–${fmt(Math.max(...afterReady))}); ${fmt(median(afterNavigation))} ms after navigation start; worker ready with the compiled engine at ${fmt(median(engineReady))} ms | ${met(median(afterReady) <= 150)} |`,
    `| solve + uniqueness in the page within 1.5× the CLI's in-process time | worst ratio **${fmt(worst, 2)}×** (table below) | ${met(worst <= 1.5)} |`,
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
