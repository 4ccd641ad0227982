/**
 * Variable names and decision wording on a Model: given one variable at a time (`newVar`,
 * `describe`) or for a block (`newVars`, one naming function for the block), both read the same
 * through `nameOf`, `names`, `decision`, DIMACS comments, and on every engine.
 */
import { describe, expect, it } from 'vitest';
import { Model } from '../../src/cnf/model.js';
import { CnfCollector } from '../../src/sat/collector.js';
import { parseDimacs } from '../../src/sat/dimacs.js';
import { createSolver } from '../../src/sat/index.js';

describe('Model variable names', () => {
  it('names a block lazily by offset, beside single named and unnamed variables, in variable order', () => {
    const collector = new CnfCollector();
    const model = new Model(collector);
    const calls: number[] = [];
    const a = model.newVar('a');
    const unnamed = model.newVar();
    const first = model.newVars(4, {
      name: (i) => { calls.push(i); return `x${i}`; },
      decision: (i) => ({ cells: [[0, i]], yes: `x${i} holds`, no: `x${i} does not hold` }),
    });
    const b = model.newVar(() => 'b');
    const bare = model.newVars(2); // neither named nor described
    const second = model.newVars(3, { name: (i) => `y${i}` });
    expect([a, unnamed, first, b, bare, second]).toEqual([1, 2, 3, 7, 8, 10]);
    expect(calls).toEqual([]); // nothing made until read
    expect(model.nameOf(first + 2)).toBe('x2');
    expect(model.nameOf(-(first + 2))).toBe('-x2');
    expect(model.nameOf(first + 2)).toBe('x2');
    expect(calls).toEqual([2]); // made once, then kept
    expect(model.nameOf(unnamed)).toBeUndefined();
    expect(model.nameOf(bare + 1)).toBeUndefined();
    expect(model.nameOf(second + 2)).toBe('y2');
    expect(model.nameOf(99)).toBeUndefined();
    expect(model.decision(-(first + 1))).toEqual({ cells: [[0, 1]], yes: 'x1 holds', no: 'x1 does not hold' });
    expect(model.decision(second)).toBeUndefined();
    model.describe(first + 3, { cells: [], yes: 'own', no: 'not own' }); // a variable's own wording wins
    expect(model.decision(first + 3)?.yes).toBe('own');
    expect([...model.names()]).toEqual([
      [1, 'a'], [3, 'x0'], [4, 'x1'], [5, 'x2'], [6, 'x3'], [7, 'b'], [10, 'y0'], [11, 'y1'], [12, 'y2'],
    ]);
    model.addClause([first, -(second + 2)]);
    const cnf = parseDimacs(collector.toDimacs({ names: model.names() }));
    expect(cnf.numVars).toBe(12);
    expect(cnf.names.get(first)).toBe('x0');
    expect(cnf.names.get(second + 2)).toBe('y2');
  });

  it('numbers a block densely on every engine', () => {
    for (const engine of ['wasm', 'minisat-js'] as const) {
      const solver = createSolver(engine);
      const model = new Model(solver);
      model.newVar();
      const first = model.newVars(5, { name: (i) => `v${i}` });
      expect(first, engine).toBe(2);
      expect(solver.numVars(), engine).toBe(6);
      model.addClause([first + 4]);
      model.addClause([-(first + 3)]);
      expect(solver.solve()).toBe('sat');
      expect([solver.value(first + 4), solver.value(first + 3)]).toEqual([true, false]);
      expect(model.nameOf(first + 4)).toBe('v4');
      solver.dispose();
    }
  });
});
