/**
 * The web page end to end, in a real browser (Debian's Chromium via playwright-core): the built
 * page is served, puzzles of every type are typed in and loaded from the location hash, and what
 * the page shows is checked against references we did not write: puzz.link's own engine (pzpr)
 * judges the Star Battle, Light Up and Bridges answers, Block Party's published answer figure
 * (430), Norvig's published Star Battle solution. The page must also agree with the CLI's
 * in-process pipeline on status and solution, and draw the solution with the type's SVG renderer.
 * Stop is tested on a Bridges puzzle that no CDCL solver finishes quickly (below); a malformed
 * input's located message is checked against the CLI's.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from '../../src/formats/inputs.js';
import { solvedRow } from '../../src/solve/row.js';
import { solveEntry } from '../../src/solve/readings.js';
import { FIXTURES } from '../helpers/paths.js';
import { PZPR_MISSING, pzpr, type PzprPuzzle } from '../helpers/pzpr.js';
import { CHROMIUM_MISSING, sharedSession, imbalancedLattice, openWithHash, readResult, typePuzzle, type PageSession } from './browser.js';

if (CHROMIUM_MISSING) console.log(`skipping the web page tests: ${CHROMIUM_MISSING}`);

/** The solution as the type's own SVG renderer draws it from the CLI's in-process answer. */
function cliDrawing(text: string): string {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  if (!entry?.ok) throw new Error('not a puzzle');
  const decision = solveEntry(entry, { count: 2 });
  if (!decision.ok) throw new Error(decision.error);
  return decision.entry.type.renderSvg(decision.entry.puzzle, decision.report.solution);
}

/** What `gridsat solve --count 2 --format json` gives for the same text (the page reads it as 'input'). */
function cliRow(text: string) {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  return solvedRow(entry!, { count: 2 }, 'default');
}

function firstPuzzleLine(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))!.trim();
}

function pzprOpen(url: string): PzprPuzzle {
  const p = new pzpr!.Puzzle();
  p.open(url);
  return p;
}

/** The page's own "puzz.link URL" export for the puzzle on screen. */
async function exportedUrl(session: PageSession): Promise<string> {
  return session.page.inputValue('#export-url');
}

