/**
 * Hint from the player's progress on the web page, in a real browser (Debian's Chromium): progress
 * entered by clicking and with the keyboard on the drawn grid (Light Up, Star Battle) or typed in the
 * CLI's `--progress` notation (Bridges), then Hint. The page must give what src/explain/hint.ts
 * gives in Node for the same progress text — the same step in the same words, or the same wrong
 * entries — and the clicks must write exactly the progress text that was clicked. The starting
 * entries come from the solution the CLI's pipeline finds (itself checked against pzpr in
 * page.test.ts), so "correct" and "wrong" entries are known independently of the hint code.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from '../../src/formats/inputs.js';
import { decideEntry } from '../../src/solve/readings.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { Explainer } from '../../src/explain/explain.js';
import { hintFor, type HintResult } from '../../src/explain/hint.js';
import { describeReason, describeValues } from '../../src/explain/render.js';
import { FIXTURES } from '../helpers/paths.js';
import { CHROMIUM_MISSING, readResult, sharedSession, typePuzzle } from './browser.js';
import type { Page } from 'playwright-core';

if (CHROMIUM_MISSING) console.log(`skipping the web hint tests: ${CHROMIUM_MISSING}`);

function firstPuzzleLine(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))!.trim();
}

function decided(text: string) {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  if (!entry?.ok) throw new Error('not a puzzle');
  const decision = decideEntry(entry);
  if (!decision.ok) throw new Error(decision.error);
  return decision.entry;
}

/** What `gridsat hint --progress` computes in Node for the same puzzle and progress text. */
function nodeHint(text: string, progress: string): HintResult {
  const { type, puzzle } = decided(text);
  const ex = new Explainer(type, puzzle);
  try {
    return hintFor(ex, progress);
  } finally {
    ex.dispose();
  }
}

interface ShownHint { kind?: string; decides: string; reason: string; wrong?: string; progress: string; title: string }

async function askHint(page: Page): Promise<ShownHint> {
  await page.click('#hint');
  await page.waitForSelector('#explanation[data-status]', { timeout: 60_000 });
  return page.evaluate(() => {
    const el = document.getElementById('explanation')!;
    return {
      kind: el.dataset.hint,
      decides: document.getElementById('step-decides')!.textContent ?? '',
      reason: document.getElementById('step-reason')!.dataset.reason ?? '',
      wrong: el.dataset.wrong,
      progress: (document.getElementById('progress') as HTMLTextAreaElement).value,
      title: document.getElementById('explain-title')!.textContent ?? '',
    };
  });
}

function expectSameStep(shown: ShownHint, expected: HintResult): void {
  expect(expected.kind).toBe('step');
  if (expected.kind !== 'step') return;
  const step = expected.explanation.steps[0]!;
  expect(shown.kind).toBe('step');
  expect(shown.decides).toBe(describeValues(step.values));
  expect(shown.reason).toBe(describeReason(step));
}

/** The page names the same wrong entries, with the same words, as src/explain's hint; returns them. */
function expectSameWrong(shown: ShownHint, expected: HintResult): (HintResult & { kind: 'wrong' })['wrong'] {
  expect(expected.kind).toBe('wrong');
  if (expected.kind !== 'wrong') return [];
  expect(shown.kind).toBe('wrong');
  expect(JSON.parse(shown.wrong!)).toEqual(expected.wrong.map((w) => ({ cells: w.entered.cells.map((c) => [c[0], c[1]]), entered: w.entered.text, solution: w.solution.text })));
  return expected.wrong;
}

const cell = (r: number, c: number) => `#board .cell[data-row="${r}"][data-col="${c}"]`;

