/**
 * The page's Explain and Hint buttons in a real browser (Debian's Chromium via playwright-core):
 * the worker runs src/explain, so the page must show the same steps, in the same words, as the
 * library computes in Node for the same puzzle; the last step's grid must be the solution the
 * page's own solve found (judged against pzpr in page.test.ts); Previous/Next (buttons and arrow
 * keys) move between the steps. Block Party (explained since the explainer covered it) likewise.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from '../../src/formats/inputs.js';
import { decideEntry } from '../../src/solve/readings.js';
import { explainPuzzle, type Explanation } from '../../src/explain/explain.js';
import { describeReason, describeValues } from '../../src/explain/render.js';
import { FIXTURES } from '../helpers/paths.js';
import { CHROMIUM_MISSING, sharedSession, readResult, typePuzzle, type PageSession } from './browser.js';

if (CHROMIUM_MISSING) console.log(`skipping the web explain tests: ${CHROMIUM_MISSING}`);

function firstPuzzleLine(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))!.trim();
}

/** What src/explain gives in Node for the text the page reads. */
function nodeExplanation(text: string, maxSteps?: number): Explanation {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  if (!entry?.ok) throw new Error('not a puzzle');
  const decision = decideEntry(entry);
  if (!decision.ok) throw new Error(decision.error);
  return explainPuzzle(decision.entry.type, decision.entry.puzzle, maxSteps !== undefined ? { maxSteps } : {});
}

interface ShownStep { counter: string; step?: string; decides: string; reason: string; decided?: string; svg: string }

async function shownStep(session: PageSession): Promise<ShownStep> {
  return session.page.evaluate(() => {
    const el = document.getElementById('explanation')!;
    return {
      counter: document.getElementById('step-counter')!.textContent ?? '',
      step: el.dataset.step,
      decides: document.getElementById('step-decides')!.textContent ?? '',
      reason: document.getElementById('step-reason')!.dataset.reason ?? '',
      decided: el.dataset.decided,
      svg: document.getElementById('step-svg')!.innerHTML,
    };
  });
}

describe.skipIf(CHROMIUM_MISSING !== undefined)('Explain and Hint on the web page', () => {
  const browser = sharedSession();

  it('Light Up (Tatham 7x7): the same steps and words as src/explain, Next/Previous move, the last step is the solution', async () => {
    const id = firstPuzzleLine('akari/tatham-7x7-d2.txt');
    const expected = nodeExplanation(id);
    expect(expected.status).toBe('solved');
    const n = expected.steps.length;
    expect(n).toBeGreaterThanOrEqual(2);

    await browser.session.page.goto(browser.session.url);
    await typePuzzle(browser.session.page, id);
    const solved = await readResult(browser.session.page);
    expect(solved.status).toBe('unique');
    expect(await browser.session.page.isVisible('#explain')).toBe(true);
    await browser.session.page.click('#explain');
    await browser.session.page.waitForSelector('#explanation[data-status]', { timeout: 60_000 });
    expect(await browser.session.page.getAttribute('#explanation', 'data-status')).toBe('solved');
    expect(Number(await browser.session.page.getAttribute('#explanation', 'data-steps'))).toBe(n);

    const first = await shownStep(browser.session);
    expect(first.counter).toBe(`step 1 of ${n}`);
    expect(first.reason).toBe(describeReason(expected.steps[0]!));
    expect(first.decides).toBe(describeValues(expected.steps[0]!.values));
    expect(first.svg).toContain('explain-step-1');
    expect(await browser.session.page.isDisabled('#step-prev')).toBe(true);

    await browser.session.page.click('#step-next');
    const second = await shownStep(browser.session);
    expect(second.counter).toBe(`step 2 of ${n}`);
    expect(second.reason).toBe(describeReason(expected.steps[1]!));
    expect(second.svg).toContain('explain-step-2');
    await browser.session.page.click('#step-prev');
    expect((await shownStep(browser.session)).counter).toBe(`step 1 of ${n}`);

    // Keyboard: Tab reaches the buttons, Enter presses them, arrow keys move inside the explanation.
    await browser.session.page.focus('#step-next');
    await browser.session.page.keyboard.press('Enter');
    expect((await shownStep(browser.session)).step).toBe('2');
    await browser.session.page.keyboard.press('ArrowLeft');
    expect((await shownStep(browser.session)).step).toBe('1');
    for (let i = 1; i < n; i++) await browser.session.page.keyboard.press('ArrowRight');
    const last = await shownStep(browser.session);
    expect(last.counter).toBe(`step ${n} of ${n}`);
    expect(await browser.session.page.isDisabled('#step-next')).toBe(true);
    // After the last step every cell is decided: the grid is the solution the page's solve found.
    expect(JSON.parse(last.decided!)).toEqual(JSON.parse(solved.solution!));
    const folder = process.env.GRIDSAT_WEB_SCREENSHOTS;
    if (folder) await browser.session.page.screenshot({ path: join(folder, 'web-explain.png'), fullPage: true });
  });

  it('Hint: the first step from the empty grid, as src/explain gives it', async () => {
    const id = firstPuzzleLine('akari/tatham-7x7-d2.txt');
    const expected = nodeExplanation(id, 1);
    await browser.session.page.click('#hint');
    await browser.session.page.waitForSelector('#explanation[data-status]', { timeout: 60_000 });
    expect(Number(await browser.session.page.getAttribute('#explanation', 'data-steps'))).toBe(1);
    const hint = await shownStep(browser.session);
    expect(hint.counter).toBe('step 1 of 1');
    expect(hint.reason).toBe(describeReason(expected.steps[0]!));
    expect(hint.decides).toBe(describeValues(expected.steps[0]!.values));
    expect(await browser.session.page.textContent('#explain-title')).toContain('Hint');
    // The solve's answer is still on the page.
    expect(await browser.session.page.getAttribute('#result', 'data-status')).toBe('unique');
  });

  it('Block Party: Explain gives the steps src/explain gives, ending in the page\'s solution', async () => {
    const text = readFileSync(join(FIXTURES, 'blockparty/example-5x5.txt'), 'utf8');
    const expected = nodeExplanation(text);
    expect(expected.status).toBe('solved');
    await typePuzzle(browser.session.page, text);
    const solved = await readResult(browser.session.page);
    expect(solved.status).toBe('unique');
    await browser.session.page.click('#explain');
    await browser.session.page.waitForSelector('#explanation[data-status]', { timeout: 60_000 });
    expect(await browser.session.page.getAttribute('#explanation', 'data-status')).toBe('solved');
    expect(Number(await browser.session.page.getAttribute('#explanation', 'data-steps'))).toBe(expected.steps.length);
    const first = await shownStep(browser.session);
    expect(first.reason).toBe(describeReason(expected.steps[0]!));
    expect(first.decides).toBe(describeValues(expected.steps[0]!.values));
    await browser.session.page.focus('#step-next');
    for (let i = 1; i < expected.steps.length; i++) await browser.session.page.keyboard.press('ArrowRight');
    expect(JSON.parse((await shownStep(browser.session)).decided!)).toEqual(JSON.parse(solved.solution!));
  });

  it('raised no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
