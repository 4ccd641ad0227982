/**
 * The page's solver, in a Web Worker so a long search never freezes the page and Stop can end it
 * (the page terminates the worker). Everything here is the CLI's code: reading and type detection
 * (src/formats/inputs.ts), deciding between readings and solving (src/solve/), the JSON row
 * (src/solve/row.ts), the writers (src/solve/write.ts) and the types' SVG renderers, on the same
 * engine.wasm, which the page compiles once and hands over.
 */
import { provideEngine } from '../../sat/wasm.js';
import { readText, type PuzzleEntry } from '../../formats/inputs.js';
import { solveEntry } from '../../solve/readings.js';
import { solvePuzzle } from '../../solve/pipeline.js';
import { errorRow, originFields, resultRow } from '../../solve/row.js';
import { writableTargets, writePuzzle, type WriteTarget } from '../../solve/write.js';
import type { BenchResult, Export, FromWorker, SolvedMessage, ToWorker } from './protocol.js';

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
  const entry = entries[0]!;
  const base = { kind: 'result' as const, id, puzzles: entries.length };
  if (!entry.ok) return { ...base, row: errorRow(entry), exports: [], workerMs: performance.now() - t0 };
  const decision = solveEntry(entry, { count: COUNT, determined });
  if (!decision.ok) {
    const row = errorRow({ id: entry.id, origin: entry.origin, error: `${originFields(entry.origin).source}: ${decision.error}` });
    return { ...base, row, exports: [], workerMs: performance.now() - t0 };
  }
  const { entry: decided, report } = decision;
  const row = resultRow(decided, report, 'default', decision.note);
  const svg = (solution?: unknown) => decided.type.renderSvg(decided.puzzle, solution);
  return {
    ...base,
    row,
    puzzleSvg: svg(),
    ...(report.solution !== undefined ? { solutionSvg: svg(report.solution) } : {}),
    exports: exportsOf(decided),
    workerMs: performance.now() - t0,
  };
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
    scope.postMessage({ kind: 'ready' });
    return;
  }
  if (message.kind === 'bench') {
    scope.postMessage(bench(message.id, message.text, message.runs));
    return;
  }
  let answer: SolvedMessage;
  try {
    answer = solve(message.id, message.text, message.determined);
  } catch (err) {
    // The pipeline turns puzzle problems into rows; reaching here is a bug, still shown as an error row.
    const row = errorRow({ id: ORIGIN, origin: { input: ORIGIN }, error: `internal error: ${err instanceof Error ? err.message : String(err)}` });
    answer = { kind: 'result', id: message.id, row, puzzles: 0, exports: [], workerMs: 0 };
  }
  scope.postMessage(answer);
};
