/**
 * The page: reads the puzzle from the text box or the location hash, hands it to the solving
 * worker, and shows what comes back. All puzzle logic lives in the worker (the CLI's pipeline);
 * this file only moves text between the DOM and the worker, and owns Stop (terminate the worker).
 *
 * For scripts and tests the result element carries data-status (unique, multiple, solved, none,
 * unknown, error; absent while solving), data-count and data-solution (the CLI's solution JSON).
 * The explanation element carries data-status (the explainer's, or error), data-steps, data-step
 * (the step shown, from 1) and data-decided (what is decided after it, as solution JSON).
 */
import type { ExplainedMessage, FromWorker, HintOutcome, SolvedMessage, ToWorker } from './protocol.js';
import { PlayerGrid } from './board.js';

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page is missing #${id}`);
  return el as T;
};

const form = $<HTMLFormElement>('form');
const input = $<HTMLTextAreaElement>('input');
const solveButton = $<HTMLButtonElement>('solve');
const stopButton = $<HTMLButtonElement>('stop');
const determinedBox = $<HTMLInputElement>('determined');
const result = $('result');
const statusEl = $('status');
const timeEl = $('time');
const summaryEl = $('summary');
const messageEl = $('message');
const figures = $('figures');
const puzzleSvg = $('puzzle-svg');
const solutionSvg = $('solution-svg');
const solutionFigure = $('solution-figure');
const determinedPanel = $('determined-box');
const determinedText = $('determined-text');
const exportSection = $('export');
const exportsEl = $('exports');
const share = $<HTMLInputElement>('share');
const explainActions = $('explain-actions');
const explainButton = $<HTMLButtonElement>('explain');
const hintButton = $<HTMLButtonElement>('hint');
const explanationEl = $('explanation');
const explainTitle = $('explain-title');
const explainSummary = $('explain-summary');
const stepPrev = $<HTMLButtonElement>('step-prev');
const stepNext = $<HTMLButtonElement>('step-next');
const stepCounter = $('step-counter');
const stepDecides = $('step-decides');
const stepReason = $('step-reason');
const stepSvg = $('step-svg');
const stepView = $('step-view');
const play = $('play');
const playHelp = $('play-help');
const progressBox = $<HTMLTextAreaElement>('progress');
const clearProgress = $<HTMLButtonElement>('clear-progress');
const showSolution = $<HTMLInputElement>('show-solution');
const wrongList = $('wrong-list');
const applyStep = $<HTMLButtonElement>('apply-step');
/** The player's grid, for Hint; any change makes an earlier hint's marks and Apply stale. */
const grid = new PlayerGrid($('board'), progressBox, () => { grid.markWrong([]); applyStep.hidden = true; });

const PLAY_HELP: Record<string, string> = {
  starbattle: 'Enter your progress, then ask for a hint: the next step from your grid, or which entries are wrong. Click a cell (or move with the arrow keys and press Space) to cycle star, no star, undecided; * and x set a cell directly.',
  akari: 'Enter your progress, then ask for a hint: the next step from your grid, or which entries are wrong. Click a cell (or move with the arrow keys and press Space) to cycle bulb, no bulb, undecided; * and x set a cell directly.',
  hashi: 'Type the bridges you have into the picture below (- or = between islands in a row, | or " in a column), then ask for a hint: the next step from your grid, or which bridges are wrong.',
  'bridges-signs': 'Type the bridges you have into the picture below (- or = between islands in a row, | or " in a column), then ask for a hint: the next step from your grid, or which bridges are wrong.',
  blockparty: 'Type the numbers you have into the grid below (one per cell; ? or . for a cell not decided yet), then ask for a hint: the next step from your grid, or which numbers are wrong.',
};

const BLOCKPARTY_EXAMPLE = 'blockparty\nAABBB\nCAADB\nCEAFB\nCGGFF\nCCGHF\n\n....2\n..4..\n3....\n.....\n.....';

