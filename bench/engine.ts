/**
 * Engine benchmark: our wasm engine (default strategy `auto`, and forced to CDCL as `wasm-cdcl`)
 * against logic-solver's MiniSat (in-process) and native minisat / cadical (as processes), on seeded
 * random 3-SAT at the threshold plus any CNF files in bench/cnf/. Runs are interleaved per instance;
 * every engine must agree on SAT/UNSAT.
 *
 * Random instances are picked by classifying seeded candidates with native cadical (minisat when
 * cadical is absent) under a CPU-time budget, so the choice never depends on our engine.
 *
 * In-process engines run in a worker thread (so a run that exceeds the timeout can be terminated);
 * their time is parse + solve from the DIMACS text. Native solvers report their own CPU time, which
 * excludes process start; wall time is recorded too.
 *
 * Run on its own after `npm run build`: `node dist/bench/engine.js [--sizes 150,200] [--repeats 3]
 * [--timeout 120] [--classify-seconds 120] [--per-kind 1] [--max-candidates 10] [--repeat-below-seconds 10]
 * [--cnf-dir bench/cnf] [--engines wasm,wasm-cdcl,minisat-js,minisat,cadical]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseDimacs } from '../src/sat/dimacs.js';
import { parseCompetitionOutput, resolveExternalBinary, runExternal, type ExternalBinaryInfo } from '../src/sat/external.js';
import { loadDimacs } from '../src/sat/load.js';
import { createSolver, type EngineName, type SearchStrategy } from '../src/sat/index.js';
import { seededRandom } from '../src/util/random.js';
import { median } from '../src/util/stats.js';

export type BenchEngine = 'wasm' | 'wasm-cdcl' | 'minisat-js' | 'minisat' | 'cadical';
export const BENCH_ENGINES: readonly BenchEngine[] = ['wasm', 'wasm-cdcl', 'minisat-js', 'minisat', 'cadical'];
/** In-process engines and how to create them: `wasm` is our engine as shipped (strategy `auto`). */
const IN_PROCESS: Partial<Record<BenchEngine, { engine: EngineName; strategy?: SearchStrategy }>> = {
  wasm: { engine: 'wasm', strategy: 'auto' },
  'wasm-cdcl': { engine: 'wasm', strategy: 'cdcl' },
  'minisat-js': { engine: 'minisat-js' },
};
/** Paired ratios reported, `[a, b]` meaning a / b (< 1: a is faster). */
const RATIO_PAIRS: readonly (readonly [BenchEngine, BenchEngine])[] = [
  ['wasm', 'minisat'], ['minisat-js', 'wasm'], ['wasm', 'cadical'], ['wasm-cdcl', 'minisat'], ['minisat-js', 'wasm-cdcl'],
];

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
   * CPU seconds native cadical (minisat if cadical is absent) gets to classify a candidate; candidates
   * it does not decide within the budget are not used. Default 120.
   */
  classifySeconds?: number;
  /** Runs per (instance, engine); the median is reported. Default 3. */
  repeats?: number;
  /** Runs per instance for logic-solver's MiniSat (slow, and it ignores budgets). Default 1. */
  slowRepeats?: number;
  /** A pair (instance, engine) whose first run took longer than this many seconds is not repeated. Default 10. */
  repeatBelowSeconds?: number;
  /** Per-run timeout in seconds, every engine. Default 120. */
  timeoutSeconds?: number;
  engines?: readonly BenchEngine[];
  /** Where generated instances and the classification cache go. Default bench/out/engine. */
  outDir?: string;
  /** Extra instances (`*.cnf`, `*.cnf.gz`). Default bench/cnf. */
  cnfDir?: string;
  /** Where shipped classifications (`classification-<classifier>.json`) are read from. Default bench/. */
  shippedClassifications?: string;
  /** Progress lines. Default: none. */
  log?: (line: string) => void;
}

/** `skipped`: not run because the engine timed out on a smaller random instance of the same kind. */
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
  /** wasm engines: whether the solve ran look-ahead (true) or CDCL (false). */
  lookahead?: boolean;
  note?: string;
}

