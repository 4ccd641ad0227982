import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { writeDimacsBytes } from './dimacs.js';
import type { Clause, Lit, SatSolver, SolveLimits, SolveOptions, SolveResult, SolverStats } from './types.js';
import { CnfCollector } from './collector.js';
import { literalValue } from './model.js';

/** Native solvers whose command-line conventions we know, in order of preference. */
export const KNOWN_BINARIES = ['cadical', 'kissat', 'minisat', 'picosat'] as const;
export type KnownBinary = (typeof KNOWN_BINARIES)[number];

/** Solvers that honour a conflict budget (`SolveLimits.conflicts`); the others ignore it. */
export const CONFLICT_LIMIT_SUPPORT: ReadonlySet<KnownBinary> = new Set(['cadical', 'kissat']);

export interface ExternalBinaryInfo {
  name: KnownBinary;
  path: string;
}

/** Looks a command up on the PATH; returns its absolute path or undefined. */
function which(command: string): string | undefined {
  if (command.includes('/')) return isExecutable(command) ? command : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Which of the known native solvers are on the PATH, in order of preference. */
export function findExternalSolvers(): ExternalBinaryInfo[] {
  const found: ExternalBinaryInfo[] = [];
  for (const name of KNOWN_BINARIES) {
    const path = which(name);
    if (path) found.push({ name, path });
  }
  return found;
}

/** `cadical`, `/opt/bin/kissat`, … → which output convention to expect. */
function conventionOf(binary: string): KnownBinary {
  const base = basename(binary);
  const known = KNOWN_BINARIES.find((k) => base === k || base.startsWith(k));
  if (!known) throw new Error(`unknown external solver '${binary}' (known: ${KNOWN_BINARIES.join(', ')})`);
  return known;
}

/** Resolves `options.binary` (a known name or a path), or the first known solver on the PATH. */
export function resolveExternalBinary(binary?: string): ExternalBinaryInfo {
  if (binary === undefined) {
    const first = findExternalSolvers()[0];
    if (!first) throw new Error(`no external SAT solver on the PATH (looked for ${KNOWN_BINARIES.join(', ')})`);
    return first;
  }
  const name = conventionOf(binary);
  const path = which(binary);
  if (!path) throw new Error(`external solver '${binary}' is not on the PATH`);
  return { name, path };
}

/** What one run of a native solver reported. */
export interface ExternalRun {
  result: SolveResult;
  /** index v = 1/0 for variable v (only after 'sat'; unmentioned variables are 0). */
  model: Uint8Array;
  /** Failed assumptions when the solver reports them (picosat), else undefined. */
  failed?: Lit[];
  conflicts: number;
  decisions: number;
  propagations: number;
  restarts: number;
  /** Peak memory the solver reported, in bytes (0 when it did not say). */
  peakMemoryBytes: number;
  /** CPU seconds the solver itself reported (undefined if it did not say). */
  solverSeconds?: number;
  /** Wall time of the whole process, in milliseconds. */
  wallMs: number;
  /** True when the run was killed at the deadline. */
  timedOut: boolean;
}

export interface RunExternalOptions {
  numVars: number;
  limits?: SolveLimits;
  /**
   * Assumptions passed natively (picosat `-a`, which also reports the failed ones). Other solvers
   * get assumptions as unit clauses in the file instead, see ExternalSolver.
   */
  assumptions?: readonly Lit[];
  /**
   * A CPU-time budget in whole seconds for minisat (`-cpu-lim`), which unlike a deadline does not
   * depend on machine load. Other solvers ignore it (their time flags are wall-clock).
   */
  cpuSeconds?: number;
  /** Directory for result files (minisat), default: a fresh temp dir. */
  workDir?: string;
}

/**
 * Runs a native solver on a DIMACS file and parses its answer.
 * Limits: `deadline` everywhere (solver's own time flag plus a hard kill); `conflicts` for cadical
 * (`-c`) and kissat (`--conflicts`); `propagations` for picosat (`-P`); others are ignored.
 */
export function runExternal(bin: ExternalBinaryInfo, cnfPath: string, options: RunExternalOptions): ExternalRun {
  const limits = options.limits ?? {};
  const started = Date.now();
  let remainingMs: number | undefined;
  if (limits.deadline !== undefined) {
    remainingMs = limits.deadline - started;
    if (remainingMs <= 0) return emptyRun('unknown', options.numVars, 0, true);
  }
  const seconds = remainingMs === undefined ? undefined : Math.max(1, Math.ceil(remainingMs / 1000));
  const ownDir = options.workDir === undefined;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'gridsat-run-'));
  const resultPath = join(workDir, 'result.txt');
  const failedPath = join(workDir, 'failed.txt');

  const args: string[] = [];
  switch (bin.name) {
    case 'cadical':
      if (limits.conflicts !== undefined) args.push('-c', String(limits.conflicts));
      if (seconds !== undefined) args.push('-t', String(seconds));
      args.push(cnfPath);
      break;
    case 'kissat':
      if (limits.conflicts !== undefined) args.push(`--conflicts=${limits.conflicts}`);
      if (seconds !== undefined) args.push(`--time=${seconds}`);
      args.push(cnfPath);
      break;
    case 'minisat':
      if (options.cpuSeconds !== undefined || seconds !== undefined) {
        args.push(`-cpu-lim=${Math.min(Math.ceil(options.cpuSeconds ?? Infinity), seconds ?? Infinity)}`);
      }
      args.push(cnfPath, resultPath);
      break;
    case 'picosat':
      args.push('-v');
      if (limits.propagations !== undefined) args.push('-P', String(limits.propagations));
      if (seconds !== undefined) args.push('-L', String(seconds));
      for (const a of options.assumptions ?? []) args.push('-a', String(a));
      if (options.assumptions?.length) args.push('-A', failedPath);
      args.push(cnfPath);
      break;
  }

  try {
    const proc = spawnSync(bin.path, args, {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      // The solver's own limit should fire first; the kill is the backstop for one that ignores it.
      timeout: remainingMs === undefined ? undefined : remainingMs + 500,
      killSignal: 'SIGKILL',
    });
    const wallMs = Date.now() - started;
    if (proc.error && (proc.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') {
      throw new Error(`could not run ${bin.path}: ${proc.error.message}`);
    }
    if (proc.signal || (proc.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
      return emptyRun('unknown', options.numVars, wallMs, true);
    }
    const stdout = proc.stdout ?? '';
    const run = bin.name === 'minisat'
      ? parseMinisat(stdout, readIfExists(resultPath), options.numVars)
      : parseCompetitionOutput(stdout, options.numVars);
    run.wallMs = wallMs;
    run.timedOut = run.result === 'unknown' &&
      ((limits.deadline !== undefined && Date.now() >= limits.deadline) || (bin.name === 'minisat' && options.cpuSeconds !== undefined));
    const code = proc.status;
    const expected = run.result === 'sat' ? 10 : run.result === 'unsat' ? 20 : undefined;
    if (expected !== undefined && code !== expected) {
      throw new Error(`${bin.name} printed ${run.result} but exited with ${code}`);
    }
    if (expected === undefined && code !== 0 && code !== 10 && code !== 20 && !run.timedOut) {
      throw new Error(`${bin.name} failed (exit ${code}): ${(proc.stderr ?? '').trim().slice(0, 500)}`);
    }
    if (bin.name === 'picosat' && run.result === 'unsat' && options.assumptions?.length) {
      run.failed = readIfExists(failedPath)?.split(/\s+/).filter(Boolean).map(Number).filter((l) => l !== 0) ?? [...options.assumptions];
    }
    return run;
  } finally {
    if (ownDir) rmSync(workDir, { recursive: true, force: true });
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function emptyRun(result: SolveResult, numVars: number, wallMs: number, timedOut: boolean): ExternalRun {
  return {
    result, model: new Uint8Array(numVars + 1), conflicts: 0, decisions: 0, propagations: 0, restarts: 0, peakMemoryBytes: 0,
    wallMs, timedOut,
  };
}

function setModel(model: Uint8Array, values: Iterable<string>): void {
  for (const token of values) {
    const lit = Number(token);
    if (!Number.isInteger(lit) || lit === 0) continue;
    const v = Math.abs(lit);
    if (v < model.length) model[v] = lit > 0 ? 1 : 0;
  }
}

/** First number matched by `re` in `text` (commas allowed), or 0. */
function statistic(text: string, re: RegExp): number {
  const m = re.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : 0;
}

/** `s`/`v` lines (cadical, kissat, picosat) plus the statistics each prints in `c` lines. */
export function parseCompetitionOutput(stdout: string, numVars: number): ExternalRun {
  const run = emptyRun('unknown', numVars, 0, false);
  for (const line of stdout.split('\n')) {
    if (line.startsWith('s ')) {
      const status = line.slice(2).trim();
      run.result = status === 'SATISFIABLE' ? 'sat' : status === 'UNSATISFIABLE' ? 'unsat' : 'unknown';
    } else if (line.startsWith('v ')) {
      setModel(run.model, line.slice(2).split(/\s+/));
    }
  }
  // cadical/kissat: "c conflicts:   123 ..."; picosat -v: "c 123 conflicts".
  run.conflicts = statistic(stdout, /^c conflicts:\s+(\d+)/m) || statistic(stdout, /^c (\d+) conflicts/m);
  run.decisions = statistic(stdout, /^c decisions:\s+(\d+)/m) || statistic(stdout, /^c (\d+) decisions/m);
  run.propagations = statistic(stdout, /^c propagations:\s+(\d+)/m) || statistic(stdout, /^c (\d+) propagations/m);
  run.restarts = statistic(stdout, /^c restarts:\s+(\d+)/m) || statistic(stdout, /^c (\d+) restarts/m);
  const seconds = /^c total process time since initialization:\s+([\d.]+)/m.exec(stdout)
    ?? /^c process-time:.*?([\d.]+)\s+seconds/m.exec(stdout)
    ?? /^c ([\d.]+) seconds total run time/m.exec(stdout);
  if (seconds) run.solverSeconds = Number(seconds[1]);
  // cadical: "maximum resident set size of process: 3.17 MB"; kissat: "maximum-resident-set-size: N bytes";
  // picosat: "1.5 MB maximally allocated".
  const bytes = /^c maximum-resident-set-size:\s+(\d+)\s+bytes/m.exec(stdout);
  const mb = /^c maximum resident set size of process:\s+([\d.]+)\s+MB/m.exec(stdout) ?? /^c ([\d.]+) MB maximally allocated/m.exec(stdout);
  run.peakMemoryBytes = bytes ? Number(bytes[1]) : mb ? Math.round(Number(mb[1]) * 2 ** 20) : 0;
  return run;
}

/** minisat: verdict and model in the result file ("SAT\n1 -2 … 0" / "UNSAT" / "INDET"), statistics on stdout. */
export function parseMinisat(stdout: string, resultFile: string | undefined, numVars: number): ExternalRun {
  const run = emptyRun('unknown', numVars, 0, false);
  const [verdict = '', ...rest] = (resultFile ?? '').split('\n');
  if (verdict.trim() === 'SAT') {
    run.result = 'sat';
    setModel(run.model, rest.join(' ').split(/\s+/));
  } else if (verdict.trim() === 'UNSAT') {
    run.result = 'unsat';
  }
  run.conflicts = statistic(stdout, /^conflicts\s*:\s*(\d+)/m);
  run.decisions = statistic(stdout, /^decisions\s*:\s*(\d+)/m);
  run.propagations = statistic(stdout, /^propagations\s*:\s*(\d+)/m);
  run.restarts = statistic(stdout, /^restarts\s*:\s*(\d+)/m);
  const cpu = /^CPU time\s*:\s*([\d.]+)/m.exec(stdout);
  if (cpu) run.solverSeconds = Number(cpu[1]);
  const mb = /^Memory used\s*:\s*([\d.]+)\s*MB/m.exec(stdout);
  if (mb) run.peakMemoryBytes = Math.round(Number(mb[1]) * 2 ** 20);
  return run;
}

/**
 * A native solver behind the SatSolver interface. Clauses are kept in memory; each `solve` writes
 * them (plus assumptions as unit clauses, except for picosat which takes them natively) to a temp
 * DIMACS file and runs the binary from scratch, so nothing is learned between calls.
 * failedAssumptions: picosat's own answer; for the others all assumptions (a sound superset).
 */
export class ExternalSolver implements SatSolver {
  readonly name: string;
  readonly binary: ExternalBinaryInfo;
  /** The formula so far: the binary gets all of it on every solve. */
  private readonly cnf = new CnfCollector();
  private lastModel: Uint8Array = new Uint8Array(1);
  private failed: Lit[] = [];
  private lastRunInfo: ExternalRun | undefined;
  private readonly counters: SolverStats = {
    conflicts: 0, decisions: 0, propagations: 0, restarts: 0, learnedClauses: 0, peakMemoryBytes: 0, solves: 0,
  };

  constructor(options: { binary?: string } = {}) {
    this.binary = resolveExternalBinary(options.binary);
    this.name = `external:${this.binary.name}`;
  }

  newVar(): number { return this.cnf.newVar(); }
  numVars(): number { return this.cnf.numVars(); }
  numClauses(): number { return this.cnf.numClauses(); }
  addClause(clause: Clause): void { this.cnf.addClause(clause); }
  addClauses(clauses: Iterable<Clause>): void { this.cnf.addClauses(clauses); }

  solve(options: SolveOptions = {}): SolveResult {
    this.counters.solves += 1;
    this.failed = [];
    const assumptions = options.assumptions ?? [];
    for (const a of assumptions) {
      if (!Number.isInteger(a) || a === 0) throw new Error(`invalid assumption ${a}`);
      while (this.cnf.numVars() < Math.abs(a)) this.cnf.newVar();
    }
    const native = this.binary.name === 'picosat';
    const units = native ? [] : assumptions.map((a) => [a]);
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-ext-'));
    try {
      const cnfPath = join(dir, 'input.cnf');
      writeFileSync(cnfPath, writeDimacsBytes(this.cnf.numVars(), units.length ? [...this.cnf.clauses(), ...units] : this.cnf.clauses()));
      const run = runExternal(this.binary, cnfPath, {
        numVars: this.cnf.numVars(), limits: options.limits, assumptions: native ? assumptions : undefined, workDir: dir,
      });
      this.lastRunInfo = run;
      this.counters.conflicts += run.conflicts;
      this.counters.decisions += run.decisions;
      this.counters.propagations += run.propagations;
      this.counters.restarts += run.restarts;
      this.counters.peakMemoryBytes = Math.max(this.counters.peakMemoryBytes, run.peakMemoryBytes);
      if (run.result === 'sat') this.lastModel = run.model;
      if (run.result === 'unsat') this.failed = run.failed ?? [...assumptions];
      return run.result;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Details of the last run (solver-reported CPU time, wall time, whether it was killed). */
  lastRun(): ExternalRun | undefined {
    return this.lastRunInfo;
  }

  value(lit: Lit): boolean {
    return literalValue(this.lastModel, lit);
  }

  model(): Uint8Array { return this.lastModel; }
  failedAssumptions(): Lit[] { return [...this.failed]; }
  stats(): SolverStats { return { ...this.counters }; }
  dispose(): void { /* the collector is garbage-collected with this solver */ }
}
