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
import { Explainer, runExplainer } from '../../explain/explain.js';
import { gradeExplanation } from '../../explain/grade.js';
import { conclusion, describeReason, describeValues, renderStepSvgs } from '../../explain/render.js';
import type { BenchResult, ExplainedMessage, Export, FromWorker, SolvedMessage, ToWorker } from './protocol.js';

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
const EXPLAINABLE = new Set(['starbattle', 'akari', 'hashi']);

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
    workerMs: end - t0,
    phases: { readMs: tRead - t0, solveMs: tSolved - tRead, drawMs: tDrawn - tSolved, exportMs: end - tDrawn, startedAt: performance.timeOrigin + t0 },
  };
}

/** What `gridsat explain` computes (src/cli/commands/explain.ts), with each step's words and picture. */
function explain(id: number, text: string, maxSteps?: number): ExplainedMessage {
  const failed = (message: string): ExplainedMessage => ({ kind: 'explained', id, status: 'error', steps: [], conclusion: message });
  const [entry] = [...readText(text, { input: ORIGIN }, {}, true)];
  if (!entry?.ok) return failed(entry ? entry.error : 'no puzzle in the input');
  // The reading `gridsat explain` takes (src/cli/commands/explain.ts).
  const decision = decideEntry(entry);
  if (!decision.ok) return failed(decision.error);
  const { type, puzzle } = decision.entry;
  if (!EXPLAINABLE.has(type.id)) return failed(`explain is not available for ${type.id}`);
  const ex = new Explainer(type, puzzle);
  try {
    const explanation = runExplainer(ex, maxSteps !== undefined ? { maxSteps } : {});
    const svgs = renderStepSvgs(ex, explanation);
    const decided = new Map<number, boolean>();
    const steps = explanation.steps.map((step, i) => {
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
        decided: type.solutionToJson(partial),
      };
    });
    const difficulty = maxSteps === undefined ? gradeExplanation(explanation) : undefined;
    return {
      kind: 'explained', id, status: explanation.status, steps, conclusion: conclusion(explanation).trim(),
      ...(difficulty ? { difficulty: `${difficulty.level} (hardest technique: ${difficulty.technique})` } : {}),
    };
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
    scope.postMessage({ kind: 'ready', scriptStartedAt: SCRIPT_STARTED_AT, engineAt: performance.timeOrigin + performance.now() });
    return;
  }
  if (message.kind === 'bench') {
    scope.postMessage(bench(message.id, message.text, message.runs));
    return;
  }
  if (message.kind === 'explain') {
    let explained: ExplainedMessage;
    try {
      explained = explain(message.id, message.text, message.maxSteps);
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
