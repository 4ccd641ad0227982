/**
 * Engine benchmark: our wasm CDCL engine against logic-solver's MiniSat (in-process) and native
 * minisat / cadical (as processes), on seeded random 3-SAT near the threshold plus any CNF files in
 * bench/cnf/. Runs are interleaved per instance; every engine must agree on SAT/UNSAT.
 *
 * In-process engines run in a worker thread (so a run that exceeds the timeout can be terminated);
 * their time is parse + solve from the DIMACS text. Native solvers report their own CPU time, which
 * excludes process start; wall time is recorded too.
 *
 * Run on its own after `npm run build`: `node dist/bench/engine.js [--sizes 150,200] [--repeats 3]
 * [--timeout 60] [--engines wasm,minisat,cadical,minisat-js]`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseDimacs } from '../src/sat/dimacs.js';
import { resolveExternalBinary, runExternal, type ExternalBinaryInfo } from '../src/sat/external.js';
import { createSolver, type EngineName } from '../src/sat/index.js';
import { seededRandom } from '../src/util/random.js';
import { median } from '../src/util/stats.js';

export type BenchEngine = 'wasm' | 'minisat-js' | 'minisat' | 'cadical';
export const BENCH_ENGINES: readonly BenchEngine[] = ['wasm', 'minisat-js', 'minisat', 'cadical'];
const IN_PROCESS: ReadonlySet<BenchEngine> = new Set(['wasm', 'minisat-js']);

export interface EngineBenchOptions {
  /** Random 3-SAT sizes (variables). Default 150, 200, 250, 300, 350. */
  sizes?: readonly number[];
  /** Clause/variable ratio. Default 4.26 (the threshold: about half SAT, hardest). */
  ratio?: number;
  /** SAT instances and UNSAT instances kept per size. Default 1 each. */
  perKind?: number;
  /** Seeds tried per size while looking for both kinds. Default 10. */
  maxCandidates?: number;
  /**
   * CPU seconds native minisat gets to classify a candidate; harder candidates are not used, which
   * keeps the whole bench within minutes. Default 4.
   */
  classifySeconds?: number;
  /** Runs per (instance, engine); the median is reported. Default 3. */
  repeats?: number;
  /** Runs per instance for logic-solver's MiniSat (slow, and it ignores budgets). Default 1. */
  slowRepeats?: number;
  /** Per-run timeout in seconds. Default 60. */
  timeoutSeconds?: number;
  /** Per-run timeout for minisat-js. Default 20. */
  slowTimeoutSeconds?: number;
  engines?: readonly BenchEngine[];
  /** Where generated instances and the classification cache go. Default bench/out/engine. */
  outDir?: string;
  /** Extra instances (`*.cnf`, `*.cnf.gz`). Default bench/cnf. */
  cnfDir?: string;
  /** Progress lines. Default: none. */
  log?: (line: string) => void;
}

export type RunStatus = 'sat' | 'unsat' | 'timeout' | 'skipped' | 'error';

/** One engine on one instance: medians over its repeats. */
export interface EngineMeasurement {
  status: RunStatus;
  /** Median solver time in ms (in-process: parse + solve; native: reported CPU time). */
  ms?: number;
  /** Median wall time of the process in ms (native engines only). */
  wallMs?: number;
  runs: number;
  /** For SAT answers: whether the model satisfies every clause. */
  modelOk?: boolean;
  note?: string;
}

export interface InstanceResult {
  name: string;
  origin: 'random' | 'file';
  vars: number;
  clauses: number;
  /** What native minisat said when the instance was picked (random instances). */
  classifiedAs?: 'sat' | 'unsat';
  results: Partial<Record<BenchEngine, EngineMeasurement>>;
  /** False when two engines gave different answers or a model was wrong. */
  agreed: boolean;
}

export interface EngineSummary {
  engine: BenchEngine;
  solved: number;
  timeouts: number;
  /** Geometric mean of median ms over the instances every measured engine solved. */
  geomeanMs?: number;
}

export interface EngineBenchResult {
  engines: BenchEngine[];
  instances: InstanceResult[];
  summary: EngineSummary[];
  /** Paired geometric-mean ratios over instances both engines solved. */
  ratios: { name: string; value: number; instances: number }[];
  disagreements: string[];
  notes: string[];
  options: Required<Omit<EngineBenchOptions, 'log' | 'engines'>>;
  totalSeconds: number;
}