/** Times the page exposes for the browser test and the bench (ms, performance.now()). */
interface PageTimes {
  /** main.js began to run (it is the last thing in <body>, so just before DOMContentLoaded). */
  domReady: number;
  /** The first worker was created; engine.wasm was compiled; the worker's script began to run, had run its top level, had the engine. */
  workerCreated?: number;
  engineCompiled?: number;
  workerScriptStarted?: number;
  workerEvaluated?: number;
  engineReady?: number;
  /** Per answer: request sent, ms until it arrived, worker time and its phases, when the DOM showed it (data-status set) and the next animation frame (the answer's paint). */
  results: { id: number; sentAt: number; ms: number; workerMs: number; workerStartedAt?: number; phases?: SolvedMessage['phases']; shownAt?: number; paintedAt?: number }[];
}
const times: PageTimes = { domReady: performance.now(), results: [] };
/** A worker's timeOrigin-based timestamp on this page's performance.now() clock. */
const pageClock = (at: number) => at - performance.timeOrigin;
(window as unknown as { gridsat: unknown }).gridsat = { times, last: () => last, offlineReady: () => workerBlobUrl !== undefined, bench: (text: string, runs: number) => benchInWorker(text, runs) };

let enginePromise: Promise<WebAssembly.Module> | undefined;
let worker: Worker | undefined;
let workerReady: Promise<Worker> | undefined;
let running: { id: number; text: string; sentAt: number; timer: number } | undefined;
let nextId = 1;
let last: SolvedMessage | undefined;
/** The explanation on screen and the step shown (0-based). */
let explanation: { answer: ExplainedMessage; step: number } | undefined;
/** The explain or hint request in flight (the solve's `running` covers the timer and Stop). */
let explaining: number | undefined;

/** What index.html's head script started while the page loaded (absent from file://). */
interface Boot { worker?: Worker; engine?: Promise<WebAssembly.Module>; at?: number }
let boot = (window as unknown as { gridsatBoot?: Boot }).gridsatBoot;
const fromFile = location.protocol === 'file:';

/** Loads one of the page's own scripts with a <script> tag: what a page opened from file:// may still do. */
function loadScript(src: string): Promise<void> {
  return new Promise((ok, fail) => {
    const tag = document.createElement('script');
    tag.src = src;
    tag.onload = () => ok();
    tag.onerror = () => fail(new Error(`${src} did not load`));
    document.head.append(tag);
  });
}

/**
 * engine.wasm, compiled once; every worker (a new one after each Stop) gets the compiled module.
 * From file://, where fetch is refused, engine.js carries the same bytes as base64.
 */
function engine(): Promise<WebAssembly.Module> {
  enginePromise ??= boot?.engine ?? (fromFile ? engineFromScript() : (async () => {
    const response = await fetch('engine.wasm');
    if (!response.ok) throw new Error(`engine.wasm: HTTP ${response.status}`);
    // compileStreaming needs the application/wasm type, which not every static host sends.
    return response.headers.get('content-type')?.startsWith('application/wasm')
      ? WebAssembly.compileStreaming(response)
      : WebAssembly.compile(await response.arrayBuffer());
  })());
  return enginePromise;
}

async function engineFromScript(): Promise<WebAssembly.Module> {
  await loadScript('engine.js');
  const base64 = (window as unknown as { gridsatEngine?: string }).gridsatEngine;
  if (!base64) throw new Error('engine.js did not define the engine');
  return WebAssembly.compile(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

/**
 * worker.js as a blob URL, for the workers a page cannot start from the file itself: from file://
 * (no worker from a file URL; worker.js loaded as a script hands over its code instead of running)
 * and, once fetched, for the fresh worker after a Stop, so Stop still works when the host has gone.
 */
let workerSource: Promise<string> | undefined;
let workerBlobUrl: string | undefined;
function workerBlob(): Promise<string> {
  workerSource ??= (fromFile
    ? loadScript('worker.js').then(() => {
      const run = (window as unknown as { gridsatWorker?: () => void }).gridsatWorker;
      if (!run) throw new Error('worker.js did not hand over its code');
      return `(${run.toString()})()`;
    })
    : fetch('worker.js').then((r) => {
      if (!r.ok) throw new Error(`worker.js: HTTP ${r.status}`);
      return r.text();
    })).then((text) => (workerBlobUrl = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }))));
  workerSource.catch(() => { workerSource = undefined; });
  return workerSource;
}

async function newWorker(): Promise<Worker> {
  const early = boot?.worker;
  if (early) {
    boot = { ...boot, worker: undefined };
    times.workerCreated = boot.at;
    return early;
  }
  times.workerCreated ??= performance.now();
  if (fromFile || workerSource) return new Worker(await workerBlob());
  return new Worker('worker.js');
}

