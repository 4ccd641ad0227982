/**
 * A uniqueness query handed to the engine as a standalone CNF, the way `gridsat dimacs` writes it
 * with the first solution blocked and `gridsat sat` reads it back: a fresh solver has no saved
 * phases from the first solve to start from. The all-white 30x30 Akari's query stalled the engine
 * (and native minisat) for 60 s: lucky assignments in index order reach the blocked first solution,
 * and the false-first search then refutes pigeonhole subproblems. It must answer within a small,
 * deterministic conflict budget, and agree with native cadical on the same file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { writeDimacs } from '../../src/sat/dimacs.js';
import type { Clause } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { encodePuzzleCnf } from '../../src/solve/encode.js';

const DIR = path.join(import.meta.dirname, '..', '..', 'fixtures', 'generated');
const cadicalAvailable = spawnSync('cadical', ['--version']).error === undefined;
const tmp = mkdtempSync(path.join(tmpdir(), 'gridsat-uniq-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The puzzle's CNF with its first solution (found by the engine) blocked on the projection. */
function uniquenessCnf(file: string): { text: string; numVars: number; clauses: Clause[] } {
  const [entry] = [...readInputs([path.join(DIR, file)])];
  if (!entry?.ok) throw new Error(`${file}: ${entry ? entry.error : 'empty'}`);
  const cnf = encodePuzzleCnf(entry.type, entry.puzzle, {});
  const clauses = [...cnf.collector.clauses()];
  const numVars = cnf.collector.numVars();
  const first = new WasmSolver({});
  first.addClauses(clauses);
  expect(first.solve()).toBe('sat');
  const block: Clause = cnf.encoded.projection.map((l) => (first.value(l) ? -l : l));
  first.dispose();
  const all = [...clauses, block];
  return { text: writeDimacs(numVars, all), numVars, clauses: all };
}

/** cadical's answer on a DIMACS file: 'sat', 'unsat', or throws. */
function cadical(file: string): string {
  const r = spawnSync('cadical', ['-q', file], { encoding: 'utf8' });
  if (r.status === 10) return 'sat';
  if (r.status === 20) return 'unsat';
  throw new Error(`cadical exited with ${r.status}: ${r.stderr}`);
}

/** Conflicts allowed for the standalone query (the search is deterministic). */
const CASES: [string, number][] = [
  ['akari-30x30-empty.json', 100],
  ['akari-30x30-b5-s1.json', 2000],
  ['akari-30x30-b5-s2.json', 2000],
  ['hashi-25x25-sparse-numbered-s1.json', 2000],
];

describe('standalone uniqueness CNFs of sparse grids', () => {
  for (const [file, budget] of CASES) {
    it.skipIf(!cadicalAvailable)(`${file}: blocked-first-solution CNF answered in <= ${budget} conflicts, as cadical answers`, () => {
      const q = uniquenessCnf(file);
      const s = new WasmSolver({});
      s.addDimacs(q.text);
      const ours = s.solve({ limits: { conflicts: budget } });
      const conflicts = s.stats().conflicts;
      if (ours === 'sat') {
        // the model is a second solution: every clause, the blocking one included, holds
        for (const c of q.clauses) expect(c.some((l) => s.value(l))).toBe(true);
      }
      s.dispose();
      expect(ours).not.toBe('unknown');
      expect(conflicts).toBeLessThanOrEqual(budget);
      const cnfFile = path.join(tmp, file.replace(/\.json$/, '-unique.cnf'));
      writeFileSync(cnfFile, q.text);
      expect(cadical(cnfFile)).toBe(ours);
    });
  }
});
