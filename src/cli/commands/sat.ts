import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Argv } from 'yargs';
import { performance } from 'node:perf_hooks';
import { solveDimacs, type DimacsAnswer, type DimacsJob } from '../../batch/dimacs-job.js';
import { GRACE_MS, WorkerPool } from '../../batch/pool.js';
import { CONFLICT_LIMIT_SUPPORT, type KnownBinary } from '../../sat/external.js';
import type { EngineName, SearchStrategy, SolveResult } from '../../sat/index.js';
import { checkBinary } from '../puzzle-options.js';
import { isStdin, UsageError, type CliCommand, type CliIO } from '../io.js';

const ENGINES: readonly EngineName[] = ['wasm', 'minisat-js', 'external'];

interface SatArgs {
  file: string;
  engine?: EngineName;
  binary?: string;
  strategy?: SearchStrategy;
  conflicts?: number;
  timeout?: number;
  quiet: boolean;
}

/** `gridsat sat FILE.cnf`: a SAT-competition style front end to any engine. */
export const satCommand: CliCommand<SatArgs> = {
  command: 'sat <file>',
  describe: 'Solve a DIMACS CNF file (- for stdin, .gz accepted); exit 10 SAT, 20 UNSAT, 0 unknown',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'DIMACS file, - for stdin' })
      .option('engine', { choices: ENGINES, describe: 'SAT engine (default: the library default)' })
      .option('binary', { type: 'string', describe: 'native solver for --engine external (implies it)' })
      .option('strategy', {
        choices: ['auto', 'cdcl', 'lookahead'] as const,
        describe: 'wasm search: auto = look-ahead for uniform k-SAT (k >= 3, <= 2000 vars), else CDCL',
      })
      .option('conflicts', { type: 'number', describe: 'conflict budget (unknown when exhausted)' })
      .option('timeout', { type: 'number', describe: 'time limit in seconds (unknown when exceeded)' })
      .option('quiet', { type: 'boolean', default: false, alias: 'q', describe: 'no "c" comment lines' })
      .check((a) => {
        for (const key of ['conflicts', 'timeout'] as const) {
          const v = a[key];
          if (v !== undefined && !(Number.isFinite(v) && v > 0)) throw new Error(`--${key} must be a positive number`);
        }
        if (a.strategy !== undefined && a.engine !== undefined && a.engine !== 'wasm') {
          throw new Error('--strategy only applies to --engine wasm');
        }
        if (a.binary !== undefined && a.engine !== undefined && a.engine !== 'external') {
          throw new Error('--binary only applies to --engine external');
        }
        return true;
      }) as unknown as Argv<SatArgs>,

  async run(args, io) {
    const comment = (text: string): void => { if (!args.quiet) io.out(`c ${text}\n`); };
    let bytes: Uint8Array;
    try {
      bytes = await readInput(args.file, io);
    } catch (err) {
      io.err(`gridsat: cannot read ${isStdin(args.file) ? 'stdin' : args.file}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }

    const source = isStdin(args.file) ? '<stdin>' : args.file;
    const engine = args.engine ?? (args.binary !== undefined ? 'external' : undefined);
    if (engine === 'external') checkBinary(args.binary);
    if (args.conflicts !== undefined && engine === 'minisat-js') {
      throw new UsageError('minisat-js has no conflict budget, so --conflicts cannot be kept: use --timeout, or another engine');
    }
    const job: DimacsJob = {
      bytes, source,
      ...(engine !== undefined ? { engine } : {}),
      ...(args.binary !== undefined ? { binary: args.binary } : {}),
      ...(args.strategy !== undefined ? { strategy: args.strategy } : {}),
      ...(args.conflicts !== undefined ? { conflicts: Math.floor(args.conflicts) } : {}),
      ...(args.timeout !== undefined ? { timeoutMs: args.timeout * 1000 } : {}),
    };
    // logic-solver's MiniSat never looks at a deadline: it runs in a worker that is stopped at it.
    const isolate = engine === 'minisat-js' && job.timeoutMs !== undefined;
    const answer = isolate ? await solveInWorker(job) : solveDimacs(job);
    if (!answer.ok) {
      io.err(`gridsat: ${answer.message}\n`);
      return 1;
    }
    comment(`gridsat sat: engine ${answer.engine}${isolate ? ' (in a worker thread, stopped at the time limit)' : ''}`);
    comment(`${source}: ${answer.numVars} variables, ${answer.numClauses} clauses, read in ${answer.readMs.toFixed(1)} ms`);
    for (const w of answer.warnings) comment(`warning: ${w}`);
    const external = answer.engine.startsWith('external:') ? answer.engine.slice('external:'.length) : undefined;
    if (args.conflicts !== undefined && external && !CONFLICT_LIMIT_SUPPORT.has(external as KnownBinary)) {
      comment(`warning: ${external} has no conflict budget; --conflicts is ignored`);
    }
    const s = answer.stats;
    comment(`solved in ${answer.solveMs.toFixed(1)} ms${s.lookaheadSolves ? ' (look-ahead)' : ''}`);
    comment(`conflicts ${s.conflicts}, decisions ${s.decisions}, propagations ${s.propagations}, restarts ${s.restarts}`);
    if (s.probing?.rounds) {
      comment(`probing: ${s.probing.rounds} rounds, ${s.probing.failedLiterals} failed literals, ${s.probing.hyperBinaryResolvents} hyper-binary resolvents`);
    }
    io.out(`s ${STATUS[answer.result]}\n`);
    if (answer.result === 'sat' && answer.model) io.out(modelLines(answer.model, answer.numVars));
    return EXIT[answer.result];
  },
};

/** Runs the job on a one-thread pool, terminating it past the time limit (answer: unknown). */
async function solveInWorker(job: DimacsJob): Promise<DimacsAnswer> {
  const pool = new WorkerPool(1);
  const started = performance.now();
  try {
    return await pool.run<DimacsAnswer>({
      message: { kind: 'dimacs', job },
      hardLimitMs: job.timeoutMs! + GRACE_MS,
      onTimeout: () => {
        const solveMs = performance.now() - started;
        return {
          ok: true, engine: job.engine ?? 'minisat-js', numVars: 0, numClauses: 0, warnings: ['the engine ignored the time limit: its thread was stopped'],
          readMs: 0, solveMs, result: 'unknown',
          stats: { conflicts: 0, decisions: 0, propagations: 0, restarts: 0, learnedClauses: 0, peakMemoryBytes: 0, solves: 1 },
        };
      },
      onCrash: (err) => ({ ok: false, message: `the solving thread failed: ${err.message}` }),
    });
  } finally {
    await pool.destroy();
  }
}

const STATUS: Record<SolveResult, string> = { sat: 'SATISFIABLE', unsat: 'UNSATISFIABLE', unknown: 'UNKNOWN' };
const EXIT: Record<SolveResult, number> = { sat: 10, unsat: 20, unknown: 0 };

/** `v` lines of at most ~80 characters, ending with ` 0`. */
export function modelLines(model: Uint8Array, numVars: number): string {
  const lines: string[] = [];
  let line = 'v';
  for (let v = 1; v <= numVars; v++) {
    const lit = model[v] === 1 ? ` ${v}` : ` -${v}`;
    if (line.length + lit.length > 80) {
      lines.push(line);
      line = 'v';
    }
    line += lit;
  }
  lines.push(line.length + 2 > 80 ? `${line}\nv 0` : `${line} 0`);
  return lines.join('\n') + '\n';
}

/** File contents; `-` reads stdin; gzip is recognised by its magic bytes, not the name. */
async function readInput(file: string, io: CliIO): Promise<Uint8Array> {
  const bytes = isStdin(file) ? await io.readStdin() : await readFile(file);
  const isGzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  return isGzip ? gunzipSync(bytes) : bytes;
}
