/**
 * Issue 14's pipeline target on the hard puzzles: solve + uniqueness (`count: 2`) through the whole
 * pipeline on the wasm engine against the same pipeline on logic-solver's MiniSat, the comparison
 * `gridsat compare --engines wasm minisat-js` makes (and the one the issue measured: 155 against
 * 278 ms). Each puzzle and engine runs in its own process (pipeline-child.ts); which engine goes
 * first alternates from puzzle to puzzle. Per puzzle the median of the timed runs counts.
 *
 * Unlike the CNF table, nothing here is load time of a DIMACS file: both engines get the clauses
 * from the same encoder, so the ratio is what a user solving these puzzles sees.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInputs } from '../src/formats/inputs.js';
import { geometricMean, median } from '../src/util/stats.js';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface PipelinePick {
  family: string;
  /** File (relative to the project root, or absolute); the puzzles named by `ids`, else the first `take` (default all). */
  file: string;
  ids?: string[];
  take?: number;
}

export interface PipelineResult {
  family: string;
  id: string;
  status: string;
  conflicts: number;
  wasmMs: number;
  minisatJsMs: number;
  /** The first solve of each engine's process, compilers and all (what one puzzle from the command line pays). */
  wasmFirstMs: number;
  minisatJsFirstMs: number;
}

interface ChildReport { id: string; status: string; conflicts: number; firstMs: number; ms: number[] }

function child(engine: 'wasm' | 'minisat-js', file: string, index: number, runs: number, timeoutS: number): ChildReport | undefined {
  const r = spawnSync(process.execPath, [join(HERE, 'pipeline-child.js'), engine, file, String(index), String(runs)], { encoding: 'utf8', timeout: timeoutS * 1000 });
  if (r.status !== 0 || !r.stdout.trim()) return undefined;
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildReport;
}

/** Each picked puzzle on both engines; a puzzle either engine could not finish in time is left out, and logged. */
export function benchHardPipeline(root: string, picks: readonly PipelinePick[], options: { runs: number; timeoutS: number; log: (s: string) => void }): PipelineResult[] {
  const out: PipelineResult[] = [];
  let turn = 0;
  for (const pick of picks) {
    const path = pick.file.startsWith('/') ? pick.file : join(root, pick.file);
    if (!existsSync(path)) { options.log(`hard pipeline: ${path} is absent, skipped`); continue; }
    const entries = [...readInputs([path])];
    const chosen = entries
      .map((e, index) => ({ e, index }))
      .filter(({ e }, k) => (pick.ids ? pick.ids.some((id) => e.id.endsWith(id)) : k < (pick.take ?? Infinity)));
    for (const { e, index } of chosen) {
      if (!e.ok) throw new Error(`bench input is broken: ${e.error}`);
      const order = (turn++ % 2 ? ['minisat-js', 'wasm'] : ['wasm', 'minisat-js']) as ('wasm' | 'minisat-js')[];
      const reports = new Map(order.map((engine) => [engine, child(engine, path, index, options.runs, options.timeoutS)]));
      const wasm = reports.get('wasm'), mjs = reports.get('minisat-js');
      if (!wasm || !mjs) { options.log(`hard pipeline ${e.id}: ${!wasm ? 'wasm' : 'minisat-js'} did not finish within ${options.timeoutS} s, left out`); continue; }
      if (wasm.status !== mjs.status) throw new Error(`${e.id}: the engines disagree (${wasm.status}, ${mjs.status})`);
      const r = { family: pick.family, id: e.id.split('/').pop()!, status: wasm.status, conflicts: wasm.conflicts, wasmMs: median(wasm.ms), minisatJsMs: median(mjs.ms), wasmFirstMs: wasm.firstMs, minisatJsFirstMs: mjs.firstMs };
      options.log(`hard pipeline ${r.id}: ${r.status}, wasm ${r.wasmMs.toFixed(1)} ms (${r.conflicts} conflicts), logic-solver's MiniSat ${r.minisatJsMs.toFixed(1)} ms, ×${(r.minisatJsMs / r.wasmMs).toFixed(2)}`);
      out.push(r);
    }
  }
  return out;
}

const f = (x: number, d = 1) => x.toFixed(d);

/** Markdown: one row per family and one for all, then every puzzle. */
export function formatHardPipeline(results: readonly PipelineResult[], runs: number): string {
  const ratio = (r: PipelineResult) => r.minisatJsMs / r.wasmMs;
  const firstRatio = (r: PipelineResult) => r.minisatJsFirstMs / r.wasmFirstMs;
  const families = [...new Set(results.map((r) => r.family))];
  const summary = (label: string, rs: readonly PipelineResult[]) => {
    const worst = rs.reduce((w, r) => (ratio(r) < ratio(w) ? r : w));
    return `| ${label} | ${rs.length} | ${f(median(rs.map((r) => r.conflicts)), 0)} | ${f(median(rs.map((r) => r.wasmMs)))} | ${f(median(rs.map((r) => r.minisatJsMs)))} | **${f(geometricMean(rs.map(ratio)), 2)}×** | ${f(ratio(worst), 2)}× (${worst.id}) | ${rs.filter((r) => ratio(r) >= 4).length} of ${rs.length} | ${f(geometricMean(rs.map(firstRatio)), 2)}× |`;
  };
  const lines = [
    '## Hard puzzles through the pipeline: solve + uniqueness against logic-solver',
    '',
    `Each puzzle encoded, solved and proved unique (\`count: 2\`) by gridsat's pipeline on the wasm engine and on logic-solver's MiniSat (what \`gridsat compare --engines wasm minisat-js\` compares), each in its own Node process after untimed warm-up solves (at least 30 and 1.5 s of CPU, so that V8's optimising compilers, whose background threads count in process CPU, are done with the encoder both engines run: bench/pipeline-child.ts), CPU time of the whole \`solvePuzzle\`, median of ${runs} runs; which engine runs first alternates. The last column is the first solve of each process instead, compilers and all: what one puzzle solved from the command line pays. Issue 14's target: ≥ 4× logic-solver on the hard puzzles. The 17×17 4★ puzzles are fixtures/generated/starbattle-17x17-4star-unique.ndjson (\`gridsat generate starbattle --size 17x17 --stars 4 --count 24 --seed 1717\`: random region layouts, each proved unique), the kind of puzzle the issue measured.`,
    '',
    '| family | puzzles | median conflicts (wasm, both solves) | wasm median ms | logic-solver median ms | logic-solver / wasm, geometric mean | lowest | puzzles ≥ 4× | first solve of a process: logic-solver / wasm, geometric mean |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...families.map((fam) => summary(fam, results.filter((r) => r.family === fam))),
    ...(results.length ? [summary('all', results)] : []),
    '',
    '| puzzle | family | status | conflicts | wasm ms | logic-solver ms | ratio | first solve: wasm ms | logic-solver ms |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|',
    ...results.map((r) => `| ${r.id} | ${r.family} | ${r.status} | ${r.conflicts} | ${f(r.wasmMs)} | ${f(r.minisatJsMs)} | ${f(ratio(r), 2)}× | ${f(r.wasmFirstMs)} | ${f(r.minisatJsFirstMs)} |`),
    '',
  ];
  return lines.join('\n');
}
