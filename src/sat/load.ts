import { parseDimacs } from './dimacs.js';
import type { SatSolver } from './types.js';
import { WasmSolver, type DimacsLoad } from './wasm.js';

export type { DimacsLoad } from './wasm.js';

/**
 * Loads DIMACS CNF into any engine: the wasm engine parses it itself (`WasmSolver.addDimacs`),
 * the others get the clauses from `parseDimacs`. Malformed input throws a located ParseError.
 */
export function loadDimacs(solver: SatSolver, input: string | Uint8Array, source?: string): DimacsLoad {
  if (solver instanceof WasmSolver) return solver.addDimacs(input, source);
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('utf8');
  const cnf = parseDimacs(text, source);
  while (solver.numVars() < cnf.numVars) solver.newVar();
  solver.addClauses(cnf.clauses);
  return { numVars: cnf.numVars, numClauses: cnf.clauses.length, warnings: cnf.warnings };
}
