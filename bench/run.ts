/**
 * `npm run bench`: every benchmark in one run, side by side, medians and ratios, written to
 * bench/results.md (the README quotes it). Options: `--quick` (fewer sizes and puzzles, 20 s engine timeouts),
 * `--skip-engine` (puzzle parts only), `--only-generate` / `--only-startup` / `--only-puzzles` (re-measure
 * only the generation, the CLI start-up, or the Star Battle 10x10 and fixture-set sections, and replace
 * them in the existing results.md), `--explain-only`
 * (only the explain/hint/grade section, written to bench/results-explain.md),
 * `--puzzle-cnf-only` (the hard puzzle CNFs, and the hard puzzles through the pipeline, to bench/results-puzzle-cnf.md),
 * `--hashi-connectivity-only` (large Hashi, in-engine connectivity against lazy cuts, its other variants, and sparse
 * grids through the pipeline against 100 ms, to bench/results-hashi-connectivity.md).
 */
import { MEASURED_ALONE_NOTE, measuredAlone, replaceSection, sectionOf } from './sections.js';
import { benchStartup, formatStartupBench } from './startup.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { benchEngines, formatEngineBench } from './engine.js';
import { benchExplain } from './explain.js';
import { benchPuzzleCnfs, formatPuzzleCnfs, writeInstances, type CnfPick } from './puzzle-cnf.js';
import { benchGenerate, benchMethods, formatGenerateBench, formatMethodBench } from './generate.js';
import { benchOneShot, checkChildOverhead, formatOneShotBench } from './generate-cli.js';
import { benchHashiConnectivity, formatHashiConnectivity, formatOtherHashiVariants, noLoopsHashiFamily, otherHashiVariants, randomHashiFamily, tathamHashiFamily } from './hashi-connectivity.js';
import { benchSparse, formatSparse } from './sparse-pipeline.js';
import { benchHardPipeline, formatHardPipeline, type PipelinePick } from './hard-pipeline.js';
import { benchFixtureSets, benchStarBattleTarget, type FixtureSetResult, type StarBattleTarget } from './puzzles.js';
import { median } from '../src/util/stats.js';
import { encodePuzzleCnf } from '../src/solve/encode.js';
import { readInputs } from '../src/formats/inputs.js';
import { writeDimacs } from '../src/sat/dimacs.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The V8 settings the CLI runs with (bin/v8-tuning.js), so that what the bench times is what the CLI
 * runs. Set only once the sections that time logic-solver's MiniSat in this process are done: like
 * `gridsat compare`, those compare engines under V8's defaults (its emscripten code is 5% slower
 * under the CLI's inlining cap).
 */
function tuneLikeTheCli(): void {
  (createRequire(import.meta.url)(join(ROOT, 'bin', 'v8-tuning.js')) as { tuneV8(argv: string[]): void }).tuneV8(['bench']);
}
const log = (s: string) => process.stderr.write(`bench: ${s}\n`);
const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');

/** Puzzle CNFs gridsat writes, for the engine comparison (hard ones, where engines differ). */
function writePuzzleCnfs(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const picks = [
    { file: 'fixtures/akari/tatham-25x25-d2.txt', take: 2 },
    { file: 'fixtures/starbattle/norvig-board24.txt', take: 1 },
    { file: 'fixtures/hashi/tatham-15x15.txt', take: 1, encoding: { variant: { connectivity: 'eager' } } },
    { file: 'fixtures/blockparty/block-party-4.txt', take: 1 },
  ];
  const written: string[] = [];
  for (const pick of picks) {
    let n = 0;
    for (const e of readInputs([join(ROOT, pick.file)])) {
      if (!e.ok || n >= pick.take) continue;
      n += 1;
      const cnf = encodePuzzleCnf(e.type, e.puzzle, pick.encoding ?? {});
      const name = `${e.type.id}-${pick.file.split('/').pop()!.replace(/\.txt$/, '')}-${n}.cnf`;
      writeFileSync(join(dir, name), writeDimacs(cnf.collector.numVars(), cnf.collector.clauses()));
      written.push(name);
    }
  }
  return written;
}

interface BatchRun { label: string; file: string; puzzles: number; jobs: number; wallMs: number; runs: number; peakRssMb?: number }

