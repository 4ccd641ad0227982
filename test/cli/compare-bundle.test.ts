/**
 * `gridsat compare` through the bundled CLI (bin/gridsat.js runs dist/gridsat.cjs from its V8 code
 * cache): the charts load vega, an ES-only package, with a dynamic import. Node 20 drops a
 * vm.Script's dynamic-import callback when the script is compiled from a code cache, so the
 * bundle's own import() failed ("A dynamic import callback was not specified") on every run but the
 * first after a build, and compare wrote no charts. In-process tests never see the bundle.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const bundled = existsSync(join(root, 'dist', 'gridsat.cjs'));
const gridsat = join(root, 'bin', 'gridsat.js');

describe.skipIf(!bundled)(`gridsat compare through the bundle${bundled ? '' : ' (skipped: run `npm run build` for dist/gridsat.cjs)'}`, () => {
  it('writes the charts, also when the bundle is compiled from its code cache', () => {
    // Any run writes the code cache if it is missing, so the compare below is compiled from it.
    expect(spawnSync(process.execPath, [gridsat, '--version'], { cwd: root }).status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-compare-bundle-'));
    try {
      const r = spawnSync(process.execPath, [gridsat, 'compare', '7x7:h10b0f0i0f1b3Bh', '--engines', 'wasm', '--encodings', 'sequential', '--out', dir],
        { cwd: root, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/no charts|dynamic import|ExperimentalWarning/);
      expect(readFileSync(join(dir, 'compare.svg'), 'utf8')).toMatch(/^<svg/);
      expect(readdirSync(join(dir, 'charts')).length).toBeGreaterThan(0);
      expect(readFileSync(join(dir, 'compare.html'), 'utf8')).toContain('<svg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
