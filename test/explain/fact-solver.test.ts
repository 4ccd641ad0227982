/**
 * The explainer's own solver against brute force: on random small formulas of guarded clause
 * groups (facts), always-on clauses and assumptions, its answer is right, every core it gives is
 * itself unsatisfiable (brute force over the core's facts and literals alone), and the same question
 * gets the same core whatever was asked before (no state carried between calls).
 */
import { describe, expect, it } from 'vitest';
import { FactSolver } from '../../src/explain/fact-solver.js';
import { seededRandom } from '../../src/util/random.js';
import { randomShortClause } from '../helpers/cnf-gen.js';
import type { Clause, Lit } from '../../src/sat/types.js';
import { forcedOn, Propagator, techniqueFor } from '../helpers/propagate-reference.js';

/** Whether some assignment of variables 1..n satisfies every clause and literal. */
function satisfiable(n: number, clauses: readonly Clause[], lits: readonly Lit[]): boolean {
  for (let m = 0; m < 1 << n; m++) {
    const value = (l: Lit) => (((m >> (Math.abs(l) - 1)) & 1) === 1) === l > 0;
    if (lits.every(value) && clauses.every((c) => c.some(value))) return true;
  }
  return false;
}

const randomClause = randomShortClause;

describe('FactSolver', () => {
  it('answers like brute force, and every core is unsatisfiable on its own', () => {
    const random = seededRandom(7);
    let unsat = 0;
    for (let round = 0; round < 300; round++) {
      const n = 3 + Math.floor(random() * 8);
      const facts: Clause[][] = [];
      const factCount = 2 + Math.floor(random() * 7);
      for (let f = 0; f < factCount; f++) {
        const cs: Clause[] = [];
        for (let k = 1 + Math.floor(random() * 4); k > 0; k--) cs.push(randomClause(random, n));
        facts.push(cs);
      }
      const base: Clause[] = [];
      for (let k = Math.floor(random() * 3); k > 0; k--) base.push(randomClause(random, n));
      if (!satisfiable(n, base, [])) continue;
      const solver = new FactSolver(facts, base);
      for (let q = 0; q < 6; q++) {
        const active = facts.map((_, f) => f).filter(() => random() < 0.6);
        const lits: Lit[] = [];
        for (let v = 1; v <= n; v++) if (random() < 0.25) lits.push(random() < 0.5 ? v : -v);
        const clauses = [...base, ...active.flatMap((f) => facts[f]!)];
        const core = solver.refute(active, lits);
        expect(core === null, `round ${round} query ${q}`).toBe(satisfiable(n, clauses, lits));
        if (!core) continue;
        unsat += 1;
        expect(core.facts.every((f) => active.includes(f))).toBe(true);
        expect(core.lits.every((l) => lits.includes(l))).toBe(true);
        expect(satisfiable(n, [...base, ...core.facts.flatMap((f) => facts[f]!)], core.lits)).toBe(false);
        // The same question, asked again after another one, gets the same core.
        solver.refute(facts.map((_, f) => f), []);
        expect(solver.refute(active, lits)).toEqual(core);
      }
    }
    expect(unsat).toBeGreaterThan(100);
  });

  it('gives a model of the listed facts after a satisfiable answer', () => {
    const random = seededRandom(11);
    for (let round = 0; round < 200; round++) {
      const n = 4 + Math.floor(random() * 6);
      const facts: Clause[][] = [];
      for (let f = 0; f < 5; f++) facts.push([randomClause(random, n), randomClause(random, n)]);
      const solver = new FactSolver(facts, []);
      solver.setPhases((v) => v % 2 === 0);
      const active = [0, 2, 4];
      const lits: Lit[] = [random() < 0.5 ? 1 : -1];
      if (solver.refute(active, lits) !== null) continue;
      const value = (l: Lit) => solver.modelValue(Math.abs(l)) === l > 0;
      // Variables that no clause mentions read false; the assumption on variable 1 may be one.
      for (const f of active) for (const c of facts[f]!) expect(c.some(value), `round ${round}`).toBe(true);
    }
  });
  it('tells techniques apart and propagates like the reference propagator (written apart from it)', () => {
    const random = seededRandom(13);
    const seen = new Set<string>();
    for (let round = 0; round < 400; round++) {
      const n = 3 + Math.floor(random() * 6);
      const facts: Clause[][] = [];
      for (let f = 0; f < 4; f++) {
        const cs: Clause[] = [];
        for (let k = 1 + Math.floor(random() * 4); k > 0; k--) cs.push(randomClause(random, n));
        facts.push(cs);
      }
      const base: Clause[] = random() < 0.5 ? [randomClause(random, n)] : [];
      const solver = new FactSolver(facts, base);
      const active = facts.map((_, f) => f).filter(() => random() < 0.7);
      const lits: Lit[] = [];
      for (let v = 1; v <= n; v++) if (random() < 0.2) lits.push(random() < 0.5 ? v : -v);
      const clauses = [...base, ...active.flatMap((f) => facts[f]!)];
      const expected = techniqueFor(clauses, lits);
      seen.add(expected);
      expect(solver.technique(active, lits), `round ${round}`).toBe(expected);
      // As the explainer asks: about open variables (not assumed) that the listed clauses mention.
      const mentioned = new Set(clauses.flat().map(Math.abs));
      const assumed = new Set(lits.map(Math.abs));
      const candidates: Lit[] = [];
      for (let v = 1; v <= n; v++) if (mentioned.has(v) && !assumed.has(v)) candidates.push(random() < 0.5 ? v : -v);
      const reference = forcedOn(new Propagator(clauses), lits, candidates);
      const ours = solver.forcedByPropagation(active, lits, candidates);
      expect(ours === null ? null : [...ours].sort((a, b) => a - b), `round ${round}`)
        .toEqual(reference === null ? null : [...reference].sort((a, b) => a - b));
    }
    // The random formulas reach every technique, so each answer was compared at least once.
    expect([...seen].sort()).toEqual(['case analysis', 'probing', 'propagation']);
  });

  it('reads what a one-clause fact forces off the clause, as propagation and probing find it', () => {
    const random = seededRandom(17);
    const outcomes = new Set<string>();
    for (let round = 0; round < 2000; round++) {
      const n = 2 + Math.floor(random() * 5);
      // One-clause facts (repeated literals and both signs of a variable included) beside larger ones.
      const facts: Clause[][] = [];
      for (let f = 0; f < 4; f++) {
        const clause: Lit[] = [];
        for (let k = Math.floor(random() * 5); k >= 0; k--) {
          const v = 1 + Math.floor(random() * n);
          clause.push(random() < 0.5 ? v : -v);
        }
        facts.push(f === 3 ? [clause, randomClause(random, n)] : [clause]);
      }
      const fast = new FactSolver(facts, []);
      const slow = new FactSolver(facts, []);
      slow.clauseShortcut = false;
      // Assumptions at random, now and then contradicting each other or naming a variable no clause has.
      const lits: Lit[] = [];
      for (let v = 1; v <= n + 1; v++) if (random() < 0.4) lits.push(random() < 0.5 ? v : -v);
      if (random() < 0.1 && lits.length) lits.push(-lits[0]!);
      const candidates: Lit[] = [];
      for (let v = 1; v <= n + 1; v++) if (random() < 0.7) candidates.push(random() < 0.5 ? v : -v);
      const f = Math.floor(random() * 3);
      const expected = slow.forcedByPropagation([f], lits, candidates);
      expect(fast.forcedByPropagation([f], lits, candidates), `round ${round}: ${JSON.stringify(facts[f])} under ${lits}`).toEqual(expected);
      outcomes.add(expected === null ? 'conflict' : expected.length ? 'forces' : 'nothing');
      // The shortcut leaves nothing behind: a full question on the same solver answers as on a fresh one.
      expect(fast.refute([0, 1, 2, 3], lits)).toEqual(new FactSolver(facts, []).refute([0, 1, 2, 3], lits));
    }
    expect([...outcomes].sort()).toEqual(['conflict', 'forces', 'nothing']);
  });
});