// ---------------------------------------------------------------------------------------------
// Instances


/** Uniform random 3-SAT: each clause has three distinct variables with random signs. */
export function random3SatDimacs(n: number, ratio: number, seed: number): string {
  const random = seededRandom(n * 100_003 + seed);
  const m = Math.round(n * ratio);
  const lines = [`c random 3-SAT n=${n} ratio=${ratio} seed=${seed}`, `p cnf ${n} ${m}`];
  for (let i = 0; i < m; i++) {
    const vars: number[] = [];
    while (vars.length < 3) {
      const v = 1 + Math.floor(random() * n);
      if (!vars.includes(v)) vars.push(v);
    }
    lines.push(`${vars.map((v) => (random() < 0.5 ? -v : v)).join(' ')} 0`);
  }
  return lines.join('\n') + '\n';
}

interface Instance {
  name: string;
  path: string;
  origin: 'random' | 'file';
  classifiedAs?: 'sat' | 'unsat';
}

type Classification = { status: 'sat' | 'unsat' | 'hard'; budget: number; seconds?: number };

/** Picks random instances of both kinds per size, classifying candidates with native minisat (cached). */
function pickRandomInstances(opts: EngineBenchResult['options'], minisat: ExternalBinaryInfo, log: (s: string) => void, notes: string[]): Instance[] {
  const cachePath = join(opts.outDir, 'classification-cpu.json');
  const cache: Record<string, Classification> = existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, 'utf8')) : {};
  const picked: Instance[] = [];
  // Hardness grows with n: a kind that no candidate of a smaller size yielded is not sought further.
  const hopeless = { sat: false, unsat: false };
  for (const n of [...opts.sizes].sort((a, b) => a - b)) {
    const want = { sat: hopeless.sat ? 0 : opts.perKind, unsat: hopeless.unsat ? 0 : opts.perKind };
    for (let seed = 0; seed < opts.maxCandidates && (want.sat > 0 || want.unsat > 0); seed++) {
      const name = `r3sat-n${n}-r${opts.ratio}-s${seed}`;
      const path = join(opts.outDir, `${name}.cnf`);
      const text = random3SatDimacs(n, opts.ratio, seed);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
      let c = cache[name];
      if (!c || (c.status === 'hard' && c.budget < opts.classifySeconds)) {
        // A CPU budget, so the choice does not depend on how loaded the machine is; the deadline is a backstop.
        const run = runExternal(minisat, path, {
          numVars: n, cpuSeconds: opts.classifySeconds, limits: { deadline: Date.now() + opts.classifySeconds * 10_000 },
        });
        c = run.result === 'unknown'
          ? { status: 'hard', budget: opts.classifySeconds }
          : { status: run.result, budget: opts.classifySeconds, seconds: run.solverSeconds };
        cache[name] = c;
        writeFileSync(cachePath, JSON.stringify(cache, null, 1));
        log(`classify ${name}: ${c.status}${c.seconds !== undefined ? ` (${c.seconds.toFixed(2)} s)` : ''}`);
      }
      // Hard at this budget, or decided only with a bigger budget than the current one: not used.
      if (c.status === 'hard' || (c.seconds ?? Infinity) > opts.classifySeconds) continue;
      if (want[c.status] > 0) {
        want[c.status]--;
        picked.push({ name, path, origin: 'random', classifiedAs: c.status });
      }
    }
    for (const kind of ['sat', 'unsat'] as const) {
      if (hopeless[kind]) {
        notes.push(`n=${n}: no ${kind.toUpperCase()} instance sought (none was found at a smaller size).`);
      } else if (want[kind] > 0) {
        notes.push(`n=${n}: only ${opts.perKind - want[kind]} of ${opts.perKind} ${kind.toUpperCase()} instances found among ` +
          `${opts.maxCandidates} seeds that native minisat decides within ${opts.classifySeconds} CPU s (raise classifySeconds/maxCandidates).`);
        hopeless[kind] = true;
      }
    }
  }
  return picked;
}

function fileInstances(cnfDir: string): Instance[] {
  if (!existsSync(cnfDir)) return [];
  return readdirSync(cnfDir)
    .filter((f) => f.endsWith('.cnf') || f.endsWith('.cnf.gz'))
    .sort()
    .map((f) => ({ name: f.replace(/\.cnf(\.gz)?$/, ''), path: join(cnfDir, f), origin: 'file' as const }));
}

