/**
 * Drives the built page (web-dist/) in Debian's Chromium through playwright-core. Nothing here
 * downloads a browser: the executable is /usr/bin/chromium (or $CHROMIUM), and tests that need it
 * skip with CHROMIUM_MISSING when it is absent.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serveWeb } from '../../src/web/serve.js';
import { REPO } from '../helpers/paths.js';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_MISSING = existsSync(CHROMIUM) ? undefined : `skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set $CHROMIUM)`;

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface PageSession {
  url: string;
  dir: string;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Builds the page into a fresh folder, serves it, and opens Chromium on a fresh profile. */
export async function openSession(viewport = { width: 1100, height: 900 }): Promise<PageSession> {
  const dir = mkdtempSync(join(tmpdir(), 'gridsat-web-'));
  execFileSync(process.execPath, [join(REPO, 'scripts', 'build-web.mjs'), '--out', dir], { stdio: 'pipe' });
  const { server, url } = await serveWeb({ dir });
  const profile = mkdtempSync(join(tmpdir(), 'gridsat-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport,
  });
  const page = context.pages()[0] ?? await context.newPage();
  return {
    url, dir, context, page,
    async close() {
      await context.close();
      await new Promise<void>((done) => (server as Server).close(() => done()));
      rmSync(profile, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PageResult {
  status: string | undefined;
  count: string | undefined;
  solution: string | undefined;
  headline: string;
  message: string;
  puzzleSvg: string;
  solutionSvg: string;
}

/** Waits for the result element's data-status and reads what the page shows. */
export async function readResult(page: Page, timeout = 30_000): Promise<PageResult> {
  await page.waitForSelector('#result[data-status]', { timeout });
  return page.evaluate(() => {
    const result = document.getElementById('result')!;
    const message = document.getElementById('message')!;
    return {
      status: result.dataset.status,
      count: result.dataset.count,
      solution: result.dataset.solution,
      headline: document.getElementById('status')!.textContent ?? '',
      message: message.hidden ? '' : message.textContent ?? '',
      puzzleSvg: document.getElementById('figures')!.hidden ? '' : document.getElementById('puzzle-svg')!.innerHTML,
      solutionSvg: document.getElementById('solution-figure')!.hidden ? '' : document.getElementById('solution-svg')!.innerHTML,
    };
  });
}

/** Types a puzzle into the box and presses Ctrl+Enter, as a person would. */
export async function typePuzzle(page: Page, text: string): Promise<void> {
  await page.fill('#input', text);
  await page.focus('#input');
  await page.keyboard.press('Control+Enter');
}

/** Opens the page with the puzzle in the location hash. */
export async function openWithHash(session: PageSession, text: string): Promise<void> {
  // A fresh load each time (not a same-document hash change), so no earlier result is on the page.
  await session.page.goto('about:blank');
  await session.page.goto(`${session.url}#${encodeURIComponent(text)}`);
}

/**
 * One page session for the enclosing describe block: opened before its tests, closed after them,
 * with every uncaught page error collected (tests assert there were none).
 */
export function sharedSession(): { readonly session: PageSession; readonly pageErrors: string[] } {
  let session: PageSession | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    session = await openSession();
    session.page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await session?.close();
  });
  return {
    get session(): PageSession {
      if (!session) throw new Error('the page session is opened in beforeAll');
      return session;
    },
    pageErrors,
  };
}

/**
 * A Bridges puzzle with no solution that CDCL takes minutes to refute: a k×k lattice of islands,
 * each numbered with its neighbour count (all single bridges would fit), except one interior island
 * raised by 2. The lattice is bipartite and every bridge joins the two colour classes, so their sums
 * must be equal; they differ by 2. Seeing that needs counting, which resolution does only with
 * exponentially many steps (the mutilated chessboard's argument), so the engine searches until
 * stopped. The total stays even, so the reader's parity check does not catch it.
 */
export function imbalancedLattice(k: number): string {
  const islands: [number, number, number][] = [];
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) islands.push([2 * r, 2 * c, Number(r > 0) + Number(r < k - 1) + Number(c > 0) + Number(c < k - 1)]);
  }
  islands[Math.floor(k / 2) * k + Math.floor(k / 2)]![2] += 2;
  return JSON.stringify({ type: 'hashi', rows: 2 * k - 1, cols: 2 * k - 1, maxBridges: 2, noLoops: false, islands });
}

