/**
 * Generation benchmark: `generateOne` per puzzle (search, proof of uniqueness, verification),
 * side by side with Tatham's generators in the same run. Times are CPU times (user + system):
 * the machine is shared, and wall time measures the neighbours as much as us. Tatham's programs
 * print N puzzles per process, so theirs is the mean over N (process start-up included, a few ms
 * in total); ours is given as median and mean.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { findPuzzleType } from '../encodings/registry.js';
import { generateOne } from '../src/generate/generate.js';
import type { GenerateSettings } from '../src/puzzle/generator.js';
import { median } from '../src/util/stats.js';

export interface GenerateBenchRow {
  label: string;
  puzzles: number;
  cpuMedianMs: number;
  cpuMeanMs: number;
  wallMedianMs: number;
  /** What the puzzles look like, for comparing like with like (islands, black cells, clues kept). */
  shape: string;
  tatham?: { params: string; cpuMeanMs: number; puzzles: number; shape: string };
  /** The target in words and whether it was met. */
  target: string;
  met: boolean;
}

interface Spec {
  label: string;
  type: string;
  settings: GenerateSettings;
  puzzles: number;
  tatham?: { binary: string; params: string; puzzles: number };
  /** Target: a ratio to Tatham's mean (ours mean / theirs), or a median CPU time in ms. */
  target: { ratio: number } | { medianMs: number };
}

/** The shape of Tatham's puzzles at these parameters, read with gridsat's Tatham reader. */
function tathamShape(binary: string, params: string, n: number, typeId: string): string {
  const r = spawnSync(binary, ['--generate', String(n), params], { encoding: 'utf8' });
  const type = findPuzzleType(typeId)!;
  const reader = type.formats.find((f) => f.name === 'tatham');
  if (!reader || r.status !== 0) return '';
  const puzzles = r.stdout.split('\n').filter((l) => l.trim()).map((l) => reader.parse(l.trim()));
  return shapeOf(typeId, puzzles);
}

/** CPU seconds (user + sys) that a child process used, read from bash's `times`. */
function tathamCpuMs(binary: string, params: string, n: number): number | undefined {
  if (!existsSync(binary)) return undefined;
  const r = spawnSync('bash', ['-c', `"${binary}" --generate ${n} ${params} > /dev/null 2>&1; times`], { encoding: 'utf8' });
  const children = r.stdout.trim().split('\n').pop() ?? '';
  const secs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? (secs[0]! + secs[1]!) * 1000 : undefined;
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
  if (type === 'blockparty') return `${avg((puzzles as { givens: unknown[][] }[]).map((p) => p.givens.flat().filter((g) => g !== null).length))} givens`;
  return '';
}

