/**
 * The page's solver, in a Web Worker so a long search never freezes the page and Stop can end it
 * (the page terminates the worker). Everything here is the CLI's code: reading and type detection
 * (src/formats/inputs.ts), deciding between readings and solving (src/solve/), the JSON row
 * (src/solve/row.ts), the writers (src/solve/write.ts) and the types' SVG renderers, on the same
 * engine.wasm, which the page compiles once and hands over.
 */
import { provideEngine } from '../../sat/wasm.js';
import { readText, type PuzzleEntry } from '../../formats/inputs.js';
import { decideEntry, solveEntry } from '../../solve/readings.js';
import { solvePuzzle } from '../../solve/pipeline.js';
import { errorRow, originFields, resultRow } from '../../solve/row.js';
import { writableTargets, writePuzzle, type WriteTarget } from '../../solve/write.js';
import { Explainer, runExplainer, type Explanation } from '../../explain/explain.js';
import { gradeExplanation } from '../../explain/grade.js';
import { hintFor } from '../../explain/hint.js';
import { ProgressError } from '../../explain/progress.js';
import { conclusion, describeReason, describeValues, renderStepSvgs } from '../../explain/render.js';
import type { AnyPuzzleType } from '../../puzzle/types.js';
import type { StarBattlePuzzle } from '../../../encodings/starbattle/puzzle.js';
import { regionFill } from '../../../encodings/starbattle/render.js';
import type { Board, BenchResult, ExplainedMessage, ExplainedStep, Export, FromWorker, HintOutcome, SolvedMessage, ToWorker } from './protocol.js';

/** What `solve --count 2` does: find a solution and prove there is no other. */
const COUNT = 2;
/** The page's origin name in messages: "input, line 3: …". */
const ORIGIN = 'input';

const LABELS: Record<WriteTarget, string> = {
  url: 'puzz.link URL',
  tatham: 'Tatham game ID',
  sbn: 'SBN',
  janko: 'janko text',
  text: 'text grid',
  json: 'JSON',
};

/** The types whose rules name their rule instances, which `gridsat explain` needs (src/explain/). */
const EXPLAINABLE = new Set(['starbattle', 'akari', 'hashi', 'bridges-signs', 'blockparty']);

/** When this script began to run (the build's banner notes it), on the shared clock (timeOrigin-based). */
const SCRIPT_STARTED_AT = (self as unknown as { gridsatScriptStart?: number }).gridsatScriptStart ?? NaN;

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

function exportsOf(entry: PuzzleEntry & { ok: true }): Export[] {
  return writableTargets(entry.type).map((target) => {
    const written = writePuzzle(entry.type, entry.puzzle, target);
    return written.ok ? { target, label: LABELS[target], text: written.text } : { target, label: LABELS[target], error: written.error };
  });
}

function solve(id: number, text: string, determined: boolean): SolvedMessage {
  const t0 = performance.now();
  const entries = [...readText(text, { input: ORIGIN }, {}, true)];
  const tRead = performance.now();
  const entry = entries[0]!;
  const base = { kind: 'result' as const, id, puzzles: entries.length };
  if (!entry.ok) return { ...base, row: errorRow(entry), exports: [], explainable: false, workerMs: performance.now() - t0 };
  const decision = solveEntry(entry, { count: COUNT, determined });
  if (!decision.ok) {
    const row = errorRow({ id: entry.id, origin: entry.origin, error: `${originFields(entry.origin).source}: ${decision.error}` });
    return { ...base, row, exports: [], explainable: false, workerMs: performance.now() - t0 };
  }
  const { entry: decided, report } = decision;
  const tSolved = performance.now();
  const row = resultRow(decided, report, 'default', decision.note);
  const svg = (solution?: unknown) => decided.type.renderSvg(decided.puzzle, solution);
  const puzzleSvg = svg();
  const solutionSvg = report.solution !== undefined ? svg(report.solution) : undefined;
  const tDrawn = performance.now();
  const exports = exportsOf(decided);
  const end = performance.now();
  return {
    ...base,
    row,
    puzzleSvg,
    ...(solutionSvg !== undefined ? { solutionSvg } : {}),
    exports,
    explainable: EXPLAINABLE.has(decided.type.id) && report.status !== 'error',
    ...(EXPLAINABLE.has(decided.type.id) && report.status !== 'error' ? { board: boardOf(decided.type, decided.puzzle) } : {}),
    workerMs: end - t0,
    phases: { readMs: tRead - t0, solveMs: tSolved - tRead, drawMs: tDrawn - tSolved, exportMs: end - tDrawn, startedAt: performance.timeOrigin + t0 },
  };
}