describe.skipIf(CHROMIUM_MISSING !== undefined)('Hint from the player\'s grid on the web page', () => {
  const browser = sharedSession();

  it('Light Up: clicked and keyed entries write the progress text, and Hint gives the step src/explain gives from it; Apply adds the step', async () => {
    const { page, url } = browser.session;
    const id = firstPuzzleLine('akari/tatham-10x10-d2.txt');
    const { type, puzzle } = decided(id);
    const solution = solvePuzzle(type, puzzle, { count: 2 }).solution as { bulbs: boolean[][] };
    const cells = (puzzle as { cells: unknown[][] }).cells;
    const white: [number, number][] = [];
    cells.forEach((row, r) => row.forEach((v, c) => { if (v === 'white') white.push([r, c]); }));
    const bulb = white.find(([r, c]) => solution.bulbs[r]![c])!;
    const empty = white.find(([r, c]) => !solution.bulbs[r]![c])!;

    await page.goto(url);
    await typePuzzle(page, id);
    expect((await readResult(page)).status).toBe('unique');
    // The grid is built the frame after the answer is shown.
    await page.waitForSelector('#play:not([hidden]) #board .cell');
    // A bulb by one click; "no bulb" with the keyboard: focus the cell, Space twice (bulb, no bulb).
    await page.click(cell(...bulb));
    await page.focus(cell(...empty));
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    const progress = type.renderText(puzzle).trimEnd().split('\n').map((line, r) => [...line].map((ch, c) => {
      if (r === bulb[0] && c === bulb[1]) return '*';
      if (r === empty[0] && c === empty[1]) return '+';
      return ch;
    }).join('')).join('\n');
    expect((await page.inputValue('#progress')).trimEnd()).toBe(progress);
    expect(await page.getAttribute(cell(...bulb), 'aria-label')).toContain('bulb');

    const shown = await askHint(page);
    expectSameStep(shown, nodeHint(id, progress));
    expect(shown.title).toContain('next step from your grid');

    // Apply: the step's cells join the grid; the next hint is Node's from that grid.
    await page.click('#apply-step');
    const applied = await page.inputValue('#progress');
    expect(applied).not.toBe(progress);
    const next = await askHint(page);
    expectSameStep(next, nodeHint(id, applied));
    // The arrow keys move between cells.
    await page.focus(cell(0, 0));
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.col)).toBe('1');
  });

  it('Star Battle: a wrong star typed into the text box is named, as src/explain names it, and marked on the grid', async () => {
    const { page } = browser.session;
    const text = readFileSync(join(FIXTURES, 'starbattle/norvig-board1.txt'), 'utf8');
    const { type, puzzle } = decided(text);
    const solution = solvePuzzle(type, puzzle, { count: 2 }).solution as boolean[][] | { stars: boolean[][] };
    const stars = Array.isArray(solution) ? solution : solution.stars;
    const rows = stars.length;
    const cols = stars[0]!.length;
    // A star where the solution has none.
    let wrongAt: [number, number] = [0, 0];
    outer: for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (!stars[r]![c]) { wrongAt = [r, c]; break outer; }
    const progress = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (r === wrongAt[0] && c === wrongAt[1] ? '*' : '?')).join(' ')).join('\n');

    await typePuzzle(page, text);
    expect((await readResult(page)).status).toBe('unique');
    await page.waitForSelector('#play:not([hidden])');
    await page.fill('#progress', progress);
    // The typed text redraws the grid.
    expect(await page.getAttribute(cell(...wrongAt), 'data-state')).toBe('yes');
    const shown = await askHint(page);
    const wrong = expectSameWrong(shown, nodeHint(text, progress));
    expect(await page.textContent('#wrong-list')).toContain(wrong[0]!.entered.text);
    expect(await page.getAttribute(cell(...wrongAt), 'aria-invalid')).toBe('true');

    // Clear the grid: back to nothing decided; Hint is then the first step from the empty grid.
    await page.click('#clear-progress');
    expect(await page.getAttribute(cell(...wrongAt), 'data-state')).toBe('unknown');
    expectSameStep(await askHint(page), nodeHint(text, await page.inputValue('#progress')));
  });

  it('Bridges: progress typed in the solution picture gives src/explain\'s next step; a malformed grid gives the reader\'s message', async () => {
    const { page } = browser.session;
    const id = firstPuzzleLine('hashi/tatham-7x7.txt');
    const { type, puzzle } = decided(id);
    const solved = type.renderText(puzzle, solvePuzzle(type, puzzle, { count: 2 }).solution).trimEnd().split('\n');
    const blank = type.renderText(puzzle).trimEnd().split('\n');
    // The solution's first row of bridges drawn, nothing else.
    const progress = [solved[0]!, ...blank.slice(1)].join('\n');

    await typePuzzle(page, id);
    expect((await readResult(page)).status).toBe('unique');
    await page.waitForSelector('#play:not([hidden])');
    expect(await page.isVisible('#board')).toBe(false);
    expect((await page.inputValue('#progress')).trimEnd()).toBe(blank.join('\n'));
    await page.fill('#progress', progress);
    expectSameStep(await askHint(page), nodeHint(id, progress));

    // An 'x' where the bridge from the top-left island would be drawn.
    await page.fill('#progress', [`${blank[0]![0]}x${blank[0]!.slice(2)}`, ...blank.slice(1)].join('\n'));
    const bad = await askHint(page);
    expect(bad.kind).toBe('error');
    expect(await page.textContent('#explain-summary')).toContain("progress line 1: 'x' where a bridge");
  });

  it('Block Party: a wrong number typed into the grid is named as src/explain names it; from the empty grid, its first step', async () => {
    const { page } = browser.session;
    const text = readFileSync(join(FIXTURES, 'blockparty/example-5x5.txt'), 'utf8');
    const { type, puzzle } = decided(text);
    const solution = solvePuzzle(type, puzzle, { count: 2 }).solution as number[][];
    const blank = type.renderText(puzzle).trimEnd().split('\n');
    // Row 1, column 1 of the picture (line 1, character 2): a number the solution does not have there.
    const wrong = String(solution[0]![0]! === 1 ? 2 : 1);
    const progress = [blank[0]!, `${blank[1]!.slice(0, 2)}${wrong}${blank[1]!.slice(3)}`, ...blank.slice(2)].join('\n');

    await typePuzzle(page, text);
    expect((await readResult(page)).status).toBe('unique');
    await page.waitForSelector('#play:not([hidden])');
    expect(await page.isVisible('#board')).toBe(false);
    expect((await page.inputValue('#progress')).trimEnd()).toBe(blank.join('\n'));
    expectSameStep(await askHint(page), nodeHint(text, blank.join('\n')));

    await page.fill('#progress', progress);
    const shown = await askHint(page);
    expectSameWrong(shown, nodeHint(text, progress));
  });

  it('Bridges with sum signs: Hint from the empty picture is src/explain\'s first step', async () => {
    const { page } = browser.session;
    const text = readFileSync(join(FIXTURES, 'bridges-signs/map1.json'), 'utf8');
    const { type, puzzle } = decided(text);
    await typePuzzle(page, text);
    expect((await readResult(page)).status).toBe('unique');
    await page.waitForSelector('#play:not([hidden])');
    const empty = await page.inputValue('#progress');
    expect(empty.trimEnd()).toBe(type.renderText(puzzle).trimEnd());
    expectSameStep(await askHint(page), nodeHint(text, empty));
  });

  it('raised no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
