/**
 * Where the Node binding gets engine.wasm: the committed file beside its C source (tsc does not
 * copy it into dist/). A browser bundle swaps this module for engine-file.browser.ts
 * (scripts/build-web.mjs), so node:fs never reaches a page; the page provides the compiled module.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../util/package-root.js';

export function engineFilePath(): string {
  return join(packageRoot(), 'src', 'sat', 'engine', 'engine.wasm');
}

export function readEngineFile(): Uint8Array<ArrayBuffer> {
  const file = engineFilePath();
  if (!existsSync(file)) throw new Error(`engine.wasm not found at ${file}`);
  return readFileSync(file);
}
