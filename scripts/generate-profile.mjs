#!/usr/bin/env node
/**
 * Where `generateOne`'s CPU goes per kept puzzle: layouts drawn, repairs, uniqueness proofs
 * (engine settles), each screen and forecast (calls, how many rejected), grades (how many per kept
 * puzzle, below / in / above the target's range, CPU each), and the rest (search, proofs,
 * verification). Wraps the type's generator object and the grader; the puzzles are the same as
 * without it. After a warm-up of seed 999 for WARM ms of CPU (default 3000: the explainer's code
 * takes seconds of work to be optimized).
 *
 *   node scripts/generate-profile.mjs [--dist DIR] TYPE SIZE PUZZLES SEED [easy|medium|hard|expert|none]
 *   e.g. node scripts/generate-profile.mjs hashi 10 100 1 hard
 *        STARS=3 node scripts/generate-profile.mjs starbattle 14 5 1 hard   (Star Battle's star count)
 *        VERBOSE=1 node scripts/generate-profile.mjs akari 10 40 1 none   (a line per puzzle)
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const i = args.indexOf('--dist');
if (i >= 0) { dist = resolve(args[i + 1]); args.splice(i, 2); }
const [typeId, size, n, seed, mode = 'hard'] = args;
if (!typeId || !size || !n || !seed) {
  console.error('usage: generate-profile.mjs [--dist DIR] TYPE SIZE PUZZLES SEED [easy|medium|hard|expert|none]');
  process.exit(2);
}
const { generateOne, resolveTarget } = await import(join(dist, 'src/generate/generate.js'));
const { grader, exactScore } = await import(join(dist, 'src/generate/grade.js'));
const { generatorFor } = await import(join(dist, 'src/generate/registry.js'));
const { findPuzzleType } = await import(join(dist, 'encodings/registry.js'));
const type = findPuzzleType(typeId);
const gen = generatorFor(typeId);
const settings = {
  rows: Number(size), cols: Number(size),
  ...(typeId === 'hashi' ? { maxBridges: 2 } : {}),
  ...(process.env.STARS ? { stars: Number(process.env.STARS) } : {}),
};
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const T = {}, C = {};
const add = (k, dt) => { T[k] = (T[k] ?? 0) + dt; C[k] = (C[k] ?? 0) + 1; };
const count = (k) => { C[k] = (C[k] ?? 0) + 1; };
// Each candidate's encode is one engine settle (a uniqueness proof, or the start of one).
const watch = (c) => {
  if (!c) return c;
  const encode = c.encode;
  c.encode = function (model) { count('settles (engine proofs)'); return encode.call(this, model); };
  return c;
};
for (const name of ['propose', 'repair']) {
  const f = gen[name];
  if (!f) continue;
  gen[name] = function (...a) { const t = cpu(); const r = f.apply(this, a); add(name, cpu() - t); return watch(r); };
}
for (const name of ['solvedOneRuleAtATime', 'likelyEasierThan', 'candidateOutOfHard', 'finishedSolvedOneRuleAtATime', 'finishedOutOfHard']) {
  const f = gen[name];
  if (!f) continue;
  gen[name] = function (...a) { const t = cpu(); const r = f.apply(this, a); add(name, cpu() - t); if (r) count(`${name}: rejected`); return r; };
}
const level = mode === 'none' ? undefined : mode;
const target = resolveTarget(typeId, { level: level ?? 'hard' });
// The floor is passed on as generateOne passes it: a grading stopped above the target costs less.
const timedGrader = (t, p, stopAt) => {
  const t0 = cpu();
  const g = grader(t, p, stopAt);
  const s = g?.score;
  const where = s === undefined ? 'none' : target.min !== undefined && s < target.min ? 'below' : target.max !== undefined && s > target.max ? 'above' : 'in range';
  add(`grade ${where}`, cpu() - t0);
  return g;
};
const difficulty = level ? { target: { level }, grade: timedGrader } : undefined;
const warm = Number(process.env.WARM ?? 3000);
const w0 = cpu();
for (let w = 0; w === 0 || cpu() - w0 < warm; w++) generateOne(type, settings, 999, w, undefined, difficulty && { ...difficulty, grade: grader });
for (const k of Object.keys(T)) delete T[k];
for (const k of Object.keys(C)) delete C[k];
const per = [], kept = [];
for (let k = 0; k < Number(n); k++) {
  const t0 = cpu();
  const g = generateOne(type, settings, Number(seed), k, undefined, difficulty);
  per.push(cpu() - t0);
  if (g.difficulty) kept.push(exactScore(type, g)); // a floor graded in full, after the timing
  if (process.env.VERBOSE) console.log(`puzzle ${k}: ${per[k].toFixed(1)} ms, layouts ${g.attempts}, repairs ${g.repairs}, engine calls ${g.solves}${g.difficulty ? `, graded ${g.difficulty.graded}, score ${g.difficulty.atLeast ? 'at least ' : ''}${g.difficulty.score}` : ''}`);
}
const N = Number(n);
const mean = per.reduce((a, b) => a + b, 0) / N;
const sorted = [...per].sort((a, b) => a - b);
console.log(`${typeId} ${size}x${size} ${mode}, seed ${seed}, ${N} puzzles: CPU mean ${mean.toFixed(2)} ms, median ${sorted[N >> 1].toFixed(2)}, max ${sorted[N - 1].toFixed(1)}`);
for (const k of Object.keys(C).sort()) {
  console.log(`  ${k}: ${(C[k] / N).toFixed(2)} per puzzle${T[k] !== undefined ? `, ${(T[k] / N).toFixed(2)} ms per puzzle (${(T[k] / C[k]).toFixed(2)} ms each)` : ''}`);
}
const grading = Object.keys(T).filter((k) => k.startsWith('grade')).reduce((a, k) => a + T[k], 0) / N;
const screens = Object.keys(T).filter((k) => !k.startsWith('grade')).reduce((a, k) => a + T[k], 0) / N;
console.log(`  grading ${grading.toFixed(2)} ms; layouts, repairs and screens ${screens.toFixed(2)} ms; the rest (engine proofs, thinning, final proof, verification) ${(mean - grading - screens).toFixed(2)} ms`);
// A floor graded in full can run out of the grade's time (a 14×14 3★ expert Star Battle does): left out, and counted.
const unfinished = kept.filter((x) => x === undefined).length;
if (unfinished) console.log(`  grades kept: ${unfinished} of ${kept.length} not finished in the grade's time`);
if (kept.length > unfinished) {
  const s = kept.filter((x) => x !== undefined).sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  console.log(`  grades kept: ${q(0.25)} / ${q(0.5)} / ${q(0.75)} (mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)})`);
}
