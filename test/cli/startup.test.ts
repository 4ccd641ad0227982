/**
 * Start-up: the CLI runs from one bundled file (dist/gridsat.cjs), not ~100 ES modules, compiled
 * from V8's code cache (bin/code-cache.js). The time itself is measured in the bench
 * (`npm run bench -- --only-startup`), never asserted here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const bundled = existsSync(join(root, 'dist', 'gridsat.cjs'));

const { cachePathFor } = createRequire(import.meta.url)(join(root, 'bin', 'code-cache.js')) as { cachePathFor(file: string): string };

describe.skipIf(!bundled)('gridsat start-up (needs `npm run build`)', () => {
  it('solves from the single bundled file, without node:assert, node:http or a help layout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-startup-'));
    const hook = join(dir, 'hook.cjs');
    // At exit, list the project's files that were loaded as CommonJS, and the builtins loaded.
    writeFileSync(hook, `process.on('exit', () => { process.stderr.write('LOADED ' + JSON.stringify({
      files: Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(root)}) && !f.includes('node_modules')).map((f) => f.slice(${root.length + 1})),
      builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
    }) + '\\n'); });`);
    const r = spawnSync(process.execPath, ['--require', hook, join(root, 'bin', 'gridsat.js'), 'solve', 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('starbattle 6x6');
    const loaded = JSON.parse(/LOADED (.*)/.exec(r.stderr)![1]!) as { files: string[]; builtins: string[] };
    // The bundle runs through vm.Script (for the code cache), so only the bin files are modules.
    expect(loaded.files.sort()).toEqual(['bin/code-cache.js', 'bin/gridsat.js', 'bin/v8-tuning.js']);
    expect(loaded.builtins).not.toContain('assert');
    expect(loaded.builtins).not.toContain('http');
    expect(loaded.builtins).not.toContain('child_process');
  });

  it('compiles from a code cache it writes once, and ignores a cache that is corrupt or of another bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-codecache-'));
    const file = join(dir, 'mod.cjs');
    // Each load in a fresh process: within one, V8's in-memory cache would bypass the file.
    const load = (save: boolean): { usedCache: boolean; answer: number } => {
      const script = `const l = require(${JSON.stringify(join(root, 'bin', 'code-cache.js'))}).loadWithCodeCache(${JSON.stringify(file)});
        ${save ? 'l.saveCache();' : ''} console.log(JSON.stringify({ usedCache: l.usedCache, answer: l.exports.answer() }));`;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { usedCache: boolean; answer: number };
    };
    writeFileSync(file, 'exports.answer = () => 6 * 7;\n');
    expect(load(true)).toEqual({ usedCache: false, answer: 42 });
    expect(existsSync(cachePathFor(file))).toBe(true);
    expect(load(false)).toEqual({ usedCache: true, answer: 42 });

    // Same length, other text: V8 alone would take the old cache. The name keys it on the file.
    writeFileSync(file, 'exports.answer = () => 6 * 9;\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(load(false)).toEqual({ usedCache: false, answer: 54 });

    writeFileSync(cachePathFor(file), 'not a V8 code cache');
    expect(load(true)).toEqual({ usedCache: false, answer: 54 });
    expect(readFileSync(cachePathFor(file)).toString()).not.toBe('not a V8 code cache');
    expect(load(false)).toEqual({ usedCache: true, answer: 54 });
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('still runs, and leaves nothing behind, when the cache cannot be written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-codecache-'));
    const file = join(dir, 'mod.cjs');
    writeFileSync(file, 'exports.answer = () => 7;\n');
    mkdirSync(cachePathFor(file)); // the rename onto it fails, as on a read-only install
    const script = `const l = require(${JSON.stringify(join(root, 'bin', 'code-cache.js'))}).loadWithCodeCache(${JSON.stringify(file)});
      l.saveCache(); console.log(l.exports.answer());`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('7');
    expect(readdirSync(dir).sort()).toEqual([basename(cachePathFor(file)), 'mod.cjs'].sort());
  });
});
