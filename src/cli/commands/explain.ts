import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { readInputs } from '../../formats/inputs.js';
import { decideEntry, type DecidedEntry } from '../../solve/readings.js';
import { originFields } from '../../solve/row.js';
import { Explainer, runExplainer } from '../../explain/explain.js';
import { gradeExplanation } from '../../explain/grade.js';
import { hintFor } from '../../explain/hint.js';
import { ProgressError } from '../../explain/progress.js';
import { conclusion, explanationJson, renderExplanationText, renderStepSvgs } from '../../explain/render.js';
import { isStdin, UsageError, type CliIO } from '../io.js';
import { puzzleInputs, solveRequest, typeOption, withPuzzleOptions, type PuzzleArgs } from '../puzzle-options.js';

export interface ExplainArgs extends PuzzleArgs {
  inputs: string[];
  format: 'text' | 'json' | 'svg';
  svgDir?: string;
}

export interface HintArgs extends PuzzleArgs {
  input: string;
  progress: string;
  format: 'text' | 'json';
}

/** Each puzzle of the inputs, narrowed to one reading; errors go to stderr. `stdinText` is what `-` reads. */
function* puzzles(
  inputs: string[], type: ReturnType<typeof typeOption>, io: CliIO, state: { ok: boolean }, stdinText?: string,
): Generator<DecidedEntry> {
  for (const entry of readInputs(inputs, { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) })) {
    if (!entry.ok) { io.err(`${entry.id}: error: ${entry.error}\n`); state.ok = false; continue; }
    const d = decideEntry(entry);
    if (!d.ok) { io.err(`${originFields(entry.origin).source}: error: ${d.error}\n`); state.ok = false; continue; }
    yield d.entry;
  }
}

function explainer(entry: DecidedEntry, args: PuzzleArgs, io: CliIO): Explainer | undefined {
  const request = solveRequest(args, entry.type);
  try {
    const ex = new Explainer(entry.type, entry.puzzle, request.encoding ?? {});
    if (ex.factCount() === 0) {
      ex.dispose();
      io.err(`${entry.id}: explain is not available for ${entry.type.id} yet (its rules name no rule instances)\n`);
      return undefined;
    }
    return ex;
  } catch (err) {
    io.err(`${entry.id}: error: ${(err as Error).message}\n`);
    return undefined;
  }
}

/** `gridsat explain`: exit 0 when every puzzle was explained to its unique solution. `stdinText` is what `-` reads. */
export function runExplain(args: ExplainArgs, io: CliIO, stdinText?: string): number {
  const type = typeOption(args.type);
  if (args.svgDir && args.format !== 'svg') throw new UsageError('--svg-dir goes with --format svg');
  if (args.format === 'svg' && !args.svgDir) throw new UsageError('--format svg writes one picture per step: give --svg-dir');
  const state = { ok: true };
  let index = 0;
  for (const entry of puzzles(args.inputs, type, io, state, stdinText)) {
    index += 1;
    const ex = explainer(entry, args, io);
    if (!ex) { state.ok = false; continue; }
    try {
      const explanation = runExplainer(ex, args.timeout ? { timeoutMs: args.timeout * 1000 } : {});
      const difficulty = gradeExplanation(explanation);
      if (explanation.status !== 'solved') state.ok = false;
      if (args.format === 'json') {
        io.out(`${JSON.stringify({ id: entry.id, ...(explanationJson(entry.type, explanation, difficulty) as object) })}\n`);
      } else if (args.format === 'svg') {
        const dir = args.svgDir!;
        mkdirSync(dir, { recursive: true });
        const svgs = renderStepSvgs(ex, explanation);
        svgs.forEach((svg, i) => writeFileSync(join(dir, `${String(index).padStart(3, '0')}-step-${String(i + 1).padStart(3, '0')}.svg`), svg));
        io.err(`${entry.id}: ${svgs.length} step pictures in ${dir}; ${conclusion(explanation)}`);
      } else {
        io.out(`== ${entry.id} (${entry.type.id} ${entry.type.describe(entry.puzzle)}): ${explanation.steps.length} steps\n`);
        io.out(renderExplanationText(ex, explanation));
        if (difficulty) io.out(`Difficulty: ${difficulty.level} (${difficulty.score}): hardest step ${difficulty.hardestStep} facts, ${difficulty.multiFactSteps} of ${difficulty.steps} steps need more than one, hardest technique ${difficulty.technique}\n`);
        io.out('\n');
      }
    } catch (err) {
      io.err(`${entry.id}: error: ${(err as Error).message}\n`);
      state.ok = false;
    } finally {
      ex.dispose();
    }
  }
  return state.ok ? 0 : 1;
}

