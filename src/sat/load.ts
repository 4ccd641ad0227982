import { parseDimacs } from './dimacs.js';
import { scanDimacs } from './dimacs-scan.js';
import type { SatSolver } from './types.js';
import { ParseError } from '../util/errors.js';
import { WasmSolver, type DimacsLoad } from './wasm.js';

export type { DimacsLoad } from './wasm.js';

/**
 * The most variables a formula may use. The wasm engine's memory is 32-bit (at most 4 GiB) and
 * costs about 100 bytes per variable before any clause (9 million measured at 0.9 GB resident).
 */
export const MAX_DIMACS_VARIABLES = 10_000_000;

/**
 * Loads DIMACS CNF into any engine: the wasm engine parses it itself (`WasmSolver.addDimacs`),
 * the others get the clauses from `parseDimacs`. Malformed input throws a located ParseError.
 *
 * The engine is sized on the variables the clauses use: a header declaring more (`p cnf
 * 1000000000 1`) is read as declaring only those, with a warning, and `numVars` is that number
 * (the others occur in no clause and may take any value). A formula using more variables than
 * an engine can hold is refused with a message that says so.
 */
export function loadDimacs(solver: SatSolver, input: string | Uint8Array, source?: string): DimacsLoad {
  let bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const scan = scanDimacs(bytes);
  const warnings: string[] = [];
  if (scan && scan.maxVar > MAX_DIMACS_VARIABLES && scan.maxVar <= scan.declaredVars) {
    throw new ParseError(`the clauses use variable ${scan.maxVar}, but gridsat's engines hold at most ${MAX_DIMACS_VARIABLES.toLocaleString('en')} variables`, { source });
  }
  if (scan && scan.declaredVars > scan.maxVar) {
    const header = `p cnf ${scan.maxVar} ${scan.declaredClauses}`;
    const rewritten = new Uint8Array(bytes.length - (scan.headerEnd - scan.headerStart) + header.length);
    rewritten.set(bytes.subarray(0, scan.headerStart), 0);
    rewritten.set(Buffer.from(header, 'latin1'), scan.headerStart);
    rewritten.set(bytes.subarray(scan.headerEnd), scan.headerStart + header.length);
    bytes = rewritten;
    const msg = `header declares ${scan.declaredVars} variables but the clauses use only ${scan.maxVar === 0 ? 'none' : `1..${scan.maxVar}`}: the engine is sized on those, and the others may take any value`;
    warnings.push(source ? `${source}: ${msg}` : msg);
  }
  const loaded = load(solver, bytes, source);
  return { ...loaded, warnings: [...warnings, ...loaded.warnings] };
}

function load(solver: SatSolver, bytes: Uint8Array, source?: string): DimacsLoad {
  if (solver instanceof WasmSolver) return solver.addDimacs(bytes, source);
  const cnf = parseDimacs(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), source);
  while (solver.numVars() < cnf.numVars) solver.newVar();
  solver.addClauses(cnf.clauses);
  return { numVars: cnf.numVars, numClauses: cnf.clauses.length, warnings: cnf.warnings };
}