function benchOne(spec: Spec, log: (s: string) => void): GenerateBenchRow {
  const type = findPuzzleType(spec.type)!;
  generateOne(type, spec.settings, 999, 0); // warm-up: module compilation, JIT
  const cpu: number[] = [];
  const wall: number[] = [];
  const puzzles: unknown[] = [];
  for (let i = 0; i < spec.puzzles; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const g = generateOne(type, spec.settings, 1, i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    puzzles.push(g.puzzle);
  }
  const cpuMeanMs = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  let tatham: GenerateBenchRow['tatham'];
  if (spec.tatham) {
    const ms = tathamCpuMs(spec.tatham.binary, spec.tatham.params, spec.tatham.puzzles);
    if (ms !== undefined) {
      tatham = {
        params: spec.tatham.params, cpuMeanMs: ms / spec.tatham.puzzles, puzzles: spec.tatham.puzzles,
        shape: tathamShape(spec.tatham.binary, spec.tatham.params, spec.tatham.puzzles, spec.type),
      };
    }
  }
  const cpuMedianMs = median(cpu);
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
  log(`generate ${spec.label}: cpu median ${cpuMedianMs.toFixed(1)} ms, mean ${cpuMeanMs.toFixed(1)} ms${tatham ? `; Tatham ${tatham.cpuMeanMs.toFixed(1)} ms` : ''}`);
  return {
    label: spec.label, puzzles: spec.puzzles, cpuMedianMs, cpuMeanMs, wallMedianMs: median(wall),
    shape: shapeOf(spec.type, puzzles), ...(tatham ? { tatham } : {}), target, met,
  };
}

export function benchGenerate(quick: boolean, log: (s: string) => void): GenerateBenchRow[] {
  const n = (full: number, q: number) => (quick ? q : full);
  const lightup = '/usr/games/sgt-lightup', bridges = '/usr/games/sgt-bridges';
  const specs: Spec[] = [
    { label: 'Light Up 10×10', type: 'akari', settings: { rows: 10, cols: 10 }, puzzles: n(40, 10),
      tatham: { binary: lightup, params: '10x10b20s2d2', puzzles: n(40, 10) }, target: { ratio: 1 } },
    { label: 'Light Up 25×25', type: 'akari', settings: { rows: 25, cols: 25 }, puzzles: n(8, 3),
      tatham: { binary: lightup, params: '25x25b20s2d2', puzzles: n(8, 3) }, target: { ratio: 1 } },
    { label: 'Bridges 10×10 m2', type: 'hashi', settings: { rows: 10, cols: 10, maxBridges: 2 }, puzzles: n(60, 15),
      tatham: { binary: bridges, params: '10x10i30e10m2d2', puzzles: n(60, 15) }, target: { ratio: 3 } },
    { label: 'Bridges 25×25 m2', type: 'hashi', settings: { rows: 25, cols: 25, maxBridges: 2 }, puzzles: n(20, 5),
      tatham: { binary: bridges, params: '25x25i30e10m2d2', puzzles: n(20, 5) }, target: { ratio: 3 } },
    { label: 'Star Battle 10×10 2★', type: 'starbattle', settings: { rows: 10, cols: 10, stars: 2 }, puzzles: n(15, 5), target: { medianMs: 1000 } },
    { label: 'Star Battle 14×14 3★', type: 'starbattle', settings: { rows: 14, cols: 14, stars: 3 }, puzzles: n(7, 3), target: { medianMs: 10_000 } },
    { label: 'Block Party 7×7', type: 'blockparty', settings: { rows: 7, cols: 7 }, puzzles: n(11, 5), target: { medianMs: 2000 } },
  ];
  return specs.map((s) => benchOne(s, log));
}

function fmt(x: number, d = 1): string {
  return Number.isFinite(x) ? x.toFixed(d) : 'n/a';
}

export function formatGenerateBench(rows: readonly GenerateBenchRow[]): string {
  return [
    '## Puzzle generation (`gridsat generate`), side by side with Tatham\'s generators',
    '',
    'CPU time (user + system) per puzzle: search, proof of uniqueness, verification. Puzzle i of seed 1, after one warm-up puzzle. Tatham: `sgt-lightup`/`sgt-bridges --generate N <params>` in one process, mean over N. Tatham\'s `d2` (hard) asks his solver for recursion; gridsat keeps a minimal clue set (every remaining number is needed for uniqueness) and does not grade difficulty yet, so "comparable difficulty" is not established: compare the shapes too.',
    '',
    '| puzzles | n | gridsat CPU median (ms) | gridsat CPU mean (ms) | gridsat wall median (ms) | shape | Tatham params | Tatham shape | Tatham CPU mean (ms) | ratio (mean / Tatham) | target | met |',
    '|---|--:|--:|--:|--:|---|---|---|--:|--:|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.puzzles} | ${fmt(r.cpuMedianMs)} | ${fmt(r.cpuMeanMs)} | ${fmt(r.wallMedianMs)} | ${r.shape} | ${r.tatham ? `\`${r.tatham.params}\`` : ''} | ${r.tatham?.shape ?? ''} | ${r.tatham ? fmt(r.tatham.cpuMeanMs) : ''} | ${r.tatham ? `${fmt(r.cpuMeanMs / r.tatham.cpuMeanMs, 2)}×` : ''} | ${r.target} | ${r.met ? 'yes' : '**no**'} |`),
    '',
  ].join('\n');
}
