/**
 * Generation benchmark: `generateOne` per puzzle (search, proof of uniqueness, verification),
 * side by side with Tatham's generators in the same run. Times are CPU times (user + system):
 * the machine is shared, and wall time measures the neighbours as much as us. Tatham's programs
 * print N puzzles per process, so theirs is the mean over N (process start-up included, a few ms
 * in total); ours is given as median and mean.
 *
 * Difficulty is compared like with like: our puzzles without a target against Tatham's `d1`, ours at
 * `--difficulty hard` against his `d2`; and the grade (src/explain) of both sets side by side, as the
 * yardstick that "hard" means the same (his generator grades by his solver, which reports nothing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { findPuzzleType } from '../encodings/registry.js';
import { generateOne, resolveTarget, type DifficultyOption, type GeneratedPuzzle } from '../src/generate/generate.js';
import { exactScore, grader } from '../src/generate/grade.js';
import { readInputs } from '../src/formats/inputs.js';
import type { GenerateSettings } from '../src/puzzle/generator.js';
import { generatorFor } from '../src/generate/registry.js';
import { GENERATE_METHODS, type GenerateMethod } from '../src/generate/search.js';
import { median, quantile } from '../src/util/stats.js';
import { childCpuMs } from './generate-cli.js';

export interface GenerateBenchRow {
  label: string;
  puzzles: number;
  cpuMedianMs: number;
  cpuMeanMs: number;
  /** Each of our runs' mean per puzzle (one run, or three beside Tatham's: cpuMeanMs is their median). */
  runsMeanMs: number[];
  /** With a difficulty target: the CPU per puzzle that went into grading (mean), part of cpuMeanMs. */
  gradeCpuMeanMs?: number;
  wallMedianMs: number;
  /** What the puzzles look like, for comparing like with like (islands, black cells, clues kept). */
  shape: string;
  /** Tatham's: the median of his runs (cpuMeanMs, per puzzle), and each run's mean per puzzle. */
  tatham?: { params: string; cpuMeanMs: number; puzzles: number; shape: string; runsMeanMs: number[] };
  /** The target in words and whether it was met. */
  target: string;
  met: boolean;
  /** With a difficulty target: the grades of our puzzles and of Tatham's (same grader). */
  grades?: { ours: number[]; tatham: number[]; target: string };
}

interface Spec {
  label: string;
  type: string;
  settings: GenerateSettings;
  /** `--difficulty hard` (graded until the type's calibrated hard range is reached). */
  hard?: boolean;
  /** Grade both sets (ours after timing, when no target graded them), to compare difficulty. */
  compareGrades?: boolean;
  puzzles: number;
  tatham?: { binary: string; params: string; puzzles: number };
  /** Target: a ratio to Tatham's mean (ours mean / theirs), or a median CPU time in ms. */
  target: { ratio: number } | { medianMs: number };
}

/** Tatham's puzzles at these parameters (a fixed seed), read with gridsat's Tatham reader. */
function tathamPuzzles(binary: string, params: string, n: number): { type: ReturnType<typeof findPuzzleType>; puzzle: unknown }[] {
  const r = spawnSync(binary, ['--generate', String(n), `${params}#gridsat-bench-generate`], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) return [];
  return [...readInputs(r.stdout.split('\n').filter((l) => l.trim()))].flatMap((e) => (e.ok ? [{ type: e.type, puzzle: e.puzzle }] : []));
}

/** CPU ms (user + sys) of Tatham's generator making n puzzles in one process. */
function tathamCpuMs(binary: string, params: string, n: number): number | undefined {
  if (!existsSync(binary)) return undefined;
  return childCpuMs(`"${binary}" --generate ${n} ${params}`)?.cpuMs;
}

