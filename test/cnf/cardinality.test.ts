import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';
import { Model } from '../../src/cnf/model.js';
import { count } from '../../src/cnf/queries.js';
import {
  CARDINALITY_ENCODINGS, cardinalityCost, encodeCardinality, type CardinalityEncoding, type CardinalityKind,
  type ClauseSink,
} from '../../src/cnf/cardinality.js';
import { PAIRWISE_MAX_CLAUSES } from '../../src/cnf/cardinality/pairwise.js';
import { availableEngines, binomial } from '../helpers/cnf.js';
import { seededRandom } from '../../src/util/random.js';

const KINDS: CardinalityKind[] = ['atMost', 'atLeast', 'exactly'];

/** Number of assignments of n free inputs with the given count property, by arithmetic. */
function expectedCount(kind: CardinalityKind, n: number, k: number): number {
  let total = 0;
  for (let t = 0; t <= n; t++) {
    const ok = kind === 'atMost' ? t <= k : kind === 'atLeast' ? t >= k : t === k;
    if (ok) total += binomial(n, t);
  }
  return total;
}

/**
 * Adds one constraint whose clauses all carry a fresh guard literal and returns the guard: under the
 * assumption `guard` the engine sees exactly the encoding, so many constraints share one engine.
 */
function addGuarded(model: Model, kind: CardinalityKind, x: readonly Lit[], k: number, encoding: CardinalityEncoding): Lit {
  const guard = model.newVar();
  const guarded: ClauseSink = {
    newVar: () => model.newVar(),
    addClause: (c) => model.addClause([-guard, ...c]),
  };
  encodeCardinality(guarded, kind, x, k, encoding);
  return guard;
}

describe.each(availableEngines())('cardinality on %s', (engine) => {
  describe.each(CARDINALITY_ENCODINGS.map((e) => [e]))('%s', (encoding: CardinalityEncoding) => {
    it('counts match the binomial sums for n <= 8, every k in -1..n+1, every kind', () => {
      for (const kind of KINDS) {
        for (let n = 0; n <= 8; n++) {
          // One engine per (kind, n): each k's clauses carry a guard literal and are counted under it.
          const model = new Model(createSolver(engine));
          const x: Lit[] = [];
          for (let i = 0; i < n; i++) x.push(model.newVar());
          for (let k = -1; k <= n + 1; k++) {
            const firstAux = model.solver.numVars() + 2; // after the guard
            const guard = addGuarded(model, kind, x, k, encoding);
            const aux = Array.from({ length: model.solver.numVars() + 1 - firstAux }, (_, i) => firstAux + i);
            const projected = count(model, x, { assumptions: [guard] });
            expect(projected.exact).toBe(true);
            expect(projected.count, `${kind} n=${n} k=${k}`).toBe(expectedCount(kind, n, k));
            if (kind === 'exactly') {
              // Every auxiliary variable is a function of the inputs: each solution extends uniquely.
              const extended = count(model, [...x, ...aux], { assumptions: [guard] });
              expect(extended.count, `exactly n=${n} k=${k} over inputs and auxiliaries`).toBe(projected.count);
            }
          }
        }
      }
    });
  });

  it('larger n (deeper networks, many totalizer levels): full and partial assignments decide correctly', () => {
    const random = seededRandom(3);
    for (const encoding of CARDINALITY_ENCODINGS) {
      for (const kind of KINDS) {
        for (const n of [13, 24, 37]) {
          const model = new Model(createSolver(engine));
          const x = Array.from({ length: n }, () => model.newVar());
          for (const k of [1, 2, 5, Math.floor(n / 2), n - 2, n - 1]) {
            const guard = addGuarded(model, kind, x, k, encoding);
            const holds = (t: number) => (kind === 'atMost' ? t <= k : kind === 'atLeast' ? t >= k : t === k);
            for (const t of [k - 1, k, k + 1]) {
              if (t < 0 || t > n) continue;
              const order = x.map((l) => [random(), l] as const).sort((a, b) => a[0] - b[0]).map(([, l]) => l);
              // All inputs fixed, t of them true.
              const full = order.map((l, i) => (i < t ? l : -l));
              expect(model.solver.solve({ assumptions: [guard, ...full] }), `${kind} n=${n} k=${k} t=${t} full`).toBe(holds(t) ? 'sat' : 'unsat');
              // Only t inputs fixed true: satisfiable iff some completion has a count that holds.
              const partial = order.slice(0, t);
              const feasible = kind === 'atMost' ? t <= k : kind === 'atLeast' ? true : t <= k;
              expect(model.solver.solve({ assumptions: [guard, ...partial] }), `${kind} n=${n} k=${k} t=${t} partial`).toBe(feasible ? 'sat' : 'unsat');
              // Only n-t inputs fixed false: feasible iff t true are still enough.
              const partialFalse = order.slice(t).map((l) => -l);
              const feasibleFalse = kind === 'atMost' ? true : t >= k;
              expect(model.solver.solve({ assumptions: [guard, ...partialFalse] }), `${kind} n=${n} k=${k} t=${t} partial false`).toBe(feasibleFalse ? 'sat' : 'unsat');
            }
          }
        }
      }
    }
  });

  it('treats the list as a multiset: duplicates count twice, x and -x count as one, constants count', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 40; round++) {
      const encoding = CARDINALITY_ENCODINGS[round % CARDINALITY_ENCODINGS.length]!;
      const kind = KINDS[round % KINDS.length]!;
      const model = new Model(createSolver(engine), { cardinality: encoding });
      const vars = [model.newVar(), model.newVar(), model.newVar(), model.newVar()];
      const terms: Lit[] = [];
      const len = 2 + Math.floor(random() * 6);
      for (let i = 0; i < len; i++) {
        const r = random();
        if (r < 0.1) terms.push(model.TRUE);
        else if (r < 0.2) terms.push(model.FALSE);
        else terms.push(vars[Math.floor(random() * 4)]! * (random() < 0.5 ? -1 : 1));
      }
      const k = Math.floor(random() * (len + 2)) - 1;
      model[kind](terms, k);
      let expected = 0;
      for (let mask = 0; mask < 16; mask++) {
        const value = (l: Lit): boolean => {
          if (Math.abs(l) === Math.abs(model.TRUE)) return l === model.TRUE;
          const bit = ((mask >> vars.indexOf(Math.abs(l))) & 1) === 1;
          return l > 0 ? bit : !bit;
        };
        const t = terms.filter(value).length;
        if (kind === 'atMost' ? t <= k : kind === 'atLeast' ? t >= k : t === k) expected++;
      }
      expect(count(model, vars).count, `${encoding} ${kind} [${terms}] k=${k}`).toBe(expected);
    }
  });
});

