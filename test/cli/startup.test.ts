/**
 * Start-up: the CLI runs from one bundled file (dist/gridsat.cjs), not ~100 ES modules. The time
 * itself is measured in the bench (`npm run bench -- --only-startup`), never asserted here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const bundled = existsSync(join(root, 'dist', 'gridsat.cjs'));

describe.skipIf(!bundled)('gridsat start-up (needs `npm run build`)', () => {
  it('solves from the single bundled file, without node:assert or a help layout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-startup-'));
    const hook = join(dir, 'hook.cjs');
    // At exit, list the project's files that were loaded as CommonJS, and whether node:assert was.
    writeFileSync(hook, `process.on('exit', () => { process.stderr.write('LOADED ' + JSON.stringify({
      files: Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(root)}) && !f.includes('node_modules')).map((f) => f.slice(${root.length + 1})),
      assert: process.moduleLoadList.some((m) => m === 'NativeModule assert'),
    }) + '\\n'); });`);
    const r = spawnSync(process.execPath, ['--require', hook, join(root, 'bin', 'gridsat.js'), 'solve', 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('starbattle 6x6');
    const loaded = JSON.parse(/LOADED (.*)/.exec(r.stderr)![1]!) as { files: string[]; assert: boolean };
    expect(loaded.files).toEqual(['dist/gridsat.cjs']);
    expect(loaded.assert).toBe(false);
  });
});