function readCnfText(path: string): string {
  const bytes = readFileSync(path);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

function modelSatisfies(clauses: readonly (readonly number[])[], model: Uint8Array): boolean {
  return clauses.every((c) => c.some((l) => (model[l < 0 ? -l : l] === 1) === l > 0));
}

// ---------------------------------------------------------------------------------------------
// In-process engines, in a worker thread

const WORKER_ROLE = 'gridsat-engine-bench';

interface WorkerRequest { path: string; engine: EngineName; timeoutMs: number }
interface WorkerReply { status: 'sat' | 'unsat' | 'unknown' | 'error'; ms: number; modelOk?: boolean; error?: string }

/** Parses and solves a formula once, so module loading and wasm/asm.js compilation are not timed. */
function warmUp(engine: EngineName): void {
  const cnf = parseDimacs(random3SatDimacs(100, 4.26, 1));
  const solver = createSolver(engine);
  solver.addClauses(cnf.clauses);
  solver.solve();
  solver.dispose();
}

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === WORKER_ROLE) {
  const warmed = new Set<EngineName>();
  parentPort!.on('message', (req: WorkerRequest) => {
    try {
      if (!warmed.has(req.engine)) {
        warmUp(req.engine);
        warmed.add(req.engine);
      }
      const text = readCnfText(req.path);
      const start = performance.now();
      const cnf = parseDimacs(text, req.path);
      const solver = createSolver(req.engine);
      while (solver.numVars() < cnf.numVars) solver.newVar();
      solver.addClauses(cnf.clauses);
      const status = solver.solve({ limits: { deadline: Date.now() + req.timeoutMs } });
      const ms = performance.now() - start;
      const modelOk = status === 'sat' ? modelSatisfies(cnf.clauses, solver.model()) : undefined;
      solver.dispose();
      parentPort!.postMessage({ status, ms, modelOk } satisfies WorkerReply);
    } catch (err) {
      parentPort!.postMessage({ status: 'error', ms: 0, error: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
    }
  });
}

/** One long-lived worker per in-process engine, replaced when a run has to be killed. */
class EngineWorker {
  private worker: Worker | undefined;

  run(req: WorkerRequest): Promise<WorkerReply | 'timeout'> {
    const worker = (this.worker ??= new Worker(new URL(import.meta.url), { workerData: { role: WORKER_ROLE } }));
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        void worker.terminate();
        this.worker = undefined;
        resolvePromise('timeout');
      }, req.timeoutMs + 2000); // the engine's own deadline should fire first
      const onMessage = (reply: WorkerReply): void => { cleanup(); resolvePromise(reply); };
      const onError = (err: Error): void => { cleanup(); this.worker = undefined; reject(err); };
      const cleanup = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(req);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The benchmark

/** Geometric mean; times are floored at 0.1 ms so a 0.00 s report does not zero the mean. */
const geomean = (xs: number[]): number => Math.exp(xs.reduce((acc, x) => acc + Math.log(Math.max(x, 0.1)), 0) / xs.length);

function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'gridsat') return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export async function benchEngines(options: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const started = performance.now();
  const root = repoRoot();
  const opts: EngineBenchResult['options'] = {
    sizes: options.sizes ?? [150, 200, 250, 300, 350],
    ratio: options.ratio ?? 4.26,
    perKind: options.perKind ?? 1,
    maxCandidates: options.maxCandidates ?? 10,
    classifySeconds: options.classifySeconds ?? 4,
    repeats: options.repeats ?? 3,
    slowRepeats: options.slowRepeats ?? 1,
    timeoutSeconds: options.timeoutSeconds ?? 60,
    slowTimeoutSeconds: options.slowTimeoutSeconds ?? 20,
    outDir: options.outDir ?? join(root, 'bench', 'out', 'engine'),
    cnfDir: options.cnfDir ?? join(root, 'bench', 'cnf'),
  };
  const log = options.log ?? (() => {});
  const notes: string[] = [];
  mkdirSync(opts.outDir, { recursive: true });

  // Which engines can run here.
  const engines: BenchEngine[] = [];
  const natives = new Map<BenchEngine, ExternalBinaryInfo>();
  for (const engine of options.engines ?? BENCH_ENGINES) {
    try {
      if (IN_PROCESS.has(engine)) createSolver(engine as EngineName).dispose();
      else natives.set(engine, resolveExternalBinary(engine));
      engines.push(engine);
    } catch (err) {
      notes.push(`engine ${engine} skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  let minisat: ExternalBinaryInfo | undefined;
  try { minisat = resolveExternalBinary('minisat'); } catch { /* reported below */ }
  const instances: Instance[] = [];
  if (minisat) instances.push(...pickRandomInstances(opts, minisat, log, notes));
  else notes.push('native minisat not found: random instances cannot be classified and are skipped');
  instances.push(...fileInstances(opts.cnfDir));

  const workers = new Map<BenchEngine, EngineWorker>();
  for (const e of engines) if (IN_PROCESS.has(e)) workers.set(e, new EngineWorker());
  // After an engine times out on a random instance it is skipped on larger ones of the same kind.
  const givenUp = new Map<string, number>();

  const results: InstanceResult[] = [];
  const disagreements: string[] = [];
  try {
    for (const inst of instances) {
      const cnf = parseDimacs(readCnfText(inst.path), inst.path);
      const perEngine = new Map<BenchEngine, { status: RunStatus; ms: number[]; wall: number[]; modelOk?: boolean; note?: string }>();
      for (const e of engines) {
        const limitKey = `${e}:${inst.classifiedAs}`;
        const skip = inst.origin === 'random' && (givenUp.get(limitKey) ?? Infinity) <= cnf.numVars;
        perEngine.set(e, { status: skip ? 'skipped' : 'sat', ms: [], wall: [], note: skip ? 'timed out on a smaller instance' : undefined });
      }
      const maxRepeats = Math.max(opts.repeats, opts.slowRepeats);
      for (let rep = 0; rep < maxRepeats; rep++) {
        // Rotate the order each round so no engine always runs first (cache/thermal effects).
        const order = engines.map((_, k) => engines[(k + rep) % engines.length]!);
        for (const e of order) {
          const m = perEngine.get(e)!;
          const slow = e === 'minisat-js';
          if (m.status === 'skipped' || m.status === 'timeout' || m.status === 'error') continue;
          if (rep >= (slow ? opts.slowRepeats : opts.repeats)) continue;
          const timeoutMs = (slow ? opts.slowTimeoutSeconds : opts.timeoutSeconds) * 1000;
          const outcome = await measureOnce(e, inst, cnf, timeoutMs, workers.get(e), natives.get(e));
          if (outcome.status === 'timeout' || outcome.status === 'error') {
            m.status = outcome.status;
            m.note = outcome.note;
            if (outcome.status === 'timeout' && inst.origin === 'random') givenUp.set(`${e}:${inst.classifiedAs}`, cnf.numVars + 1);
            continue;
          }
          if (m.ms.length > 0 && m.status !== outcome.status) {
            disagreements.push(`${inst.name}: ${e} answered ${m.status} and then ${outcome.status}`);
          }
          m.status = outcome.status;
          m.ms.push(outcome.ms!);
          if (outcome.wallMs !== undefined) m.wall.push(outcome.wallMs);
          if (outcome.modelOk === false) m.modelOk = false;
          else if (outcome.modelOk && m.modelOk === undefined) m.modelOk = true;
        }
      }

      const measured: Partial<Record<BenchEngine, EngineMeasurement>> = {};
      for (const [e, m] of perEngine) {
        measured[e] = {
          status: m.status,
          runs: m.ms.length,
          ms: m.ms.length ? median(m.ms) : undefined,
          wallMs: m.wall.length ? median(m.wall) : undefined,
          modelOk: m.modelOk,
          note: m.note,
        };
      }
      const answers = new Set(Object.values(measured).map((m) => m!.status).filter((s) => s === 'sat' || s === 'unsat'));
      if (inst.classifiedAs) answers.add(inst.classifiedAs);
      let agreed = answers.size <= 1;
      if (!agreed) {
        disagreements.push(`${inst.name}: engines disagree: ${Object.entries(measured).map(([e, m]) => `${e}=${m!.status}`).join(', ')}` +
          (inst.classifiedAs ? `, classification=${inst.classifiedAs}` : ''));
      }
      for (const [e, m] of Object.entries(measured)) {
        if (m!.modelOk === false) {
          agreed = false;
          disagreements.push(`${inst.name}: ${e} returned a model that violates a clause`);
        }
      }
      const line = engines.map((e) => `${e}=${measured[e]!.status}${measured[e]!.ms !== undefined ? ` ${measured[e]!.ms!.toFixed(1)}ms` : ''}`).join('  ');
      log(`${inst.name} (${cnf.numVars} vars, ${cnf.clauses.length} clauses): ${line}${agreed ? '' : '  <-- DISAGREEMENT'}`);
      results.push({
        name: inst.name, origin: inst.origin, vars: cnf.numVars, clauses: cnf.clauses.length,
        classifiedAs: inst.classifiedAs, results: measured, agreed,
      });
    }
  } finally {
    for (const w of workers.values()) await w.close();
  }

  return {
    engines,
    instances: results,
    summary: summarize(engines, results),
    ratios: pairedRatios(engines, results),
    disagreements,
    notes,
    options: opts,
    totalSeconds: (performance.now() - started) / 1000,
  };
}

interface Outcome { status: RunStatus; ms?: number; wallMs?: number; modelOk?: boolean; note?: string }

async function measureOnce(
  engine: BenchEngine, inst: Instance, cnf: ReturnType<typeof parseDimacs>, timeoutMs: number,
  worker: EngineWorker | undefined, native: ExternalBinaryInfo | undefined,
): Promise<Outcome> {
  if (worker) {
    const reply = await worker.run({ path: inst.path, engine: engine as EngineName, timeoutMs });
    if (reply === 'timeout' || reply.status === 'unknown') return { status: 'timeout', note: `no answer within ${timeoutMs / 1000} s` };
    if (reply.status === 'error') return { status: 'error', note: reply.error };
    return { status: reply.status, ms: reply.ms, modelOk: reply.modelOk };
  }
  try {
    const run = runExternal(native!, inst.path, { numVars: cnf.numVars, limits: { deadline: Date.now() + timeoutMs } });
    if (run.result === 'unknown') return { status: 'timeout', note: `no answer within ${timeoutMs / 1000} s` };
    return {
      status: run.result,
      ms: run.solverSeconds !== undefined ? run.solverSeconds * 1000 : run.wallMs,
      wallMs: run.wallMs,
      modelOk: run.result === 'sat' ? modelSatisfies(cnf.clauses, run.model) : undefined,
    };
  } catch (err) {
    return { status: 'error', note: err instanceof Error ? err.message : String(err) };
  }
}

const solvedMs = (r: InstanceResult, e: BenchEngine): number | undefined => {
  const m = r.results[e];
  return m && (m.status === 'sat' || m.status === 'unsat') ? m.ms : undefined;
};

function summarize(engines: BenchEngine[], results: InstanceResult[]): EngineSummary[] {
  const common = results.filter((r) => engines.every((e) => solvedMs(r, e) !== undefined));
  return engines.map((engine) => ({
    engine,
    solved: results.filter((r) => solvedMs(r, engine) !== undefined).length,
    timeouts: results.filter((r) => r.results[engine]?.status === 'timeout').length,
    geomeanMs: common.length ? geomean(common.map((r) => solvedMs(r, engine)!)) : undefined,
  }));
}

function pairedRatios(engines: BenchEngine[], results: InstanceResult[]): EngineBenchResult['ratios'] {
  const pairs: [BenchEngine, BenchEngine][] = [['wasm', 'minisat'], ['minisat-js', 'wasm'], ['wasm', 'cadical']];
  const ratios: EngineBenchResult['ratios'] = [];
  for (const [a, b] of pairs) {
    if (!engines.includes(a) || !engines.includes(b)) continue;
    const both = results.filter((r) => solvedMs(r, a) !== undefined && solvedMs(r, b) !== undefined);
    if (!both.length) continue;
    const value = geomean(both.map((r) => solvedMs(r, a)!)) / geomean(both.map((r) => solvedMs(r, b)!));
    ratios.push({ name: `${a} / ${b}`, value, instances: both.length });
  }
  return ratios;
}

// ---------------------------------------------------------------------------------------------
// Report

const fmtMs = (ms: number | undefined): string =>
  ms === undefined ? '–' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);

function cell(m: EngineMeasurement | undefined): string {
  if (!m) return '–';
  if (m.status === 'timeout') return 'timeout';
  if (m.status === 'skipped') return 'skipped';
  if (m.status === 'error') return 'error';
  const wall = m.wallMs !== undefined ? ` (${fmtMs(m.wallMs)})` : '';
  const bad = m.modelOk === false ? ' WRONG MODEL' : '';
  return `${fmtMs(m.ms)}${wall}${bad}`;
}

/** The benchmark as markdown (for bench/results.md), without a heading: the caller places it. */
export function formatEngineBench(r: EngineBenchResult): string {
  const o = r.options;
  const out: string[] = [];
  out.push(
    `Random 3-SAT at ratio ${o.ratio} (n = ${o.sizes.join(', ')}; ${o.perKind} SAT + ${o.perKind} UNSAT per size, ` +
      `seeded, classified by native minisat within ${o.classifySeconds} CPU s) plus ${r.instances.filter((i) => i.origin === 'file').length} file(s) from bench/cnf. ` +
      `Median of ${o.repeats} runs (minisat-js: ${o.slowRepeats}); timeout ${o.timeoutSeconds} s (minisat-js ${o.slowTimeoutSeconds} s). ` +
      'Milliseconds. In-process engines (wasm, minisat-js): parse + solve from DIMACS text. ' +
      'Native engines: the CPU time the solver reports (no process start; cadical reports 10 ms resolution), wall time of the process in parentheses.',
    '',
  );
  if (r.disagreements.length) {
    out.push('**DISAGREEMENTS — some engine is wrong:**', '', ...r.disagreements.map((d) => `- ${d}`), '');
  } else {
    out.push(`All engines agree on every instance (and every SAT model was checked against the clauses).`, '');
  }
  out.push(`| instance | vars | clauses | answer | ${r.engines.join(' | ')} |`);
  out.push(`|---|---:|---:|---|${r.engines.map(() => '---:').join('|')}|`);
  for (const inst of r.instances) {
    const answer = Object.values(inst.results).find((m) => m!.status === 'sat' || m!.status === 'unsat')?.status ?? inst.classifiedAs ?? '?';
    out.push(`| ${inst.name} | ${inst.vars} | ${inst.clauses} | ${answer}${inst.agreed ? '' : ' ⚠'} | ${r.engines.map((e) => cell(inst.results[e])).join(' | ')} |`);
  }
  out.push('', '| engine | solved | timeouts | geometric mean ms (instances all engines solved) |', '|---|---:|---:|---:|');
  for (const s of r.summary) out.push(`| ${s.engine} | ${s.solved} | ${s.timeouts} | ${fmtMs(s.geomeanMs)} |`);
  if (r.ratios.length) {
    out.push('', 'Paired geometric-mean ratios (over instances both engines solved; < 1 means the first is faster):', '');
    for (const q of r.ratios) out.push(`- ${q.name}: **${q.value.toFixed(2)}** (${q.instances} instances)`);
  }
  if (r.notes.length) out.push('', 'Notes:', '', ...r.notes.map((n) => `- ${n}`));
  out.push('', `Engine bench took ${r.totalSeconds.toFixed(0)} s.`, '');
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line: node dist/bench/engine.js

const invokedDirectly = isMainThread && process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(resolve(process.argv[1])).href;

if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      repeats: { type: 'string' },
      timeout: { type: 'string' },
      engines: { type: 'string' },
      'classify-seconds': { type: 'string' },
      'per-kind': { type: 'string' },
    },
  });
  const list = (s: string | undefined): string[] | undefined => s?.split(',').map((x) => x.trim()).filter(Boolean);
  const num = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s));
  const result = await benchEngines({
    sizes: list(values.sizes)?.map(Number),
    repeats: num(values.repeats),
    timeoutSeconds: num(values.timeout),
    engines: list(values.engines) as BenchEngine[] | undefined,
    classifySeconds: num(values['classify-seconds']),
    perKind: num(values['per-kind']),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const markdown = `## SAT engines\n\n${formatEngineBench(result)}`;
  const outPath = join(result.options.outDir, 'engine.md');
  writeFileSync(outPath, markdown);
  process.stdout.write(markdown);
  process.stderr.write(`written to ${outPath}\n`);
  if (result.disagreements.length) process.exitCode = 1;
}
