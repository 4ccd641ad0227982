/**
 * The import graph follows the project's layers, each a folder:
 * util ← sat ← cnf ← puzzle contract ← encodings ← formats (reading) ← solve ← batch, compare ← cli /
 * library entry ← bench.
 * This test reads every import in src/, encodings/ and bench/ and fails on an arrow from a lower
 * layer to a higher one, and on any import cycle.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Layer of a module by its path; a module may import its own layer or any lower one. */
const LAYERS: [RegExp, number, string][] = [
  [/^src\/util\//, 0, 'util'],
  [/^src\/sat\//, 1, 'sat'],
  [/^src\/cnf\//, 2, 'cnf'],
  [/^src\/(puzzle|geometry|render)\//, 3, 'puzzle contract'],
  [/^encodings\//, 4, 'encodings'],
  [/^src\/formats\//, 5, 'formats (reading)'],
  [/^src\/solve\//, 6, 'solve'],
  [/^src\/(batch|compare|generate)\//, 7, 'batch, compare, generate'],
  [/^src\/(cli|web)\/|^src\/(api|index)\.ts$/, 8, 'cli / library entry'],
  [/^bench\//, 9, 'bench'],
];

function layerOf(file: string): { level: number; name: string } {
  for (const [re, level, name] of LAYERS) if (re.test(file)) return { level, name };
  throw new Error(`${file} is in no layer: add its folder to LAYERS`);
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.ts$/.test(name) && !/\.d\.ts$/.test(name)) out.push(rel);
  }
  return out;
}

/** Relative imports (static `import`/`export … from` and dynamic `import('…')`), resolved to .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2]!);
  return specs.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).replace(/\.js$/, '.ts'));
}

const files = ['src', 'encodings', 'bench'].flatMap(sources);
const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t.endsWith('.ts'))]));

describe('import layers', () => {
  it('every import points to an existing module', () => {
    const missing = [...graph].flatMap(([f, ts]) => ts.filter((t) => !graph.has(t)).map((t) => `${f} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('no module imports from a higher layer', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      const a = layerOf(from);
      for (const to of targets) {
        const b = layerOf(to);
        if (b.level > a.level) upward.push(`${from} (${a.name}) -> ${to} (${b.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('there is no import cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const stack: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (state.get(t) === 'open') cycles.push([...stack.slice(stack.indexOf(t)), t].join(' -> '));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