function shapeOf(type: string, puzzles: unknown[]): string {
  const avg = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
  if (type === 'akari') {
    const ps = puzzles as { rows: number; cols: number; cells: unknown[][] }[];
    const black = ps.map((p) => p.cells.flat().filter((c) => c !== 'white').length / (p.rows * p.cols) * 100);
    const clues = ps.map((p) => p.cells.flat().filter((c) => typeof c === 'number').length);
    return `${avg(black)}% black, ${avg(clues)} numbers`;
  }
  if (type === 'hashi') return `${avg((puzzles as { islands: unknown[] }[]).map((p) => p.islands.length))} islands`;
  if (type === 'starbattle') return '';
  if (type === 'blockparty') return `${avg((puzzles as { givens: unknown[][] }[]).map((p) => p.givens.flat().filter((g) => g !== null).length))} givens`;
  return '';
}

/**
 * Warm-up before a row is timed: puzzles of another seed until this much CPU has gone into them (at
 * most WARM_UP_PUZZLES). 300 ms (at most 30 puzzles) left the first row, Light Up 10×10, mostly
 * unoptimized: its 40 puzzles measured 4.8–5.9 ms mean after it and 1.8–2.6 ms after 1.5 s, three
 * fresh processes each, load average about 5 (Tatham's: 5.5 ms); the curve from a cold process,
 * 20 puzzles at a time, runs 13 → 5 ms over the first 100 puzzles and settles near 2 ms after 150.
 * 1.5 s is what the large-Hashi bench gives each family. A CLI run that makes a few puzzles pays the
 * cold cost; `--count N` runs in one process like this.
 */
const WARM_UP_CPU_MS = 1500;
const WARM_UP_PUZZLES = 1000;

/** What one run of ours measured: CPU and wall per puzzle, grading CPU, and the puzzles' grades and shape. */
export interface OurRun {
  cpu: number[];
  wall: number[];
  gradeCpu: number;
  /** Our puzzles' exact grades (asked for, with a target or to compare with Tatham's), else empty. */
  grades: number[];
  shape: string;
}

/**
 * The part of a row one run of ours needs (JSON, handed to bench/generate-child.ts); `grades`: also
 * grade the puzzles afterwards (the first of a row's runs only: every run makes the same puzzles).
 */
export type RunSpec = Pick<Spec, 'type' | 'settings' | 'hard' | 'compareGrades' | 'puzzles'> & { grades: boolean };

/**
 * One run of ours, in this process: warm-up puzzles from seed 999 (see WARM_UP_CPU_MS), then puzzles
 * 0..N-1 of seed 1, each timed; the grades and shape afterwards, untimed.
 */
