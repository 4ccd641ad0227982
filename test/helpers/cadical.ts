/** Native CaDiCaL as an independent oracle for generated puzzles; absent on some machines. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { AnyPuzzleType, EncodeOptions } from '../../src/puzzle/types.js';
import { encodePuzzleCnf } from '../../src/solve/encode.js';

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

/**
 * Checks a generated puzzle against native CaDiCaL: its CNF (every rule as clauses) has a model
 * that decodes to the generated solution, and none once that solution is blocked on the puzzle's
 * variables. Assertions name the puzzle with `label`.
 */
export function expectUniqueInCadical(
  dir: string, name: string, label: string,
  type: AnyPuzzleType, puzzle: unknown, solution: unknown, encoding: EncodeOptions = {},
): void {
  const cnf = encodePuzzleCnf(type, puzzle, encoding);
  expect(cnf.encoded.refine, 'the CNF must hold every rule (no lazy constraints)').toBeUndefined();
  const clauses = cnf.collector.clauses();
  const numVars = cnf.collector.numVars();
  const first = cadical(dir, name, numVars, clauses);
  expect(first, `${label}: cadical finds a solution`).not.toBe('unsat');
  const model = first as boolean[];
  const value = (lit: number) => (lit > 0 ? model[lit]! : !model[-lit]!);
  const decoded = cnf.encoded.decode(value);
  expect(type.verify(puzzle, decoded)).toEqual([]);
  expect(type.solutionToJson(decoded)).toEqual(type.solutionToJson(solution));
  const blocked = [...clauses, cnf.encoded.projection.map((l) => (value(l) ? -l : l))];
  expect(cadical(dir, `${name}-blocked`, numVars, blocked), `${label}: a second solution`).toBe('unsat');
}
