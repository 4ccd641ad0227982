/**
 * Issue 14, part 2, as the user meets it: sparse and empty grids through the whole pipeline
 * (`solvePuzzle(..., { count: 2 })`, default encoding: encode, solve, second-solution search,
 * decode, verify), timed per puzzle against the 100 ms target. The puzzles come from the
 * generators of bench/generate-fixtures.ts at bench time: the all-white 30×30 Akari, random 25×25
 * 6★ region layouts, and sparse 25×25 Hashi (40 islands, numbered and unknown counts).
 * Each puzzle is solved `repeats` times after one untimed warm-up of its family; a puzzle's figure
 * is the median of its runs (process CPU and wall), a family's the median over its puzzles.
 */
import { performance } from 'node:perf_hooks';
import { akari, sparseHashi, starBattle } from './generate-fixtures.js';
import { readJsonValue } from '../src/formats/inputs.js';
import { solvePuzzle } from '../src/solve/pipeline.js';
import { median } from '../src/util/stats.js';

export const SPARSE_TARGET_MS = 100;

interface PuzzleTime { name: string; cpuMs: number; wallMs: number; status: string; conflicts: number }
export interface SparseFamily { family: string; puzzles: PuzzleTime[] }

function entryOf(value: unknown, name: string) {
  const [entry] = [...readJsonValue(value, { input: name })];
  if (!entry?.ok) throw new Error(`${name}: ${entry && !entry.ok ? entry.error : 'nothing read'}`);
  return entry;
}

function timeFamily(family: string, values: { name: string; value: unknown }[], repeats: number, log: (s: string) => void): SparseFamily {
  const entries = values.map(({ name, value }) => ({ name, entry: entryOf(value, name) }));
  solvePuzzle(entries[0]!.entry.type, entries[0]!.entry.puzzle, { count: 2 });
  const puzzles = entries.map(({ name, entry }) => {
    const cpu: number[] = [], wall: number[] = [];
    let status = '', conflicts = 0;
    for (let r = 0; r < repeats; r++) {
      const w0 = performance.now();
      const c0 = process.cpuUsage();
      const report = solvePuzzle(entry.type, entry.puzzle, { count: 2 });
      const c = process.cpuUsage(c0);
      wall.push(performance.now() - w0);
      cpu.push((c.user + c.system) / 1000);
      status = report.status === 'multiple' || report.status === 'unique' || report.status === 'none' ? report.status : `${report.status} (${report.message ?? ''})`;
      conflicts = report.conflicts;
    }
    const t = { name, cpuMs: median(cpu), wallMs: median(wall), status, conflicts };
    log(`sparse ${name}: ${t.status}, ${t.cpuMs.toFixed(1)} ms CPU, ${t.wallMs.toFixed(1)} ms wall, ${conflicts} conflicts`);
    return t;
  });
  return { family, puzzles };
}

export function benchSparse(quick: boolean, log: (s: string) => void): SparseFamily[] {
  const repeats = quick ? 3 : 5;
  const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  return [
    timeFamily('all-white 30×30 Akari', [{ name: 'akari-30x30-empty', value: akari(30, 0, 1) }], quick ? 5 : 11, log),
    timeFamily('random 25×25 6★ Star Battle layouts', seeds(quick ? 4 : 12).map((s) => ({ name: `starbattle-25x25-6star-s${s}`, value: starBattle(25, 6, s) })), repeats, log),
    timeFamily('sparse 25×25 Hashi, 40 islands numbered', seeds(quick ? 3 : 8).map((s) => ({ name: `hashi-25x25-numbered-s${s}`, value: sparseHashi(25, 40, s, true) })), repeats, log),
    timeFamily('sparse 25×25 Hashi, 40 islands of unknown count', seeds(quick ? 3 : 8).map((s) => ({ name: `hashi-25x25-unknown-s${s}`, value: sparseHashi(25, 40, s, false) })), repeats, log),
  ];
}

export function formatSparse(families: SparseFamily[], command: string): string {
  const f1 = (x: number) => x.toFixed(1);
  const row = (f: SparseFamily) => {
    const cpu = f.puzzles.map((p) => p.cpuMs), wall = f.puzzles.map((p) => p.wallMs);
    const under = f.puzzles.filter((p) => p.wallMs < SPARSE_TARGET_MS && p.cpuMs < SPARSE_TARGET_MS).length;
    const answers = new Map<string, number>();
    for (const p of f.puzzles) answers.set(p.status, (answers.get(p.status) ?? 0) + 1);
    const slowest = f.puzzles.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
    return `| ${f.family} | ${f.puzzles.length} | ${f1(median(cpu))} | ${f1(median(wall))} | ${f1(slowest.cpuMs)} (${slowest.name}, ${slowest.conflicts} conflicts) | `
      + `${f1(median(f.puzzles.map((p) => p.conflicts)))} | ${under}/${f.puzzles.length} | ${[...answers].map(([s, n]) => `${n} ${s}`).join(', ')} |`;
  };
  const verdict = (f: SparseFamily) => {
    const m = Math.max(median(f.puzzles.map((p) => p.cpuMs)), median(f.puzzles.map((p) => p.wallMs)));
    const all = f.puzzles.every((p) => p.cpuMs < SPARSE_TARGET_MS && p.wallMs < SPARSE_TARGET_MS);
    return `- ${f.family}: median ${f1(m)} ms (the larger of CPU and wall): **${m < SPARSE_TARGET_MS ? 'met' : 'not met'}** on the median; `
      + `${all ? 'every puzzle' : 'not every puzzle'} under ${SPARSE_TARGET_MS} ms.`;
  };
  return [
    '## Sparse and empty grids through the pipeline (issue 14, part 2)',
    '',
    '`solvePuzzle(..., { count: 2 })` with the default encoding (encode, solve, second-solution search, decode, verify) on the wasm engine, in process, '
      + 'on puzzles made at bench time by bench/generate-fixtures.ts (`akari(30, 0, 1)`, `starBattle(25, 6, seed)`, `sparseHashi(25, 40, seed, numbered)`, seeds from 1). '
      + 'Per puzzle the median of repeated runs (11 for the Akari, 5 for the others) after an untimed warm-up; per family the median over its puzzles. '
      + `CPU = process CPU (\`process.cpuUsage()\`). Target: < ${SPARSE_TARGET_MS} ms. Command: \`${command}\`.`,
    '',
    '| family | puzzles | median CPU ms | median wall ms | slowest puzzle, CPU ms | median conflicts | puzzles < 100 ms | answers |',
    '|---|--:|--:|--:|---|--:|--:|---|',
    ...families.map(row),
    '',
    ...families.map(verdict),
    '',
  ].join('\n');
}
