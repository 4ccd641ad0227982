import { describe, expect, it } from 'vitest';
import { createSolver } from '../../src/sat/index.js';
import type { Lit } from '../../src/sat/types.js';
import { LARGE_CARDINALITY, Model } from '../../src/cnf/model.js';
import { hashi } from '../../encodings/hashi/index.js';
import { encodePuzzleCnf } from '../../src/solve/encode.js';
import { largeHashi } from '../../bench/hashi-connectivity.js';

/** n fresh literals on a new model over the wasm engine. */
function fresh(n: number, options: ConstructorParameters<typeof Model>[1] = {}) {
  const model = new Model(createSolver('wasm'), options);
  const x: Lit[] = [];
  for (let i = 0; i < n; i++) x.push(model.newVar());
  return { model, x };
}

describe('the cardinality encoding a constraint gets when nobody chose one', () => {
  it('is the sequential counter up to LARGE_CARDINALITY, the totalizer above it', () => {
    const small = fresh(100);
    expect(small.model.exactly(small.x, 50).encoding).toBe('sequential'); // 100 · 50 = 5,000
    const large = fresh(300);
    expect(300 * 150).toBeGreaterThan(LARGE_CARDINALITY);
    expect(large.model.exactly(large.x, 150).encoding).toBe('totalizer');
    // n · min(k, n − k): a bound near n is as large as one near 0.
    expect(large.model.atMost(large.x, 299).encoding).toBe('sequential');
    expect(large.model.atLeast(large.x, 200).encoding).toBe('totalizer');
  });

  it('leaves a chosen encoding alone at every size', () => {
    const chosen = fresh(300, { cardinality: 'sequential' });
    expect(chosen.model.exactly(chosen.x, 150).encoding).toBe('sequential');
    const perCall = fresh(300);
    expect(perCall.model.exactly(perCall.x, 150, { encoding: 'cardnet' }).encoding).toBe('cardnet');
  });

  it('keeps the meaning: exactly 150 of 300 holds with 150 true and fails with 151', () => {
    const { model, x } = fresh(300);
    model.exactly(x, 150);
    const first = (m: number) => x.slice(0, m);
    expect(model.solver.solve({ assumptions: first(150) })).toBe('sat');
    expect(x.filter((l) => model.solver.value(l)).length).toBe(150);
    expect(model.solver.solve({ assumptions: first(151) })).toBe('unsat');
    expect(model.solver.solve({ assumptions: x.slice(0, 151).map((l) => -l) })).toBe('unsat'); // 151 false leaves 149
    model.solver.dispose();
  });

  it('gives Hashi\'s no-loops rule on 400 islands the totalizer, a tenth of the sequential counter\'s variables', () => {
    const puzzle = { ...largeHashi(1), noLoops: true };
    const auto = encodePuzzleCnf(hashi, puzzle);
    const sequential = encodePuzzleCnf(hashi, puzzle, { cardinality: 'sequential' });
    const rule = (cnf: typeof auto) => cnf.model.cardinalityCosts().find((c) => c.n! * Math.min(c.k!, c.n! - c.k!) > LARGE_CARDINALITY)!;
    expect(rule(auto).encoding).toBe('totalizer');
    expect(rule(sequential).encoding).toBe('sequential');
    expect(rule(auto).vars * 10).toBeLessThan(rule(sequential).vars);
  });
});