describe('encoding costs', () => {
  it('cardinalityCost measures the same constraint a Model records', () => {
    for (const encoding of CARDINALITY_ENCODINGS) {
      for (const kind of KINDS) {
        const model = new Model(createSolver('minisat-js'));
        const x = Array.from({ length: 12 }, () => model.newVar());
        const recorded = model[kind](x, 4, { encoding });
        const measured = cardinalityCost(encoding, 12, 4, kind);
        expect(recorded).toEqual(measured);
        expect(model.cardinalityCosts().at(-1)).toBe(recorded);
      }
    }
  });

  it('at-most-one encodings fall back to sequential for k > 1 and say so', () => {
    for (const encoding of ['ladder', 'commander', 'bitwise'] as const) {
      expect(cardinalityCost(encoding, 10, 1, 'atMost').encoding).toBe(encoding);
      expect(cardinalityCost(encoding, 10, 9, 'atLeast').encoding).toBe(encoding);
      expect(cardinalityCost(encoding, 10, 9, 'exactly').encoding).toBe(encoding);
      const fallback = cardinalityCost(encoding, 10, 3, 'atMost');
      expect(fallback).toMatchObject({ encoding: 'sequential', requested: encoding });
      expect(fallback).toEqual({ ...cardinalityCost('sequential', 10, 3, 'atMost'), requested: encoding });
    }
  });

  it('pairwise stays within its clause budget by falling back to sequential', () => {
    const small = cardinalityCost('pairwise', 10, 2, 'atMost');
    expect(small).toMatchObject({ encoding: 'pairwise', vars: 0, clauses: binomial(10, 3) });
    const huge = cardinalityCost('pairwise', 40, 10, 'atMost');
    expect(binomial(40, 11)).toBeGreaterThan(PAIRWISE_MAX_CLAUSES);
    expect(huge.encoding).toBe('sequential');
    expect(huge.clauses).toBeLessThan(PAIRWISE_MAX_CLAUSES);
  });

  it('sizes follow the published bounds', () => {
    for (const [n, k] of [[20, 3], [50, 7], [30, 15]] as const) {
      // Sinz 2005: (n-1)k registers and 2nk + n - 3k - 1 clauses at most.
      const seq = cardinalityCost('sequential', n, k, 'atMost');
      expect(seq.vars).toBeLessThanOrEqual((n - 1) * k);
      expect(seq.clauses).toBeLessThanOrEqual(2 * n * k + n - 3 * k - 1);
      // Bitwise: ceil(log2 n) bits, n*ceil(log2 n) clauses; ladder: n-1 ladder variables.
      expect(cardinalityCost('bitwise', n, 1, 'atMost')).toMatchObject({ vars: Math.ceil(Math.log2(n)), clauses: n * Math.ceil(Math.log2(n)) });
      expect(cardinalityCost('ladder', n, 1, 'atMost').vars).toBe(n - 1);
    }
    // exactly shares one counter: cheaper than atMost + atLeast built separately.
    for (const encoding of ['sequential', 'totalizer', 'cardnet'] as const) {
      const both = cardinalityCost(encoding, 40, 10, 'atMost').vars + cardinalityCost(encoding, 40, 10, 'atLeast').vars;
      expect(cardinalityCost(encoding, 40, 10, 'exactly').vars).toBeLessThan(both);
    }
  });
});
