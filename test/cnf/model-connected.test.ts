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