function startWorker(): Promise<Worker> {
  workerReady = (async () => {
    const w = await newWorker();
    worker = w;
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      if (event.data.kind === 'result') onResult(event.data);
      else if (event.data.kind === 'explained') onExplained(event.data);
      else if (event.data.kind === 'ready' && times.engineReady === undefined) {
        times.engineReady = pageClock(event.data.engineAt);
        times.workerScriptStarted = pageClock(event.data.scriptStartedAt);
        times.workerEvaluated = pageClock(event.data.evaluatedAt);
      }
    };
    // A worker that cannot load (the host went away before worker.js was kept) or that crashed.
    // Either way it is dropped, so the next request starts a fresh one.
    w.onerror = (event) => {
      event.preventDefault();
      if (worker !== w) return;
      w.terminate();
      worker = undefined;
      workerReady = undefined;
      if (!running) return;
      finish();
      showError(`The solver stopped: ${event.message || 'worker.js could not be loaded'}`);
    };
    // Messages are handled in order, so a solve can be posted right behind the engine: no round trip.
    const module = await engine();
    times.engineCompiled ??= performance.now();
    w.postMessage({ kind: 'engine', module } satisfies ToWorker);
    return w;
  })();
  // A solver that could not start is not kept: the next request tries again (the host may be back).
  const attempt = workerReady;
  attempt.catch(() => { if (workerReady === attempt) workerReady = undefined; });
  return attempt;
}