/** Wall time of the whole CLI (start included), median of repeated runs. */
function benchBatch(label: string, file: string, jobs: number, repeats: number): BatchRun {
  const cli = join(ROOT, 'bin', 'gridsat.js');
  const out = join(tmpdir(), `gridsat-bench-${process.pid}.ndjson`);
  // --force: every repeat writes the same file, and batch refuses to overwrite one without it
  const argv = [cli, 'batch', file, '--jobs', String(jobs), '--no-progress', '--force', '--output', out];
  const walls: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, argv, { encoding: 'utf8' });
    walls.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`batch ${file} failed (${r.status}): ${r.stderr}${r.stdout}`);
  }
  const rows = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { status: string });
  if (!rows.every((r) => r.status === 'unique')) throw new Error(`batch ${file}: not every puzzle proven unique`);
  let peakRssMb: number | undefined;
  if (existsSync('/usr/bin/time')) {
    const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...argv], { encoding: 'utf8' });
    const kb = Number(r.stderr.trim().split('\n').pop());
    if (Number.isFinite(kb)) peakRssMb = kb / 1024;
  }
  const run = { label, file, puzzles: rows.length, jobs, wallMs: median(walls), runs: repeats, ...(peakRssMb ? { peakRssMb } : {}) };
  log(`batch ${label} jobs=${jobs}: ${run.wallMs.toFixed(0)} ms for ${run.puzzles} puzzles`);
  return run;
}

function firstLines(src: string, n: number, dest: string): string {
  const lines = readFileSync(src, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).slice(0, n);
  if (lines.length < n) throw new Error(`${src} has only ${lines.length} puzzles, need ${n}`);
  writeFileSync(dest, `${lines.join('\n')}\n`);
  return dest;
}

function fmt(x: number, d = 2): string {
  return Number.isFinite(x) ? x.toFixed(d) : 'n/a';
}

/** Section 1: Star Battle 10x10 2★, our pipeline against logic-solver's own API (target ≥ 40×). */
function starBattleTargetSection(): string {
  const sb: StarBattleTarget[] = benchStarBattleTarget(
    ['fixtures/starbattle/norvig-board1.txt', 'fixtures/starbattle/norvig-board24.txt'].map((f) => join(ROOT, f)), log);
  return [
    '## Star Battle 10x10 2★: solved and proven unique',
    '',
    'Our pipeline (encode, solve, block, prove UNSAT) on the wasm engine, against logic-solver used through its own formula API (`Logic.sum`/`equalBits`, `atMostOne`, then a second solve forbidding the first solution), and against our pipeline on logic-solver\'s MiniSat. Each warmed up alike (at least 5 runs and 300 ms), then 5 rounds of 10, 3 and 3 runs in turn; wall time, medians. Target: ≥ 40× faster than logic-solver.',
    '',
    '| puzzle | gridsat wasm (ms) | gridsat on minisat-js (ms) | logic-solver API (ms) | speed-up vs logic-solver |',
    '|---|--:|--:|--:|--:|',
    ...sb.map((r) => `| ${r.puzzle.split('/').pop()} | ${fmt(r.wasmMs)} | ${fmt(r.pipelineMinisatJsMs, 1)} | ${fmt(r.logicSolverMs, 1)} | ${fmt(r.speedup, 1)}× |`),
    '',
  ].join('\n');
}

