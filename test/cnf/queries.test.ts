import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import { Model } from '../../src/cnf/model.js';
import { backbone, backboneAtOnce, count, enumerate, solveModel, valuation } from '../../src/cnf/queries.js';
import { seededRandom } from '../../src/util/random.js';
import { availableEngines } from '../helpers/cnf.js';



function randomFormula(seed: number, n: number, m: number): number[][] {
  const r = seededRandom(seed);
  const clauses: number[][] = [];
  for (let i = 0; i < m; i++) {
    const len = 2 + Math.floor(r() * 2);
    const c: number[] = [];
    for (let j = 0; j < len; j++) c.push((1 + Math.floor(r() * n)) * (r() < 0.5 ? -1 : 1));
    clauses.push(c);
  }
  return clauses;
}

/** All satisfying assignments, as bit masks over variables 1..n. */
function bruteForce(n: number, clauses: number[][]): number[] {
  const out: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const val = (l: number) => (((mask >> (Math.abs(l) - 1)) & 1) === 1) === l > 0;
    if (clauses.every((c) => c.some(val))) out.push(mask);
  }
  return out;
}

describe.each(availableEngines())('queries on %s', (engine) => {
  it('count and enumerate agree with brute force on random formulas', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const n = 8;
      const clauses = randomFormula(seed, n, 14);
      const model = new Model(createSolver(engine));
      const vars = Array.from({ length: n }, (_, i) => model.newVar(`x${i + 1}`));
      model.addClauses(clauses);
      const expected = bruteForce(n, clauses).length;
      const all = count(model, vars, { limit: 0 });
      expect(all.count).toBe(expected);
      expect(all.exact).toBe(true);
      // The selector is retired: the model can be counted again with the same answer.
      const capped = count(model, vars, { limit: 3 });
      expect(capped.count).toBe(Math.min(3, expected));
      expect(capped.exact).toBe(expected < 3);
      const listed = enumerate(model, vars, { limit: 0 }).solutions.map((m) => {
        const v = valuation(m);
        return vars.reduce((acc, x, i) => acc | ((v(x) ? 1 : 0) << i), 0);
      });
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed.sort((a, b) => a - b)).toEqual(bruteForce(n, clauses));
    }
  });

  it('projected counting counts distinct projections only', () => {
    const model = new Model(createSolver(engine));
    const [a, b, c] = [model.newVar('a'), model.newVar('b'), model.newVar('c')];
    model.addClause([a, b, c]);
    // Projected on a alone: both values occur.
    expect(count(model, [a], { limit: 0 }).count).toBe(2);
    expect(count(model, [a, b, c], { limit: 0 }).count).toBe(7);
  });

  it('backbone equals the literals shared by every brute-force solution', () => {
    for (let seed = 100; seed < 140; seed++) {
      const n = 8;
      const clauses = randomFormula(seed, n, 18);
      const sols = bruteForce(n, clauses);
      const model = new Model(createSolver(engine));
      const vars = Array.from({ length: n }, (_, i) => model.newVar(`x${i + 1}`));
      model.addClauses(clauses);
      const bb = backbone(model, vars);
      if (sols.length === 0) { expect(bb.status).toBe('unsat'); continue; }
      expect(bb.status).toBe('sat');
      for (let i = 0; i < n; i++) {
        const values = new Set(sols.map((s) => (s >> i) & 1));
        const expected = values.size === 1 ? [...values][0] === 1 : undefined;
        expect(bb.determined.get(vars[i]!)).toBe(expected);
      }
    }
  });

  it('backboneAtOnce (one call for many literals) equals brute force, under assumptions too, on one engine', () => {
    for (let seed = 200; seed < 240; seed++) {
      const n = 8;
      const clauses = randomFormula(seed, n, 14);
      const model = new Model(createSolver(engine));
      const vars = Array.from({ length: n }, (_, i) => model.newVar(`x${i + 1}`));
      model.addClauses(clauses);
      // The same engine is asked again and again under other assumptions, as the annealing does.
      for (const assumed of [[], [vars[0]!], [-vars[1]!, vars[2]!]]) {
        const sols = bruteForce(n, clauses).filter((s) => assumed.every((l) => ((s >> (Math.abs(l) - 1)) & 1) === (l > 0 ? 1 : 0)));
        const bb = backboneAtOnce(model, vars, { assumptions: assumed });
        if (sols.length === 0) { expect(bb.status).toBe('unsat'); continue; }
        expect(bb.status).toBe('sat');
        let determined = 0;
        for (let i = 0; i < n; i++) {
          const values = new Set(sols.map((s) => (s >> i) & 1));
          const expected = values.size === 1 ? [...values][0] === 1 : undefined;
          if (expected !== undefined) determined += 1;
          expect(bb.determined.get(vars[i]!), `seed ${seed} assumed ${assumed.join(' ')} x${i + 1}`).toBe(expected);
        }
        // Asking for more determined literals than there are stops early and says so.
        const short = backboneAtOnce(model, vars, { assumptions: assumed, atLeast: determined + 1 });
        expect(short.below, `seed ${seed}`).toBe(true);
        expect(backboneAtOnce(model, vars, { assumptions: assumed, atLeast: determined }).below).toBeUndefined();
      }
    }
  });

  it('refine adds lazy clauses until the model is accepted, also while counting', () => {
    // Constraint known only lazily: an even number of x1..x4 are true.
    const model = new Model(createSolver(engine));
    const xs = [1, 2, 3, 4].map((i) => model.newVar(`x${i}`));
    const refine = (value: (l: number) => boolean) => {
      const on = xs.filter((x) => value(x)).length;
      // Cut off exactly this odd assignment of x1..x4.
      return on % 2 === 1 ? [xs.map((x) => (value(x) ? -x : x))] : [];
    };
    const one = solveModel(model, { refine });
    expect(one.status).toBe('sat');
    if (one.status === 'sat') expect(xs.filter((x) => valuation(one.model)(x)).length % 2).toBe(0);
    expect(count(model, xs, { limit: 0, refine }).count).toBe(8);
    const bb = backbone(model, xs, { refine, assumptions: [xs[0]!, xs[1]!, xs[2]!] });
    expect(bb.determined.get(xs[3]!)).toBe(true);
  });

  it('an unsatisfiable model counts zero, exactly', () => {
    const model = new Model(createSolver(engine));
    const a = model.newVar('a');
    model.addClause([a]);
    model.addClause([-a]);
    const r = count(model, [a], { limit: 2 });
    expect(r).toMatchObject({ count: 0, exact: true, unknown: false });
    expect(solveModel(model).status).toBe('unsat');
  });
});