/** For bench/web.ts: mean ms per solve + uniqueness of `text`, timed inside the worker. */
async function benchInWorker(text: string, runs: number): Promise<{ meanMs: number; status: string }> {
  const w = await (workerReady ?? startWorker());
  const id = nextId++;
  return new Promise((resolve) => {
    const listen = (event: MessageEvent<FromWorker>) => {
      if (event.data.kind === 'bench' && event.data.id === id) {
        w.removeEventListener('message', listen);
        resolve({ meanMs: event.data.meanMs, status: event.data.status });
      }
    };
    w.addEventListener('message', listen);
    w.postMessage({ kind: 'bench', id, text, runs } satisfies ToWorker);
  });
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The hash holds the puzzle text, percent-encoded except for the characters URLs and IDs are made of. */
function toHash(text: string): string {
  return encodeURIComponent(text).replace(/%(2F|3A|3F|3D|2C|40|26|24|5B|5D)/g, (m) => decodeURIComponent(m));
}
function fromHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function shareLink(text: string): string {
  return `${location.href.split('#')[0]}#${toHash(text)}`;
}

function setBusy(busy: boolean): void {
  solveButton.disabled = busy;
  explainButton.disabled = busy;
  hintButton.disabled = busy;
  stopButton.disabled = !busy;
  if (busy) result.setAttribute('aria-busy', 'true');
  else result.removeAttribute('aria-busy');
}

function clearResultData(): void {
  for (const name of ['data-status', 'data-count', 'data-solution']) result.removeAttribute(name);
  play.hidden = true;
  clearExplanation();
}

function clearExplanation(): void {
  explanation = undefined;
  explanationEl.hidden = true;
  for (const name of ['data-status', 'data-steps', 'data-step', 'data-decided', 'data-hint', 'data-wrong']) explanationEl.removeAttribute(name);
  wrongList.hidden = true;
  applyStep.hidden = true;
}

async function solve(text: string): Promise<void> {
  if (running) stop(false);
  const id = nextId++;
  clearResultData();
  setBusy(true);
  statusEl.textContent = 'Solving…';
  summaryEl.textContent = '';
  messageEl.hidden = true;
  timeEl.textContent = '';
  const sentAt = performance.now();
  const timer = window.setInterval(() => { timeEl.textContent = formatMs(performance.now() - sentAt); }, 100);
  running = { id, text, sentAt, timer };
  let w: Worker;
  try {
    w = await (workerReady ?? startWorker());
  } catch (err) {
    finish();
    showError(`The solver could not start: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (running?.id !== id) return;
  w.postMessage({ kind: 'solve', id, text, determined: determinedBox.checked } satisfies ToWorker);
}

function finish(): number {
  const ms = running ? performance.now() - running.sentAt : 0;
  if (running) window.clearInterval(running.timer);
  running = undefined;
  setBusy(false);
  return ms;
}

function showError(message: string): void {
  result.dataset.status = 'error';
  statusEl.textContent = 'Error';
  messageEl.className = 'message';
  messageEl.textContent = message;
  messageEl.hidden = false;
  figures.hidden = true;
  determinedPanel.hidden = true;
  exportSection.hidden = true;
  explainActions.hidden = true;
  play.hidden = true;
}

const HEADLINE: Record<string, string> = {
  unique: 'Unique solution',
  multiple: 'More than one solution',
  solved: 'Solved',
  none: 'No solution',
  unknown: 'Unknown',
  error: 'Error',
};

function onResult(answer: SolvedMessage): void {
  if (running?.id !== answer.id) return;
  const sentAt = running.sentAt;
  lastText = running.text;
  const ms = finish();
  last = answer;
  const timing: PageTimes['results'][number] = { id: answer.id, sentAt, ms, workerMs: answer.workerMs, phases: answer.phases };
  if (answer.phases) timing.workerStartedAt = pageClock(answer.phases.startedAt);
  times.results.push(timing);
  const { row } = answer;

  statusEl.textContent = row.status === 'multiple' ? (row.countExact ? `${row.count} solutions` : `At least ${row.count} solutions`) : HEADLINE[row.status]!;
  timeEl.textContent = formatMs(ms);
  timeEl.title = `solver ${formatMs(answer.workerMs)} in the worker`;
  const where = [row.type, row.size, row.format && `read as ${row.format}`].filter(Boolean).join(' · ');
  const more = answer.puzzles > 1 ? ` · the input holds ${answer.puzzles} puzzles; this is the first` : '';
  summaryEl.textContent = row.status === 'error' ? '' : `${where}${more}`;

  if (row.status === 'error') {
    showError(row.message ?? 'error');
  } else {
    const text = [row.message, row.note, row.mismatch].filter(Boolean).join('\n') || undefined;
    messageEl.hidden = !text;
    messageEl.className = 'message note';
    messageEl.textContent = text ?? '';
    figures.hidden = !answer.puzzleSvg;
    puzzleSvg.innerHTML = answer.puzzleSvg ?? '';
    solutionFigure.hidden = !answer.solutionSvg;
    solutionSvg.innerHTML = answer.solutionSvg ?? '';
    const determined = row.determined;
    determinedPanel.hidden = !determined;
    determinedText.textContent = determined ? determined.text.replace(/\n$/, '') + (determined.partial ? '\n(a limit stopped this before every cell was decided)' : '') : '';
    showExports(answer);
    explainActions.hidden = !answer.explainable;
    solutionFigure.hidden = !answer.solutionSvg || (answer.explainable && !showSolution.checked);
    play.hidden = true;
  }
  // The data attributes last, so a script waiting on data-status sees everything else in place.
  if (row.count !== undefined) result.dataset.count = String(row.count);
  if (row.solution !== undefined) result.dataset.solution = JSON.stringify(row.solution);
  result.dataset.status = row.status;
  timing.shownAt = performance.now();
  // For the bench's trace (Chromium's blink.user_timing): the answer is on the page.
  if (times.results.length === 1) performance.mark('gridsat:first-result');
  // The answer first: the frame after it is painted, the player's grid (up to hundreds of buttons).
  requestAnimationFrame(() => {
    timing.paintedAt = performance.now();
    window.setTimeout(() => {
      if (last !== answer || !answer.board) return;
      grid.show(answer.board);
      playHelp.textContent = PLAY_HELP[answer.board.type] ?? '';
      play.hidden = false;
    }, 0);
  });
}

function showExports(answer: SolvedMessage): void {
  exportSection.hidden = false;
  share.value = shareLink(running?.text ?? input.value);
  exportsEl.replaceChildren(...answer.exports.map((e) => {
    const row = document.createElement('div');
    row.className = 'export-row';
    const id = `export-${e.target}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = e.label;
    row.append(label);
    if (e.text === undefined) {
      const why = document.createElement('p');
      why.className = 'cannot';
      why.id = id;
      why.textContent = e.error ?? 'cannot be written in this format';
      row.append(why);
      return row;
    }
    const box = document.createElement('div');
    box.className = 'copyable';
    const field = e.text.includes('\n') ? document.createElement('textarea') : document.createElement('input');
    field.id = id;
    field.readOnly = true;
    field.value = e.text;
    if (field instanceof HTMLTextAreaElement) field.rows = Math.min(12, e.text.split('\n').length);
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.dataset.copy = id;
    copy.textContent = 'Copy';
    box.append(field, copy);
    row.append(box);
    return row;
  }));
}

