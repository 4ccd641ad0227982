import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { readInputs, type PuzzleEntry } from '../../formats/inputs.js';
import { decideEntry } from '../../solve/readings.js';
import { extensionOf, isOneLine, WRITE_TARGETS, writePuzzle, type WriteTarget } from '../../solve/write.js';
import { UsageError, type CliIO } from '../io.js';
import { puzzleInputs, typeOption } from '../puzzle-options.js';

export interface ConvertArgs {
  inputs: string[];
  to: WriteTarget;
  outDir?: string;
  type?: string;
}

export function convertBuilder<T>(y: Argv<T>) {
  return y
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: 'puzzle files, directories, URLs or game IDs' })
    .option('to', { choices: WRITE_TARGETS, demandOption: true, describe: 'format to write: puzz.link URL, Tatham game ID, SBN, janko text, gridsat text (Block Party) or JSON' })
    .option('out-dir', { type: 'string', describe: 'write one file per puzzle into this directory (named after the puzzle) instead of standard output' })
    .option('type', { type: 'string', describe: 'puzzle type, overriding detection' });
}

/**
 * `gridsat convert`: every puzzle of the inputs written in another format. One-line formats print
 * one puzzle per line; multi-line ones (janko, text) print blocks separated by a blank line. A
 * puzzle that cannot be read or written is an error line on standard error and the rest go on.
 * Returns 0 when every puzzle was written, 1 otherwise. `stdinText` is what the input `-` reads.
 */
export function runConvert(args: ConvertArgs, io: CliIO, stdinText?: string): number {
  const type = typeOption(args.type);
  if (!WRITE_TARGETS.includes(args.to)) throw new UsageError(`--to must be one of ${WRITE_TARGETS.join(', ')}`);
  if (args.outDir !== undefined) {
    try {
      mkdirSync(args.outDir, { recursive: true });
    } catch (err) {
      throw new UsageError(`--out-dir ${args.outDir}: ${(err as Error).message}`);
    }
  }
  const names = new Set<string>();
  let failed = 0;
  let written = 0;
  let index = 0;
  for (const entry of readInputs(args.inputs, { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) })) {
    index += 1;
    const fail = (what: string, message: string) => {
      failed += 1;
      io.err(`${entry.id}${what ? ` (${what})` : ''}: error: ${message}\n`);
    };
    if (!entry.ok) { fail(entry.type?.id ?? '', entry.error); continue; }
    const decided = decideEntry(entry);
    if (!decided.ok) { fail('', decided.error); continue; }
    if (decided.note) io.err(`${entry.id}: ${decided.note}\n`);
    const { type: t, puzzle } = decided.entry;
    const out = writePuzzle(t, puzzle, args.to);
    if (!out.ok) { fail(`${t.id} ${t.describe(puzzle)}`, out.error); continue; }
    written += 1;
    if (args.outDir !== undefined) {
      // `name.url.txt`, `name.janko.txt`, `name.json`: the format shows, and a source file is never overwritten.
      const ext = args.to === 'json' ? extensionOf(args.to) : `.${args.to}${extensionOf(args.to)}`;
      const file = join(args.outDir, uniqueName(names, fileStem(decided.entry, index), ext, (f) => resolve(args.outDir!, f) === resolve(entry.origin.input)));
      try {
        writeFileSync(file, `${out.text}\n`);
      } catch (err) {
        written -= 1;
        fail(t.id, `cannot write ${file}: ${(err as Error).message}`);
        continue;
      }
      io.err(`${entry.id} -> ${file}\n`);
    } else {
      io.out(isOneLine(args.to) ? `${out.text}\n` : `${written > 1 ? '\n' : ''}${out.text}\n`);
    }
  }
  if (index === 0) io.err('gridsat convert: no puzzles in the inputs\n');
  if (failed > 0) io.err(`gridsat convert: ${written} written, ${failed} failed\n`);
  return failed > 0 || index === 0 ? 1 : 0;
}

/**
 * A file name for a puzzle: its source file's name (or the type and position for a puzzle given
 * on the command line) plus its name or line inside the file, reduced to safe characters.
 */
export function fileStem(entry: PuzzleEntry & { ok: true }, index: number): string {
  const { input, name, line } = entry.origin;
  const fromFile = !input.includes('\n') && existsSync(input);
  const base = fromFile ? basename(input, extname(input)) : `${entry.type.id}-${String(index).padStart(3, '0')}`;
  const inside = name !== undefined ? `-${name}` : line !== undefined ? `-line${line}` : '';
  const safe = `${base}${inside}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 100);
  return safe === '' ? `${entry.type.id}-${index}` : safe;
}

/** `stem.ext`, or `stem-2.ext`, … when an earlier puzzle took the name (compared case-insensitively). */
function uniqueName(taken: Set<string>, stem: string, ext: string, forbidden: (name: string) => boolean): string {
  let candidate = `${stem}${ext}`;
  for (let n = 2; taken.has(candidate.toLowerCase()) || forbidden(candidate); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export const convertCommand = {
  command: 'convert <inputs..>',
  describe: 'write puzzles in another format (puzz.link URL, Tatham game ID, SBN, janko, JSON)',
  builder: convertBuilder,
  run: async (args: ConvertArgs, io: CliIO): Promise<number> => {
    const { inputs, stdinText } = await puzzleInputs(args.inputs, io);
    return runConvert({ ...args, inputs }, io, stdinText);
  },
};
