/** Native minisat (Debian's) as an independent oracle for engine tests; absent on some machines. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { toDimacs, type Cnf } from './cnf-gen.js';

export const minisatAvailable = spawnSync('minisat', ['--help']).error === undefined;

/**
 * A function that decides a formula with native minisat, writing files to a temporary directory
 * that is removed after the calling test file. Call it at describe level.
 */
export function nativeMinisat(prefix: string): (cnf: Cnf, name: string) => 'sat' | 'unsat' {
  const decide = nativeMinisatText(prefix);
  return (cnf, name) => decide(toDimacs(cnf), name);
}

/** Like `nativeMinisat`, for DIMACS text as it stands (minisat reads the bytes itself). */
export function nativeMinisatText(prefix: string): (text: string, name: string) => 'sat' | 'unsat' {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (text, name) => {
    const file = path.join(dir, `${name}.cnf`);
    writeFileSync(file, text);
    const run = spawnSync('minisat', ['-verb=0', file], { encoding: 'utf8' });
    if (run.status === 10) return 'sat';
    if (run.status === 20) return 'unsat';
    throw new Error(`minisat exited with ${run.status}: ${run.stderr}`);
  };
}