/** Section 3: solve + uniqueness per puzzle on the fixture sets, wasm against logic-solver's MiniSat. */
function fixtureSetsSection(): string {
  const sets = [
    { name: 'Star Battle seeds (fixtures/starbattle)', paths: ['norvig-board1.txt', 'norvig-board24.txt', 'parks-5x5.txt', 'parks-9x9.txt'].map((f) => join(ROOT, 'fixtures/starbattle', f)) },
    { name: 'Light Up 10x10 hard (Tatham)', paths: [join(ROOT, 'fixtures/akari/tatham-10x10-d2.txt')] },
    { name: 'Light Up 25x25 hard (Tatham)', paths: [join(ROOT, 'fixtures/akari/tatham-25x25-d2.txt')], limit: quick ? 10 : 40 },
    { name: 'Bridges 15x15 (Tatham)', paths: [join(ROOT, 'fixtures/hashi/tatham-15x15.txt')] },
    { name: 'Block Party (5x5 example, Block Party 4)', paths: ['example-5x5.txt', 'block-party-4.txt'].map((f) => join(ROOT, 'fixtures/blockparty', f)) },
  ];
  const fixtureResults: FixtureSetResult[] = benchFixtureSets(sets, log);
  return [
    '## Solve + uniqueness per puzzle, by fixture set',
    '',
    'In-process pipeline (`count: 2`), wasm (median of 3 runs per puzzle) and logic-solver\'s MiniSat (1 run: its asm.js heap never gets a solver\'s memory back) on the same puzzle back to back, wall time; both warmed up alike on the set\'s first puzzle (at least 5 solves and 300 ms; logic-solver at most 30). The hard puzzles, warmed alike and in their own processes, are in bench/results-puzzle-cnf.md.',
    '',
    '| set | puzzles | wasm median (ms) | wasm max (ms) | minisat-js median (ms) | median ratio minisat-js / wasm |',
    '|---|--:|--:|--:|--:|--:|',
    ...fixtureResults.map((r) => `| ${r.set} | ${r.puzzles} | ${fmt(r.wasmMedianMs)} | ${fmt(r.wasmMaxMs)} | ${fmt(r.minisatJsMedianMs, 1)} | ${fmt(r.medianRatio, 1)}× |`),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const t0 = performance.now();
  // Every mode but these two times child processes (Tatham's generators, native solvers, the CLI).
  if (!args.has('--hashi-connectivity-only') && !args.has('--explain-only')) checkChildOverhead(log);
  if (args.has('--only-startup')) {
    const file = join(ROOT, 'bench', 'results.md');
    const section = formatStartupBench(benchStartup(ROOT, quick ? 5 : 9));
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '# gridsat benchmark results\n';
    writeFileSync(file, replaceSection(old, '## CLI start-up', `${measuredAlone(section, `npm run bench -- --only-startup${quick ? ' --quick' : ''}`)}\n`));
    log(`updated the start-up section of ${file}`);
    return;
  }
  if (args.has('--only-puzzles')) {
    // Under V8's defaults, as in the full run: these sections time logic-solver in this process.
    const file = join(ROOT, 'bench', 'results.md');
    let text = existsSync(file) ? readFileSync(file, 'utf8') : '# gridsat benchmark results\n';
    const command = `npm run bench -- --only-puzzles${quick ? ' --quick' : ''}`;
    text = replaceSection(text, '## Star Battle 10x10 2★', `${measuredAlone(starBattleTargetSection(), command)}\n`);
    text = replaceSection(text, '## Solve + uniqueness per puzzle, by fixture set', `${measuredAlone(fixtureSetsSection(), command)}\n`);
    writeFileSync(file, text);
    log(`updated the Star Battle 10x10 and fixture-set sections of ${file}`);
    return;
  }
  if (args.has('--only-generate')) {
    tuneLikeTheCli();
    const file = join(ROOT, 'bench', 'results.md');
    const section = `${formatGenerateBench(benchGenerate(quick, log))}\n${formatOneShotBench(benchOneShot(ROOT, quick, log))}\n${formatMethodBench(benchMethods(quick, log))}`;
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '# gridsat benchmark results\n';
    writeFileSync(file, replaceSection(old, '## Puzzle generation', `${measuredAlone(section, `npm run bench -- --only-generate${quick ? ' --quick' : ''}`)}\n`));
    log(`updated the generation section of ${file}`);
    return;
  }
  const outDir = join(ROOT, 'bench', 'out');
  mkdirSync(outDir, { recursive: true });
  const sections: string[] = [];
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;
  sections.push(`# gridsat benchmark results\n\nMade by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 10)} (${machine}). Every comparison below was measured side by side in this one run; times are medians.\n`);
  if (args.has('--hashi-connectivity-only')) {
    tuneLikeTheCli();
    const n = quick ? 8 : 30;
    sections[0] = sections[0]!.replace('npm run bench', `npm run bench -- --hashi-connectivity-only${quick ? ' --quick' : ''}`).replace(' -- --quick`', '`');
    const command = `npm run bench -- --hashi-connectivity-only${quick ? ' --quick' : ''}`;
    sections.push(formatHashiConnectivity(hashiFamilies(n, log, quick ? 1 : 3), command));
    sections.push(formatOtherHashiVariants(hashiVariants(n, log, quick ? 1 : 3), command));
    sections.push(formatSparse(benchSparse(quick, log), command));
    const file = join(ROOT, 'bench', 'results-hashi-connectivity.md');
    writeFileSync(file, sections.join('\n'));
    log(`wrote ${file}`);
    return;
  }
  if (args.has('--explain-only')) {
    tuneLikeTheCli();
    sections[0] = sections[0]!.replace('npm run bench', `npm run bench -- --explain-only${quick ? ' --quick' : ''}`).replace(' -- --quick`', '`');
    sections.push(benchExplain(ROOT, quick, log));
    sections.push(`---\nTotal benchmark time ${fmt((performance.now() - t0) / 1000, 0)} s.\n`);
    const file = join(ROOT, 'bench', 'results-explain.md');
    writeFileSync(file, sections.join('\n'));
    log(`wrote ${file}`);
    return;
  }

  // 0. The headline: hard puzzle CNFs, engine vs cadical and minisat (CPU time), and logic-solver.
  {
    const shared = join(ROOT, '..', 'shared', 'collections');
    const gen = (names: string[]) => names.map((n) => ({ family: 'generated', file: `fixtures/generated/${n}.json`, take: 1 }));
    const picks: CnfPick[] = [
      { family: 'starbattlelab', file: join(shared, 'starbattlelab-14x14-3star.txt'), ids: ['puzzle 65', 'puzzle 70', 'puzzle 105', 'puzzle 24', 'puzzle 71', 'puzzle 104'] },
      { family: 'janko', file: join(shared, 'janko-starbattle.json'), ids: ['starbattlefdd4c885_25x25', 'starbattled1051043_21x21'] },
      { family: 'janko', file: join(shared, 'janko-akari.json'), ids: ['949_29x39', '908_25x40'] },
      { family: 'janko', file: join(shared, 'janko-hashi.json'), ids: ['889_30x45', '888_25x40'] },
      ...gen(['starbattle-17x17-4star-random-s1', 'starbattle-17x17-4star-random-s2', 'starbattle-17x17-4star-random-s5', 'starbattle-17x17-4star-random-s8',
        'starbattle-21x21-5star-random-s3', 'starbattle-21x21-5star-random-s4', 'starbattle-21x21-5star-random-s5', 'starbattle-21x21-5star-random-s8',
        'starbattle-25x25-6star-random-s2', 'starbattle-25x25-6star-random-s7',
        'akari-30x30-b5-s2', 'akari-30x30-empty', 'hashi-25x25-sparse-numbered-s2']),
      { family: 'blockparty', file: 'fixtures/blockparty/block-party-4.txt', take: 1 },
    ];
    // The hard unique 17×17 4★ (the kind issue 14 measured, thousands of conflicts each): CNFs here, whole puzzles below.
    const unique17: CnfPick = { family: 'unique17', file: 'fixtures/generated/starbattle-17x17-4star-unique.ndjson', take: quick ? 4 : 24 };
    // Larger unique ones, tens of thousands of conflicts each: where held-out checks found us closest to cadical.
    const uniqueLarger: CnfPick[] = [
      { family: 'unique21', file: 'fixtures/generated/starbattle-21x21-5star-unique.ndjson', take: quick ? 1 : 8 },
      { family: 'unique25', file: 'fixtures/generated/starbattle-25x25-6star-unique.ndjson', take: quick ? 1 : 2 },
    ];
    const instances = writeInstances(ROOT, [...picks, unique17, ...uniqueLarger], join(outDir, 'puzzle-cnf-family'), log);
    const timeoutS = quick ? 20 : 60;
    const results = benchPuzzleCnfs(instances, { repeats: quick ? 1 : 3, timeoutS, logicTimeoutS: quick ? 20 : 60, log });
    sections.push([
      '## Hard puzzle CNFs: the engine against cadical, minisat and logic-solver',
      '',
      'Each CNF as `gridsat dimacs` writes it (default encoding; Hashi without its lazy connectivity cuts), plain (`solve`) and with its first solution blocked on the puzzle variables (`uniqueness`). '
        + `CPU time of load + solve, median of ${quick ? 1 : 3} interleaved rounds (logic-solver: 1). The engine and logic-solver run in a child Node process measuring itself with \`process.cpuUsage()\` (Node 20 has no per-thread CPU clock) after untimed warm-up solves (the engine: at least 5 and 300 ms of CPU, so that V8's background compilers are done; logic-solver: 1), the engine's figure the median of 3 solves; minisat's and cadical's is user + system CPU from bash \`time\` (their own reports come in 10 ms steps), process start included. Timeout ${timeoutS} s. `
        + 'The "fresh `gridsat sat`" columns are what a user timing the engine from the command line sees (and what issue 14 measures): a new process per run, its own `c solved in` (wall time of the solve alone, JIT and all), median of the same rounds, once as the CLI runs it (V8 left one wasm compile thread per spare core, bin/gridsat.js) and once with V8\'s default (`node --wasm-num-compilation-tasks=128`), alternating which goes first. '
        + 'Instances: the 6 hardest starbattlelab 14×14 3★ (by our conflicts), the largest janko Star Battle, Akari and Hashi, Block Party 4, generated ones from fixtures/generated (bench/generate-fixtures.ts: Star Battle on random region layouts, the hardest by our conflicts, all UNSAT; Akari 30×30; sparse Hashi 25×25), the 24 unique 17×17 4★ of fixtures/generated/starbattle-17x17-4star-unique.ndjson (`unique17`, `gridsat generate starbattle --size 17x17 --stars 4 --count 24 --seed 1717`), and larger unique ones: 8 of 21×21 5★ (`unique21`, `--size 21x21 --stars 5 --count 8 --seed 2841`) and the first 2 of 25×25 6★ (`unique25`, `--size 25x25 --stars 6 --count 4 --seed 2842`).',
      '',
      formatPuzzleCnfs(results, timeoutS),
      '',
    ].join('\n'));
    // 0b. The same hard puzzles (those with a solution) through the whole pipeline, and 24 unique 17×17 4★.
    const pipelinePicks: PipelinePick[] = [
      ...picks.filter((p) => p.family !== 'generated'),
      { ...unique17, family: 'generated 17×17 4★, unique' },
    ];
    const runs = quick ? 1 : 5;
    sections.push(formatHardPipeline(benchHardPipeline(ROOT, pipelinePicks, { runs, timeoutS, log }), runs));
  }
  if (args.has('--puzzle-cnf-only')) {
    writeFileSync(join(ROOT, 'bench', 'results-puzzle-cnf.md'), sections.join('\n'));
    log('wrote bench/results-puzzle-cnf.md');
    return;
  }

  // 1. Star Battle 10x10 2*: solve + uniqueness, us vs logic-solver.
  sections.push(starBattleTargetSection());

  // 2. Batch throughput: CLI start included, 1 core and all cores.
  const hard40 = firstLines(join(ROOT, 'fixtures/akari/tatham-25x25-d2.txt'), 40, join(outDir, 'akari-25x25-hard-40.txt'));
  const allTatham = join(outDir, 'tatham-all.txt');
  const tathamFiles = ['akari', 'hashi'].flatMap((t) => {
    const dir = join(ROOT, 'fixtures', t);
    // the 34x34 Bridges belong to the large-Hashi section, not to this batch (kept comparable)
    return readdirSafe(dir).filter((f) => f.startsWith('tatham') && f.endsWith('.txt') && !f.includes('34x34')).map((f) => join(dir, f));
  });
  writeFileSync(allTatham, tathamFiles.map((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')).join('\n')).join('\n'));
  const cores = availableParallelism();
  const reps = quick ? 3 : 5;
  const batch: BatchRun[] = [
    benchBatch('40 Tatham 25x25 hard Light Up', hard40, 1, reps),
    benchBatch('40 Tatham 25x25 hard Light Up', hard40, cores, reps),
    benchBatch('all Tatham fixtures (Light Up + Bridges)', allTatham, 1, quick ? 1 : 3),
    benchBatch('all Tatham fixtures (Light Up + Bridges)', allTatham, cores, quick ? 1 : 3),
  ];
  sections.push([
    '## Batch throughput (`gridsat batch`, whole CLI run, start-up included)',
    '',
    `Each puzzle solved and proven unique. Target: the 40 hard 25×25 Light Up puzzles in under 1 s of wall time. Peak RSS from \`/usr/bin/time -f %M\` (main process).`,
    '',
    '| batch | puzzles | jobs | wall (ms) | puzzles/s | peak RSS (MB) |',
    '|---|--:|--:|--:|--:|--:|',
    ...batch.map((b) => `| ${b.label} | ${b.puzzles} | ${b.jobs} | ${fmt(b.wallMs, 0)} | ${fmt((b.puzzles / b.wallMs) * 1000, 0)} | ${b.peakRssMb ? fmt(b.peakRssMb, 0) : 'n/a'} |`),
    '',
  ].join('\n'));

  // 3. Solve + uniqueness per puzzle on the fixture sets.
  sections.push(fixtureSetsSection());

  // 5 (run now, written last). Engines on CNF files: random 3-SAT plus the puzzle CNFs gridsat writes.
  // It times logic-solver in this process, so it runs before the CLI's V8 settings are set.
  let engineSection: string | undefined;
  if (!args.has('--skip-engine')) {
    const cnfDir = join(outDir, 'puzzle-cnf');
    const written = writePuzzleCnfs(cnfDir);
    log(`wrote ${written.length} puzzle CNFs to ${cnfDir}`);
    const engine = await benchEngines({
      cnfDir,
      // Quick: small sizes, short budgets. Full: n = 150..350, two SAT + two UNSAT per size, 120 s budgets.
      ...(quick
        ? { sizes: [150, 200, 250], repeats: 3, perKind: 1, timeoutSeconds: 20, classifySeconds: 10 }
        : { sizes: [150, 200, 250, 300, 350], repeats: 3, perKind: 2, timeoutSeconds: 120, classifySeconds: 120 }),
      log,
    });
    engineSection = `## SAT engines on CNF files\n\n${formatEngineBench(engine)}`;
  }
  // From here on, no section times logic-solver: the rest is timed as the CLI runs.
  tuneLikeTheCli();

  // 3b. Large random Hashi: connectivity inside the engine against lazy cuts.
  sections.push(formatHashiConnectivity(hashiFamilies(quick ? 8 : 30, log, quick ? 1 : 3), `npm run bench${quick ? ' -- --quick' : ''}`));
  sections.push(formatOtherHashiVariants(hashiVariants(quick ? 8 : 30, log, quick ? 1 : 3), `npm run bench${quick ? ' -- --quick' : ''}`));
  sections.push(formatSparse(benchSparse(quick, log), `npm run bench${quick ? ' -- --quick' : ''}`));

  // 4. Generation, side by side with Tatham's generators.
  sections.push(`${formatGenerateBench(benchGenerate(quick, log))}\n${formatOneShotBench(benchOneShot(ROOT, quick, log))}\n${formatMethodBench(benchMethods(quick, log))}`);
  log('CLI start-up against node -e 0');
  sections.push(formatStartupBench(benchStartup(ROOT, quick ? 5 : 9)));

  // 4b. Explain, hint and grade (targets, and the grade against Tatham's levels).
  sections.push(benchExplain(ROOT, quick, log));

  // 5. Engines on CNF files (measured above).
  if (engineSection) sections.push(engineSection);

  sections.push(`---\nTotal benchmark time ${fmt((performance.now() - t0) / 1000, 0)} s.\n`);
  const file = join(ROOT, 'bench', 'results.md');
  // The browser section comes from `npm run bench:web` alone (it needs Chromium): keep the last one.
  const browser = existsSync(file) ? sectionOf(readFileSync(file, 'utf8'), '## In the browser') : undefined;
  // Only results.md has sections a partial run may replace later.
  sections[0] = `${sections[0]!.trimEnd()} ${MEASURED_ALONE_NOTE}\n`;
  const text = sections.join('\n');
  writeFileSync(file, browser ? replaceSection(text, '## In the browser', browser) : text);
  log(`wrote ${file}`);
}

/** The large-Hashi families: n random puzzles of each kind, and Tatham's 34×34 fixtures (all of them). */
function hashiFamilies(n: number, log: (s: string) => void, repeats = 3) {
  return [
    benchHashiConnectivity(randomHashiFamily(n, 0.5), log, repeats),
    benchHashiConnectivity(randomHashiFamily(n, 0.75), log, repeats),
    benchHashiConnectivity(randomHashiFamily(n, 1), log, repeats),
    benchHashiConnectivity(noLoopsHashiFamily(n), log, repeats),
    benchHashiConnectivity(tathamHashiFamily(join(ROOT, 'fixtures', 'hashi', 'tatham-34x34.txt')), log, repeats),
  ];
}

/** The other large-Hashi variants (`otherHashiVariants`): n puzzles of each. */
function hashiVariants(n: number, log: (s: string) => void, repeats = 3) {
  return otherHashiVariants(n).map((set) => benchHashiConnectivity(set, log, repeats));
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
