import { writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { LARGE_CARDINALITY } from '../../cnf/model.js';
import { encodePuzzleCnf, type PuzzleCnf } from '../../solve/encode.js';
import { readInputs } from '../../formats/inputs.js';
import { decideEntry } from '../../solve/readings.js';
import { puzzleTypes } from '../../../encodings/registry.js';
import type { AnyPuzzleType, EncodeOptions } from '../../puzzle/types.js';
import { encodingLabel, parseEncoding } from '../../solve/encoding-option.js';
import { UsageError, type CliIO } from '../io.js';
import { puzzleInputs, typeOption } from '../puzzle-options.js';

export interface DimacsArgs {
  puzzle: string;
  encoding: string[];
  type?: string;
  output?: string;
  index?: number;
}

export interface DimacsHeader {
  /** Where the puzzle came from (its id). */
  source: string;
  type: AnyPuzzleType;
  puzzle: unknown;
  encoding: EncodeOptions;
}

/** The DIMACS text: header comments, `c var <n> <name>` lines, then the clauses. */
export function puzzleDimacs(cnf: PuzzleCnf, header: DimacsHeader): string {
  const comments = [
    'gridsat dimacs',
    `puzzle: ${header.source}`,
    `type: ${header.type.id} (${header.type.describe(header.puzzle)})`,
    `encoding: ${encodingLabel(header.encoding)} (default cardinality: ${cnf.model.defaultCardinality}${header.encoding.cardinality ? '' : `, totalizer over n·min(k, n−k) = ${LARGE_CARDINALITY}`})`,
    `${cnf.collector.numVars()} variables, ${cnf.collector.numClauses()} clauses; ` +
      `solutions are counted on ${cnf.encoded.projection.length} puzzle variables`,
  ];
  if (cnf.encoded.refine) {
    const variants = Object.entries(header.type.variants).map(([k, vs]) => `${k}=${vs.join('|')}`).join(', ');
    comments.push(
      'NOTE: this encoding adds some constraints lazily (e.g. connectivity cuts) while solving;',
      'they are NOT in this file, so a model of it may break those rules. For a complete CNF',
      `pick an eager variant with --encoding (${header.type.id} offers: ${variants || 'none'}).`,
    );
  }
  return cnf.collector.toDimacs({ comments, names: cnf.model.names() });
}

export function dimacsBuilder<T>(y: Argv<T>) {
  return y
    .positional('puzzle', { type: 'string', demandOption: true, describe: 'puzzle file, URL or game ID (see --index for a file of several)' })
    .option('index', { type: 'number', describe: 'which puzzle of a file of several to write (1 = the first, the default)' })
    .option('encoding', { type: 'string', array: true, default: [] as string[], describe: 'a cardinality encoding and/or key=value variants, e.g. totalizer,noTouch=pairs' })
    .option('type', { type: 'string', describe: `puzzle type, overriding detection (${puzzleTypes().map((t) => t.id).join(', ')})` })
    .option('output', { alias: 'o', type: 'string', describe: 'write the CNF to this file instead of standard output' });
}

/**
 * `gridsat dimacs`: exit 0 when the CNF was written, 1 when the puzzle could not be read.
 * `stdinText` is what the input `-` reads.
 */
export function runDimacs(args: DimacsArgs, io: CliIO, stdinText?: string): number {
  const type = typeOption(args.type);
  let encoding: EncodeOptions;
  try {
    encoding = parseEncoding(args.encoding, type ? [type] : puzzleTypes());
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const index = args.index ?? 1;
  if (!Number.isInteger(index) || index < 1) throw new UsageError('--index must be a whole number >= 1');
  const all = [...readInputs([args.puzzle], { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) })];
  const source = args.puzzle === '-' ? '<stdin>' : args.puzzle;
  const first = { done: all.length < index, value: all[index - 1]! };
  if (first.done) {
    io.err(`gridsat dimacs: ${all.length === 0 ? `no puzzle in ${source}` : `${source} holds ${all.length} puzzle(s), so there is no puzzle ${index}`}\n`);
    return 1;
  }
  if (all.length > 1) io.err(`gridsat dimacs: ${source} holds ${all.length} puzzles; writing puzzle ${index} (${first.value.id}); choose another with --index\n`);
  if (!first.value.ok) {
    io.err(`gridsat dimacs: ${first.value.error}\n`);
    return 1;
  }
  const decided = decideEntry(first.value);
  if (!decided.ok) {
    io.err(`gridsat dimacs: ${first.value.id}: ${decided.error}\n`);
    return 1;
  }
  const entry = decided.entry;
  if (decided.note) io.err(`gridsat dimacs: ${entry.id}: ${decided.note}\n`);
  let text: string;
  try {
    const cnf = encodePuzzleCnf(entry.type, entry.puzzle, encoding);
    text = puzzleDimacs(cnf, { source: entry.id, type: entry.type, puzzle: entry.puzzle, encoding });
  } catch (err) {
    io.err(`gridsat dimacs: cannot encode ${entry.id}: ${(err as Error).message}\n`);
    return 1;
  }
  if (args.output) {
    writeFileSync(args.output, text);
    io.err(`gridsat dimacs: wrote ${args.output}\n`);
  } else {
    io.out(text);
  }
  return 0;
}

export const dimacsCommand = {
  command: 'dimacs <puzzle>',
  describe: 'write the CNF of a puzzle in DIMACS, with variable names in comments',
  builder: dimacsBuilder,
  run: async (args: DimacsArgs, io: CliIO): Promise<number> => {
    const { inputs: [puzzle = args.puzzle], stdinText } = await puzzleInputs([args.puzzle], io);
    return runDimacs({ ...args, puzzle }, io, stdinText);
  },
};