/** `gridsat hint`: 0 a step was given (or the grid is complete), 1 wrong entries or no step, 2 usage. */
export async function runHint(args: HintArgs, io: CliIO): Promise<number> {
  const type = typeOption(args.type);
  if (isStdin(args.input) && isStdin(args.progress)) throw new UsageError('the puzzle and --progress cannot both be read from standard input (-)');
  const { inputs: [input = args.input], stdinText } = await puzzleInputs([args.input], io);
  const progressName = isStdin(args.progress) ? '<stdin>' : args.progress;
  const progressText = isStdin(args.progress) ? (await io.readStdin()).toString('utf8') : readProgressFile(args.progress);
  const readOptions = { ...(type ? { type } : {}), ...(stdinText !== undefined ? { stdinText } : {}) };
  const first = puzzles([input], type, io, { ok: true }, stdinText).next();
  if (first.done) return 1;
  const entry = first.value;
  // A file of several puzzles: the hint is for the first readable one, and says so (a grid meant for another
  // puzzle of the same size would otherwise get a confident answer about the wrong one).
  const count = [...readInputs([input], readOptions)].length;
  if (count > 1) {
    io.err(`gridsat hint: ${input === '-' ? '<stdin>' : input} holds ${count} puzzles; this hint is for ${entry.id} (give another by itself, e.g. its game ID)\n`);
  }
  const ex = explainer(entry, args, io);
  if (!ex) return 1;
  try {
    const hint = hintFor(ex, progressText, args.timeout ? { timeoutMs: args.timeout * 1000 } : {});
    if (args.format === 'json') {
      const body = hint.kind === 'step'
        ? { id: entry.id, kind: hint.explanation.steps.length ? 'step' : 'stuck', ...(explanationJson(entry.type, hint.explanation) as object) }
        : hint.kind === 'wrong'
          ? { id: entry.id, kind: 'wrong', message: hint.message, wrong: hint.wrong.map((w) => ({ cells: w.entered.cells, entered: w.entered.text, solution: w.solution.text })) }
          : { id: entry.id, kind: hint.kind, ...('message' in hint ? { message: hint.message } : {}) };
      io.out(`${JSON.stringify(body)}\n`);
    } else if (hint.kind === 'step') {
      const step = hint.explanation.steps[0];
      if (step) io.out(renderExplanationText(ex, hint.explanation, hint.start).replace(/^[^\n]*\n\n/, '').replace(/\n[^\n]*\n$/, '\n'));
      else io.out(`No cell is forced from this grid: ${hint.explanation.message ?? 'the puzzle is not unique'}.\n`);
    } else if (hint.kind === 'wrong') {
      io.out(`Wrong: ${hint.message}:\n`);
      for (const w of hint.wrong) io.out(`  you have ${w.entered.text}, but ${w.solution.text}\n`);
    } else if (hint.kind === 'complete') {
      io.out(hint.unique ? 'The grid is complete and agrees with the solution.\n' : 'The grid is complete and is one of the puzzle\'s solutions (it has more than one).\n');
    } else {
      io.out(`No hint: ${hint.message}.\n`);
    }
    return hint.kind === 'step' && hint.explanation.steps.length || hint.kind === 'complete' ? 0 : 1;
  } catch (err) {
    if (err instanceof ProgressError) { io.err(`${progressName}: ${err.message}\n`); return 1; }
    io.err(`${entry.id}: error: ${(err as Error).message}\n`);
    return 1;
  } finally {
    ex.dispose();
  }
}

function readProgressFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read --progress ${path}: ${(err as Error).message}`);
  }
}

export const explainCommand = {
  command: 'explain <inputs..>',
  describe: 'explain a puzzle step by step: each step the cells it decides and the fewest rules that force them',
  builder: <T>(y: Argv<T>) => withPuzzleOptions(y)
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: 'puzzle files, directories, URLs or game IDs' })
    .option('format', { choices: ['text', 'json', 'svg'] as const, default: 'text' as const, describe: 'steps as text grids, one JSON object per puzzle, or one SVG per step' })
    .option('svg-dir', { type: 'string', describe: 'with --format svg: the directory for the step pictures' }),
  run: async (args: ExplainArgs, io: CliIO): Promise<number> => {
    const { inputs, stdinText } = await puzzleInputs(args.inputs, io);
    return runExplain({ ...args, inputs }, io, stdinText);
  },
};

export const hintCommand = {
  command: 'hint <input>',
  describe: 'the next step from a partly solved grid, or the entries that contradict the solution',
  builder: <T>(y: Argv<T>) => withPuzzleOptions(y)
    .positional('input', { type: 'string', demandOption: true, describe: 'the puzzle (file, URL or game ID)' })
    .option('progress', { type: 'string', demandOption: true, describe: 'your grid so far, in the solution notation (file, or - for stdin)' })
    .option('format', { choices: ['text', 'json'] as const, default: 'text' as const, describe: 'the hint as text or JSON' }),
  run: (args: HintArgs, io: CliIO): Promise<number> => runHint(args, io),
};
