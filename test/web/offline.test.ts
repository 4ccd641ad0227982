/**
 * The built folder works without its host, in a real browser (Debian's Chromium):
 * - opened as a file (file://index.html#puzzle), where a page may neither fetch nor start a worker
 *   from a file URL: the page must still solve (same status and solution as the CLI's in-process
 *   pipeline), and Stop must still end a long search and leave a working solver;
 * - served, then the server stopped while the page is open: solving goes on, and the fresh worker
 *   after a Stop starts without the host; if the host went away before the page kept worker.js,
 *   a solve after a Stop ends with a message, not a page that waits forever.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readText } from '../../src/formats/inputs.js';
import { solvedRow } from '../../src/solve/row.js';
import { serveWeb } from '../../src/web/serve.js';
import { FIXTURES } from '../helpers/paths.js';
import { CHROMIUM_MISSING, imbalancedLattice, readResult, sharedSession, typePuzzle } from './browser.js';

if (CHROMIUM_MISSING) console.log(`skipping the web offline tests: ${CHROMIUM_MISSING}`);

function firstPuzzleLine(file: string): string {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'))!.trim();
}

/** What `gridsat solve --count 2 --format json` gives for the same text. */
function cliRow(text: string) {
  const [entry] = [...readText(text, { input: 'input' }, {}, true)];
  return solvedRow(entry!, { count: 2 }, 'default');
}

describe.skipIf(CHROMIUM_MISSING !== undefined)('the built page without its host', () => {
  const browser = sharedSession();

  it('opened from file://: solves from the hash and from the box, and Stop still works', async () => {
    const { page, dir } = browser.session;
    const lightUp = firstPuzzleLine('akari/tatham-10x10-d2.txt');
    await page.goto(`${pathToFileURL(join(dir, 'index.html')).href}#${encodeURIComponent(lightUp)}`);
    const fromHash = await readResult(page);
    const expected = cliRow(lightUp);
    expect(fromHash.status).toBe(expected.status);
    expect(JSON.parse(fromHash.solution!)).toEqual(expected.solution);
    expect(fromHash.solutionSvg).toContain('<svg');

    const starBattle = readFileSync(join(FIXTURES, 'starbattle/norvig-board1.txt'), 'utf8');
    await typePuzzle(page, starBattle);
    const typed = await readResult(page);
    expect(typed.status).toBe('unique');
    expect(JSON.parse(typed.solution!)).toEqual(cliRow(starBattle).solution);

    await typePuzzle(page, imbalancedLattice(8));
    await page.waitForTimeout(1500);
    expect(await page.getAttribute('#result', 'data-status')).toBeNull();
    await page.click('#stop');
    expect((await readResult(page, 5000)).status).toBe('unknown');
    await typePuzzle(page, lightUp);
    expect((await readResult(page)).status).toBe('unique');
  });

  it('served, then the server stopped: the open page still solves, and Stop still gives a working solver', async () => {
    const { page, dir } = browser.session;
    const { server, url } = await serveWeb({ dir });
    try {
      await page.goto(url);
      const first = firstPuzzleLine('akari/tatham-7x7-d2.txt');
      await typePuzzle(page, first);
      expect((await readResult(page)).status).toBe('unique');
      // The page keeps worker.js's code once it is up (a few seconds after loading).
      await page.waitForFunction(() => (window as unknown as { gridsat: { offlineReady(): boolean } }).gridsat.offlineReady(), undefined, { timeout: 10_000 });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
    const bridges = firstPuzzleLine('hashi/tatham-7x7.txt');
    await typePuzzle(page, bridges);
    const offline = await readResult(page);
    expect(offline.status).toBe(cliRow(bridges).status);

    await typePuzzle(page, imbalancedLattice(8));
    await page.waitForTimeout(1500);
    await page.click('#stop');
    expect((await readResult(page, 5000)).status).toBe('unknown');
    const after = firstPuzzleLine('akari/tatham-10x10-d2.txt');
    await typePuzzle(page, after);
    const again = await readResult(page);
    expect(again.status).toBe('unique');
    expect(JSON.parse(again.solution!)).toEqual(cliRow(after).solution);
  });

  it('served, and the server gone before the page kept worker.js: after a Stop, a solve says the solver could not start instead of hanging', async () => {
    const { page, dir } = browser.session;
    const { server, url } = await serveWeb({ dir });
    try {
      await page.goto(url);
      await typePuzzle(page, firstPuzzleLine('akari/tatham-7x7-d2.txt'));
      expect((await readResult(page)).status).toBe('unique');
    } finally {
      // At once: the page keeps worker.js's code only a few seconds after loading.
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
    expect(await page.evaluate(() => (window as unknown as { gridsat: { offlineReady(): boolean } }).gridsat.offlineReady())).toBe(false);
    await typePuzzle(page, imbalancedLattice(8));
    await page.waitForTimeout(1000);
    await page.click('#stop');
    expect((await readResult(page, 5000)).status).toBe('unknown');
    await typePuzzle(page, firstPuzzleLine('akari/tatham-10x10-d2.txt'));
    const failed = await readResult(page, 10_000);
    expect(failed.status).toBe('error');
    expect(failed.message).toMatch(/solver (stopped|could not start)/);
  });

  it('raised no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
