/** The browser's stand-in for host-engines.ts: only the wasm engine runs in a page. */
import type { EngineName, EngineOptions, SatSolver } from './types.js';

export function createHostSolver(engine: EngineName, _options: EngineOptions): SatSolver | undefined {
  if (engine === 'minisat-js' || engine === 'external') throw new Error(`engine '${engine}' is not available in the browser (only wasm is)`);
  return undefined;
}