export function ourRun(spec: RunSpec): OurRun {
  const type = findPuzzleType(spec.type)!;
  const difficulty: DifficultyOption | undefined = spec.hard && grader ? { target: { level: 'hard' }, grade: grader } : undefined;
  // Warm-up (module compilation, JIT), from another seed (see WARM_UP_CPU_MS; at least one puzzle).
  const w0 = process.cpuUsage();
  for (let w = 0; w < WARM_UP_PUZZLES; w++) {
    generateOne(type, spec.settings, 999, w, undefined, difficulty);
    const used = process.cpuUsage(w0);
    if ((used.user + used.system) / 1000 >= WARM_UP_CPU_MS) break;
  }
  // The grader, timed: what the difficulty target costs beside the search and the proofs.
  let gradeCpu = 0;
  const timed: DifficultyOption | undefined = difficulty && {
    ...difficulty,
    grade: (t, p) => {
      const g0 = process.cpuUsage();
      try { return difficulty.grade(t, p); } finally { const g = process.cpuUsage(g0); gradeCpu += (g.user + g.system) / 1000; }
    },
  };
  const cpu: number[] = [];
  const wall: number[] = [];
  const made: GeneratedPuzzle[] = [];
  for (let i = 0; i < spec.puzzles; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    made.push(generateOne(type, spec.settings, 1, i, undefined, timed));
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  // A grade stopped at the expert floor (a target with no upper end) is graded in full here, after
  // the timing, so that the comparison with Tatham's is of exact grades on both sides.
  const grades = !spec.grades ? [] : difficulty ? made.map((g) => exactScore(type, g) ?? NaN)
    : spec.compareGrades && grader ? made.map((g) => grader!(type, g.puzzle)?.score ?? NaN) : [];
  return { cpu, wall, gradeCpu, grades, shape: shapeOf(spec.type, made.map((g) => g.puzzle)) };
}

/** One run of ours in a fresh Node process (bench/generate-child.ts), with the CLI's V8 settings. */
function ourRunInChild(spec: RunSpec): OurRun {
  const child = join(dirname(fileURLToPath(import.meta.url)), 'generate-child.js');
  const r = spawnSync(process.execPath, [child, JSON.stringify(spec)], { encoding: 'utf8', timeout: 1_800_000, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`bench/generate-child.js failed (${r.status ?? r.signal}): ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(r.stdout) as OurRun;
}

function benchOne(spec: Spec, log: (s: string) => void): GenerateBenchRow {
  const hard = spec.hard === true && grader !== undefined;
  // Each run of ours is a fresh process: a run's mean moved by up to a fifth between processes (the
  // same 100 Light Up 10×10 hard puzzles, 14.3, 15.1 and 12.0 ms mean in three within an hour), and
  // by a few per cent between runs inside one; and a process that made other rows first is not what
  // a user's `gridsat generate` runs (Bridges 10×10 hard read 2.2 ms mean after the Light Up rows).
  // Rows compared with Tatham's run three times a side, in turn (his, ours, his, ours, his, ours),
  // and each side counts with its median run: both sides see the same stretches of a shared machine,
  // treated alike. Rows without Tatham run once.
  const tathamRuns: number[] = [];
  const timeTatham = (): void => {
    if (!spec.tatham) return;
    const ms = tathamCpuMs(spec.tatham.binary, spec.tatham.params, spec.tatham.puzzles);
    if (ms !== undefined) tathamRuns.push(ms);
  };
  const runs: OurRun[] = [];
  for (let k = 0; k < (spec.tatham ? 3 : 1); k++) {
    timeTatham();
    runs.push(ourRunInChild({ type: spec.type, settings: spec.settings, hard: spec.hard, compareGrades: spec.compareGrades, puzzles: spec.puzzles, grades: k === 0 }));
  }
  const passMeans = runs.map((r) => r.cpu.reduce((a, b) => a + b, 0) / r.cpu.length);
  const passMedians = runs.map((r) => median(r.cpu));
  const passWallMedians = runs.map((r) => median(r.wall));
  const gradeCpu = runs.reduce((a, r) => a + r.gradeCpu, 0);
  const cpuMeanMs = median(passMeans);
  let tatham: GenerateBenchRow['tatham'];
  let grades: GenerateBenchRow['grades'];
  if (spec.tatham) {
    const ms = tathamRuns.length ? median(tathamRuns) : undefined;
    if (ms !== undefined) {
      const theirs = tathamPuzzles(spec.tatham.binary, spec.tatham.params, spec.tatham.puzzles);
      tatham = {
        params: spec.tatham.params, cpuMeanMs: ms / spec.tatham.puzzles, puzzles: spec.tatham.puzzles,
        runsMeanMs: tathamRuns.map((r) => r / spec.tatham!.puzzles),
        shape: shapeOf(spec.type, theirs.map((p) => p.puzzle)),
      };
      if (spec.compareGrades && grader) {
        // Both sets through the same grader (the explainer's); ours were graded by the target, if any.
        const tathamGrades = theirs.map((p) => grader!(p.type!, p.puzzle)?.score ?? NaN);
        const t = hard ? resolveTarget(spec.type, { level: 'hard' }) : undefined;
        grades = { ours: runs[0]!.grades, tatham: tathamGrades, target: t ? `score ${t.min ?? ''}–${t.max ?? ''}` : 'none' };
      }
    }
  }
  const cpuMedianMs = median(passMedians);
  let target: string;
  let met: boolean;
  if ('ratio' in spec.target) {
    const ratio = tatham ? cpuMeanMs / tatham.cpuMeanMs : NaN;
    target = spec.target.ratio === 1 ? 'at least as fast as Tatham' : `within ${spec.target.ratio}× of Tatham`;
    met = Number.isFinite(ratio) && ratio <= spec.target.ratio;
  } else {
    target = `median ≤ ${spec.target.medianMs / 1000} s`;
    met = cpuMedianMs <= spec.target.medianMs;
  }
  const gradeCpuMeanMs = hard ? gradeCpu / (spec.puzzles * runs.length) : undefined;
  log(`generate ${spec.label}: cpu median ${cpuMedianMs.toFixed(1)} ms, mean ${cpuMeanMs.toFixed(1)} ms${gradeCpuMeanMs !== undefined ? ` (grading ${gradeCpuMeanMs.toFixed(1)} ms)` : ''}${tatham ? `; Tatham ${tatham.cpuMeanMs.toFixed(1)} ms (runs ${tatham.runsMeanMs.map((x) => x.toFixed(1)).join(', ')})` : ''}`);
  return {
    label: spec.label, puzzles: spec.puzzles, cpuMedianMs, cpuMeanMs, runsMeanMs: passMeans, ...(gradeCpuMeanMs !== undefined ? { gradeCpuMeanMs } : {}), wallMedianMs: median(passWallMedians),
    shape: runs[0]!.shape, ...(tatham ? { tatham } : {}), target, met, ...(grades ? { grades } : {}),
  };
}

export function benchGenerate(quick: boolean, log: (s: string) => void): GenerateBenchRow[] {
  const n = (full: number, q: number) => (quick ? q : full);
  const lightup = '/usr/games/sgt-lightup', bridges = '/usr/games/sgt-bridges';
  const specs: Spec[] = [
    { label: 'Light Up 10×10', type: 'akari', settings: { rows: 10, cols: 10 }, puzzles: n(40, 10), compareGrades: true,
      tatham: { binary: lightup, params: '10x10b20s2d1', puzzles: n(40, 10) }, target: { ratio: 1 } },
    // 100 a side, as Bridges hard below: with 30, its mean read 15.0–23.4 ms on unchanged grading in three runs of one day.
    { label: 'Light Up 10×10 hard', type: 'akari', settings: { rows: 10, cols: 10 }, hard: true, puzzles: n(100, 8), compareGrades: true,
      tatham: { binary: lightup, params: '10x10b20s2d2', puzzles: n(100, 8) }, target: { ratio: 1 } },
    { label: 'Light Up 25×25', type: 'akari', settings: { rows: 25, cols: 25 }, puzzles: n(8, 3), compareGrades: true,
      tatham: { binary: lightup, params: '25x25b20s2d1', puzzles: n(8, 3) }, target: { ratio: 1 } },
    { label: 'Light Up 25×25 hard', type: 'akari', settings: { rows: 25, cols: 25 }, hard: true, puzzles: n(16, 2), compareGrades: true,
      tatham: { binary: lightup, params: '25x25b20s2d2', puzzles: n(16, 2) }, target: { ratio: 1 } },
    { label: 'Bridges 10×10 m2', type: 'hashi', settings: { rows: 10, cols: 10, maxBridges: 2 }, puzzles: n(60, 15), compareGrades: true,
      tatham: { binary: bridges, params: '10x10i30e10m2d1', puzzles: n(60, 15) }, target: { ratio: 3 } },
    // 100 a side: with 40, a few puzzles that took several grades moved the mean by a third between runs.
    { label: 'Bridges 10×10 m2 hard', type: 'hashi', settings: { rows: 10, cols: 10, maxBridges: 2 }, hard: true, puzzles: n(100, 10), compareGrades: true,
      tatham: { binary: bridges, params: '10x10i30e10m2d2', puzzles: n(100, 10) }, target: { ratio: 3 } },
    { label: 'Bridges 25×25 m2', type: 'hashi', settings: { rows: 25, cols: 25, maxBridges: 2 }, puzzles: n(20, 5),
      tatham: { binary: bridges, params: '25x25i30e10m2d1', puzzles: n(20, 5) }, target: { ratio: 3 } },
    // Graded since the explainer propagates connectivity as a graph (a 25×25 grade took seconds before, now about 50 ms).
    { label: 'Bridges 25×25 m2 hard', type: 'hashi', settings: { rows: 25, cols: 25, maxBridges: 2 }, hard: true, puzzles: n(12, 3), compareGrades: true,
      tatham: { binary: bridges, params: '25x25i30e10m2d2', puzzles: n(24, 5) }, target: { ratio: 3 } },
    { label: 'Star Battle 10×10 2★', type: 'starbattle', settings: { rows: 10, cols: 10, stars: 2 }, puzzles: n(15, 5), target: { medianMs: 1000 } },
    { label: 'Star Battle 14×14 3★', type: 'starbattle', settings: { rows: 14, cols: 14, stars: 3 }, puzzles: n(7, 3), target: { medianMs: 10_000 } },
    { label: 'Block Party 7×7', type: 'blockparty', settings: { rows: 7, cols: 7 }, puzzles: n(11, 5), target: { medianMs: 2000 } },
  ];
  return specs.map((s) => benchOne(s, log));
}

function fmt(x: number, d = 1): string {
  return Number.isFinite(x) ? x.toFixed(d) : 'n/a';
}

/** "mean 2.1, quartiles 0 / 1.1 / 3.1, levels 3/1/5/1" of a set of grades. */
function gradeSummary(scores: readonly number[]): string {
  const ok = scores.filter(Number.isFinite);
  if (!ok.length) return 'n/a';
  const mean = ok.reduce((a, b) => a + b, 0) / ok.length;
  const q = (p: number) => quantile(ok, p).toFixed(2);
  const level = (x: number) => (x < 1.5 ? 0 : x < 3 ? 1 : x < 5 ? 2 : 3);
  const counts = [0, 1, 2, 3].map((l) => ok.filter((x) => level(x) === l).length).join('/');
  const zero = ok.filter((x) => x === 0).length;
  return `${fmt(mean, 2)} | ${q(0.25)} / ${q(0.5)} / ${q(0.75)} | ${counts} | ${zero}${ok.length < scores.length ? ` (${scores.length - ok.length} ungraded)` : ''}`;
}

export function formatGenerateBench(rows: readonly GenerateBenchRow[]): string {
  const graded = rows.filter((r) => r.grades);
  return [
    '## Puzzle generation (`gridsat generate`), side by side with Tatham\'s generators',
    '',
    'CPU time (user + system) per puzzle: search, proof of uniqueness, verification, and with `hard` the grading until a puzzle is in range (its share in its own column). Puzzle i of seed 1, after warm-up puzzles of seed 999 until 1.5 s of CPU (JIT; at least one, at most 1000), each run of ours in a fresh Node process with the V8 settings of the CLI (bench/generate-child.ts). Tatham: `sgt-lightup`/`sgt-bridges --generate N <params>` in one process, mean over N (each run in his column). Rows with Tatham run three times a side in turn (his, ours, his, ours, his, ours; ours makes the same N puzzles each time), and each side counts with its median run: our mean and median columns are the medians of the means and of the medians of our three runs (grading: the mean over all three). Rows without him run once. Like with like: our puzzles without a difficulty target against Tatham\'s `d1` (medium), ours at `--difficulty hard` against his `d2` (hard); the grades of both sets are compared below.',
    '',
    '| puzzles | n | gridsat CPU median (ms) | gridsat CPU mean (ms): median of runs (each run) | of which grading (mean, ms) | gridsat wall median (ms) | shape | Tatham params | Tatham shape | Tatham CPU mean (ms): median of runs (each run) | ratio (mean / Tatham) | ratio (median / Tatham) | target | met |',
    '|---|--:|--:|--:|--:|--:|---|---|---|--:|--:|--:|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.puzzles} | ${fmt(r.cpuMedianMs)} | ${fmt(r.cpuMeanMs)}${r.runsMeanMs.length > 1 ? ` (${r.runsMeanMs.map((x) => fmt(x)).join(', ')})` : ''} | ${r.gradeCpuMeanMs !== undefined ? fmt(r.gradeCpuMeanMs) : ''} | ${fmt(r.wallMedianMs)} | ${r.shape} | ${r.tatham ? `\`${r.tatham.params}\`` : ''} | ${r.tatham?.shape ?? ''} | ${r.tatham ? `${fmt(r.tatham.cpuMeanMs)} (${r.tatham.runsMeanMs.map((x) => fmt(x)).join(', ')})` : ''} | ${r.tatham ? `${fmt(r.cpuMeanMs / r.tatham.cpuMeanMs, 2)}×` : ''} | ${r.tatham ? `${fmt(r.cpuMedianMs / r.tatham.cpuMeanMs, 2)}×` : ''} | ${r.target} | ${r.met ? 'yes' : '**no**'} |`),
    '',
    ...(graded.length ? [
      '### Difficulty against Tatham\'s, on one yardstick',
      '',
      'No sgt-puzzles program reports the level a given puzzle needs, so both sets go through the same grader: the explainer\'s grade (src/explain; score 0 = every step needs one rule; levels cut at 1.5 / 3 / 5). Ours: the puzzles of the rows above (`hard`: `--difficulty hard`, the type\'s range tuned on Tatham\'s d2 with other seeds, src/generate/generate.ts); Tatham\'s: the same number at the row\'s level with the fixed seed `#gridsat-bench-generate`.',
      '',
      '| puzzles | set | our target | mean | quartiles (25 / 50 / 75%) | levels easy/medium/hard/expert | score 0 |',
      '|---|---|---|--:|---|---|--:|',
      ...graded.flatMap((r) => [
        `| ${r.label} | gridsat${r.grades!.target === 'none' ? '' : ' `--difficulty hard`'} | ${r.grades!.target} | ${gradeSummary(r.grades!.ours)} |`,
        `| ${r.label} | Tatham \`${r.tatham!.params}\` | | ${gradeSummary(r.grades!.tatham)} |`,
      ]),
      '',
    ] : []),
  ].join('\n');
}

