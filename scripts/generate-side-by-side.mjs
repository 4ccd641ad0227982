#!/usr/bin/env node
/**
 * `generateOne` at `--difficulty hard` on two (or more) built trees in one process, puzzle by
 * puzzle alternating which goes first, CPU time per puzzle: the side-by-side figures the README's
 * generate section quotes. Each tree is a package root's dist/ (e.g. main's copied to /tmp with its
 * package.json and src/sat/engine/engine.wasm beside it).
 *
 *   node scripts/generate-side-by-side.mjs TYPE SIZE PUZZLES SEED DIST_A DIST_B [...] [--max-bridges M] [--no-loops]
 *   e.g. node scripts/generate-side-by-side.mjs akari 10 40 5 /tmp/old/dist dist
 *        node scripts/generate-side-by-side.mjs hashi 10 40 5 /tmp/old/dist dist --max-bridges 2
 * Bridges settings default to the generator's own (max-bridges 2, loops allowed), which is the
 * bench's `10x10i30e10m2d2` comparison. Each tree warms up first on seed 999 for 2 s of CPU
 * (WARM_UP_CPU_MS=... to change it).
 */
import { resolve } from 'node:path';

const argv = process.argv.slice(2);
const extra = {};
for (let i = argv.indexOf('--max-bridges'); i >= 0; i = argv.indexOf('--max-bridges')) { extra.maxBridges = Number(argv[i + 1]); argv.splice(i, 2); }
for (let i = argv.indexOf('--no-loops'); i >= 0; i = argv.indexOf('--no-loops')) { extra.noLoops = true; argv.splice(i, 1); }
const [typeId, size, count, seed, ...dirs] = argv;
if (!typeId || !size || !count || !seed || dirs.length < 1) {
  console.error('usage: generate-side-by-side.mjs TYPE SIZE PUZZLES SEED DIST_A [DIST_B ...]');
  process.exit(2);
}
const libs = [];
for (const dir of dirs.map((d) => resolve(d))) {
  libs.push({
    dir,
    generate: await import(`${dir}/src/generate/generate.js`),
    grader: (await import(`${dir}/src/generate/grade.js`)).grader,
    type: (await import(`${dir}/encodings/registry.js`)).findPuzzleType(typeId),
  });
}
const settings = { rows: Number(size), cols: Number(size), ...extra };
const hard = (lib) => ({ target: { level: 'hard' }, grade: lib.grader });
// Warm-up from another seed (compilation): puzzles until WARM_UP_CPU_MS of CPU went into each tree
// (at least one). Five puzzles left the explainer's code half-optimized at 10×10, and the trees'
// means 2-3x their warm figures (Bridges hard: 40-50 ms against 15-25 ms after 2 s).
const WARM_UP_CPU_MS = Number(process.env.WARM_UP_CPU_MS ?? 2000);
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
for (const lib of libs) {
  const w0 = cpuMs();
  for (let w = 0; w === 0 || cpuMs() - w0 < WARM_UP_CPU_MS; w++) lib.generate.generateOne(lib.type, settings, 999, w, undefined, hard(lib));
}
const times = libs.map(() => []);
let same = 0;
for (let i = 0; i < Number(count); i++) {
  const printed = [];
  const order = i % 2 ? [...libs.keys()].reverse() : [...libs.keys()];
  for (const k of order) {
    const lib = libs[k];
    const c0 = process.cpuUsage();
    const g = lib.generate.generateOne(lib.type, settings, Number(seed), i, undefined, hard(lib));
    const c = process.cpuUsage(c0);
    times[k].push((c.user + c.system) / 1000);
    printed[k] = JSON.stringify(g.puzzle);
  }
  if (printed.every((p) => p === printed[0])) same += 1;
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
for (const [k, lib] of libs.entries()) console.log(`${lib.dir}: mean ${mean(times[k]).toFixed(1)} ms, median ${median(times[k]).toFixed(1)} ms per puzzle`);
if (libs.length > 1) console.log(`mean ratio (second / first) ${(mean(times[1]) / mean(times[0])).toFixed(3)}; the same puzzle from every tree: ${same} of ${count}`);
