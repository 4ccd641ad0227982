import { ExternalSolver } from './external.js';
import { MiniSatJsSolver } from './minisat-js.js';
import { WasmSolver } from './wasm.js';
import type { EngineName, EngineOptions, SatSolver } from './types.js';

export * from './types.js';

/** Creates a fresh solver of the named engine. */
export function createSolver(engine: EngineName = 'wasm', options: EngineOptions = {}): SatSolver {
  switch (engine) {
    case 'minisat-js':
      return new MiniSatJsSolver();
    case 'external':
      return new ExternalSolver({ binary: options.binary });
    case 'wasm':
      return new WasmSolver({ strategy: options.strategy });
    default:
      throw new Error(`engine '${engine}' is not available${options.binary ? ` (${options.binary})` : ''}`);
  }
}