/** One type and size, generated by both strategies of the search loop in one run. */
export interface MethodBenchRow {
  label: string;
  type: string;
  puzzles: number;
  /** The type's default strategy (src/generate/registry's generators' `defaultMethod`). */
  defaultMethod: GenerateMethod;
  methods: Partial<Record<GenerateMethod, {
    cpuMedianMs: number; cpuMeanMs: number; solvesMean: number; shape: string;
    /** Puzzles the strategy could not make within its limits (their CPU counts in the times). */
    failed: number;
  } | { unsupported: string }>>;
}

/**
 * Removal against annealing, per type at the bench's sizes (no difficulty target): the same puzzle
 * indices of seed 1, each strategy after its own warm-up (seed 999, 1.5 s of CPU), CPU per puzzle.
 */
export function benchMethods(quick: boolean, log: (s: string) => void): MethodBenchRow[] {
  const n = (full: number, q: number) => (quick ? q : full);
  const specs: { label: string; type: string; settings: GenerateSettings; puzzles: number }[] = [
    { label: 'Light Up 10×10', type: 'akari', settings: { rows: 10, cols: 10 }, puzzles: n(20, 5) },
    { label: 'Light Up 25×25', type: 'akari', settings: { rows: 25, cols: 25 }, puzzles: n(5, 2) },
    { label: 'Bridges 10×10 m2', type: 'hashi', settings: { rows: 10, cols: 10, maxBridges: 2 }, puzzles: n(30, 8) },
    { label: 'Bridges 25×25 m2', type: 'hashi', settings: { rows: 25, cols: 25, maxBridges: 2 }, puzzles: n(10, 3) },
    { label: 'Star Battle 10×10 2★', type: 'starbattle', settings: { rows: 10, cols: 10, stars: 2 }, puzzles: n(10, 3) },
    { label: 'Star Battle 14×14 3★', type: 'starbattle', settings: { rows: 14, cols: 14, stars: 3 }, puzzles: n(5, 2) },
    // 40: the two strategies are close here, and 11 puzzles did not tell them apart.
    { label: 'Block Party 7×7', type: 'blockparty', settings: { rows: 7, cols: 7 }, puzzles: n(40, 10) },
  ];
  return specs.map((spec) => {
    const type = findPuzzleType(spec.type)!;
    const generator = generatorFor(spec.type)!;
    const row: MethodBenchRow = { label: spec.label, type: spec.type, puzzles: spec.puzzles, defaultMethod: generator.defaultMethod ?? 'removal', methods: {} };
    for (const method of GENERATE_METHODS) {
      if (method === 'anneal' && !generator.annealSpace) {
        row.methods[method] = { unsupported: 'no annealing space' };
        continue;
      }
      const settings = { ...spec.settings, method };
      const w0 = process.cpuUsage();
      for (let w = 0; w < WARM_UP_PUZZLES; w++) {
        try { generateOne(type, settings, 999, w); } catch { /* a warm-up puzzle that failed still warmed up */ }
        const used = process.cpuUsage(w0);
        if ((used.user + used.system) / 1000 >= WARM_UP_CPU_MS) break;
      }
      const cpu: number[] = [];
      const solves: number[] = [];
      const puzzles: unknown[] = [];
      let failed = 0;
      for (let i = 0; i < spec.puzzles; i++) {
        const c0 = process.cpuUsage();
        try {
          const g = generateOne(type, settings, 1, i);
          puzzles.push(g.puzzle);
          solves.push(g.solves);
        } catch {
          failed += 1;
        }
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
      }
      const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
      const r = { cpuMedianMs: median(cpu), cpuMeanMs: mean(cpu), solvesMean: mean(solves), shape: puzzles.length ? shapeOf(spec.type, puzzles) : '', failed };
      row.methods[method] = r;
      log(`generate ${spec.label} --method ${method}: cpu median ${r.cpuMedianMs.toFixed(1)} ms, mean ${r.cpuMeanMs.toFixed(1)} ms, ${r.solvesMean.toFixed(0)} engine calls${failed ? `, ${failed} failed` : ''}; ${r.shape}`);
    }
    return row;
  });
}

