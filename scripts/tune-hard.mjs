#!/usr/bin/env node
/**
 * The numbers behind CALIBRATED_HARD (src/generate/generate.ts): the grades of Tatham's 10×10 Light Up
 * and Bridges at d1 and d2 (seed `tune1`, 40 each) and of ours at `--difficulty hard` (seed 11, 30
 * each), as quartiles (the values at ranks ⌊n/4⌋, ⌊n/2⌋, ⌊3n/4⌋ of the sorted grades), mean and range.
 *
 *   node scripts/tune-hard.mjs [--dist DIR] [akari|hashi]
 *
 * Default dist: this checkout's dist/ (build first: npx tsc -p tsconfig.json). Needs sgt-puzzles
 * (/usr/games/sgt-lightup, sgt-bridges).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
let which = 'both';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--dist') dist = resolve(args[++i]);
  else which = args[i];
}
const { readInputs } = await import(join(dist, 'src/formats/inputs.js'));
const { gradePuzzle } = await import(join(dist, 'src/explain/hint.js'));
const { generateOne } = await import(join(dist, 'src/generate/generate.js'));
const { grader, exactScore } = await import(join(dist, 'src/generate/grade.js'));
const { findPuzzleType } = await import(join(dist, 'encodings/registry.js'));

function summary(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `${at(0.25)} / ${at(0.5)} / ${at(0.75)} (mean ${mean.toFixed(2)}, ${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)}, n ${s.length})`;
}
function tatham(binary, params) {
  const r = spawnSync(binary, ['--generate', '40', `${params}#tune1`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${binary}: ${r.stderr}`);
  return [...readInputs(r.stdout.split('\n').filter((l) => l.trim()))].filter((e) => e.ok).map((e) => gradePuzzle(e.type, e.puzzle).score);
}
function ours(id) {
  const type = findPuzzleType(id);
  const out = [];
  for (let i = 0; i < 30; i++) {
    const g = generateOne(type, { rows: 10, cols: 10 }, 11, i, undefined, { target: { level: 'hard' }, grade: grader });
    // A grade stopped at the expert floor (Light Up's `hard` has no upper end) is graded in full.
    out.push(exactScore(type, g));
  }
  return out;
}
if (which !== 'hashi') {
  console.log(`Light Up d1: ${summary(tatham('/usr/games/sgt-lightup', '10x10b20s2d1'))}`);
  console.log(`Light Up d2: ${summary(tatham('/usr/games/sgt-lightup', '10x10b20s2d2'))}`);
  console.log(`Light Up ours (hard): ${summary(ours('akari'))}`);
}
if (which !== 'akari') {
  console.log(`Bridges d1: ${summary(tatham('/usr/games/sgt-bridges', '10x10i30e10m2d1'))}`);
  console.log(`Bridges d2: ${summary(tatham('/usr/games/sgt-bridges', '10x10i30e10m2d2'))}`);
  console.log(`Bridges ours (hard): ${summary(ours('hashi'))}`);
}
