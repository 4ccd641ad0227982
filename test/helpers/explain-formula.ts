/**
 * A puzzle's explain formula as the explainer builds it (each rule instance a fact, every clause
 * recorded), split for a FactSolver: each fact's clauses and the always-on ones, with the deferred
 * connectivity clauses written too (so a solver without graphs has every rule as clauses).
 */
import { expect } from 'vitest';
import { explainEncoding } from '../../src/explain/explain.js';
import { encodePuzzle } from '../../src/solve/encode.js';
import type { Fact } from '../../src/cnf/model.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';
import type { FactSolver } from '../../src/explain/fact-solver.js';
import { createSolver } from '../../src/sat/index.js';
import type { Clause, Lit, SatSolver } from '../../src/sat/types.js';

export interface ExplainFormula {
  facts: readonly Fact[];
  factClauses: Clause[][];
  baseClauses: Clause[];
  /** The projection's variables (the puzzle's cells). */
  vars: number[];
}

export function explainFormula(type: AnyPuzzleType, puzzle: unknown, engine: SatSolver): ExplainFormula {
  const { model, encoded } = encodePuzzle(type, puzzle, engine, explainEncoding(type), { explain: true });
  const facts = model.facts();
  // The connectivity rule's clauses are written on demand (Model.connectedRule): here, for the clause version.
  const wrote = model.writeDeferred();
  if (facts.some((f) => f.connects !== undefined)) expect(wrote).toBe(true);
  const factClauses: Clause[][] = facts.map(() => []);
  const baseClauses: Clause[] = [];
  for (const { clause, fact } of model.recordedClauses()) (fact < 0 ? baseClauses : factClauses[fact]!).push(clause);
  return { facts, factClauses, baseClauses, vars: encoded.projection.map((l) => Math.abs(l)) };
}

/** Runs `check` on each puzzle's explain formula, each on a fresh engine (disposed after). */
export function forEachExplainFormula(
  type: AnyPuzzleType, entries: readonly { id: string; puzzle: unknown }[], check: (formula: ExplainFormula, id: string) => void,
): void {
  for (const e of entries) {
    const engine = createSolver('wasm');
    try {
      check(explainFormula(type, e.puzzle, engine), e.id);
    } finally {
      engine.dispose();
    }
  }
}

/**
 * The same question to a fact solver that propagates graph rules and to one with their clauses: the
 * same answer, and the graphs' core refutes the clause version too. Whether it was unsatisfiable.
 */
export function expectSameRefutation(withGraphs: FactSolver, withClauses: FactSolver, facts: readonly number[], lits: readonly Lit[], label: string): boolean {
  const a = withGraphs.refute(facts, lits);
  expect(a === null, label).toBe(withClauses.refute(facts, lits) === null);
  if (a) expect(withClauses.refute(a.facts, a.lits), `${label}: the graphs' core refutes the clauses too`).not.toBeNull();
  return a !== null;
}