function methodCells(m: MethodBenchRow['methods'][GenerateMethod]): string {
  if (!m) return '| | | |';
  if ('unsupported' in m) return `| cannot anneal: ${m.unsupported} | | |`;
  return `| ${fmt(m.cpuMedianMs)} / ${fmt(m.cpuMeanMs)}${m.failed ? ` (${m.failed} failed)` : ''} | ${fmt(m.solvesMean, 0)} | ${m.shape} |`;
}

export function formatMethodBench(rows: readonly MethodBenchRow[]): string {
  const faster = (r: MethodBenchRow): string => {
    const a = r.methods.removal, b = r.methods.anneal;
    if (!a || !b || 'unsupported' in a || 'unsupported' in b) return '';
    const ratio = b.cpuMeanMs / a.cpuMeanMs;
    return `${fmt(ratio, 2)}×`;
  };
  return [
    '### Removal against annealing (`--method removal|anneal`)',
    '',
    'The search loop\'s two strategies on the same puzzles (puzzle i of seed 1, no difficulty target), each after its own warm-up: clues removed from a solved layout while unique (`removal`), or annealing on the number of determined cells as cspuz does (`anneal`, src/generate/anneal.ts). CPU per puzzle, median / mean; engine calls per puzzle (mean); the ratio is anneal mean / removal mean. The default is each type\'s `defaultMethod`.',
    '',
    '| puzzles | n | removal CPU median / mean (ms) | removal engine calls | removal shape | anneal CPU median / mean (ms) | anneal engine calls | anneal shape | anneal / removal (mean) | default |',
    '|---|--:|--:|--:|---|--:|--:|---|--:|---|',
    ...rows.map((r) => `| ${r.label} | ${r.puzzles} ${methodCells(r.methods.removal)} ${methodCells(r.methods.anneal).slice(2)} ${faster(r)} | ${r.defaultMethod} |`),
    '',
  ].join('\n');
}
