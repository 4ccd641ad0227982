#!/usr/bin/env node
/**
 * Golden check for the explainer: explains a fixed set of puzzles (several types) and hashes every
 * explanation in full (steps, values, facts, given cells, technique, flags) and its grade, so a
 * change meant to make the explainer faster can be shown to leave every explanation the same.
 * It also generates hard Light Up and Bridges puzzles (which grades them on the way) and hashes what it prints.
 *
 *   node scripts/explain-golden.mjs [--dist DIR ...] [--sets a,b,...] [--out FILE] [--check FILE]
 *
 * With several --dist (built trees, e.g. main's copied to /tmp), each puzzle is run on each in turn
 * in this one process: the hashes must agree, and the CPU time per grade is reported side by side.
 * Default dist: this checkout's dist/ (build first: npx tsc -p tsconfig.json). --out writes the
 * per-puzzle hashes; --check compares them with such a file.
 * Needs sgt-puzzles (/usr/games/sgt-lightup, sgt-bridges) for Tatham's sets.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dists = [];
let sets = null;
let out = null;
let check = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--dist') dists.push(resolve(args[++i]));
  else if (args[i] === '--sets') sets = args[++i].split(',');
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--check') check = args[++i];
  else throw new Error(`unknown argument ${args[i]}`);
}
if (!dists.length) dists.push(join(root, 'dist'));

const libs = [];
for (const d of dists) {
  libs.push({
    dist: d,
    explain: await import(join(d, 'src/explain/explain.js')),
    grade: await import(join(d, 'src/explain/grade.js')),
    inputs: await import(join(d, 'src/formats/inputs.js')),
    generate: await import(join(d, 'src/generate/generate.js')),
    grader: (await import(join(d, 'src/generate/grade.js'))).grader,
    registry: await import(join(d, 'encodings/registry.js')),
    output: await import(join(d, 'src/generate/output.js')),
  });
}

function sgt(binary, params, n) {
  const r = spawnSync(binary, ['--generate', String(n), `${params}#gridsat-golden-${params}`], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`${binary} ${params}: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l.trim() !== '');
}

/** Each set: a name and a function giving input strings (paths or puzzle text) for readInputs. */
const lightup = '/usr/games/sgt-lightup';
const bridges = '/usr/games/sgt-bridges';
const SETS = {
  'lightup10-d2': () => sgt(lightup, '10x10b20s2d2', 40),
  'lightup25-d2': () => sgt(lightup, '25x25b20s2d2', 6),
  'bridges10-d2': () => sgt(bridges, '10x10i30e10m2d2', 40),
  'hashi-fixtures': () => [join(root, 'fixtures/hashi/tatham-7x7.txt'), join(root, 'fixtures/hashi/tatham-10x10.txt')],
  'hashi-noloops': () => [join(root, 'fixtures/hashi/tatham-noloops.txt'), join(root, 'fixtures/hashi/tatham-15x15-m4L.txt')],
  starbattle: () => ['norvig-board1.txt', 'norvig-board24.txt', 'parks-9x9.txt', 'parks-5x5.txt', 'norvig-5x5.txt'].map((f) => join(root, 'fixtures/starbattle', f)),
  blockparty: () => [join(root, 'fixtures/blockparty/example-5x5.txt'), join(root, 'fixtures/blockparty/block-party-4.txt')],
  'akari-fixtures': () => [join(root, 'fixtures/akari/tatham-7x7-d2.txt'), join(root, 'fixtures/akari/tatham-14x14-d2.txt')],
};
/** Generated hard puzzles: [type, size, puzzles, settings]; each is generated (graded on the way) on every dist. */
const GEN = {
  'gen-akari10-hard': ['akari', 10, 12, {}],
  'gen-akari25-hard': ['akari', 25, 2, {}],
  'gen-bridges10-hard': ['hashi', 10, 20, { maxBridges: 2 }],
};

function digest(x) {
  return createHash('sha256').update(typeof x === 'string' ? x : JSON.stringify(x)).digest('hex').slice(0, 16);
}

