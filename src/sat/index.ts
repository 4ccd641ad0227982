import { createHostSolver } from './host-engines.js';
import { WasmSolver } from './wasm.js';
import type { EngineName, EngineOptions, SatSolver } from './types.js';

export * from './types.js';

/** Creates a fresh solver of the named engine. */
export function createSolver(engine: EngineName = 'wasm', options: EngineOptions = {}): SatSolver {
  if (engine === 'wasm') return new WasmSolver({ strategy: options.strategy });
  const host = createHostSolver(engine, options);
  if (host) return host;
  throw new Error(`engine '${engine}' is not available${options.binary ? ` (${options.binary})` : ''}`);
}
