/**
 * The browser's stand-in for engine-file.ts: a page has no package to read engine.wasm from. It
 * fetches and compiles the module itself and calls `provideEngine` (src/sat/wasm.ts) before the
 * first solver is made; reaching this function means that step was skipped.
 */
export function readEngineFile(): Uint8Array<ArrayBuffer> {
  throw new Error('engine.wasm was not provided: call provideEngine(module) before creating a solver');
}
