import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIO } from '../../src/cli/main.js';
import { parseDimacs } from '../../src/sat/dimacs.js';
import { findExternalSolvers } from '../../src/sat/external.js';

interface Captured { code: number; out: string; err: string }

/** Runs the CLI in-process with captured output and the given stdin. */
async function run(argv: string[], stdin = ''): Promise<Captured> {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (t) => { out += t; },
    err: (t) => { err += t; },
    readStdin: async () => Buffer.from(stdin),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

/** The assignment printed in `v` lines: variable -> value. Checks the lines' shape too. */
function printedModel(out: string): Map<number, boolean> {
  const vLines = out.split('\n').filter((l) => l.startsWith('v'));
  const lits = vLines.flatMap((l) => {
    expect(l.length).toBeLessThanOrEqual(80);
    return l.slice(1).trim().split(/\s+/).filter(Boolean).map(Number);
  });
  expect(lits.at(-1)).toBe(0);
  return new Map(lits.slice(0, -1).map((l) => [Math.abs(l), l > 0]));
}

// A satisfiable formula with enough variables to need several v lines, and its clauses.
const WIDE_VARS = 60;
const wideClauses: number[][] = [];
for (let v = 1; v < WIDE_VARS; v++) wideClauses.push([v, v + 1], [-v, -(v + 1)]);
const wideText = `c alternating chain\np cnf ${WIDE_VARS} ${wideClauses.length}\n${wideClauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`;
const unsatText = 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n';

let dir = '';
const file = (name: string): string => join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gridsat-cli-sat-'));
  writeFileSync(file('wide.cnf'), wideText);
  writeFileSync(file('wide.cnf.gz'), gzipSync(wideText));
  writeFileSync(file('unsat.cnf'), unsatText);
  writeFileSync(file('bad.cnf'), 'p cnf 3 2\n1 2 0\n-1 x 0\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const satisfiesWide = (model: Map<number, boolean>): boolean =>
  model.size === WIDE_VARS && wideClauses.every((c) => c.some((l) => model.get(Math.abs(l)) === l > 0));

describe('gridsat sat', () => {
  it('prints s SATISFIABLE and a wrapped model that satisfies the formula, exit 10', async () => {
    const r = await run(['sat', file('wide.cnf')]);
    expect(r.code).toBe(10);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^c /m);
    expect(r.out).toContain('s SATISFIABLE\n');
    expect(r.out.split('\n').filter((l) => l.startsWith('v')).length).toBeGreaterThan(1);
    expect(satisfiesWide(printedModel(r.out))).toBe(true);
  });

  it('runs an engine that ignores deadlines where it can be stopped, and refuses a conflict budget it cannot keep', async () => {
    const r = await run(['sat', file('wide.cnf'), '--engine', 'minisat-js', '--timeout', '5']);
    expect(r.code).toBe(10);
    expect(r.out).toContain('c gridsat sat: engine minisat-js (in a worker thread, stopped at the time limit)\n');
    const refused = await run(['sat', file('wide.cnf'), '--engine', 'minisat-js', '--conflicts', '5']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('minisat-js has no conflict budget');
    expect(satisfiesWide(printedModel(r.out))).toBe(true);
  });

  it('prints s UNSATISFIABLE, exit 20; --quiet drops the comment lines', async () => {
    const r = await run(['sat', file('unsat.cnf'), '--quiet']);
    expect(r).toEqual({ code: 20, out: 's UNSATISFIABLE\n', err: '' });
  });

  it('reads stdin for - and gzip by content', async () => {
    const fromStdin = await run(['sat', '-', '-q'], wideText);
    expect(fromStdin.code).toBe(10);
    expect(satisfiesWide(printedModel(fromStdin.out))).toBe(true);
    const gz = await run(['sat', file('wide.cnf.gz'), '-q']);
    expect(gz.code).toBe(10);
    expect(satisfiesWide(printedModel(gz.out))).toBe(true);
  });

  it('reports malformed DIMACS with file and line, exit 1, no stack trace', async () => {
    const r = await run(['sat', file('bad.cnf')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file('bad.cnf')}, line 3, column 4: "x" is not an integer literal`);
    expect(r.err).not.toMatch(/\n\s+at /);
    const missing = await run(['sat', file('missing.cnf')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/cannot read .*missing\.cnf/);
  });

  it('rejects bad command lines with exit 2 and a clear message', async () => {
    for (const argv of [['sat'], ['sat', 'x.cnf', '--engine', 'nope'], ['sat', 'x.cnf', '--bogus'], ['sat', 'x.cnf', '--timeout', '0'], ['frobnicate'], []]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(/^gridsat: \S[\s\S]*\nRun 'gridsat --help' for usage\.\n$/);
    }
  });

  it('answers --help and --version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/gridsat sat <file>/);
    const satHelp = await run(['sat', '--help']);
    expect(satHelp.out).toMatch(/--conflicts/);
    const version = await run(['--version']);
    expect(version.out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  const externals = findExternalSolvers().map((b) => b.name);
  it.skipIf(externals.length === 0)('runs the external engine, and stops at a conflict budget with s UNKNOWN, exit 0', async () => {
    for (const binary of externals) {
      const r = await run(['sat', file('wide.cnf'), '--binary', binary]);
      expect(r.code, binary).toBe(10);
      expect(r.out).toContain(`engine external:${binary}`);
      expect(satisfiesWide(printedModel(r.out))).toBe(true);
      expect((await run(['sat', file('unsat.cnf'), '--engine', 'external', '--binary', binary])).code).toBe(20);
    }
    if (externals.includes('minisat')) {
      const r = await run(['sat', file('wide.cnf'), '--binary', 'minisat', '--conflicts', '5']);
      expect(r.code).toBe(10);
      expect(r.out).toContain('c warning: minisat has no conflict budget; --conflicts is ignored\n');
    }
    if (externals.includes('cadical')) {
      // 10 pigeons in 9 holes needs far more than 20 conflicts.
      const php: number[][] = [];
      const x = (p: number, h: number): number => p * 9 + h + 1;
      for (let p = 0; p < 10; p++) php.push(Array.from({ length: 9 }, (_, h) => x(p, h)));
      for (let h = 0; h < 9; h++) for (let a = 0; a < 10; a++) for (let b = a + 1; b < 10; b++) php.push([-x(a, h), -x(b, h)]);
      const text = `p cnf 90 ${php.length}\n${php.map((c) => `${c.join(' ')} 0`).join('\n')}\n`;
      expect(parseDimacs(text).clauses.length).toBe(php.length);
      const r = await run(['sat', '-', '--binary', 'cadical', '--conflicts', '20'], text);
      expect(r.code).toBe(0);
      expect(r.out).toContain('s UNKNOWN\n');
      expect(r.out).not.toMatch(/^v/m);
    }
  });
});
