/** Native CaDiCaL as an independent oracle for generated puzzles; absent on some machines. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const cadicalAvailable = spawnSync('cadical', ['--version']).error === undefined;
export const CADICAL_MISSING = 'native cadical is not installed (apt-get install cadical)';

/** Runs native cadical on clauses (file in `dir`): 'unsat', or the model (index v = value of variable v). */
export function cadical(dir: string, name: string, numVars: number, clauses: readonly (readonly number[])[]): 'unsat' | boolean[] {
  const file = path.join(dir, `${name}.cnf`);
  writeFileSync(file, `p cnf ${numVars} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`);
  const run = spawnSync('cadical', ['-q', file], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (run.status === 20) return 'unsat';
  if (run.status !== 10) throw new Error(`cadical exited with ${run.status}: ${run.stderr}`);
  const model = new Array<boolean>(numVars + 1).fill(false);
  for (const line of run.stdout.split('\n')) {
    if (!line.startsWith('v ')) continue;
    for (const tok of line.slice(2).trim().split(/\s+/)) {
      const lit = Number(tok);
      if (lit !== 0) model[Math.abs(lit)] = lit > 0;
    }
  }
  return model;
}