export interface InstanceResult {
  name: string;
  origin: 'random' | 'file';
  vars: number;
  clauses: number;
  /** What the classifier said when the instance was picked (random instances). */
  classifiedAs?: 'sat' | 'unsat';
  /** The classifier's CPU seconds on this instance (random instances). */
  classifySeconds?: number;
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

export type Family = 'all' | 'random SAT' | 'random UNSAT' | 'puzzle CNFs';
export const FAMILIES: readonly Family[] = ['all', 'random SAT', 'random UNSAT', 'puzzle CNFs'];

/** A paired geometric-mean ratio a / b on one family of instances. */
export interface PairedRatio {
  a: BenchEngine;
  b: BenchEngine;
  family: Family;
  /** Over instances both engines solved (undefined when there are none). */
  value?: number;
  instances: number;
  /**
   * Also counting instances where b answered and a timed out (or was skipped after a timeout),
   * with a's time taken as the timeout: a lower bound on a / b.
   */
  lowerBound?: number;
  lowerBoundInstances: number;
  /** How many of lowerBoundInstances are a's timeouts/skips. */
  censored: number;
}

export interface EngineBenchResult {
  engines: BenchEngine[];
  instances: InstanceResult[];
  summary: EngineSummary[];
  ratios: PairedRatio[];
  /** Which binary classified the random candidates (`cadical`, or `minisat` as a fallback). */
  classifier?: string;
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
  classifySeconds?: number;
}

type Classification = { status: 'sat' | 'unsat' | 'hard'; budget: number; seconds?: number };

/**
 * Runs the classifier on one file under a CPU-time limit (so the answer does not depend on how
 * loaded the machine is). cadical's own `-t` is wall-clock, so it runs under `ulimit -t` instead;
 * minisat takes `-cpu-lim`. The wall-clock timeout is only a backstop.
 */
function classify(classifier: ExternalBinaryInfo, path: string, numVars: number, cpuSeconds: number): Classification {
  const budget = cpuSeconds;
  const backstopMs = (cpuSeconds * 3 + 30) * 1000;
  if (classifier.name === 'minisat') {
    const run = runExternal(classifier, path, { numVars, cpuSeconds, limits: { deadline: Date.now() + backstopMs } });
    return run.result === 'unknown' ? { status: 'hard', budget } : { status: run.result, budget, seconds: run.solverSeconds };
  }
  const proc = spawnSync('/bin/sh', ['-c', 'ulimit -t "$1" && shift && exec "$@"', 'sh', String(Math.ceil(cpuSeconds)), classifier.path, '--report=false', path], {
    encoding: 'utf8', maxBuffer: 1 << 28, timeout: backstopMs, killSignal: 'SIGKILL',
  });
  if (proc.error && (proc.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw new Error(`could not run ${classifier.path}: ${proc.error.message}`);
  const run = parseCompetitionOutput(proc.stdout ?? '', numVars);
  const expected = run.result === 'sat' ? 10 : run.result === 'unsat' ? 20 : undefined;
  if (expected === undefined || proc.status !== expected) {
    // Killed at the CPU limit (SIGXCPU/SIGKILL) or the backstop: undecided within the budget.
    if (proc.signal || proc.error || expected === undefined) return { status: 'hard', budget };
    throw new Error(`${classifier.name} printed ${run.result} but exited with ${proc.status}: ${(proc.stderr ?? '').slice(0, 300)}`);
  }
  return { status: run.result as 'sat' | 'unsat', budget, seconds: run.solverSeconds };
}

/**
 * Picks random instances of both kinds per size, classifying candidates with native cadical (or
 * minisat), cached per classifier in outDir. A candidate the classifier does not decide within
 * classifySeconds CPU seconds is not used. A kind is given up for larger sizes only when a size fell
 * short of it *and* some candidate of that size was undecided within the budget (hardness grows
 * with n); a shortfall that is just the SAT/UNSAT split of the seeds tried does not stop the search.
 */
function pickRandomInstances(
  opts: EngineBenchResult['options'], classifier: ExternalBinaryInfo, log: (s: string) => void, notes: string[],
): Instance[] {
  const cachePath = join(opts.outDir, `classification-${classifier.name}-cpu.json`);
  // Answers the classifier found once with a longer budget than a bench run affords (n = 350 UNSAT
  // takes cadical 5-11 CPU minutes) ship in bench/; the local cache adds to them.
  const shippedPath = join(opts.shippedClassifications, `classification-${classifier.name}.json`);
  const shipped: Record<string, Classification> = existsSync(shippedPath) ? JSON.parse(readFileSync(shippedPath, 'utf8')) : {};
  const local: Record<string, Classification> = existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, 'utf8')) : {};
  const cache: Record<string, Classification> = { ...local };
  for (const [name, c] of Object.entries(shipped)) if (c.status !== 'hard' || !cache[name]) cache[name] = c;
  const picked: Instance[] = [];
  const hopeless = { sat: false, unsat: false };
  for (const n of [...opts.sizes].sort((a, b) => a - b)) {
    const want = { sat: hopeless.sat ? 0 : opts.perKind, unsat: hopeless.unsat ? 0 : opts.perKind };
    let undecided = 0;
    let tried = 0;
    for (let seed = 0; seed < opts.maxCandidates && (want.sat > 0 || want.unsat > 0); seed++) {
      tried++;
      const name = `r3sat-n${n}-r${opts.ratio}-s${seed}`;
      const path = join(opts.outDir, `${name}.cnf`);
      const text = random3SatDimacs(n, opts.ratio, seed);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
      let c = cache[name];
      if (!c || (c.status === 'hard' && c.budget < opts.classifySeconds)) {
        c = classify(classifier, path, n, opts.classifySeconds);
        cache[name] = c;
        writeFileSync(cachePath, JSON.stringify(cache, null, 1));
        log(`classify ${name} with ${classifier.name}: ${c.status}${c.seconds !== undefined ? ` (${c.seconds.toFixed(2)} CPU s)` : ` (not decided within ${c.budget} CPU s)`}`);
      }
      // Undecided: not used. A known answer is used even when it took longer than this budget.
      if (c.status === 'hard') {
        undecided++;
        continue;
      }
      if (want[c.status] > 0) {
        want[c.status]--;
        picked.push({ name, path, origin: 'random', classifiedAs: c.status, classifySeconds: c.seconds });
      }
    }
    for (const kind of ['sat', 'unsat'] as const) {
      if (hopeless[kind]) {
        notes.push(`n=${n}: no ${kind.toUpperCase()} instance sought (a smaller size had none ${classifier.name} decides within ${opts.classifySeconds} CPU s).`);
      } else if (want[kind] > 0) {
        notes.push(`n=${n}: only ${opts.perKind - want[kind]} of ${opts.perKind} ${kind.toUpperCase()} instances found among ` +
          `${tried} seeds (${undecided} not decided by ${classifier.name} within ${opts.classifySeconds} CPU s; raise classifySeconds/maxCandidates).`);
        if (undecided > 0) hopeless[kind] = true;
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

function readCnfBytes(path: string): Buffer {
  const bytes = readFileSync(path);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

function readCnfText(path: string): string {
  return readCnfBytes(path).toString('utf8');
}

function modelSatisfies(clauses: readonly (readonly number[])[], model: Uint8Array): boolean {
  return clauses.every((c) => c.some((l) => (model[l < 0 ? -l : l] === 1) === l > 0));
}

// ---------------------------------------------------------------------------------------------
// In-process engines, in a worker thread

const WORKER_ROLE = 'gridsat-engine-bench';

interface WorkerRequest { path: string; engine: EngineName; strategy?: SearchStrategy; timeoutMs: number }
interface WorkerReply { status: 'sat' | 'unsat' | 'unknown' | 'error'; ms: number; modelOk?: boolean; lookahead?: boolean; error?: string }

/** Parses and solves a formula once, so module loading and wasm/asm.js compilation are not timed. */
function warmUp(engine: EngineName, strategy: SearchStrategy | undefined): void {
  // V8 compiles wasm in a baseline tier first and optimises a function once it has run enough, so
  // warm both of the engine's strategies (random 3-SAT goes to look-ahead under auto, a formula
  // with binary clauses to CDCL) until the hot functions are optimised, before anything is timed.
  const random = parseDimacs(random3SatDimacs(150, 4.26, 2)).clauses;
  const structured = [...random, ...random.slice(0, 200).map((c) => c.slice(0, 2))];
  for (let round = 0; round < 4; round++) {
    for (const clauses of [random, structured]) {
      const solver = createSolver(engine, { strategy });
      solver.addClauses(clauses);
      solver.solve();
      solver.dispose();
    }
  }
}

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === WORKER_ROLE) {
  const warmed = new Set<string>();
  parentPort!.on('message', (req: WorkerRequest) => {
    try {
      const key = `${req.engine}:${req.strategy ?? ''}`;
      if (!warmed.has(key)) {
        warmUp(req.engine, req.strategy);
        warmed.add(key);
      }
      const bytes = readCnfBytes(req.path);
      // Timed: reading the DIMACS and solving, each engine the way gridsat sat does it (loadDimacs:
      // the wasm engine parses in C, logic-solver gets the clauses from parseDimacs).
      const start = performance.now();
      const solver = createSolver(req.engine, { strategy: req.strategy });
      loadDimacs(solver, bytes, req.path);
      const status = solver.solve({ limits: { deadline: Date.now() + req.timeoutMs } });
      const ms = performance.now() - start;
      const modelOk = status === 'sat' ? modelSatisfies(parseDimacs(bytes.toString('utf8'), req.path).clauses, solver.model()) : undefined;
      const lookaheadSolves = solver.stats().lookaheadSolves;
      solver.dispose();
      const lookahead = lookaheadSolves === undefined ? undefined : lookaheadSolves > 0;
      parentPort!.postMessage({ status, ms, modelOk, lookahead } satisfies WorkerReply);
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
    classifySeconds: options.classifySeconds ?? 120,
    repeats: options.repeats ?? 3,
    slowRepeats: options.slowRepeats ?? 1,
    repeatBelowSeconds: options.repeatBelowSeconds ?? 10,
    timeoutSeconds: options.timeoutSeconds ?? 120,
    outDir: options.outDir ?? join(root, 'bench', 'out', 'engine'),
    cnfDir: options.cnfDir ?? join(root, 'bench', 'cnf'),
    shippedClassifications: options.shippedClassifications ?? join(root, 'bench'),
  };
  const log = options.log ?? (() => {});
  const notes: string[] = [];
  mkdirSync(opts.outDir, { recursive: true });

  // Which engines can run here.
  const engines: BenchEngine[] = [];
  const natives = new Map<BenchEngine, ExternalBinaryInfo>();
  for (const engine of options.engines ?? BENCH_ENGINES) {
    try {
      const spec = IN_PROCESS[engine];
      if (spec) createSolver(spec.engine, { strategy: spec.strategy }).dispose();
      else if (engine === 'minisat' || engine === 'cadical') natives.set(engine, resolveExternalBinary(engine));
      else throw new Error(`unknown bench engine (known: ${BENCH_ENGINES.join(', ')})`);
      engines.push(engine);
    } catch (err) {
      notes.push(`engine ${engine} skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // The classifier is a native solver, never our engine: cadical, else minisat.
  let classifier: ExternalBinaryInfo | undefined;
  for (const name of ['cadical', 'minisat']) {
    try {
      classifier = resolveExternalBinary(name);
      break;
    } catch { /* try the next one */ }
  }
  const instances: Instance[] = [];
  if (classifier) {
    if (classifier.name !== 'cadical') notes.push(`native cadical not found: random instances classified by ${classifier.name} instead`);
    instances.push(...pickRandomInstances(opts, classifier, log, notes));
  } else {
    notes.push('neither native cadical nor minisat found: random instances cannot be classified and are skipped');
  }
  instances.push(...fileInstances(opts.cnfDir));

  const workers = new Map<BenchEngine, EngineWorker>();
  for (const e of engines) if (IN_PROCESS[e]) workers.set(e, new EngineWorker());
  // After an engine times out on a random instance of a kind (n vars) it is skipped on larger ones of that kind.
  const givenUp = new Map<string, { n: number; instance: string }>();

  const results: InstanceResult[] = [];
  const disagreements: string[] = [];
  try {
    for (const inst of instances) {
      const cnf = parseDimacs(readCnfText(inst.path), inst.path);
      const perEngine = new Map<BenchEngine, {
        status: RunStatus; ms: number[]; wall: number[]; modelOk?: boolean; lookahead?: boolean; note?: string;
      }>();
      for (const e of engines) {
        const gaveUp = inst.origin === 'random' ? givenUp.get(`${e}:${inst.classifiedAs}`) : undefined;
        const skip = gaveUp !== undefined && cnf.numVars > gaveUp.n;
        perEngine.set(e, { status: skip ? 'skipped' : 'sat', ms: [], wall: [], note: skip ? `timed out on ${gaveUp.instance}` : undefined });
      }
      const maxRepeats = Math.max(opts.repeats, opts.slowRepeats);
      for (let rep = 0; rep < maxRepeats; rep++) {
        // Rotate the order each round so no engine always runs first (cache/thermal effects).
        const order = engines.map((_, k) => engines[(k + rep) % engines.length]!);
        for (const e of order) {
          const m = perEngine.get(e)!;
          if (m.status === 'skipped' || m.status === 'timeout' || m.status === 'error') continue;
          if (rep >= (e === 'minisat-js' ? opts.slowRepeats : opts.repeats)) continue;
          // A long first run is not repeated: its median is that one run.
          if (rep > 0 && m.ms[0]! > opts.repeatBelowSeconds * 1000) continue;
          const timeoutMs = opts.timeoutSeconds * 1000;
          const outcome = await measureOnce(e, inst, cnf, timeoutMs, workers.get(e), natives.get(e));
          if (outcome.lookahead !== undefined) m.lookahead = (m.lookahead ?? false) || outcome.lookahead;
          if (outcome.status === 'timeout' || outcome.status === 'error') {
            m.status = outcome.status;
            m.note = outcome.note;
            if (outcome.status === 'timeout' && inst.origin === 'random') {
              const key = `${e}:${inst.classifiedAs}`;
              if ((givenUp.get(key)?.n ?? Infinity) > cnf.numVars) givenUp.set(key, { n: cnf.numVars, instance: inst.name });
            }
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
          lookahead: m.lookahead,
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
      const line = engines.map((e) => {
        const m = measured[e]!;
        return `${e}=${m.status}${m.ms !== undefined ? ` ${m.ms.toFixed(1)}ms x${m.runs}` : ''}`;
      }).join('  ');
      log(`${inst.name} (${cnf.numVars} vars, ${cnf.clauses.length} clauses): ${line}${agreed ? '' : '  <-- DISAGREEMENT'}`);
      results.push({
        name: inst.name, origin: inst.origin, vars: cnf.numVars, clauses: cnf.clauses.length,
        classifiedAs: inst.classifiedAs, classifySeconds: inst.classifySeconds, results: measured, agreed,
      });
    }
  } finally {
    for (const w of workers.values()) await w.close();
  }

  return {
    engines,
    instances: results,
    summary: summarize(engines, results),
    ratios: pairedRatios(engines, results, opts.timeoutSeconds * 1000),
    classifier: classifier?.name,
    disagreements,
    notes,
    options: opts,
    totalSeconds: (performance.now() - started) / 1000,
  };
}

interface Outcome { status: RunStatus; ms?: number; wallMs?: number; modelOk?: boolean; lookahead?: boolean; note?: string }

async function measureOnce(
  engine: BenchEngine, inst: Instance, cnf: ReturnType<typeof parseDimacs>, timeoutMs: number,
  worker: EngineWorker | undefined, native: ExternalBinaryInfo | undefined,
): Promise<Outcome> {
  if (worker) {
    const spec = IN_PROCESS[engine]!;
    const reply = await worker.run({ path: inst.path, engine: spec.engine, strategy: spec.strategy, timeoutMs });
    if (reply === 'timeout') return { status: 'timeout', note: `no answer within ${timeoutMs / 1000} s` };
    const lookahead = spec.engine === 'wasm' ? reply.lookahead : undefined;
    if (reply.status === 'unknown') return { status: 'timeout', lookahead, note: `no answer within ${timeoutMs / 1000} s` };
    if (reply.status === 'error') return { status: 'error', note: reply.error };
    return { status: reply.status, ms: reply.ms, modelOk: reply.modelOk, lookahead };
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

/** Timed out, or skipped because it timed out on a smaller instance of the same kind. */
const gaveUp = (r: InstanceResult, e: BenchEngine): boolean => {
  const s = r.results[e]?.status;
  return s === 'timeout' || s === 'skipped';
};

function familyOf(r: InstanceResult): Exclude<Family, 'all'> {
  if (r.origin === 'file') return 'puzzle CNFs';
  const answer = Object.values(r.results).find((m) => m!.status === 'sat' || m!.status === 'unsat')?.status ?? r.classifiedAs;
  return answer === 'unsat' ? 'random UNSAT' : 'random SAT';
}

function summarize(engines: BenchEngine[], results: InstanceResult[]): EngineSummary[] {
  const common = results.filter((r) => engines.every((e) => solvedMs(r, e) !== undefined));
  return engines.map((engine) => ({
    engine,
    solved: results.filter((r) => solvedMs(r, engine) !== undefined).length,
    timeouts: results.filter((r) => r.results[engine]?.status === 'timeout').length,
    geomeanMs: common.length ? geomean(common.map((r) => solvedMs(r, engine)!)) : undefined,
  }));
}

/**
 * a / b per family: over instances both solved, and a lower bound that also counts instances where
 * b answered but a gave up (timeout, or skipped after one), with a's time taken as the timeout.
 */
function pairedRatios(engines: BenchEngine[], results: InstanceResult[], timeoutMs: number): PairedRatio[] {
  const ratios: PairedRatio[] = [];
  for (const [a, b] of RATIO_PAIRS) {
    if (!engines.includes(a) || !engines.includes(b)) continue;
    for (const family of FAMILIES) {
      const rs = family === 'all' ? results : results.filter((r) => familyOf(r) === family);
      const both = rs.filter((r) => solvedMs(r, a) !== undefined && solvedMs(r, b) !== undefined);
      const censored = rs.filter((r) => gaveUp(r, a) && solvedMs(r, b) !== undefined);
      const ratio = (xs: InstanceResult[], aMs: (r: InstanceResult) => number): number | undefined =>
        xs.length ? geomean(xs.map(aMs)) / geomean(xs.map((r) => solvedMs(r, b)!)) : undefined;
      const lower = [...both, ...censored];
      ratios.push({
        a, b, family,
        value: ratio(both, (r) => solvedMs(r, a)!),
        instances: both.length,
        lowerBound: ratio(lower, (r) => solvedMs(r, a) ?? timeoutMs),
        lowerBoundInstances: lower.length,
        censored: censored.length,
      });
    }
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
  if (m.status === 'skipped') return 'skipped†';
  if (m.status === 'error') return 'error';
  const wall = m.wallMs !== undefined ? ` (${fmtMs(m.wallMs)})` : '';
  const bad = m.modelOk === false ? ' WRONG MODEL' : '';
  return `${fmtMs(m.ms)}${wall}${bad}`;
}

/** Which strategy the shipped `wasm` engine used on an instance (also known after a deadline timeout). */
function strategyCell(m: EngineMeasurement | undefined): string {
  if (m?.lookahead === undefined) return '–';
  return m.lookahead ? 'look-ahead' : 'CDCL';
}

function ratioCell(q: PairedRatio | undefined): string {
  if (!q || (q.value === undefined && q.censored === 0)) return '–';
  const paired = q.value === undefined ? '–' : `**${q.value.toFixed(2)}** (${q.instances})`;
  const bound = q.censored > 0 && q.lowerBound !== undefined
    ? ` · ≥ ${q.lowerBound.toFixed(2)} (${q.lowerBoundInstances}, ${q.censored} t/o)` : '';
  return paired + bound;
}

const runs = (k: number): string => (k === 1 ? 'one run' : `${k} runs`);

/** The benchmark as markdown (for bench/results.md), without a heading: the caller places it. */
export function formatEngineBench(r: EngineBenchResult): string {
  const o = r.options;
  const out: string[] = [];
  const files = r.instances.filter((i) => i.origin === 'file').length;
  const cnfDir = relative(repoRoot(), o.cnfDir) || o.cnfDir;
  const classifier = r.classifier ?? 'no classifier (none found)';
  const hasWasm = r.engines.includes('wasm');
  out.push(
    (o.sizes.length
      ? `Random 3-SAT at ratio ${o.ratio} (n = ${o.sizes.join(', ')}; up to ${o.perKind} SAT + ${o.perKind} UNSAT per size from ` +
        `${o.maxCandidates} seeds each) plus ${files} puzzle CNF file(s) gridsat wrote (${cnfDir}). `
      : `${files} CNF file(s) from ${cnfDir}, no random instances. `) +
      `**Classifier:** each random candidate is decided first by native ${classifier} under a ${o.classifySeconds} CPU-second limit ` +
      `(the "classify s" column is its CPU time); candidates it does not decide within that are not used, and our engine plays no part in the choice. ` +
      `Answers ${classifier} found once with a longer budget ship in bench/classification-${classifier}.json and are used as they are ` +
      `(delete the file to recompute them; n = 350 UNSAT instances take cadical 5–11 CPU minutes each). ` +
      `**Budgets:** every engine, minisat-js included, gets a ${o.timeoutSeconds} s timeout per run. ` +
      (o.repeats === 1 && o.slowRepeats === 1
        ? '**Repeats:** one run per (instance, engine). '
        : `**Repeats:** median of ${runs(o.repeats)} (minisat-js: ${runs(o.slowRepeats)}), except that an (instance, engine) pair whose first run ` +
          `took more than ${o.repeatBelowSeconds} s is not repeated (its figure is that one run). `) +
      `An engine that timed out on a random instance is not run on larger random instances of the same kind (skipped†). ` +
      'Milliseconds. In-process engines (wasm, wasm-cdcl, minisat-js): reading the DIMACS bytes plus solving, in a worker thread, the way `gridsat sat` does it (`loadDimacs`: the wasm engine parses in C, logic-solver, which has no parser, gets its clauses from gridsat\'s `parseDimacs`). ' +
      'Native engines: the CPU time the solver reports (no process start; cadical reports 10 ms resolution), wall time of the process in parentheses. ' +
      '`wasm` is our engine as shipped (strategy `auto`: look-ahead for uniform random k-SAT, CDCL otherwise' +
      (hasWasm ? '; the "wasm ran" column says which it used on each instance' : '') +
      '); `wasm-cdcl` is the same engine forced to `strategy: \'cdcl\'`.',
    '',
  );
  if (r.disagreements.length) {
    out.push('**DISAGREEMENTS — some engine is wrong:**', '', ...r.disagreements.map((d) => `- ${d}`), '');
  } else {
    out.push(`All engines agree on every instance (and every SAT model was checked against the clauses).`, '');
  }
  out.push(`| instance | vars | clauses | answer | classify s |${hasWasm ? ' wasm ran |' : ''} ${r.engines.join(' | ')} |`);
  out.push(`|---|---:|---:|---|---:|${hasWasm ? '---|' : ''}${r.engines.map(() => '---:').join('|')}|`);
  for (const inst of r.instances) {
    const answer = Object.values(inst.results).find((m) => m!.status === 'sat' || m!.status === 'unsat')?.status ?? inst.classifiedAs ?? '?';
    const classify = inst.classifySeconds === undefined ? '–' : inst.classifySeconds.toFixed(2);
    out.push(`| ${inst.name} | ${inst.vars} | ${inst.clauses} | ${answer}${inst.agreed ? '' : ' ⚠'} | ${classify} |` +
      `${hasWasm ? ` ${strategyCell(inst.results.wasm)} |` : ''} ${r.engines.map((e) => cell(inst.results[e])).join(' | ')} |`);
  }
  const skips = r.instances.flatMap((i) => r.engines.filter((e) => i.results[e]?.status === 'skipped').map((e) => `${e} on ${i.name} (${i.results[e]!.note})`));
  if (skips.length) out.push('', `† Not run because the engine timed out on a smaller instance of the same kind: ${skips.join('; ')}.`);
  out.push('', '| engine | solved | timeouts | skipped† | geometric mean ms (instances all engines solved) |', '|---|---:|---:|---:|---:|');
  for (const s of r.summary) {
    const skipped = r.instances.filter((i) => i.results[s.engine]?.status === 'skipped').length;
    out.push(`| ${s.engine} | ${s.solved} | ${s.timeouts} | ${skipped} | ${fmtMs(s.geomeanMs)} |`);
  }
  if (r.ratios.length) {
    out.push(
      '',
      'Paired geometric-mean ratios a / b (< 1 means a is faster). **Bold**: over the instances both engines solved (count in parentheses). ' +
        `"≥ x (n, k t/o)": the same ratio over a larger set, n instances that add the k where b answered but a timed out or was skipped† after a timeout, ` +
        `taking a's time as the ${o.timeoutSeconds} s timeout, so x is a lower bound on the true ratio over those n instances ` +
        '(it can be below the bold figure, which covers fewer instances; for skipped runs it assumes a would not have been faster on the larger instance). ' +
        'Shown only when there are such instances. Instances where a answered and b did not are left out of both. ' +
        'Times are floored at 0.1 ms; cadical reports CPU time in 10 ms steps, so its 0.0 on millisecond puzzle CNFs makes ratios against cadical on that family meaningless. ' +
        'Targets (issue 2): wasm / minisat ≤ 1.5, minisat-js / wasm ≥ 10.',
      '',
      `| a / b | ${FAMILIES.join(' | ')} |`,
      `|---|${FAMILIES.map(() => '---:').join('|')}|`,
    );
    const pairs = [...new Set(r.ratios.map((q) => `${q.a} / ${q.b}`))];
    for (const pair of pairs) {
      const row = FAMILIES.map((f) => ratioCell(r.ratios.find((q) => `${q.a} / ${q.b}` === pair && q.family === f)));
      out.push(`| ${pair} | ${row.join(' | ')} |`);
    }
  }
  if (r.notes.length) out.push('', 'Notes:', '', ...r.notes.map((n) => `- ${n}`));
  out.push('', `Engine bench took ${r.totalSeconds.toFixed(0)} s (classification included, cached in ${relative(repoRoot(), o.outDir) || o.outDir}).`, '');
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
      'max-candidates': { type: 'string' },
      'repeat-below-seconds': { type: 'string' },
      'cnf-dir': { type: 'string' },
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
    maxCandidates: num(values['max-candidates']),
    repeatBelowSeconds: num(values['repeat-below-seconds']),
    cnfDir: values['cnf-dir'],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const markdown = `## SAT engines\n\n${formatEngineBench(result)}`;
  const outPath = join(result.options.outDir, 'engine.md');
  writeFileSync(outPath, markdown);
  process.stdout.write(markdown);
  process.stderr.write(`written to ${outPath}\n`);
  if (result.disagreements.length) process.exitCode = 1;
}