/** Explain (all steps) or Hint (the first step), for the puzzle last solved, in the same worker. */
async function explainCurrent(maxSteps?: number, progress?: string): Promise<void> {
  const text = last ? (running?.text ?? lastText) : undefined;
  if (!text) return;
  if (running) stop(false);
  const id = nextId++;
  clearExplanation();
  setBusy(true);
  const sentAt = performance.now();
  statusEl.textContent = progress !== undefined ? 'Finding a hint…' : 'Explaining…';
  timeEl.textContent = '';
  const timer = window.setInterval(() => { timeEl.textContent = formatMs(performance.now() - sentAt); }, 100);
  running = { id, text, sentAt, timer };
  explaining = id;
  const w = await (workerReady ?? startWorker());
  if (running?.id !== id) return;
  w.postMessage({ kind: 'explain', id, text, ...(maxSteps !== undefined ? { maxSteps } : {}), ...(progress !== undefined ? { progress } : {}) } satisfies ToWorker);
}

const HINT_TITLES: Record<HintOutcome['kind'], string> = {
  step: 'Hint: the next step from your grid',
  stuck: 'Hint: nothing is forced from your grid',
  wrong: 'Hint: some entries are wrong',
  complete: 'Hint: your grid is complete',
  none: 'Hint: the puzzle has no solution',
  unknown: 'Hint: stopped by a limit',
  error: 'Hint: your grid did not read',
};

function onExplained(answer: ExplainedMessage): void {
  if (running?.id !== answer.id || explaining !== answer.id) return;
  explaining = undefined;
  const ms = finish();
  if (last) onResultHeadline(last);
  timeEl.textContent = formatMs(ms);
  const hint = answer.hint;
  explainTitle.textContent = hint ? HINT_TITLES[hint.kind] : 'Explanation';
  explainSummary.textContent = hint
    ? (hint.kind === 'step' ? '' : hint.message ?? '')
    : [answer.conclusion, answer.difficulty ? `Difficulty: ${answer.difficulty}.` : ''].filter(Boolean).join(' ');
  explanationEl.hidden = false;
  explanation = { answer, step: 0 };
  explanationEl.dataset.steps = String(answer.steps.length);
  showStep();
  const wrong = hint?.wrong ?? [];
  wrongList.hidden = wrong.length === 0;
  wrongList.replaceChildren(...wrong.map((w) => {
    const item = document.createElement('li');
    item.textContent = `Your grid says ${w.entered}; the solution says ${w.solution}.`;
    return item;
  }));
  grid.markWrong(wrong.flatMap((w) => w.cells));
  pendingApply = hint?.apply ?? [];
  applyStep.hidden = pendingApply.length === 0;
  if (hint) {
    explanationEl.dataset.hint = hint.kind;
    if (wrong.length) explanationEl.dataset.wrong = JSON.stringify(wrong);
  }
  explanationEl.dataset.status = answer.status;
}

/** The values of the hint on screen, for Apply. */
let pendingApply: NonNullable<HintOutcome['apply']> = [];

/** The text of the puzzle the page last solved (the worker is asked to explain that, not the box). */
let lastText = '';

function onResultHeadline(answer: SolvedMessage): void {
  const { row } = answer;
  statusEl.textContent = row.status === 'multiple' ? (row.countExact ? `${row.count} solutions` : `At least ${row.count} solutions`) : HEADLINE[row.status]!;
}

function showStep(): void {
  if (!explanation) return;
  const { answer, step } = explanation;
  const shown = answer.steps[step];
  const n = answer.steps.length;
  stepPrev.disabled = step <= 0;
  stepNext.disabled = step >= n - 1;
  stepPrev.hidden = stepNext.hidden = n <= 1;
  stepCounter.textContent = n ? `step ${step + 1} of ${n}` : (answer.status === 'error' || answer.hint ? '' : 'no step');
  stepView.hidden = n === 0;
  stepDecides.textContent = shown?.decides ?? '';
  stepReason.textContent = shown?.reason ? `${shown.reason} (${shown.facts} fact${shown.facts === 1 ? '' : 's'}, ${shown.technique})` : (answer.status === 'error' ? answer.conclusion : '');
  stepReason.dataset.reason = shown?.reason ?? '';
  stepSvg.innerHTML = shown?.svg ?? '';
  if (shown) {
    explanationEl.dataset.step = String(step + 1);
    explanationEl.dataset.decided = JSON.stringify(shown.decided);
  } else {
    explanationEl.removeAttribute('data-step');
    explanationEl.removeAttribute('data-decided');
  }
}

