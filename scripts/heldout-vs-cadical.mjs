#!/usr/bin/env node
/**
 * Issue 14's check on puzzles nothing was tuned on, done the way the issue measures: each puzzle's
 * CNF as the bench writes it (plain, and with its solution blocked: the uniqueness query), then per
 * CNF the engine's own solve time (`c solved in` of a fresh `gridsat sat` process) against native
 * cadical's CPU time (user + system of its whole process), the least of RUNS runs each (default 3).
 *   node scripts/heldout-vs-cadical.mjs OUTDIR PUZZLES...   (files `gridsat generate` or Tatham wrote)
 * Needs `npm run build` and cadical on the PATH. Prints a row per CNF (name, variables, our ms,
 * cadical's ms, the ratio, our conflicts, cadical's) and, per input file and over all, the geometric
 * mean of the ratio and the CNFs over 1.5x. Answers are cross-checked against cadical's.
 */
import { spawnSync } from 'node:child_process';
import { basename, join, resolve } from 'node:path';

const [out, ...files] = process.argv.slice(2);
if (!out || files.length === 0) {
  console.error('usage: heldout-vs-cadical.mjs OUTDIR PUZZLES...');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const { writeInstances } = await import(join(root, 'dist/bench/puzzle-cnf.js'));
const { geometricMean } = await import(join(root, 'dist/src/util/stats.js'));
const family = (f) => basename(f).replace(/\.[^.]*$/, '');
const instances = writeInstances(root, files.map((f) => ({ family: family(f), file: resolve(f), take: Infinity })), out, (s) => console.error(s));

function ours(path) {
  const r = spawnSync(process.execPath, [join(root, 'bin/gridsat.js'), 'sat', path], { encoding: 'utf8' });
  const ms = /^c solved in ([\d.]+)/m.exec(r.stdout), conflicts = /^c conflicts (\d+)/m.exec(r.stdout), answer = /^s (\S+)/m.exec(r.stdout);
  if (!ms || !conflicts || !answer) throw new Error(`gridsat sat ${path} printed no result: ${r.stderr.trim()}`);
  return { ms: Number(ms[1]), conflicts: Number(conflicts[1]), answer: answer[1] };
}

function cadical(path) {
  // bash's `time` gives the CPU of the whole process, as the issue measured native solvers.
  const r = spawnSync('bash', ['-c', 'TIMEFORMAT="@cpu %3U %3S"; time cadical "$1"', '_', path], { encoding: 'utf8' });
  const cpu = /@cpu ([\d.]+) ([\d.]+)/.exec(r.stderr), conflicts = /^c conflicts:\s+(\d+)/m.exec(r.stdout), answer = /^s (\S+)/m.exec(r.stdout);
  if (!cpu || !answer) throw new Error(`cadical ${path} printed no result (is it installed?)`);
  return { ms: (Number(cpu[1]) + Number(cpu[2])) * 1000, conflicts: Number(conflicts?.[1] ?? 0), answer: answer[1] };
}

const least = (xs) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
const rows = [];
for (const instance of instances) {
  const o = [], c = [];
  for (let k = 0; k < runs; k++) { o.push(ours(instance.path)); c.push(cadical(instance.path)); }
  const a = least(o), b = least(c);
  if (a.answer !== b.answer) throw new Error(`${instance.name}: gridsat says ${a.answer}, cadical ${b.answer}`);
  // cadical's clock reads in steps of a few ms; an instance it finishes in under one step counts as one.
  const ratio = a.ms / Math.max(b.ms, 1);
  rows.push({ family: instance.family, ratio });
  console.log([instance.name, instance.vars, a.ms.toFixed(1), b.ms.toFixed(1), ratio.toFixed(2), a.conflicts, b.conflicts].join(' '));
}
const summary = (label, rs) => {
  const gm = geometricMean(rs.map((r) => r.ratio));
  console.log(`${label}: ${rs.length} CNFs, geometric mean ours / cadical ${gm.toFixed(2)}, over 1.5x ${rs.filter((r) => r.ratio > 1.5).length}, largest ${Math.max(...rs.map((r) => r.ratio)).toFixed(2)}`);
};
for (const f of new Set(rows.map((r) => r.family))) summary(f, rows.filter((r) => r.family === f));
summary('all', rows);
