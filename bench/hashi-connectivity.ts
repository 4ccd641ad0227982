/**
 * Large Hashi, in four families: random ones (400 islands planted on 34×34, m2, loops allowed,
 * seeds 1..N, not proven unique) with planted bridges of 1 or 2 (as many of each, or three single
 * ones to one double: about 90 lazy cuts a puzzle, as many as issue 14 reports for its random
 * Hashi), or planted single bridges (small island numbers, so many groups of islands can close on
 * themselves: the family where connectivity does the work); and Tatham's own 34×34 puzzles (fixtures/hashi/tatham-34x34.txt, unique by
 * construction, so both modes must answer `unique`). Solve + second-solution search (`count: 2`, the uniqueness query) with connectivity
 * inside the engine (its propagator, the default) against lazy cuts, in the same run, interleaved
 * puzzle by puzzle in alternating order after an untimed warm-up of both modes (1.5 s of CPU per family). Times are process CPU (`process.cpuUsage()` around `solvePuzzle`: encoding,
 * solving, decoding and verifying); Node 20 has no per-thread CPU clock.
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { hashi, type HashiPuzzle } from '../encodings/hashi/index.js';
import { parseTatham } from '../encodings/hashi/formats/tatham.js';
import { solvePuzzle, type PuzzleReport } from '../src/solve/pipeline.js';
import type { ConnectivityStats, SatSolver, SolverStats } from '../src/sat/types.js';
import { seededRandom } from '../src/util/random.js';
import { median } from '../src/util/stats.js';

export const HASHI_SIZE = { rows: 34, cols: 34, islands: 400, maxBridges: 2 };

/**
 * A dense random Hashi: from one island, each step lays a straight bridge (single with the chance
 * `singleShare`, else double; always single at 1) from an island
 * over 0..5 empty cells to a new island (adjacent islands allowed, as janko's puzzles have them;
 * Tatham's generator stops near 30% islands), until 400 islands stand; then a third as many extra
 * bridges between islands that see each other close loops (not with `loops` false: then the planted
 * bridges are a tree and the puzzle forbids loops). Every island shows its bridge count.
 * The planted bridges are one solution; there are usually others (the bench asks for two).
 */
export function largeHashi(seed: number, singleShare = 0.5, loops = true): HashiPuzzle {
  const { rows, cols, islands: target } = HASHI_SIZE;
  const rnd = seededRandom(seed);
  const pick = (k: number) => Math.floor(rnd() * k);
  const EMPTY = 0, ISLAND = 1, BRIDGE = 2;
  const grid = Array.from({ length: rows }, () => new Array<number>(cols).fill(EMPTY));
  const islands: [number, number][] = [];
  const degree = new Map<number, number>();
  const pairs = new Map<string, number>();
  const add = (r: number, c: number) => { grid[r]![c] = ISLAND; islands.push([r, c]); degree.set(r * cols + c, 0); };
  const bridge = (a: number, b: number, count: number) => {
    const k = `${Math.min(a, b)}-${Math.max(a, b)}`;
    const before = pairs.get(k) ?? 0;
    const more = Math.min(count, HASHI_SIZE.maxBridges - before);
    pairs.set(k, before + more);
    degree.set(a, degree.get(a)! + more);
    degree.set(b, degree.get(b)! + more);
  };
  const inside = (r: number, c: number) => r >= 0 && r < rows && c >= 0 && c < cols;
  const DIRS = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
  add(pick(rows), pick(cols));
  for (let tries = 0; islands.length < target && tries < 1000 * target; tries++) {
    const [r0, c0] = islands[pick(islands.length)]!;
    const [dr, dc] = DIRS[pick(4)]!;
    const water = pick(6);
    const path: [number, number][] = [];
    let r = r0 + dr, c = c0 + dc;
    for (let k = 0; k < water && inside(r, c) && grid[r]![c] === EMPTY; k++, r += dr, c += dc) path.push([r, c]);
    if (path.length !== water || !inside(r, c) || grid[r]![c] !== EMPTY) continue;
    for (const [wr, wc] of path) grid[wr]![wc] = BRIDGE;
    add(r, c);
    // At 1 no draw, so the single-bridge family's puzzles are those it had before the share existed.
    bridge(r0 * cols + c0, r * cols + c, singleShare >= 1 || rnd() < singleShare ? 1 : 2);
  }
  // Without loops the planted solution is the tree grown above, and the puzzle forbids loops (Tatham's L).
  for (let k = 0; loops && k < islands.length / 3; k++) {
    const [r0, c0] = islands[pick(islands.length)]!;
    const [dr, dc] = DIRS[pick(4)]!;
    const path: [number, number][] = [];
    let r = r0 + dr, c = c0 + dc;
    while (inside(r, c) && grid[r]![c] === EMPTY) { path.push([r, c]); r += dr; c += dc; }
    if (!inside(r, c) || grid[r]![c] !== ISLAND) continue;
    for (const [wr, wc] of path) grid[wr]![wc] = BRIDGE;
    bridge(r0 * cols + c0, r * cols + c, 1);
  }
  const list = islands.map(([row, col]) => ({ row, col, count: degree.get(row * cols + col)! }))
    .sort((p, q) => p.row - q.row || p.col - q.col);
  return { rows, cols, maxBridges: HASHI_SIZE.maxBridges, noLoops: !loops, islands: list };
}

