/**
 * The `mostTrue` hint (CardinalityHints): a totalizer told how many of its inputs the other rules
 * let be true together. Checked against brute force over every assignment of the inputs, with the
 * other rules being random "not both" pairs and the hint their exact or a looser bound.
 */
import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';
import { Model } from '../../src/cnf/model.js';
import { count } from '../../src/cnf/queries.js';
import type { CardinalityKind } from '../../src/cnf/cardinality.js';
import { seededRandom } from '../../src/util/random.js';
import { availableEngines } from '../helpers/cnf.js';

const KINDS: CardinalityKind[] = ['atMost', 'atLeast', 'exactly'];

/** The most of `members` (input indices) true together with no excluded pair both true, by enumeration. */
function mostTogether(members: readonly number[], excluded: readonly (readonly [number, number])[]): number {
  let best = 0;
  for (let mask = 0; mask < 1 << members.length; mask++) {
    const on = members.filter((_, i) => mask & (1 << i));
    if (on.length > best && !excluded.some(([a, b]) => on.includes(a) && on.includes(b))) best = on.length;
  }
  return best;
}

describe.each(availableEngines())('cardinality hints on %s', (engine) => {
  it('random "not both" pairs: with the pairs, the hinted totalizer has exactly the brute-force solutions', () => {
    const random = seededRandom(41);
    for (let trial = 0; trial < 24; trial++) {
      const n = 3 + Math.floor(random() * 7);
      const excluded: [number, number][] = [];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (random() < 0.3) excluded.push([i, j]);
      // Half the trials promise a looser bound (never below the true one): still exact.
      const slack = trial % 2;
      for (const kind of KINDS) {
        for (let k = 0; k <= n; k++) {
          const model = new Model(createSolver(engine));
          const x: Lit[] = Array.from({ length: n }, () => model.newVar());
          for (const [a, b] of excluded) model.addClause([-x[a]!, -x[b]!]);
          let asked = 0;
          const mostTrue = (lits: readonly Lit[]) => {
            asked++;
            return mostTogether(lits.map((l) => x.indexOf(l)), excluded) + slack;
          };
          model[kind](x, k, { encoding: 'totalizer', mostTrue });
          const firstAux = n + 1;
          const aux = Array.from({ length: model.solver.numVars() - n }, (_, i) => firstAux + i);

          let expected = 0;
          for (let mask = 0; mask < 1 << n; mask++) {
            if (excluded.some(([a, b]) => mask & (1 << a) && mask & (1 << b))) continue;
            let t = 0;
            for (let i = 0; i < n; i++) if (mask & (1 << i)) t++;
            if (kind === 'atMost' ? t <= k : kind === 'atLeast' ? t >= k : t === k) expected++;
          }
          const label = `trial ${trial} ${kind} n=${n} k=${k} pairs=${JSON.stringify(excluded)}`;
          const projected = count(model, x);
          expect(projected.exact, label).toBe(true);
          expect(projected.count, label).toBe(expected);
          if (kind === 'exactly') {
            // The counter's outputs are still functions of the inputs.
            expect(count(model, [...x, ...aux]).count, `${label}, inputs and auxiliaries`).toBe(expected);
          }
          // Trivial bounds never reach the counter; the others ask for the hint where the counter
          // counts the inputs themselves, not their negations (see counterEncoder).
          const trivial = kind === 'atMost' ? k <= 0 || k >= n - 1 : kind === 'atLeast' ? k <= 1 || k >= n : k === 0 || k === n;
          const direct = kind === 'atMost' ? k + 1 <= n - k : kind === 'atLeast' ? k <= n - k + 1 : k <= n - k;
          if (!trivial) expect(asked > 0, label).toBe(direct);
        }
      }
    }
  });

  it('a hint caps the counter: fewer variables and clauses than without it', () => {
    const model = new Model(createSolver(engine));
    const x = Array.from({ length: 16 }, () => model.newVar());
    const plain = model.exactly(x, 4, { encoding: 'totalizer' });
    // Inputs in pairs that exclude each other: a node of m inputs holds at most ceil(m/2).
    const hinted = model.exactly(x, 4, { encoding: 'totalizer', mostTrue: (lits) => Math.ceil(lits.length / 2) });
    expect(hinted.vars).toBeLessThan(plain.vars);
    expect(hinted.clauses).toBeLessThan(plain.clauses);
  });
});
