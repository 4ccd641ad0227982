/**
 * Failed-literal probing with hyper-binary resolution (solver.c, PROBE) runs in long searches only:
 * at a restart, once a solve call has had 200 conflicts. It fixes literals and adds binary clauses,
 * so a mistake in it would show as a wrong answer, a model that breaks a clause, or a failed
 * assumption that is not one. These tests give the engine the searches it probes in (the hard
 * unique 17×17 4★ Star Battles of fixtures/generated, thousands of conflicts each), check that it
 * did probe, and check every answer against what we did not write: the file's solutions (each
 * checked against cadical and an independent checker in hard-starbattle-fixtures.test.ts) and
 * logic-solver's MiniSat.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import type { Clause, Lit } from '../../src/sat/types.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { encodePuzzleCnf } from '../../src/solve/encode.js';
import { seededRandom } from '../../src/util/random.js';
import { referenceSolve } from '../helpers/minisat-js-reference.js';
import { falsifiedClause } from '../helpers/cnf-gen.js';

const FILE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'generated', 'starbattle-17x17-4star-unique.ndjson');

interface PuzzleCnf { clauses: Clause[]; cells: Lit[]; solution: boolean[] }

/** The first `n` puzzles of the file as CNF (the pipeline's default encoding), with their stated solutions. */
function puzzles(n: number): PuzzleCnf[] {
  const lines = readFileSync(FILE, 'utf8').split('\n').filter((l) => l.trim());
  return [...readInputs([FILE])].slice(0, n).map((e, i) => {
    if (!e.ok) throw new Error(e.error);
    const cnf = encodePuzzleCnf(e.type, e.puzzle, {});
    const stated = (JSON.parse(lines[i]!) as { solution: string[] }).solution;
    return {
      clauses: [...cnf.collector.clauses()],
      cells: cnf.encoded.projection,
      solution: stated.join('').split('').map((ch) => ch === '*'),
    };
  });
}

describe('failed-literal probing on hard unique Star Battles', () => {
  it('finds each stated solution, proves it the only one, and probed while doing so', () => {
    const all = puzzles(3);
    expect(all.every((p) => p.solution.length === 289)).toBe(true);
    for (const [i, p] of all.entries()) {
      const s = new WasmSolver();
      s.addClauses(p.clauses);
      expect(s.solve(), `puzzle ${i + 1}`).toBe('sat');
      expect(falsifiedClause(p.clauses, s.model())).toBeUndefined();
      expect(p.cells.map((l) => s.value(l)), `puzzle ${i + 1}`).toEqual(p.solution);
      s.addClause(p.cells.map((l) => (s.value(l) ? -l : l)));
      expect(s.solve(), `puzzle ${i + 1}, another solution`).toBe('unsat');
      const probing = s.stats().probing!;
      expect(probing.rounds, `puzzle ${i + 1}`).toBeGreaterThan(0);
      expect(probing.failedLiterals, `puzzle ${i + 1}`).toBeGreaterThan(0);
      expect(probing.hyperBinaryResolvents, `puzzle ${i + 1}`).toBeGreaterThan(0);
      s.dispose();
    }
  }, 60_000);

  it('agrees with logic-solver under assumptions on one incremental engine; models and failed assumptions check out', () => {
    const [p] = puzzles(1);
    const rand = seededRandom(1414);
    const ours = new WasmSolver();
    ours.addClauses(p!.clauses);
    const counts = { sat: 0, unsat: 0 };
    for (let round = 0; round < 8; round++) {
      // Three cells, each assumed to hold a star or not: mostly other layouts than the solution's,
      // so the engine refutes or finds them by search, as a solver's second query does.
      const assumptions = Array.from({ length: 3 }, () => {
        const cell = p!.cells[Math.floor(rand() * p!.cells.length)]!;
        return rand() < 0.5 ? cell : -cell;
      });
      const got = ours.solve({ assumptions });
      expect(got, `round ${round}`).toBe(referenceSolve(p!.clauses, assumptions));
      if (got === 'sat') {
        counts.sat++;
        expect(falsifiedClause([...p!.clauses, ...assumptions.map((a): Clause => [a])], ours.model())).toBeUndefined();
      } else {
        counts.unsat++;
        const failed = ours.failedAssumptions();
        for (const a of failed) expect(assumptions).toContain(a);
        expect(referenceSolve(p!.clauses, failed), `round ${round}: the failed assumptions alone`).toBe('unsat');
      }
    }
    expect(counts.sat).toBeGreaterThan(0);
    expect(counts.unsat).toBeGreaterThan(0);
    expect(ours.stats().probing!.rounds).toBeGreaterThan(0);
    ours.dispose();
  }, 120_000);
});
