import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';
import { Model } from '../../src/cnf/model.js';
import { count, enumerate, valuation } from '../../src/cnf/queries.js';
import {
  allDifferent, intVar, linear, type AllDifferentOptions, type Comparison, type IntEncoding, type IntVar,
  type LinearOptions, type LinearTerm,
} from '../../src/cnf/integers.js';
import { CARDINALITY_ENCODINGS } from '../../src/cnf/cardinality.js';
import { availableEngines, tuples } from '../helpers/cnf.js';
import { seededRandom } from '../../src/util/random.js';

/** Every one-hot literal of the variables: one projected solution per tuple of values. */
function valueLits(vars: readonly IntVar[]): Lit[] {
  return vars.flatMap((x) => Array.from({ length: x.size }, (_, i) => x.eq(x.lo + i)));
}

const ENCODINGS: IntEncoding[] = ['onehot', 'order', 'both'];

describe.each(availableEngines())('integers on %s', (engine) => {
  it('eq/ge/le agree with the decoded value for every encoding, including lazily built views', () => {
    for (const encoding of ENCODINGS) {
      for (const [lo, hi] of [[3, 3], [0, 1], [-2, 3], [1, 5]] as const) {
        for (const askFirst of ['eq', 'ge'] as const) {
          const model = new Model(createSolver(engine));
          const x = intVar(model, lo, hi, { encoding });
          // Ask one view first (possibly building the other lazily), then read everything.
          const first = askFirst === 'eq' ? x.eq(lo) : x.ge(hi);
          expect(first).not.toBe(0);
          const lits: Lit[] = [];
          for (let v = lo - 1; v <= hi + 1; v++) lits.push(x.eq(v), x.ge(v), x.le(v));
          const res = enumerate(model, lits.filter((l) => model.constantValue(l) === undefined));
          expect(res.complete).toBe(true);
          const seen = new Set<number>();
          for (const m of res.solutions) {
            const value = valuation(m);
            const v = x.value(value);
            expect(v).toBeGreaterThanOrEqual(lo);
            expect(v).toBeLessThanOrEqual(hi);
            seen.add(v);
            for (let w = lo - 1; w <= hi + 1; w++) {
              expect(value(x.eq(w)), `${encoding} ${lo}..${hi} = ${v}: eq(${w})`).toBe(v === w);
              expect(value(x.ge(w)), `ge(${w})`).toBe(v >= w);
              expect(value(x.le(w)), `le(${w})`).toBe(v <= w);
            }
          }
          // Each value exactly once: the views never admit two models for one value.
          expect(res.solutions.length).toBe(hi - lo + 1);
          expect(seen.size).toBe(hi - lo + 1);
        }
      }
    }
  });

  it('linear sums over integers match brute force (=, <=, >=; dp and cardinality methods)', () => {
    const random = seededRandom(11);
    const ops: Comparison[] = ['=', '<=', '>='];
    for (let round = 0; round < 60; round++) {
      const model = new Model(createSolver(engine));
      const nVars = 1 + Math.floor(random() * 3);
      const unit = round % 2 === 0;
      const vars: IntVar[] = [];
      const coefs: number[] = [];
      for (let i = 0; i < nVars; i++) {
        const lo = Math.floor(random() * 5) - 2;
        const hi = lo + Math.floor(random() * 4);
        vars.push(intVar(model, lo, hi, { encoding: ENCODINGS[(round + i) % 3]! }));
        coefs.push(unit ? (random() < 0.7 ? 1 : -1) : Math.floor(random() * 7) - 3);
      }
      const op = ops[round % 3]!;
      const method: LinearOptions['method'] = unit && round % 4 === 0 ? 'cardinality' : round % 4 === 2 ? 'auto' : 'dp';
      const domains = vars.map((x) => [x.lo, x.hi] as const);
      const sums = [...tuples(domains)].map((t) => t.reduce((s, v, i) => s + coefs[i]! * v, 0));
      const constant = sums[Math.floor(random() * sums.length)]! + (random() < 0.2 ? 1 : 0);
      const terms: LinearTerm[] = vars.map((x, i) => (coefs[i] === 1 && random() < 0.5 ? x : { coef: coefs[i]!, var: x }));
      linear(model, terms, op, constant, { method });
      const expected = sums.filter((s) => (op === '=' ? s === constant : op === '<=' ? s <= constant : s >= constant)).length;
      const projection = valueLits(vars);
      const res = count(model, projection);
      expect(res.count, `${coefs.join(',')} · ${domains.map((d) => d.join('..')).join(' ')} ${op} ${constant} (${method})`).toBe(expected);
    }
  });

  it('weighted literal sums (island = sum of bridge counts) match brute force', () => {
    const random = seededRandom(23);
    for (let round = 0; round < 30; round++) {
      const model = new Model(createSolver(engine));
      const n = 2 + Math.floor(random() * 5);
      const x = Array.from({ length: n }, () => model.newVar());
      const weights = x.map(() => (round % 3 === 0 ? 1 : Math.floor(random() * 5) - 1));
      let expectedSums: number[] = [];
      for (let mask = 0; mask < 1 << n; mask++) {
        expectedSums.push(weights.reduce((s, w, i) => s + ((mask >> i) & 1 ? w : 0), 0));
      }
      const constant = expectedSums[Math.floor(random() * expectedSums.length)]!;
      const op: Comparison = (['=', '<=', '>='] as const)[round % 3]!;
      linear(model, x.map((lit, i) => ({ coef: weights[i]!, lit })), op, constant);
      expectedSums = expectedSums.filter((s) => (op === '=' ? s === constant : op === '<=' ? s <= constant : s >= constant));
      expect(count(model, x).count, `[${weights}] ${op} ${constant}`).toBe(expectedSums.length);
    }
  });

  it('sums of 0..2 bridge counts equal to an island value, with every cardinality encoding', () => {
    for (const cardinality of CARDINALITY_ENCODINGS) for (const value of [0, 1, 4, 7, 8, 9]) {
      const model = new Model(createSolver(engine));
      const bridges = Array.from({ length: 4 }, () => intVar(model, 0, 2, { encoding: 'order' }));
      linear(model, bridges, '=', value, { cardinality });
      const expected = [...tuples(bridges.map(() => [0, 2] as const))].filter((t) => t.reduce((a, b) => a + b) === value).length;
      expect(count(model, valueLits(bridges)).count, `island ${value} (${cardinality})`).toBe(expected);
    }
  });

  it('allDifferent matches brute force for every strengthening', () => {
    const random = seededRandom(5);
    const strengths: NonNullable<AllDifferentOptions['strengthen']>[] = ['none', 'pigeonhole', 'hall'];
    for (let round = 0; round < 36; round++) {
      const model = new Model(createSolver(engine));
      const n = 2 + Math.floor(random() * 3);
      const vars: IntVar[] = [];
      for (let i = 0; i < n; i++) {
        const lo = Math.floor(random() * 3);
        const hi = lo + Math.floor(random() * 3);
        vars.push(intVar(model, lo, hi, { encoding: ENCODINGS[(round + i) % 3]! }));
      }
      const strengthen = strengths[round % 3]!;
      allDifferent(model, vars, { strengthen });
      const domains = vars.map((x) => [x.lo, x.hi] as const);
      const expected = [...tuples(domains)].filter((t) => new Set(t).size === t.length).length;
      expect(count(model, valueLits(vars)).count, `${domains.map((d) => d.join('..')).join(' ')} ${strengthen}`).toBe(expected);
    }
  });

  it('allDifferent with the pigeonhole principle: n variables over n-1 values is contradictory', () => {
    const model = new Model(createSolver(engine));
    const vars = Array.from({ length: 5 }, () => intVar(model, 1, 4));
    allDifferent(model, vars);
    expect(count(model, valueLits(vars)).count).toBe(0);
    expect(model.solver.solve()).toBe('unsat');
  });
});

describe('integer edge cases', () => {
  it('rejects empty or fractional domains and refuses diagrams that would blow up', () => {
    const model = new Model(createSolver('minisat-js'));
    expect(() => intVar(model, 3, 2)).toThrow(/domain 3\.\.2/);
    expect(() => intVar(model, 0, 1.5)).toThrow(/integer range/);
    const bits = Array.from({ length: 20 }, (_, i) => ({ coef: 2 ** i, lit: model.newVar() }));
    expect(() => linear(model, bits, '=', 12345)).toThrow(/too large for a decision diagram/);
    expect(() => linear(model, [intVar(model, 0, 3)], '=', 1.5)).toThrow(/integer/);
  });
});
