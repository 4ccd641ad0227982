import { ExternalSolver } from './external.js';
import { MiniSatJsSolver } from './minisat-js.js';
import type { EngineName, EngineOptions, SatSolver } from './types.js';

export * from './types.js';

/** Creates a fresh solver of the named engine. */
export function createSolver(engine: EngineName = 'minisat-js', options: EngineOptions = {}): SatSolver {
  switch (engine) {
    case 'minisat-js':
      return new MiniSatJsSolver();
    case 'external':
      return new ExternalSolver({ binary: options.binary });
    // 'wasm' is registered here by its module.
    default:
      throw new Error(`engine '${engine}' is not available${options.binary ? ` (${options.binary})` : ''}`);
  }
}
