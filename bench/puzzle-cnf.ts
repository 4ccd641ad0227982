/**
 * The puzzle-CNF family (issue 14's headline): hard CNFs from the puzzles themselves, each as
 * gridsat writes it (default encoding), plain ("solve") and with its first solution blocked on the
 * puzzle's own variables ("uniqueness", UNSAT exactly when the puzzle is unique). Per instance, in
 * one run and interleaved round by round: the engine's CPU time for load + solve (in a child Node
 * process, see cnf-child.ts), native minisat's and cadical's own reported CPU time (parse
 * included), and logic-solver's MiniSat (also in-process CPU, including gridsat's JS DIMACS parser
 * and MiniSat's clause loading, most of its time on these files). Conflict counts are noise-free.
 * The whole pipeline on the same puzzles is in hard-pipeline.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInputs } from '../src/formats/inputs.js';
import { writeDimacs } from '../src/sat/dimacs.js';
import { WasmSolver } from '../src/sat/wasm.js';
import type { Clause } from '../src/sat/types.js';
import { encodePuzzleCnf } from '../src/solve/encode.js';
import { geometricMean, median } from '../src/util/stats.js';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface CnfPick {
  family: string;
  /** File (relative to the project root, or absolute) and puzzle ids in it (undefined: the first `take`). */
  file: string;
  ids?: string[];
  take?: number;
}

export interface CnfInstance { name: string; family: string; query: 'solve' | 'uniqueness'; path: string; vars: number; clauses: number }

