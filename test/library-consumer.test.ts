/**
 * The library as a consumer project meets it: a TypeScript project without @types/node compiles
 * against gridsat's published declarations (dist/src/*.d.ts), strict, library files checked.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const built = existsSync(join(root, 'dist', 'src', 'index.d.ts'));

describe.skipIf(!built)('gridsat as a library (needs `npm run build`)', () => {
  it('type-checks in a consumer project with no Node types', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridsat-consumer-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'gridsat'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], types: [], noEmit: true, skipLibCheck: false },
      files: ['main.ts'],
    }));
    writeFileSync(join(dir, 'main.ts'), [
      "import { parse, solve, count, render, verify, createSolver, writeDimacs } from 'gridsat';",
      "const [p] = parse('7x7:h10b0f0i0f1b3Bh');",
      'if (p) {',
      '  const report = count(p, 2);',
      '  const status: string = report.status;',
      '  const text: string = render(p, solve(p).solution);',
      '  const problems: string[] = verify(p, report.solution);',
      '  void [status, text, problems];',
      '}',
      "const solver = createSolver('wasm');",
      'const cnf: string = writeDimacs(2, [[1, -2]]);',
      'void [solver, cnf];',
    ].join('\n'));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
