#!/usr/bin/env node
/**
 * Issue 14's check on puzzles nothing was tuned on, done the way the issue measures: each puzzle's
 * CNF as the bench writes it (plain, and with its solution blocked: the uniqueness query), then per
 * CNF the engine's own solve time (`c solved in` of a fresh `gridsat sat` process) against native
 * cadical's CPU time (user + system of its whole process), the least of RUNS runs each (default 3).
 * The runs are the bench's own (bench/puzzle-cnf.ts: `cold` and `native`).
 *   node scripts/heldout-vs-cadical.mjs OUTDIR PUZZLES...   (files `gridsat generate` or Tatham wrote)
 * Needs `npm run build` and cadical on the PATH. Prints a row per CNF (name, variables, our ms,
 * cadical's ms, the ratio, our conflicts, cadical's) and, per input file and over all, the geometric
 * mean of the ratio and the CNFs over 1.5x. Answers are cross-checked against cadical's.
 */
import { basename, join, resolve } from 'node:path';

const [out, ...files] = process.argv.slice(2);
if (!out || files.length === 0) {
  console.error('usage: heldout-vs-cadical.mjs OUTDIR PUZZLES...');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const TIMEOUT_S = 600;
const { cold, native, writeInstances } = await import(join(root, 'dist/bench/puzzle-cnf.js'));
const { geometricMean } = await import(join(root, 'dist/src/util/stats.js'));
const family = (f) => basename(f).replace(/\.[^.]*$/, '');
const instances = writeInstances(root, files.map((f) => ({ family: family(f), file: resolve(f), take: Infinity })), out, (s) => console.error(s));

const least = (xs) => xs.reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a));
const rows = [];
for (const instance of instances) {
  const o = [], c = [];
  for (let k = 0; k < runs; k++) { o.push(cold(instance.path, TIMEOUT_S, [])); c.push(native('cadical', instance.path, TIMEOUT_S)); }
  const a = least(o), b = least(c);
  if (a.result === 'unknown' || b.result === 'unknown') throw new Error(`${instance.name}: no answer within ${TIMEOUT_S} s (gridsat ${a.result}, cadical ${b.result}; is cadical installed?)`);
  if (a.result !== b.result) throw new Error(`${instance.name}: gridsat says ${a.result}, cadical ${b.result}`);
  // cadical's clock reads in steps of a few ms; an instance it finishes in under one step counts as one.
  const ratio = a.cpuMs / Math.max(b.cpuMs, 1);
  rows.push({ family: instance.family, ratio });
  console.log([instance.name, instance.vars, a.cpuMs.toFixed(1), b.cpuMs.toFixed(1), ratio.toFixed(2), a.conflicts, b.conflicts].join(' '));
}
const summary = (label, rs) => {
  console.log(`${label}: ${rs.length} CNFs, geometric mean ours / cadical ${geometricMean(rs.map((r) => r.ratio)).toFixed(2)}, over 1.5x ${rs.filter((r) => r.ratio > 1.5).length}, largest ${Math.max(...rs.map((r) => r.ratio)).toFixed(2)}`);
};
for (const f of new Set(rows.map((r) => r.family))) summary(f, rows.filter((r) => r.family === f));
summary('all', rows);