function moveStep(delta: number): void {
  if (!explanation) return;
  const next = Math.min(explanation.answer.steps.length - 1, Math.max(0, explanation.step + delta));
  if (next === explanation.step) return;
  explanation.step = next;
  showStep();
}

/** Stop: the engine has no way to be interrupted from outside, so the worker is ended and replaced. */
function stop(show = true): void {
  if (!running) return;
  const ms = finish();
  worker?.terminate();
  worker = undefined;
  workerReady = undefined;
  const wasExplaining = explaining !== undefined;
  explaining = undefined;
  if (show && wasExplaining && last) {
    // Only the explanation stopped; the solve's answer above still stands.
    onResultHeadline(last);
    explanationEl.hidden = false;
    explainTitle.textContent = 'Explanation';
    explainSummary.textContent = `Stopped after ${formatMs(ms)}.`;
    explanationEl.dataset.status = 'unknown';
    explanation = undefined;
    stepCounter.textContent = '';
    stepDecides.textContent = stepReason.textContent = stepSvg.innerHTML = '';
    stepPrev.hidden = stepNext.hidden = true;
  } else if (show) {
    statusEl.textContent = 'Unknown (stopped)';
    timeEl.textContent = formatMs(ms);
    summaryEl.textContent = `Stopped after ${formatMs(ms)}; no answer was proved.`;
    result.dataset.status = 'unknown';
  }
  void startWorker().catch(() => undefined);
}

function solveCurrent(): void {
  const text = input.value;
  if (text.trim() === '') {
    showError('empty input: type or paste a puzzle first');
    return;
  }
  history.replaceState(null, '', `#${toHash(text)}`);
  void solve(text);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  solveCurrent();
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    solveCurrent();
  }
});
stopButton.addEventListener('click', () => stop());
explainButton.addEventListener('click', () => { void explainCurrent(); });
hintButton.addEventListener('click', () => { void explainCurrent(1, progressBox.value); });
clearProgress.addEventListener('click', () => grid.clear());
applyStep.addEventListener('click', () => {
  grid.apply(pendingApply);
  pendingApply = [];
});
showSolution.addEventListener('change', () => {
  solutionFigure.hidden = !last?.solutionSvg || !showSolution.checked;
});
stepPrev.addEventListener('click', () => moveStep(-1));
stepNext.addEventListener('click', () => moveStep(1));
explanationEl.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (event.key === 'ArrowRight') { event.preventDefault(); moveStep(1); }
  else if (event.key === 'ArrowLeft') { event.preventDefault(); moveStep(-1); }
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && running) stop();
});
determinedBox.addEventListener('change', () => {
  if (input.value.trim() !== '' && (last || running)) void solve(input.value);
});
document.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-copy]');
  if (!button) return;
  const field = document.getElementById(button.dataset.copy!) as HTMLInputElement | HTMLTextAreaElement | null;
  if (!field) return;
  field.select();
  const done = () => { button.textContent = 'Copied'; window.setTimeout(() => { button.textContent = 'Copy'; }, 1200); };
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, () => document.execCommand('copy') && done());
  else if (document.execCommand('copy')) done();
});

function loadHash(): void {
  const text = fromHash(location.hash);
  if (text.trim() === '') return;
  input.value = text;
  void solve(text);
}
window.addEventListener('hashchange', loadHash);
$<HTMLAnchorElement>('example-blockparty').href = `#${toHash(BLOCKPARTY_EXAMPLE)}`;

void startWorker().catch((err) => showError(`The solver could not start: ${err instanceof Error ? err.message : String(err)}`));
// Once the page is up, keep worker.js's code at hand, so the worker after a Stop starts without the host.
if (!fromFile) window.setTimeout(() => { void workerBlob().catch(() => undefined); }, 2000);
loadHash();
