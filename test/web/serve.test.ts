/**
 * `gridsat web` serves the built page and prints its address; only files inside the folder are
 * served, engine.wasm as application/wasm (so the page can compile it while it downloads).
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/paths.js';

const BUILT = existsSync(join(REPO, 'web-dist', 'index.html')) && existsSync(join(REPO, 'dist', 'gridsat.cjs'));
if (!BUILT) console.log('skipping gridsat web: run npm run build && npm run build:web first (npm test does)');

describe.skipIf(!BUILT)('gridsat web', () => {
  it('prints the address, serves the page, refuses paths outside it, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'gridsat.js'), 'web', '--port', '0'], { cwd: REPO });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    try {
      const started = Date.now();
      while (!/http:\/\/\S+\//.test(out) && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
      const url = /http:\/\/\S+\//.exec(out)?.[0];
      expect(url, `no address in: ${out}`).toBeDefined();
      const page = await fetch(url!);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(readFileSync(join(REPO, 'web-dist', 'index.html'), 'utf8'));
      const wasm = await fetch(`${url}engine.wasm`);
      expect(wasm.headers.get('content-type')).toBe('application/wasm');
      expect(Buffer.from(await wasm.arrayBuffer()).equals(readFileSync(join(REPO, 'src', 'sat', 'engine', 'engine.wasm')))).toBe(true);
      expect((await fetch(`${url}%2e%2e/package.json`)).status).toBe(404);
      expect((await fetch(`${url}missing.js`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