function describe(explanation, grade) {
  return {
    status: explanation.status,
    facts: explanation.facts,
    steps: explanation.steps.map((s) => ({
      values: s.values.map((v) => [v.lit, v.value, v.text]),
      facts: s.facts.map((f) => f.index),
      given: s.given.map((g) => g.lit),
      area: s.area, technique: s.technique, settles: s.settles, bounds: s.bounds, cheapest: s.cheapest,
    })),
    alternative: explanation.alternative ? explanation.alternative.differences.map((d) => d.first.lit) : null,
    grade: grade ?? null,
  };
}

function cpu(f) {
  const c = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(c);
  return { r, ms: (d.user + d.system) / 1000 };
}

const lines = [];
const summary = [];
let mismatches = 0;
const chosen = sets ?? [...Object.keys(SETS), ...Object.keys(GEN)];
for (const name of chosen) {
  const times = libs.map(() => []);
  const t0 = Date.now();
  if (SETS[name]) {
    const inputs = SETS[name]();
    const entries = [...libs[0].inputs.readInputs(inputs)].filter((e) => e.ok);
    for (const [k, e] of entries.entries()) {
      const hashes = libs.map((lib, i) => {
        const type = lib.registry.puzzleTypes().find((t) => t.id === e.type.id);
        const puzzle = [...lib.inputs.readInputs(inputs)].filter((x) => x.ok)[k].puzzle;
        const { r, ms } = cpu(() => {
          const explanation = lib.explain.explainPuzzle(type, puzzle);
          return describe(explanation, lib.grade.gradeExplanation(explanation));
        });
        times[i].push(ms);
        return digest(r);
      });
      if (new Set(hashes).size > 1) { mismatches += 1; console.error(`MISMATCH ${name} #${k} ${e.id}: ${hashes.join(' ')}`); }
      lines.push(`${name} ${k} ${hashes[0]}`);
    }
  } else if (GEN[name]) {
    const [typeId, size, n, settings] = GEN[name];
    for (let k = 0; k < n; k++) {
      const hashes = libs.map((lib, i) => {
        const type = lib.registry.puzzleTypes().find((t) => t.id === typeId);
        const { r, ms } = cpu(() => lib.generate.generateOne(type, { rows: size, cols: size, ...settings }, 1, k, undefined, { target: { level: 'hard' }, grade: lib.grader }));
        times[i].push(ms);
        return digest({ printed: lib.output.formatGenerated(type, { ...r, ms: 0 }, 'json'), difficulty: r.difficulty });
      });
      if (new Set(hashes).size > 1) { mismatches += 1; console.error(`MISMATCH ${name} #${k}: ${hashes.join(' ')}`); }
      lines.push(`${name} ${k} ${hashes[0]}`);
    }
  } else throw new Error(`unknown set ${name}`);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const setHash = digest(lines.filter((l) => l.startsWith(`${name} `)).join('\n'));
  const row = `${name}: n=${times[0].length} hash ${setHash} | CPU ms per puzzle (mean): ${times.map((t) => mean(t).toFixed(1)).join(' vs ')}`
    + (libs.length > 1 ? ` | ratio ${(mean(times[1]) / mean(times[0])).toFixed(3)}` : '') + ` | ${((Date.now() - t0) / 1000).toFixed(0)} s`;
  summary.push(row);
  console.log(row);
}
console.log(`total hash ${digest(lines.join('\n'))}; mismatches between dists: ${mismatches}`);
if (out) writeFileSync(out, lines.join('\n') + '\n');
if (check) {
  const want = new Map(readFileSync(check, 'utf8').split('\n').filter(Boolean).map((l) => { const [s, k, h] = l.split(' '); return [`${s} ${k}`, h]; }));
  let bad = 0;
  for (const l of lines) { const [s, k, h] = l.split(' '); if (want.has(`${s} ${k}`) && want.get(`${s} ${k}`) !== h) { bad += 1; console.error(`DIFFERS from ${check}: ${s} ${k}`); } }
  console.log(`check against ${check}: ${bad} differ of ${lines.length}`);
  if (bad) process.exitCode = 1;
}
if (mismatches) process.exitCode = 1;