interface Run { cpuMs: number; wallMs: number; report: PuzzleReport; connectivity?: ConnectivityStats }

/**
 * The engine itself, its counters read once, as the pipeline disposes it. (A MeasuredSolver read
 * the process clock twice and the counters once per solve call: lazy cuts make ~60 solve calls a
 * puzzle and the propagator 2, so that bookkeeping, timed with the puzzle, counted against lazy cuts.)
 */
function statsOnDispose(solver: SatSolver, keep: (s: SolverStats) => void): SatSolver {
  const dispose = solver.dispose.bind(solver);
  solver.dispose = () => { keep(solver.stats()); dispose(); };
  return solver;
}

function run(puzzle: HashiPuzzle, connectivity: 'in-engine' | 'lazy'): Run {
  let stats: SolverStats | undefined;
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const report = solvePuzzle(hashi, puzzle, {
    count: 2, encoding: { variant: { connectivity } }, instrument: (s) => statsOnDispose(s, (x) => { stats = x; }),
  });
  const c = process.cpuUsage(c0);
  const wallMs = performance.now() - w0;
  return { cpuMs: (c.user + c.system) / 1000, wallMs, report, ...(stats?.connectivity ? { connectivity: stats.connectivity } : {}) };
}

/** The run of median CPU time among repeated runs of one puzzle (its wall time: the median wall time). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((x, y) => x.cpuMs - y.cpuMs);
  return { ...sorted[(sorted.length - 1) >> 1]!, wallMs: median(runs.map((x) => x.wallMs)) };
}

export interface HashiConnectivityResult {
  family: string;
  puzzles: number;
  /** Runs per puzzle and mode (the median one counts). */
  repeats: number;
  islandsMean: number;
  inEngine: Run[];
  lazy: Run[];
}

/** The random families: seeds 1..n of `largeHashi` with this share of single bridges planted. */
export function randomHashiFamily(n: number, singleShare: 0.5 | 0.75 | 1): { family: string; puzzles: HashiPuzzle[] } {
  const family = singleShare === 1 ? 'single bridges planted' : singleShare === 0.5 ? 'bridges of 1 or 2 planted' : 'bridges of 1 or 2 planted, 3 single to 1 double';
  return { family, puzzles: Array.from({ length: n }, (_, i) => largeHashi(i + 1, singleShare)) };
}

/**
 * Seeds 1..n of `largeHashi` without the loop-closing bridges, loops forbidden (Tatham's L). In the
 * engine the tree is kept by the propagator; lazy cuts need "exactly n − 1 connections" written out.
 */
export function noLoopsHashiFamily(n: number): { family: string; puzzles: HashiPuzzle[] } {
  return { family: 'no loops (L), bridges of 1 or 2 planted as a tree', puzzles: Array.from({ length: n }, (_, i) => largeHashi(i + 1, 0.5, false)) };
}

/**
 * The other variants on the same 400-island layouts (seeds 1..n, bridges of 1 or 2 planted): `m4`
 * (up to four bridges a connection, so many more layouts fit the numbers), `m4` with loops
 * forbidden, and every fifth island's number unknown. Lazy cuts run on the first and last only:
 * with loops forbidden they need the totalizer over every connection and took 13.4 s a puzzle
 * (thirty-fourth session), so that family is timed in the engine alone (`lazy: false`).
 */
export function otherHashiVariants(n: number): { family: string; puzzles: HashiPuzzle[]; lazy?: false }[] {
  const seeds = Array.from({ length: n }, (_, i) => i + 1);
  return [
    { family: 'm4, bridges of 1 or 2 planted', puzzles: seeds.map((s) => ({ ...largeHashi(s, 0.5), maxBridges: 4 })) },
    { family: 'm4, no loops, bridges of 1 or 2 planted as a tree', puzzles: seeds.map((s) => ({ ...largeHashi(s, 0.5, false), maxBridges: 4 })), lazy: false },
    {
      family: "every fifth island's number unknown",
      puzzles: seeds.map((s) => {
        const p = largeHashi(s, 0.5);
        return { ...p, islands: p.islands.map((isl, i) => (i % 5 === 4 ? { ...isl, count: null } : isl)) };
      }),
    },
  ];
}

