import type { Lit } from './types.js';

/**
 * A literal's value in a model laid out as `SatSolver.model()` returns it (index = variable,
 * 1 = true). Variables beyond the model are false: the engine never saw them in a clause.
 */
export function literalValue(model: Uint8Array, lit: Lit): boolean {
  const v = lit < 0 ? -lit : lit;
  const val = v < model.length && model[v] === 1;
  return lit < 0 ? !val : val;
}