/** The instances: each picked puzzle's CNF, and its uniqueness query when it has a solution. */
export function writeInstances(root: string, picks: readonly CnfPick[], dir: string, log: (s: string) => void): CnfInstance[] {
  mkdirSync(dir, { recursive: true });
  const out: CnfInstance[] = [];
  for (const pick of picks) {
    const path = pick.file.startsWith('/') ? pick.file : join(root, pick.file);
    if (!existsSync(path)) { log(`puzzle-cnf: ${path} is absent, skipped`); continue; }
    let n = 0;
    for (const e of readInputs([path])) {
      if (!e.ok) throw new Error(`bench input is broken: ${e.error}`);
      const short = e.id.split(/[/#]/).pop()!.replace(/[^A-Za-z0-9_.-]+/g, '_');
      if (pick.ids ? !pick.ids.some((id) => e.id.endsWith(id)) : n >= (pick.take ?? 1)) continue;
      n += 1;
      const cnf = encodePuzzleCnf(e.type, e.puzzle, {});
      const clauses = [...cnf.collector.clauses()];
      const numVars = cnf.collector.numVars();
      const base = `${pick.family}-${short}`.replace(/\.(txt|json|ndjson)/g, '');
      const plain = join(dir, `${base}.cnf`);
      writeFileSync(plain, writeDimacs(numVars, clauses));
      out.push({ name: base, family: pick.family, query: 'solve', path: plain, vars: numVars, clauses: clauses.length });
      // the first solution, blocked on the projection: the second solve of a uniqueness check
      const s = new WasmSolver({});
      s.addClauses(clauses);
      if (s.solve() === 'sat') {
        const block: Clause = cnf.encoded.projection.map((l) => (s.value(l) ? -l : l));
        const uniq = join(dir, `${base}-unique.cnf`);
        writeFileSync(uniq, writeDimacs(numVars, [...clauses, block]));
        out.push({ name: `${base}-unique`, family: pick.family, query: 'uniqueness', path: uniq, vars: numVars, clauses: clauses.length + 1 });
      }
      s.dispose();
    }
  }
  return out;
}

export interface Run { result: string; cpuMs: number; conflicts?: number }
/**
 * `cold`: a fresh `gridsat sat FILE` per run, its own `c solved in` (wall time of the solve, the
 * figure issue 14 measures), with the CLI's setting of V8's wasm compile threads (`cold`) and with
 * V8's default (`coldV8Default`, `node --wasm-num-compilation-tasks=128`): a first solve in a
 * process runs while V8 recompiles the engine's hot functions in the background.
 */
export interface InstanceResult { instance: CnfInstance; engine: Run; minisat?: Run; cadical?: Run; logic?: Run; cold?: Run; coldV8Default?: Run }

const has = (bin: string) => spawnSync(bin, ['--help']).error === undefined;

/**
 * A native solver's CPU time, user + system, as bash's `time` reports it to the millisecond (the
 * solvers' own figures come in 10 ms steps: cadical prints seconds with two decimals). It includes
 * the process start, about a millisecond.
 */
export function native(bin: 'minisat' | 'cadical', file: string, timeoutS: number): Run {
  const args = bin === 'minisat' ? ['-verb=1', `-cpu-lim=${timeoutS}`, file] : ['-t', String(timeoutS), file];
  const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='@cpu %3U %3S'; time ${quoted}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const text = `${r.stdout}${r.stderr}`;
  const m = /CPU time|SATISFIABLE|UNSATISFIABLE|INDETERMINATE/.test(text) ? /@cpu ([\d.]+) ([\d.]+)/.exec(text) : null;
  const result = /^s UNSATISFIABLE|^UNSATISFIABLE/m.test(text) ? 'unsat' : /^s SATISFIABLE|^SATISFIABLE/m.test(text) ? 'sat' : 'unknown';
  const confl = /conflicts\s*:\s*(\d+)/.exec(text);
  // cadical prints no conflict line when it needed none
  const conflicts = confl ? Number(confl[1]) : result === 'unknown' ? undefined : 0;
  return { result, cpuMs: m && result !== 'unknown' ? (Number(m[1]) + Number(m[2])) * 1000 : timeoutS * 1000, conflicts };
}

function child(engine: 'wasm' | 'minisat-js', file: string, timeoutS: number): Run {
  const r = spawnSync(process.execPath, [join(HERE, 'cnf-child.js'), engine, file], { encoding: 'utf8', timeout: timeoutS * 1000 });
  if (r.status !== 0 || !r.stdout.trim()) return { result: 'unknown', cpuMs: timeoutS * 1000 };
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Run;
}

const CLI = join(HERE, '..', '..', 'bin', 'gridsat.js');

/** A fresh `gridsat sat` (see InstanceResult.cold): its `c solved in`, answer and conflicts. */
export function cold(file: string, timeoutS: number, nodeFlags: string[]): Run {
  const r = spawnSync(process.execPath, [...nodeFlags, CLI, 'sat', file], { encoding: 'utf8', timeout: timeoutS * 1000 });
  const ms = /^c solved in ([\d.]+) ms/m.exec(r.stdout);
  const conflicts = /^c conflicts (\d+)/m.exec(r.stdout);
  const result = /^s UNSATISFIABLE/m.test(r.stdout) ? 'unsat' : /^s SATISFIABLE/m.test(r.stdout) ? 'sat' : 'unknown';
  return { result, cpuMs: ms && result !== 'unknown' ? Number(ms[1]) : timeoutS * 1000, ...(conflicts ? { conflicts: Number(conflicts[1]) } : {}) };
}

/** Median CPU time over repeats; the answer and conflicts of the first run. */
function med(runs: Run[]): Run {
  return { ...runs[0]!, cpuMs: median(runs.map((r) => r.cpuMs)) };
}

export function benchPuzzleCnfs(instances: readonly CnfInstance[], options: { repeats: number; timeoutS: number; logicTimeoutS: number; log: (s: string) => void }): InstanceResult[] {
  const haveMinisat = has('minisat');
  const haveCadical = has('cadical');
  const out: InstanceResult[] = [];
  for (const inst of instances) {
    const runs: { engine: Run[]; minisat: Run[]; cadical: Run[]; logic: Run[]; cold: Run[]; coldV8Default: Run[] } = { engine: [], minisat: [], cadical: [], logic: [], cold: [], coldV8Default: [] };
    for (let round = 0; round < options.repeats; round++) {
      runs.engine.push(child('wasm', inst.path, options.timeoutS));
      // alternating which goes first
      const pair = [() => runs.cold.push(cold(inst.path, options.timeoutS, [])), () => runs.coldV8Default.push(cold(inst.path, options.timeoutS, ['--wasm-num-compilation-tasks=128']))];
      for (const run of round % 2 ? pair.reverse() : pair) run();
      if (haveMinisat) runs.minisat.push(native('minisat', inst.path, options.timeoutS));
      if (haveCadical) runs.cadical.push(native('cadical', inst.path, options.timeoutS));
      // logic-solver once: it is the slow one, and it has no budget of its own
      if (round === 0) runs.logic.push(child('minisat-js', inst.path, options.logicTimeoutS));
    }
    const r: InstanceResult = {
      instance: inst,
      engine: med(runs.engine),
      ...(runs.minisat.length ? { minisat: med(runs.minisat) } : {}),
      ...(runs.cadical.length ? { cadical: med(runs.cadical) } : {}),
      ...(runs.logic.length ? { logic: med(runs.logic) } : {}),
      cold: med(runs.cold),
      coldV8Default: med(runs.coldV8Default),
    };
    const answers = [r.engine, r.minisat, r.cadical, r.logic, r.cold, r.coldV8Default].filter((x): x is Run => !!x && x.result !== 'unknown').map((x) => x.result);
    if (new Set(answers).size > 1) throw new Error(`${inst.name}: engines disagree (${answers.join(', ')})`);
    options.log(`puzzle-cnf ${inst.name}: engine ${r.engine.cpuMs.toFixed(1)} ms (${r.engine.conflicts} conflicts), fresh gridsat sat ${r.cold!.cpuMs.toFixed(1)} ms (V8's default compile threads ${r.coldV8Default!.cpuMs.toFixed(1)} ms), cadical ${r.cadical?.cpuMs.toFixed(1)} ms (${r.cadical?.conflicts}), minisat ${r.minisat?.cpuMs.toFixed(1)} ms, logic-solver ${r.logic?.cpuMs.toFixed(0)} ms`);
    out.push(r);
  }
  return out;
}

const f = (x: number | undefined, d = 1) => (x === undefined ? 'n/a' : x.toFixed(d));

/** Markdown: per-instance table, then the ratios against the targets. */
export function formatPuzzleCnfs(results: readonly InstanceResult[], timeoutS: number): string {
  const lines = [
    '| instance | query | vars | clauses | answer | engine CPU ms (conflicts) | cadical CPU ms (conflicts) | minisat CPU ms (conflicts) | logic-solver CPU ms | engine / cadical | fresh `gridsat sat`: solved in, ms | the same, V8\'s default compile threads | fresh / cadical |',
    '|---|---|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of results) {
    const ratio = r.cadical ? r.engine.cpuMs / Math.max(r.cadical.cpuMs, 1) : undefined;
    lines.push(`| ${r.instance.name} | ${r.instance.query} | ${r.instance.vars} | ${r.instance.clauses} | ${r.engine.result} | ${f(r.engine.cpuMs)} (${r.engine.conflicts ?? '?'}) | ${f(r.cadical?.cpuMs)} (${r.cadical?.conflicts ?? '?'}) | ${f(r.minisat?.cpuMs)} (${r.minisat?.conflicts ?? '?'}) | ${r.logic ? (r.logic.result === 'unknown' ? `> ${timeoutS * 1000}` : f(r.logic.cpuMs, 0)) : 'n/a'} | ${f(ratio, 2)} | ${f(r.cold?.cpuMs)} | ${f(r.coldV8Default?.cpuMs)} | ${r.cold && r.cadical ? f(Math.max(r.cold.cpuMs, 1) / Math.max(r.cadical.cpuMs, 1), 2) : 'n/a'} |`);
  }
  const withCad = results.filter((r) => r.cadical && r.engine.result !== 'unknown');
  // cadical reports CPU time in 10 ms steps on some instances: floor both at 1 ms for the ratios
  const ratios = withCad.map((r) => Math.max(r.engine.cpuMs, 1) / Math.max(r.cadical!.cpuMs, 1));
  const conflictRatios = withCad.filter((r) => r.cadical!.conflicts !== undefined).map((r) => (r.engine.conflicts! + 1) / (r.cadical!.conflicts! + 1));
  const worst = withCad.reduce<InstanceResult | undefined>((w, r) => (!w || r.engine.cpuMs / Math.max(r.cadical!.cpuMs, 1) > w.engine.cpuMs / Math.max(w.cadical!.cpuMs, 1) ? r : w), undefined);
  const logic = results.filter((r) => r.logic && r.logic.result !== 'unknown');
  const fresh = withCad.filter((r) => r.cold && r.cold.result !== 'unknown');
  const freshRatio = (r: InstanceResult) => Math.max(r.cold!.cpuMs, 1) / Math.max(r.cadical!.cpuMs, 1);
  const freshWorst = fresh.reduce<InstanceResult | undefined>((w, r) => (!w || freshRatio(r) > freshRatio(w) ? r : w), undefined);
  const compileThreads = results.filter((r) => r.cold && r.coldV8Default && r.cold.result !== 'unknown' && r.coldV8Default.result !== 'unknown');
  lines.push('',
    `- engine / cadical CPU time, geometric mean over ${ratios.length} instances: **${f(geometricMean(ratios), 2)}** (target ≤ 0.7); conflicts engine / cadical, geometric mean: ${f(geometricMean(conflictRatios), 2)}`,
    `- slowest relative to cadical: ${worst ? `${worst.instance.name}, ${f(worst.engine.cpuMs / Math.max(worst.cadical!.cpuMs, 1), 2)}×` : 'n/a'} (target: none above 1.5×)`,
    ...[...new Set(withCad.map((r) => r.instance.family))].map((family) => {
      const rs = withCad.filter((r) => r.instance.family === family);
      const rf = rs.map((r) => Math.max(r.engine.cpuMs, 1) / Math.max(r.cadical!.cpuMs, 1));
      const fr = rs.filter((r) => r.cold && r.cold.result !== 'unknown').map(freshRatio);
      return `  - ${family} (${rs.length}): engine / cadical ${f(geometricMean(rf), 2)}, slowest ${f(Math.max(...rf), 2)}×; fresh \`gridsat sat\` / cadical ${fr.length ? `${f(geometricMean(fr), 2)}, slowest ${f(Math.max(...fr), 2)}×` : 'n/a'}`;
    }),
    `- logic-solver / engine CPU time, geometric mean over ${logic.length} instances it finished: ${f(geometricMean(logic.map((r) => r.logic!.cpuMs / Math.max(r.engine.cpuMs, 0.1))), 1)}×`,
    `- a fresh \`gridsat sat\` per instance (its \`c solved in\`, wall time of the solve) / cadical's CPU time, geometric mean over ${fresh.length}: ${f(geometricMean(fresh.map(freshRatio)), 2)}; slowest: ${freshWorst ? `${freshWorst.instance.name}, ${f(freshRatio(freshWorst), 2)}× (${f(freshWorst.cold!.cpuMs)} against ${f(freshWorst.cadical!.cpuMs)} ms)` : 'n/a'}; over 1.5×: ${fresh.filter((r) => freshRatio(r) > 1.5).length}`,
    `- fresh \`gridsat sat\` with its compile-thread setting / with V8's default, geometric mean over ${compileThreads.length}: ${f(geometricMean(compileThreads.map((r) => Math.max(r.cold!.cpuMs, 0.1) / Math.max(r.coldV8Default!.cpuMs, 0.1))), 2)}`,
  );
  return lines.join('\n');
}
