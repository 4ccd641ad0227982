/**
 * Engines that need the host's Node APIs: logic-solver's MiniSat (loaded with require) and native
 * solvers run as processes. A browser bundle swaps this module for host-engines.browser.ts
 * (scripts/build-web.mjs), so neither is bundled into a page.
 */
import { ExternalSolver } from './external.js';
import { MiniSatJsSolver } from './minisat-js.js';
import type { EngineName, EngineOptions, SatSolver } from './types.js';

/** A solver of a host engine, or undefined when `engine` is not one. */
export function createHostSolver(engine: EngineName, options: EngineOptions): SatSolver | undefined {
  switch (engine) {
    case 'minisat-js':
      return new MiniSatJsSolver();
    case 'external':
      return new ExternalSolver({ binary: options.binary });
    default:
      return undefined;
  }
}
