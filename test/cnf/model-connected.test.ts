/**
 * Model.connected: the connectivity constraint goes to the engine when the engine has one (the
 * wasm engine), and is refused (false, nothing added) on minisat-js, on a clause collector (DIMACS
 * cannot hold it) and in explain mode (a fact's activation literal cannot switch it off).
 */
import { describe, expect, it } from 'vitest';
import { Model } from '../../src/cnf/model.js';
import { createSolver } from '../../src/sat/index.js';
import { CnfCollector } from '../../src/sat/collector.js';

const path = [{ u: 0, v: 1, lit: 1 }, { u: 1, v: 2, lit: 2 }];

describe('Model.connected', () => {
  it('hands the constraint to the wasm engine, which then enforces it', () => {
    const model = new Model(createSolver('wasm'));
    model.newVar(); model.newVar();
    expect(model.connected(3, path)).toBe(true);
    model.addClause([-1, -2]); // one of the two path edges must go: the vertices split
    expect(model.solver.solve()).toBe('unsat');
    model.solver.dispose();
  });

  it('refuses where the engine cannot hold it, adding nothing', () => {
    for (const solver of [createSolver('minisat-js'), new CnfCollector()]) {
      const model = new Model(solver);
      expect(model.connected(3, path)).toBe(false);
      expect(solver.numClauses()).toBe(0);
      solver.dispose();
    }
    const explaining = new Model(createSolver('wasm'), { explain: true });
    expect(explaining.connected(3, path)).toBe(false);
    explaining.solver.addClause([-1, -2]);
    expect(explaining.solver.solve()).toBe('sat');
    explaining.solver.dispose();
  });
});

describe('Model.connectedRule', () => {
  // The rule as clauses, written by hand for the path: both edges are used.
  const write = (model: Model) => () => { model.addClause([1]); model.addClause([model.newVar('aux'), 2]); model.addClause([2]); };

  it('writes the clauses at once outside explain mode', () => {
    const collector = new CnfCollector();
    const model = new Model(collector);
    model.newVar(); model.newVar();
    model.connectedRule('connected', [], 3, path, write(model));
    expect(collector.numClauses()).toBe(3);
    expect(model.facts()).toEqual([]);
  });

  it('in explain mode keeps the fact with its meaning and writes its clauses, guarded, only when asked', () => {
    const solver = createSolver('wasm');
    const model = new Model(solver, { explain: true });
    model.newVar(); model.newVar();
    model.connectedRule('connected', [[0, 0]], 3, path, write(model));
    model.rule('a later rule', [[0, 1]], () => model.addClause([-1, -2]));
    const [connected, later] = model.facts();
    expect(connected!.connects).toEqual({ vertices: 3, edges: path });
    expect(later!.connects).toBeUndefined();
    // Numbering does not depend on the deferral: the later rule's activation follows the first's.
    expect(later!.activation).toBe(connected!.activation + 1);
    expect(model.recordedClauses().map((r) => r.fact)).toEqual([later!.index]);
    // Nothing forces the edges yet: with both facts on, the later rule alone holds.
    expect(solver.solve({ assumptions: [connected!.activation, later!.activation] })).toBe('sat');
    expect(model.writeDeferred()).toBe(true);
    expect(model.writeDeferred()).toBe(false);
    expect(model.recordedClauses().filter((r) => r.fact === connected!.index).map((r) => r.clause)).toEqual([[1], [5, 2], [2]]);
    // Now the rule's clauses hold behind its activation literal, and only there.
    expect(solver.solve({ assumptions: [connected!.activation, later!.activation] })).toBe('unsat');
    expect(solver.solve({ assumptions: [-connected!.activation, later!.activation] })).toBe('sat');
    solver.dispose();
  });
});
