#!/usr/bin/env node
/**
 * Conflict counts of the native engine build against native cadical, per instance, with the
 * answers cross-checked: the noise-free measure the search heuristics were tuned with.
 *   node scripts/native-engine/vs-cadical.mjs ENGINE DIR...      (every *.cnf in each DIR)
 *   node scripts/native-engine/vs-cadical.mjs --holdout OUTDIR [FIRST-LAST]   (writes held-out
 *        Star Battle layouts: 17x17 4★, 21x21 5★, 25x25 6★, seeds 101-116 and 201-232, or the seeds
 *        FIRST..LAST: the second held-out set is 301-348; needs `npx tsc` first)
 * ENGINE is a build of scripts/native-engine/build.sh. Prints a summary; V=1 prints every row.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const [first, ...rest] = process.argv.slice(2);
if (first === '--holdout') {
  const out = rest[0] ?? '/tmp/gridsat-holdout';
  const root = new URL('../..', import.meta.url).pathname;
  const { starBattle } = await import(join(root, 'dist/bench/generate-fixtures.js'));
  const { writeInstances } = await import(join(root, 'dist/bench/puzzle-cnf.js'));
  mkdirSync(join(out, 'json'), { recursive: true });
  const picks = [];
  for (const [n, k] of [[17, 4], [21, 5], [25, 6]]) {
    const range = /^(\d+)-(\d+)$/.exec(rest[1] ?? '');
    const seeds = range
      ? [...Array(Number(range[2]) - Number(range[1]) + 1).keys()].map((i) => Number(range[1]) + i)
      : [...Array(16).keys()].map((i) => 101 + i).concat([...Array(32).keys()].map((i) => 201 + i));
    for (const s of seeds) {
      const file = join(out, 'json', `sb-${n}-${k}-s${s}.json`);
      writeFileSync(file, JSON.stringify(starBattle(n, k, s)));
      picks.push({ family: 'holdout', file, take: 1 });
    }
  }
  console.log(`${writeInstances(root, picks, out, console.error).length} CNFs in ${out}`);
  process.exit(0);
}
if (!first || rest.length === 0) {
  console.error('usage: vs-cadical.mjs ENGINE DIR... | --holdout OUTDIR');
  process.exit(2);
}

const files = rest.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.cnf')).sort().map((f) => join(d, f)));
const rows = [];
for (const f of files) {
  const cad = spawnSync('cadical', [f], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout;
  const cadConf = Number(/c conflicts:\s+(\d+)/.exec(cad)?.[1] ?? 0);
  const cadRes = /^s SATISFIABLE/m.test(cad) ? 'SAT' : /^s UNSATISFIABLE/m.test(cad) ? 'UNSAT' : '?';
  const eng = spawnSync(first, [f, '--conflicts', '60000'], { encoding: 'utf8' }).stdout;
  const m = /^s (\w+) .*? conflicts=(\d+)/m.exec(eng);
  const res = m?.[1] ?? '?', conf = Number(m?.[2] ?? 60000);
  if ((res === 'SAT' || res === 'UNSAT') && res !== cadRes) console.log(`WRONG ANSWER ${f}: engine ${res}, cadical ${cadRes}`);
  rows.push({ name: basename(f, '.cnf'), res, conf, cadConf, ratio: (conf + 10) / (cadConf + 10) });
}
if (process.env.V) for (const r of rows) console.log(`${r.name.padEnd(55)} ${r.res.padEnd(8)} ${String(r.conf).padStart(7)} ${String(r.cadConf).padStart(7)}`);
const gm = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / Math.max(1, xs.length));
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
const mid = rows.filter((r) => r.cadConf >= 50).sort((a, b) => b.ratio - a.ratio);
const hard = rows.filter((r) => r.cadConf >= 300);
console.log(`${rows.length} CNFs: conflicts engine ${sum(rows.map((r) => r.conf))}, cadical ${sum(rows.map((r) => r.cadConf))}; unsolved in 60,000: ${rows.filter((r) => r.res === 'UNKNOWN').length}`);
console.log(`where cadical needs >= 300 conflicts (${hard.length}): engine/cadical conflicts, geometric mean ${gm(hard.map((r) => r.ratio)).toFixed(3)}`);
console.log(`where cadical needs >= 50 (${mid.length}): > 2x ${mid.filter((r) => r.ratio > 2).length}, > 5x ${mid.filter((r) => r.ratio > 5).length}; worst ${mid.slice(0, 5).map((r) => `${r.name} ${r.conf}/${r.cadConf}`).join(', ')}`);