/**
 * The grid the player enters progress on, and its empty progress text, in the notation
 * src/explain/progress.ts reads: the type's text picture without a solution, where Star Battle's
 * region labels would read as "no star", so its cells start as `?`.
 */
function boardOf(type: AnyPuzzleType, puzzle: unknown): Board {
  const picture = type.renderText(puzzle).replace(/\n+$/, '');
  const lines = picture.split('\n');
  if (type.id === 'starbattle') {
    const cells = lines.map((l) => l.trim().split(/\s+/));
    // The renderer's region colours, so the grid looks like the drawn puzzle.
    const fills = (puzzle as StarBattlePuzzle).regions.map((row) => row.map((id) => (id === null ? '#555' : regionFill(id))));
    return { type: 'starbattle', rows: cells.length, cols: cells[0]?.length ?? 0, cells, fills, empty: cells.map((r) => r.map(() => '?').join(' ')).join('\n') };
  }
  if (type.id === 'akari') {
    const cells = lines.map((l) => [...l]);
    return { type: 'akari', rows: cells.length, cols: cells[0]?.length ?? 0, cells, empty: picture };
  }
  // Bridges (with or without signs) and Block Party: text only, starting from the empty picture.
  const id = type.id === 'blockparty' || type.id === 'bridges-signs' ? type.id : 'hashi';
  return { type: id, rows: lines.length, cols: 0, cells: [], empty: picture };
}

/** The explainer on the reading `gridsat explain` takes (src/cli/commands/explain.ts), or why not. */
function explainerFor(text: string): Explainer | string {
  const [entry] = [...readText(text, { input: ORIGIN }, {}, true)];
  if (!entry?.ok) return entry ? entry.error : 'no puzzle in the input';
  const decision = decideEntry(entry);
  if (!decision.ok) return decision.error;
  const { type, puzzle } = decision.entry;
  if (!EXPLAINABLE.has(type.id)) return `explain is not available for ${type.id}`;
  return new Explainer(type, puzzle);
}

/** The page's view of a run of steps: words, picture, and what is decided after each. */
function pageSteps(ex: Explainer, explanation: Explanation, start?: ReadonlyMap<number, boolean>): ExplainedStep[] {
  const svgs = renderStepSvgs(ex, explanation, start, { caption: false });
  const decided = new Map<number, boolean>(start ?? []);
  return explanation.steps.map((step, i) => {
    for (const v of step.values) decided.set(Math.abs(v.lit), v.value);
    const partial = ex.encoded.decode((lit) => {
      const v = decided.get(Math.abs(lit));
      return v !== undefined && (lit > 0 ? v : !v);
    });
    return {
      decides: describeValues(step.values),
      reason: describeReason(step),
      technique: step.technique,
      facts: step.facts.length,
      svg: svgs[i]!,
      decided: ex.type.solutionToJson(partial),
    };
  });
}

/** What `gridsat explain` computes (src/cli/commands/explain.ts), with each step's words and picture. */
function explain(id: number, text: string, maxSteps?: number): ExplainedMessage {
  const ex = explainerFor(text);
  if (typeof ex === 'string') return { kind: 'explained', id, status: 'error', steps: [], conclusion: ex };
  try {
    const explanation = runExplainer(ex, maxSteps !== undefined ? { maxSteps } : {});
    const difficulty = maxSteps === undefined ? gradeExplanation(explanation) : undefined;
    return {
      kind: 'explained', id, status: explanation.status, steps: pageSteps(ex, explanation), conclusion: conclusion(explanation).trim(),
      ...(difficulty ? { difficulty: `${difficulty.level} (hardest technique: ${difficulty.technique})` } : {}),
    };
  } finally {
    ex.dispose();
  }
}

