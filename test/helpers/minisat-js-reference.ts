/**
 * logic-solver's MiniSat as the engine tests' reference, always available: a formula decided from
 * scratch with the assumptions as unit clauses, so the reference itself is never incremental.
 */
import { MiniSatJsSolver } from '../../src/sat/minisat-js.js';
import type { Clause, Lit } from '../../src/sat/types.js';

export function referenceSolve(clauses: readonly Clause[], assumptions: readonly Lit[]): 'sat' | 'unsat' | 'unknown' {
  const reference = new MiniSatJsSolver();
  reference.addClauses(clauses);
  reference.addClauses(assumptions.map((a): Clause => [a]));
  const result = reference.solve();
  reference.dispose();
  return result;
}
