import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The directory holding gridsat's own package.json, found upward from this module. The same
 * answer from the TypeScript sources (tests), from dist/, and from an installed copy; files that
 * tsc does not emit (engine.wasm) and the compiled worker are found from here.
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'gridsat') {
      root = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`gridsat's package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** gridsat's version, from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
