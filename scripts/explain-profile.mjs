#!/usr/bin/env node
/**
 * Where a difficulty grade's time goes, on puzzles `generate --difficulty hard` makes: building the
 * Explainer (encoding in explain mode, the fact solver, neighbourhoods), its one-solution proof, and
 * the steps, with the fact solver's questions split by how many facts they list and whether one of
 * them is a whole-grid rule (over 100 variables, or a connectivity rule propagated as a graph). Wraps prototype
 * methods, so the per-call figures carry the wrapper's cost (a grade reads about a third slower
 * than unwrapped); the first line is unwrapped. After a warm-up of WARM ms of CPU (default 3000).
 *
 *   node scripts/explain-profile.mjs [--dist DIR] TYPE SIZE PUZZLES SEED
 *   e.g. node scripts/explain-profile.mjs hashi 10 40 5
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const d = args.indexOf('--dist');
if (d >= 0) { dist = resolve(args[d + 1]); args.splice(d, 2); }
const [typeId, size, n, seed] = args;
if (!typeId || !size || !n || !seed) {
  console.error('usage: explain-profile.mjs [--dist DIR] TYPE SIZE PUZZLES SEED');
  process.exit(2);
}
const { generateOne } = await import(join(dist, 'src/generate/generate.js'));
const { grader } = await import(join(dist, 'src/generate/grade.js'));
const { findPuzzleType } = await import(join(dist, 'encodings/registry.js'));
const { FactSolver } = await import(join(dist, 'src/explain/fact-solver.js'));
const { Explainer } = await import(join(dist, 'src/explain/explain.js'));
const type = findPuzzleType(typeId);
const settings = { rows: Number(size), cols: Number(size), ...(typeId === 'hashi' ? { maxBridges: 2 } : {}) };
const puzzles = [];
for (let k = 0; k < Number(n); k++) {
  puzzles.push(generateOne(type, settings, Number(seed), k, undefined, { target: { level: 'hard' }, grade: grader }).puzzle);
}
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const gradeAll = () => { for (const p of puzzles) grader(type, p); };
const warm = Number(process.env.WARM ?? 3000);
for (const w0 = cpu(); cpu() - w0 < warm;) gradeAll();

// Unwrapped first: the whole grade, and building the Explainer (and its proof) alone.
const perPuzzle = (f, rounds = 3) => { const t = cpu(); for (let r = 0; r < rounds; r++) for (const p of puzzles) f(p); return (cpu() - t) / (rounds * puzzles.length); };
const whole = perPuzzle((p) => grader(type, p));
const build = perPuzzle((p) => new Explainer(type, p, {}).dispose());
const prepare = perPuzzle((p) => { const ex = new Explainer(type, p, {}); ex.prepare(); ex.dispose(); });
console.log(`${typeId} ${size}x${size} hard, seed ${seed}, ${puzzles.length} puzzles, unwrapped CPU per grade: ${whole.toFixed(3)} ms;`
  + ` building the Explainer ${build.toFixed(3)} ms, and its proof ${(prepare - build).toFixed(3)} ms`);

const T = {}, C = {};
const note = (k, ms) => { T[k] = (T[k] ?? 0) + ms; C[k] = (C[k] ?? 0) + 1; };
const now = () => performance.now();
for (const name of ['refute', 'technique', 'forcedByPropagation']) {
  const f = FactSolver.prototype[name];
  FactSolver.prototype[name] = function (...a) {
    const t = now();
    try { return f.apply(this, a); } finally {
      this.wholeGrid ??= new Set(this.factVars.flatMap((vars, i) => (vars.length > 100 || this.graphOf[i] ? [i] : [])));
      const facts = a[0];
      note(`fact solver ${name}, ${facts.length > 8 ? '9+' : facts.length} facts${facts.some((x) => this.wholeGrid.has(x)) ? ' with a whole-grid rule' : ''}`, now() - t);
    }
  };
}
for (const name of ['nextStep', 'prepare', 'singleFact', 'reasonFor', 'makeStep', 'satisfiable', 'minimalGiven']) {
  const f = Explainer.prototype[name];
  if (!f) continue;
  Explainer.prototype[name] = function (...a) { const t = now(); try { return f.apply(this, a); } finally { note(`Explainer ${name}`, now() - t); } };
}
const rounds = 3;
const t0 = now();
for (let r = 0; r < rounds; r++) gradeAll();
const graded = rounds * puzzles.length;
console.log(`wrapped: ${((now() - t0) / graded).toFixed(3)} ms wall per grade; per grade (calls nest: nextStep holds the rest of the Explainer lines):`);
for (const k of Object.keys(T).sort((a, b) => T[b] - T[a])) {
  if (T[k] / graded < 0.005) continue;
  console.log(`  ${k.padEnd(58)} ${(T[k] / graded).toFixed(3)} ms  ${(C[k] / graded).toFixed(1)} calls`);
}
