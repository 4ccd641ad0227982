import type { Argv } from 'yargs';
import { findPuzzleType, puzzleTypes } from '../../encodings/registry.js';
import type { AnyPuzzleType } from '../puzzle/types.js';
import { resolveExternalBinary } from '../sat/external.js';
import type { EngineName } from '../sat/types.js';
import type { SolveRequest } from '../solve/pipeline.js';
import { parseEncoding } from '../solve/encoding-option.js';
import { isStdin, UsageError, type CliIO } from './io.js';

/** Options shared by every command that solves puzzles. */
export function withPuzzleOptions<T>(y: Argv<T>) {
  return y
    .option('type', { type: 'string', describe: `puzzle type, overriding detection (${puzzleTypes().map((t) => t.id).join(', ')})` })
    .option('engine', { choices: ['wasm', 'minisat-js', 'external'] as const, describe: 'SAT engine (default: wasm)' })
    .option('binary', { type: 'string', describe: 'native solver for --engine external (cadical, kissat, minisat, picosat)' })
    .option('encoding', { type: 'string', array: true, default: [] as string[], describe: 'encodings: a cardinality encoding and/or key=value variants, e.g. totalizer,noTouch=pairs' })
    .option('timeout', { type: 'number', describe: 'seconds per puzzle before the answer is "unknown"' })
    .option('conflicts', { type: 'number', describe: 'conflict budget per puzzle before the answer is "unknown"' });
}

export interface PuzzleArgs {
  type?: string;
  engine?: EngineName;
  binary?: string;
  encoding: string[];
  timeout?: number;
  conflicts?: number;
}

/** Resolves `--type`; throws a usage error for an unknown name. */
export function typeOption(name: string | undefined): AnyPuzzleType | undefined {
  if (name === undefined) return undefined;
  const t = findPuzzleType(name);
  if (!t) throw new UsageError(`unknown puzzle type '${name}' (known: ${puzzleTypes().map((x) => x.id).join(', ')})`);
  return t;
}

/** `--binary` names a solver we can run: otherwise a usage error (exit 2), not a failure per puzzle. */
export function checkBinary(binary: string | undefined): void {
  try {
    resolveExternalBinary(binary);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function solveRequest(args: PuzzleArgs, type: AnyPuzzleType | undefined): SolveRequest {
  let encoding;
  try {
    encoding = parseEncoding(args.encoding, type ? [type] : puzzleTypes());
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (args.timeout !== undefined && !(args.timeout > 0)) throw new UsageError('--timeout must be a positive number of seconds');
  if (args.conflicts !== undefined && !(args.conflicts > 0)) throw new UsageError('--conflicts must be a positive integer');
  if (args.conflicts !== undefined && args.engine === 'minisat-js') {
    throw new UsageError('minisat-js has no conflict budget, so --conflicts cannot be kept: use --timeout, or another engine');
  }
  if (args.engine === 'external') checkBinary(args.binary);
  return {
    ...(args.engine ? { engine: args.engine } : {}),
    ...(args.binary ? { binary: args.binary } : {}),
    encoding,
    ...(args.timeout !== undefined ? { timeoutMs: args.timeout * 1000 } : {}),
    ...(args.conflicts !== undefined ? { conflicts: Math.floor(args.conflicts) } : {}),
  };
}

/**
 * The inputs as the readers take them: `-` (standard input) is read once here, so a puzzle can be
 * piped in (`… | gridsat solve -`).
 */
export async function puzzleInputs(inputs: readonly string[], io: CliIO): Promise<{ inputs: string[]; stdinText?: string }> {
  const mapped = inputs.map((i) => (isStdin(i) ? '-' : i));
  if (!mapped.includes('-')) return { inputs: mapped };
  return { inputs: mapped, stdinText: (await io.readStdin()).toString('utf8') };
}