/** Tatham's 34×34 Bridges (game IDs, one a line, `#` comments), made by fixtures/hashi/generate-tatham-34x34.sh. */
export function tathamHashiFamily(file: string): { family: string; puzzles: HashiPuzzle[]; expect: 'unique' } {
  const puzzles = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map(parseTatham);
  return { family: "Tatham's generator, 34×34 (d0 and d2)", puzzles, expect: 'unique' };
}

/**
 * Each puzzle with connectivity in the engine and with lazy cuts, `repeats` times each, interleaved
 * in alternating order after an untimed warm-up of each; a puzzle's figure in each mode is its
 * median run (the machine is shared: one run per puzzle let a single pause move a family's mean).
 * The two modes must agree (and say `expect`, when given).
 */
const WARM_UP_MS = 1500;

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(start);
  return (c.user + c.system) / 1000;
}

export function benchHashiConnectivity(
  set: { family: string; puzzles: HashiPuzzle[]; expect?: string; lazy?: false }, log: (s: string) => void, repeats = 3,
): HashiConnectivityResult {
  const { family, puzzles } = set;
  const withLazy = set.lazy !== false;
  // Untimed warm-up, both modes, until V8 has settled on its compiled code (at least WARM_UP_MS of
  // CPU): after one run of each, the first family measured read its first puzzles 3–8× slower than
  // the same puzzles warm (in-engine 17.1, 18.3, 13.2 ms for 3.0, 3.7, 3.1), so its means were mostly
  // compilation, and whichever family ran first paid for it.
  const w0 = process.cpuUsage();
  for (let w = 0; w === 0 || cpuMsSince(w0) < WARM_UP_MS; w++) {
    run(puzzles[w % puzzles.length]!, 'in-engine');
    if (withLazy) run(puzzles[w % puzzles.length]!, 'lazy');
  }
  const inEngine: Run[] = [], lazy: Run[] = [];
  puzzles.forEach((p, i) => {
    const a: Run[] = [], b: Run[] = [];
    for (let r = 0; r < repeats; r++) {
      if (!withLazy) a.push(run(p, 'in-engine'));
      else if ((i + r) % 2 === 0) { a.push(run(p, 'in-engine')); b.push(run(p, 'lazy')); }
      else { b.push(run(p, 'lazy')); a.push(run(p, 'in-engine')); }
    }
    inEngine.push(medianRun(a));
    if (withLazy) lazy.push(medianRun(b));
    const x = inEngine[i]!, y = lazy[i];
    for (const [u, v] of [...a, ...b].map((z) => [z, x] as const)) {
      if (u.report.status !== v.report.status || u.report.count !== v.report.count) {
        throw new Error(`${family} #${i + 1}: the modes disagree: ${u.report.status} (${u.report.count}) against ${v.report.status} (${v.report.count})`);
      }
    }
    if (set.expect && x.report.status !== set.expect) throw new Error(`${family} #${i + 1}: ${x.report.status}, expected ${set.expect}`);
    log(`hashi (${family}) ${i + 1}/${puzzles.length}: ${p.islands.length} islands, ${x.report.status}; in-engine ${x.cpuMs.toFixed(1)} ms`
      + (y ? `, lazy ${y.cpuMs.toFixed(1)} ms (${y.report.cuts} cuts)` : ''));
  });
  const islandsMean = puzzles.reduce((s, p) => s + p.islands.length, 0) / puzzles.length;
  return { family, puzzles: puzzles.length, repeats, islandsMean, inEngine, lazy };
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const f1 = (x: number): string => x.toFixed(1);

export function formatHashiConnectivity(results: HashiConnectivityResult[], command: string): string {
  const cpu = (runs: Run[]) => runs.map((x) => x.cpuMs);
  const row = (r: HashiConnectivityResult, label: string, runs: Run[]) => {
    const statuses = new Map<string, number>();
    for (const x of runs) statuses.set(x.report.status, (statuses.get(x.report.status) ?? 0) + 1);
    return `| ${r.family} | ${label} | ${f1(mean(cpu(runs)))} | ${f1(median(cpu(runs)))} | ${f1(median(runs.map((x) => x.wallMs)))} | `
      + `${f1(mean(runs.map((x) => x.report.conflicts)))} | ${f1(mean(runs.map((x) => x.report.solves)))} | ${f1(mean(runs.map((x) => x.report.cuts)))} | `
      + `${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')} |`;
  };
  const verdict = (r: HashiConnectivityResult) => {
    const meanRatio = mean(cpu(r.lazy)) / mean(cpu(r.inEngine));
    const medianRatio = median(r.lazy.map((x, i) => x.cpuMs / r.inEngine[i]!.cpuMs));
    const meanIn = mean(cpu(r.inEngine));
    const c = r.inEngine.map((x) => x.connectivity).filter((x): x is ConnectivityStats => x !== undefined);
    const met = meanRatio >= 3 && meanIn <= 30;
    return `- ${r.family} (${r.puzzles} puzzles, ${f1(r.islandsMean)} islands): lazy / in-engine **${meanRatio.toFixed(2)}×** on the means, ${medianRatio.toFixed(2)}× the median per-puzzle ratio. `
      + (c.length ? `The propagator per puzzle (mean): ${f1(mean(c.map((x) => x.conflicts)))} conflicts, ${f1(mean(c.map((x) => x.forced)))} edges forced. ` : '')
      + `Target ≥ 3× faster than lazy cuts and ≤ 30 ms mean: **${met ? 'met' : 'not met'}** (${f1(meanIn)} ms mean).`;
  };
  return [
    '## Large Hashi: connectivity inside the engine against lazy cuts',
    '',
    `Random Hashi, ${HASHI_SIZE.rows}×${HASHI_SIZE.cols} m${HASHI_SIZE.maxBridges} with ${HASHI_SIZE.islands} islands `
      + '(`largeHashi` in bench/hashi-connectivity.ts: islands grown by random straight bridges, adjacent islands allowed, loops, seeds 1..N, not made unique; '
      + 'planted bridges of 1 or 2 (as many of each, or 3 single to 1 double), or single bridges, whose small island numbers let many groups close on themselves; '
      + 'or, with loops forbidden (Tatham\'s L), bridges of 1 or 2 planted as a tree: in the engine the propagator keeps the tree, while lazy cuts need "exactly n − 1 connections" written out, a totalizer), '
      + "and Tatham's own 34×34 Bridges (fixtures/hashi/tatham-34x34.txt: `sgt-bridges --generate 15` with `34x34i30e10m2d0` and `34x34i30e10m2d2`; "
      + 'his generator stops at 20–154 islands on this grid, not 30 % of it; unique by construction, and both modes must say so), '
      + 'each solved with its second-solution search (`count: 2`) '
      + `with \`connectivity=in-engine\` (the default) and \`connectivity=lazy\`, ${results[0]?.repeats ?? 1} time(s) each, interleaved puzzle by puzzle in alternating order after an untimed warm-up of both modes (at least 1.5 s of CPU per family); a puzzle counts with its median run in each mode. `
      + 'CPU = process CPU time (`process.cpuUsage()`) of the whole `solvePuzzle` (encode, solve, count, decode, verify). '
      + `Command: \`${command}\`.`,
    '',
    '| family | connectivity | mean CPU ms | median CPU ms | median wall ms | conflicts | solve calls | cuts | answers |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.flatMap((r) => [row(r, 'in-engine (propagator)', r.inEngine), row(r, 'lazy cuts', r.lazy)]),
    '',
    ...results.map(verdict),
    '',
  ].join('\n');
}

/** The other variants (otherHashiVariants): in-engine against the 30 ms target, lazy cuts where they ran. */
export function formatOtherHashiVariants(results: HashiConnectivityResult[], command: string): string {
  const cpu = (runs: Run[]) => runs.map((x) => x.cpuMs);
  const row = (r: HashiConnectivityResult) => {
    const a = cpu(r.inEngine), meanIn = mean(a);
    const lazyCells = r.lazy.length
      ? `${f1(mean(cpu(r.lazy)))} | ${(mean(cpu(r.lazy)) / meanIn).toFixed(2)}×`
      : 'not run | ';
    return `| ${r.family} | ${f1(meanIn)} | ${f1(median(a))} | ${f1(Math.max(...a))} | ${f1(mean(r.inEngine.map((x) => x.report.conflicts)))} | ${lazyCells} | ${meanIn <= 30 ? 'met' : '**not met**'} |`;
  };
  return [
    '## Large Hashi: other variants',
    '',
    'The same 400-island layouts (seeds 1..N, bridges of 1 or 2 planted; `otherHashiVariants` in bench/hashi-connectivity.ts) as `m4` (up to four bridges a connection: many more layouts fit the numbers), as `m4` with loops forbidden, '
      + 'and with every fifth island\'s number unknown; `count: 2`, timed as above (medians of '
      + `${results[0]?.repeats ?? 1} run(s) per puzzle after the warm-up). Lazy cuts are not run with loops forbidden: they need "exactly n − 1 connections" as a totalizer and took 13.4 s a puzzle `
      + `(thirty-fourth session). Command: \`${command}\`.`,
    '',
    '| variant | in-engine mean CPU ms | median | worst | conflicts | lazy cuts mean CPU ms | lazy / in-engine | ≤ 30 ms mean |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
    ...results.map(row),
    '',
  ].join('\n');
}