/** What `gridsat hint --progress` computes (src/explain/hint.ts), for the page. */
function hint(id: number, text: string, progress: string): ExplainedMessage {
  const answer = (status: string, outcome: HintOutcome, steps: ExplainedStep[] = []): ExplainedMessage =>
    ({ kind: 'explained', id, status, steps, conclusion: outcome.message ?? '', hint: outcome });
  const ex = explainerFor(text);
  if (typeof ex === 'string') return answer('error', { kind: 'error', message: ex });
  try {
    const found = hintFor(ex, progress);
    switch (found.kind) {
      case 'step': {
        const step = found.explanation.steps[0];
        if (!step) return answer('stuck', { kind: 'stuck', message: `No cell is forced from this grid: ${found.explanation.message ?? 'the puzzle is not unique'}.` });
        const apply = ex.type.id !== 'starbattle' && ex.type.id !== 'akari' ? [] : step.values.filter((v) => v.cells.length === 1).map((v) => ({ row: v.cells[0]![0], col: v.cells[0]![1], value: v.value }));
        return answer('step', { kind: 'step', apply }, pageSteps(ex, found.explanation, found.start));
      }
      case 'wrong':
        return answer('wrong', {
          kind: 'wrong',
          message: found.message,
          wrong: found.wrong.map((w) => ({ cells: w.entered.cells.map((c) => [c[0], c[1]] as [number, number]), entered: w.entered.text, solution: w.solution.text })),
        });
      case 'complete':
        return answer('complete', { kind: 'complete', message: found.unique ? 'Your grid is complete and correct.' : 'Your grid is complete: it is one of the puzzle\'s solutions (it has more than one).' });
      default:
        return answer(found.kind, { kind: found.kind, message: found.message });
    }
  } catch (err) {
    if (err instanceof ProgressError) return answer('error', { kind: 'error', message: `progress: ${err.message}` });
    throw err;
  } finally {
    ex.dispose();
  }
}

/** For bench/web.ts: the same loop bench/web.ts times in Node, on this worker's engine. */
function bench(id: number, text: string, runs: number): BenchResult {
  const [entry] = [...readText(text, { input: ORIGIN }, {}, true)];
  if (!entry?.ok) return { kind: 'bench', id, meanMs: NaN, status: 'error' };
  let status = '';
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) status = solvePuzzle(entry.type, entry.puzzle, { count: COUNT }).status;
  return { kind: 'bench', id, meanMs: (performance.now() - t0) / runs, status };
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'engine') {
    provideEngine(message.module);
    scope.postMessage({ kind: 'ready', scriptStartedAt: SCRIPT_STARTED_AT, evaluatedAt: EVALUATED_AT, engineAt: performance.timeOrigin + performance.now() });
    return;
  }
  if (message.kind === 'bench') {
    scope.postMessage(bench(message.id, message.text, message.runs));
    return;
  }
  if (message.kind === 'explain') {
    let explained: ExplainedMessage;
    try {
      explained = message.progress !== undefined ? hint(message.id, message.text, message.progress) : explain(message.id, message.text, message.maxSteps);
    } catch (err) {
      explained = { kind: 'explained', id: message.id, status: 'error', steps: [], conclusion: `internal error: ${err instanceof Error ? err.message : String(err)}` };
    }
    scope.postMessage(explained);
    return;
  }
  let answer: SolvedMessage;
  try {
    answer = solve(message.id, message.text, message.determined);
  } catch (err) {
    // The pipeline turns puzzle problems into rows; reaching here is a bug, still shown as an error row.
    const row = errorRow({ id: ORIGIN, origin: { input: ORIGIN }, error: `internal error: ${err instanceof Error ? err.message : String(err)}` });
    answer = { kind: 'result', id: message.id, row, puzzles: 0, exports: [], explainable: false, workerMs: 0 };
  }
  scope.postMessage(answer);
};

/** When this script's top level had run (its imports' too): the worker could take messages from here. */
const EVALUATED_AT = performance.timeOrigin + performance.now();
