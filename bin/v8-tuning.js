// V8 settings for a gridsat process, set before anything heavy compiles: bin/gridsat.js calls this
// first thing, and the bench (bench/run.ts) too, so that what it times is what the CLI runs.
// A setting given to node itself (`node --flag bin/gridsat.js`) is left alone.
'use strict';
const { availableParallelism } = require('node:os');
const { setFlagsFromString } = require('node:v8');

/**
 * How much bytecode TurboFan may inline into one optimized function (V8's default is 920).
 * gridsat's hot JavaScript (the explainer's search, the generators, the encoders) is a few hundred
 * functions that call each other a lot. With the default, a cold 100-puzzle `generate hashi --difficulty
 * hard` made 280 TurboFan compiles, the explainer's nextStep taking 135-235 ms each, three times over
 * (`--trace-opt`): a command spent much of its first seconds compiling, and on a loaded machine the
 * Bridges rows still read twice as slow after the bench's 1.5 s warm-up. With the cap such commands take 0.78-0.88 of the CPU
 * (README, "Using the CLI", and the bench's one-command section, which runs both side by side).
 *
 * Not for `compare`: it times logic-solver's MiniSat, emscripten output whose few large functions
 * are 5% slower under the cap; engines are compared under V8's defaults.
 */
const MAX_INLINED_BYTECODE = 100;

/**
 * The V8 flags a gridsat process sets for itself. `argv`: the command line after `gridsat` (its
 * first word is the command); `execArgv`: node's own options, which win over ours.
 */
function v8Flags(argv = [], execArgv = process.execArgv, cores = availableParallelism()) {
  const given = (flag) => execArgv.some((a) => a.startsWith(flag) || a.startsWith(flag.replace(/^--/, '--no-')));
  const flags = [];
  // The engine's hot functions are recompiled by V8's optimizing compiler in the background while a
  // solve runs, on as many threads as V8 likes (its platform has 4 workers). On a 2-core machine those
  // threads took the main thread's core too: the first solve of a process ran 0.69x as long,
  // geometric mean over 13 puzzle CNFs (a 25x25 Star Battle 8.7 -> 2.4 ms), with one compile thread
  // left per spare core. Affects only WebAssembly.
  if (!given('--wasm-num-compilation-tasks')) flags.push(`--wasm-num-compilation-tasks=${Math.max(1, cores - 1)}`);
  const command = argv.find((a) => !a.startsWith('-'));
  if (command !== 'compare' && !given('--max-inlined-bytecode-size-cumulative') && !given('--turbo-inlining')) {
    flags.push(`--max-inlined-bytecode-size-cumulative=${MAX_INLINED_BYTECODE}`);
  }
  return flags;
}

/** Sets v8Flags(argv): call before anything heavy compiles. */
function tuneV8(argv = []) {
  for (const flag of v8Flags(argv)) setFlagsFromString(flag);
}

module.exports = { tuneV8, v8Flags, MAX_INLINED_BYTECODE };
