#!/usr/bin/env node
/**
 * Writes the large-Hashi bench puzzles as the wasm engine receives them, for the native driver
 * (main.c): DIMACS clauses in the order they were added, the connectivity graph where
 * `addConnectivity` was called (`c gs-graph N M` then one `c gs-edge U V LIT` per edge), and the
 * count query's projection (`c gs-proj LIT...`), so `engine-native FILE --count 2` replays
 * `solvePuzzle(..., { count: 2 })` conflict for conflict (noise-free counts, perf, callgrind).
 *   node scripts/native-engine/dump-hashi.mjs OUTDIR [N [FIRST]]   (needs `npx tsc` first)
 * Writes OUTDIR/{pair,three,single}-sSEED.cnf for seeds FIRST..FIRST+N-1 (default 1..30), the bench's
 * three random families (bridges of 1 or 2 as many of each, 3 single to 1 double, single only), and
 * OUTDIR/tatham-*.cnf for the Tatham 34x34 fixtures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const { largeHashi } = await import(join(root, 'dist/bench/hashi-connectivity.js'));
const { hashi } = await import(join(root, 'dist/encodings/hashi/index.js'));
const { solvePuzzle } = await import(join(root, 'dist/src/solve/pipeline.js'));
const { encodePuzzle } = await import(join(root, 'dist/src/solve/encode.js'));
const { readInputs } = await import(join(root, 'dist/src/formats/inputs.js'));

const out = process.argv[2] ?? '/tmp/gridsat-hashi-cnf';
const n = Number(process.argv[3] ?? 30);
const first = Number(process.argv[4] ?? 1);
mkdirSync(out, { recursive: true });

/** A SatSolver that only records what it is given. */
function recorder() {
  const lines = [];
  let vars = 0, clauses = 0;
  const note = (l) => { for (const x of l) vars = Math.max(vars, Math.abs(x)); };
  return {
    lines, get vars() { return vars; }, get clauses() { return clauses; },
    solver: {
      name: 'recorder',
      newVar: () => ++vars,
      numVars: () => vars,
      numClauses: () => clauses,
      addClause(c) { note(c); clauses++; lines.push(`${c.join(' ')} 0`); },
      addClauses(cs) { for (const c of cs) this.addClause(c); },
      addConnectivity(nv, edges, demands, options) {
        // main.c reads no acyclicity: a no-loops puzzle would replay without its rule
        if (options?.acyclic) throw new Error('the native driver cannot replay the no-loops rule kept in the engine');
        lines.push(`c gs-graph ${nv} ${edges.length}`);
        for (const e of edges) { note([e.lit]); lines.push(`c gs-edge ${e.u} ${e.v} ${e.lit}${e.weights ? ` ${e.weights.join(' ')}` : ''}`); }
        if (demands) lines.push(`c gs-demand ${demands.map((d) => d ?? -1).join(' ')}`);
      },
      solve() { throw new Error('recorder cannot solve'); },
      value() { return false; }, model() { return new Uint8Array(0); }, failedAssumptions: () => [],
      stats: () => ({ conflicts: 0, decisions: 0, propagations: 0, restarts: 0, learnedClauses: 0, peakMemoryBytes: 0, solves: 0 }),
      dispose() {},
    },
  };
}

function dump(name, puzzle) {
  const r = recorder();
  const { encoded } = encodePuzzle(hashi, puzzle, r.solver, {});
  const text = [`p cnf ${r.vars} ${r.clauses}`, ...r.lines, `c gs-proj ${encoded.projection.join(' ')}`].join('\n');
  writeFileSync(join(out, `${name}.cnf`), `${text}\n`);
  // the answer the pipeline gives, for the driver's output to be compared with
  const rep = solvePuzzle(hashi, puzzle, { count: 2 });
  return `${name} ${rep.status} ${rep.conflicts}`;
}

const lines = [];
for (let s = first; s < first + n; s++) {
  lines.push(dump(`pair-s${s}`, largeHashi(s, 0.5)));
  lines.push(dump(`three-s${s}`, largeHashi(s, 0.75)));
  lines.push(dump(`single-s${s}`, largeHashi(s, 1)));
}
for (const e of readInputs([join(root, 'fixtures/hashi/tatham-34x34.txt')])) {
  if (e.ok) lines.push(dump(`tatham-${e.index ?? lines.length}`, e.puzzle));
}
writeFileSync(join(out, 'expected.txt'), `${lines.join('\n')}\n`);
console.log(`${lines.length} CNFs in ${out}`);