describe.skipIf(CHROMIUM_MISSING !== undefined)('the web page in Chromium', () => {
  const browser = sharedSession();

  /** The page agrees with the CLI on status, count and solution, and draws that solution. */
  async function expectSameAsCli(text: string, result: Awaited<ReturnType<typeof readResult>>) {
    const row = cliRow(text);
    expect(result.status).toBe(row.status);
    expect(result.count).toBe(row.count === undefined ? undefined : String(row.count));
    expect(result.solution).toBe(row.solution === undefined ? undefined : JSON.stringify(row.solution));
    if (row.solution !== undefined) {
      // Compared as the browser serialises both (innerHTML writes <rect …></rect> for <rect …/>).
      const drawn = await browser.session.page.evaluate((svg) => {
        const box = document.createElement('div');
        box.innerHTML = svg;
        return box.innerHTML;
      }, cliDrawing(text));
      expect(result.solutionSvg).toBe(drawn);
    }
    return row;
  }

  it('Light Up, typed as a Tatham game ID: unique, judged complete by pzpr, bulbs drawn', async () => {
    const id = firstPuzzleLine('akari/tatham-10x10-d2.txt');
    await browser.session.page.goto(browser.session.url);
    await typePuzzle(browser.session.page, id);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    expect(result.headline).toBe('Unique solution');
    await expectSameAsCli(id, result);
    const bulbs = (JSON.parse(result.solution!) as { bulbs: [number, number][] }).bulbs;
    // The solution drawing has one bulb circle per bulb; the puzzle drawing has none.
    expect(result.solutionSvg.match(/<circle/g)?.length).toBe(bulbs.length);
    expect(result.puzzleSvg).not.toContain('<circle');
    // Sharing: the hash now holds the puzzle.
    expect(decodeURIComponent(new URL(browser.session.page.url()).hash.slice(1))).toBe(id);
    if (pzpr) {
      const p = pzprOpen(await exportedUrl(browser.session));
      for (const [r, c] of bulbs) p.board.getc(2 * c + 1, 2 * r + 1).setQans(1);
      expect(p.check(true).complete).toBe(true);
    } else console.log(`pzpr judge skipped: ${PZPR_MISSING}`);
  });

  it('Star Battle, loaded from a puzz.link URL in the hash: unique, judged by pzpr', async () => {
    const url = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
    await openWithHash(browser.session, url);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    await expectSameAsCli(url, result);
    const rows = JSON.parse(result.solution!) as string[];
    if (pzpr) {
      const p = pzprOpen(url);
      rows.forEach((row, r) => [...row].forEach((ch, c) => p.board.getc(2 * c + 1, 2 * r + 1).setQans(ch === '*' ? 1 : 0)));
      expect(p.check(true).complete).toBe(true);
    }
  });

  it("Star Battle, Norvig's picture typed: the published solution", async () => {
    const text = readFileSync(join(FIXTURES, 'starbattle/norvig-board1.txt'), 'utf8');
    await typePuzzle(browser.session.page, text);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    await expectSameAsCli(text, result);
    const published = readFileSync(join(FIXTURES, 'starbattle/norvig-board1.solution.txt'), 'utf8')
      .split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l) => l.split(' ').map((ch) => (ch === '*' ? '*' : '.')).join(''));
    expect(JSON.parse(result.solution!)).toEqual(published);
  });

  it('Bridges, loaded as a Tatham game ID in the hash: unique, judged by pzpr, bridges drawn', async () => {
    const id = firstPuzzleLine('hashi/tatham-10x10.txt');
    await openWithHash(browser.session, id);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    await expectSameAsCli(id, result);
    const bridges = (JSON.parse(result.solution!) as { bridges: { a: [number, number]; b: [number, number]; count: number }[] }).bridges;
    expect(result.solutionSvg.length).toBeGreaterThan(result.puzzleSvg.length);
    if (pzpr) {
      const p = pzprOpen(await exportedUrl(browser.session));
      for (const { a: [r1, c1], b: [r2, c2], count } of bridges) {
        if (r1 === r2) for (let c = c1; c < c2; c++) p.board.getb(2 * c + 2, 2 * r1 + 1).setLineVal(count);
        else for (let r = r1; r < r2; r++) p.board.getb(2 * c1 + 1, 2 * r + 2).setLineVal(count);
      }
      expect(p.check(true).complete).toBe(true);
    }
  });

  it("Block Party, typed as gridsat's text grid: unique, Jane Street's published answer 430", async () => {
    const text = readFileSync(join(FIXTURES, 'blockparty/example-5x5.txt'), 'utf8');
    await typePuzzle(browser.session.page, text);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    await expectSameAsCli(text, result);
    const values = (JSON.parse(result.solution!) as { values: number[][] }).values;
    expect(values.reduce((sum, row) => sum + row.reduce((p, v) => p * v, 1), 0)).toBe(430);
    for (const v of values.flat()) expect(result.solutionSvg).toContain(`>${v}<`);
  });

  it('Bridges with sum signs, typed as JSON: unique, and the verifier accepts it', async () => {
    const text = readFileSync(join(FIXTURES, 'bridges-signs/map1.json'), 'utf8');
    await typePuzzle(browser.session.page, text);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('unique');
    await expectSameAsCli(text, result);
    const [entry] = [...readText(text, { input: 'input' }, {}, true)];
    if (!entry?.ok) throw new Error('map1.json did not read');
    const decision = solveEntry(entry, { count: 2 });
    if (!decision.ok) throw new Error(decision.error);
    expect(entry.type.verify(entry.puzzle, decision.report.solution)).toEqual([]);
  });

  it('several solutions and none: multiple (count 2) and none, as the CLI says', async () => {
    const two = readFileSync(join(FIXTURES, 'starbattle/handmade-two-solutions.txt'), 'utf8');
    await openWithHash(browser.session, two);
    const multiple = await readResult(browser.session.page);
    expect(multiple.status).toBe('multiple');
    expect(multiple.count).toBe('2');
    await expectSameAsCli(two, multiple);

    const infeasible = readFileSync(join(FIXTURES, 'edge-cases/starbattle-infeasible.txt'), 'utf8');
    await typePuzzle(browser.session.page, infeasible);
    const none = await readResult(browser.session.page);
    expect(none.status).toBe('none');
    expect(none.count).toBe('0');
    expect(none.solution).toBeUndefined();
    await expectSameAsCli(infeasible, none);
  });

  it("a malformed input shows the CLI's located message", async () => {
    const bad = '3 3\n- 1 -\n- x 9\n- - -';
    await typePuzzle(browser.session.page, bad);
    const result = await readResult(browser.session.page);
    expect(result.status).toBe('error');
    const row = cliRow(bad);
    expect(row.status).toBe('error');
    expect(result.message).toBe(row.message);
    expect(result.message).toMatch(/line \d+/);
    expect(await browser.session.page.isVisible('#figures')).toBe(false);
    expect(await browser.session.page.isVisible('#export')).toBe(false);

    await typePuzzle(browser.session.page, 'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g');
    const foreign = await readResult(browser.session.page);
    expect(foreign.status).toBe('error');
    expect(foreign.message).toContain("puzz.link type 'nurikabe' is not one gridsat solves");
  });

  it('Stop ends a long search: unknown, with the time, and the page solves again afterwards', async () => {
    await browser.session.page.goto(browser.session.url);
    await typePuzzle(browser.session.page, imbalancedLattice(8));
    await browser.session.page.waitForTimeout(2500);
    // Still searching after 2.5 s: no status yet, Stop enabled.
    expect(await browser.session.page.getAttribute('#result', 'data-status')).toBeNull();
    expect(await browser.session.page.isEnabled('#stop')).toBe(true);
    await browser.session.page.click('#stop');
    const stopped = await readResult(browser.session.page, 5000);
    expect(stopped.status).toBe('unknown');
    expect(stopped.headline).toContain('stopped');
    const seconds = Number((await browser.session.page.textContent('#time'))!.replace(/ s$/, ''));
    expect(seconds).toBeGreaterThanOrEqual(2.5);
    expect(await browser.session.page.isEnabled('#stop')).toBe(false);

    const id = firstPuzzleLine('akari/tatham-7x7-d2.txt');
    await typePuzzle(browser.session.page, id);
    expect((await readResult(browser.session.page)).status).toBe('unique');
  });

  it('the determined-cells toggle shows what every solution shares', async () => {
    const two = readFileSync(join(FIXTURES, 'starbattle/norvig-5x5.txt'), 'utf8');
    await typePuzzle(browser.session.page, two);
    await readResult(browser.session.page);
    await browser.session.page.check('#determined');
    await browser.session.page.waitForSelector('#determined-box:not([hidden])');
    const [entry] = [...readText(two, { input: 'input' }, {}, true)];
    const row = solvedRow(entry!, { count: 2, determined: true }, 'default');
    expect((await browser.session.page.textContent('#determined-text'))!.trim()).toBe(row.determined!.text.trim());
    await browser.session.page.uncheck('#determined');
  });

  it('looks right at desktop and phone width (screenshots saved when GRIDSAT_WEB_SCREENSHOTS names a folder)', async () => {
    const folder = process.env.GRIDSAT_WEB_SCREENSHOTS;
    for (const [name, width] of [['desktop', 1100], ['phone', 390]] as const) {
      await browser.session.page.setViewportSize({ width, height: 900 });
      await openWithHash(browser.session, firstPuzzleLine('akari/tatham-10x10-d2.txt'));
      await readResult(browser.session.page);
      // Nothing wider than the screen: the page never scrolls sideways.
      const overflow = await browser.session.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (folder) await browser.session.page.screenshot({ path: join(folder, `web-${name}.png`), fullPage: true });
    }
    await browser.session.page.setViewportSize({ width: 1100, height: 900 });
  });

  it('raised no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
