import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Argv } from 'yargs';
import { ParseError } from '../../util/errors.js';
import { loadDimacs } from '../../sat/load.js';
import { CONFLICT_LIMIT_SUPPORT, ExternalSolver } from '../../sat/external.js';
import { createSolver, type EngineName, type SearchStrategy, type SolveLimits, type SolveResult } from '../../sat/index.js';
import { isStdin, type CliCommand, type CliIO } from '../io.js';

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
    const solver = createSolver(engine, { binary: args.binary, strategy: args.strategy });
    try {
      const readStart = performance.now();
      let cnf;
      try {
        cnf = loadDimacs(solver, bytes, source);
      } catch (err) {
        if (err instanceof ParseError) {
          io.err(`gridsat: ${err.message}\n`);
          return 1;
        }
        throw err;
      }
      const readMs = performance.now() - readStart;
      comment(`gridsat sat: engine ${solver.name}`);
      comment(`${source}: ${cnf.numVars} variables, ${cnf.numClauses} clauses, read in ${readMs.toFixed(1)} ms`);
      for (const w of cnf.warnings) comment(`warning: ${w}`);
      if (args.conflicts !== undefined && solver instanceof ExternalSolver && !CONFLICT_LIMIT_SUPPORT.has(solver.binary.name)) {
        comment(`warning: ${solver.binary.name} has no conflict budget; --conflicts is ignored`);
      }
      if ((args.conflicts !== undefined || args.timeout !== undefined) && solver.name === 'minisat-js') {
        comment('warning: minisat-js cannot be interrupted; --conflicts and --timeout are ignored');
      }

      const solveStart = performance.now();
      const limits: SolveLimits = {};
      if (args.conflicts !== undefined) limits.conflicts = Math.floor(args.conflicts);
      if (args.timeout !== undefined) limits.deadline = Date.now() + args.timeout * 1000;
      const result = solver.solve({ limits });
      const solveMs = performance.now() - solveStart;

      const s = solver.stats();
      comment(`solved in ${solveMs.toFixed(1)} ms${s.lookaheadSolves ? ' (look-ahead)' : ''}`);
      comment(`conflicts ${s.conflicts}, decisions ${s.decisions}, propagations ${s.propagations}, restarts ${s.restarts}`);
      io.out(`s ${STATUS[result]}\n`);
      if (result === 'sat') io.out(modelLines(solver.model(), cnf.numVars));
      return EXIT[result];
    } finally {
      solver.dispose();
    }
  },
};

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
