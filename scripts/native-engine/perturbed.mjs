#!/usr/bin/env node
/**
 * Search changes judged over perturbed runs (conflict counts are chaotic: moving the VSIDS decay by
 * 0.001 moves single instances 2-5x), against native cadical's CPU time and conflicts.
 *   node scripts/native-engine/perturbed.mjs [--variant NAME=FLAGS]... [--decays 0.948,...] DIR...
 * Builds each variant (FLAGS as NATIVE_CFLAGS for build.sh; default: one variant "default" with
 * none) once per VSIDS decay (default 0.948,0.949,0.95,0.951,0.952), runs every build on every
 * *.cnf in the DIRs, variants interleaved instance by instance (2 at a time, J=N to change), and
 * prints per DIR and over all, as means over the decays: total conflicts; the engine's CPU time
 * (the native driver's cpu_ms) over cadical's (least of 3 runs, user + system from bash `time`,
 * process start included; cached in DIR/../cadical-cache.json): worst, 90th percentile, instances
 * over 1.5x and 1.2x, geometric mean; and instances needing > 3x cadical's conflicts (where it
 * needs >= 50). Answers are cross-checked against cadical's.
 * OUT=FILE also writes every run's figures (and cadical's) as JSON.
 * Example (issue 14's fourth round): --variant before=-DRANDEC=0 --variant after= DIRS...
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const variants = [];
let decays = ['0.948', '0.949', '0.95', '0.951', '0.952'];
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--variant') { const [n, ...f] = args[++i].split('='); variants.push({ name: n, flags: f.join('=') }); }
  else if (args[i] === '--decays') decays = args[++i].split(',');
  else dirs.push(resolve(args[i]));
}
if (dirs.length === 0) { console.error('usage: perturbed.mjs [--variant NAME=FLAGS]... [--decays D,...] DIR...'); process.exit(2); }
if (variants.length === 0) variants.push({ name: 'default', flags: '' });
const here = dirname(new URL(import.meta.url).pathname);
const bin = mkdtempSync(join(tmpdir(), 'perturbed-'));
for (const v of variants) for (const d of decays) {
  const r = spawnSync('bash', [join(here, 'build.sh'), join(bin, `${v.name}-${d}`)], { env: { ...process.env, NATIVE_CFLAGS: `${v.flags} -DVAR_DECAY=${d}` }, encoding: 'utf8' });
  if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
}

const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.cnf')).sort().map((f) => join(d, f)));
const cacheFile = join(dirname(dirs[0]), 'cadical-cache.json');
const cad = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
for (const f of files) {
  if (cad[f]) continue;
  let cpu = Infinity, conf = 0, res = '?';
  for (let r = 0; r < 3 && (r === 0 || cpu < 2000); r++) {
    const o = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; { time cadical "$1" > "$2"; } 2>&1`, '_', f, join(bin, 'cad.out')], { encoding: 'utf8' });
    const [u, s] = o.stdout.trim().split('\n').pop().split(' ').map(Number);
    cpu = Math.min(cpu, (u + s) * 1000);
    const out = readFileSync(join(bin, 'cad.out'), 'utf8');
    conf = Number(/c conflicts:\s+(\d+)/.exec(out)?.[1] ?? 0);
    res = /^s SATISFIABLE/m.test(out) ? 'SAT' : /^s UNSATISFIABLE/m.test(out) ? 'UNSAT' : '?';
  }
  cad[f] = { conf, res, cpu };
}
writeFileSync(cacheFile, JSON.stringify(cad));

const runs = {};  // runs[variant][decay][file]
const jobs = [];
for (const f of files) for (const d of decays) for (const v of variants) jobs.push([v.name, d, f]);
let next = 0;
const one = () => {
  if (next >= jobs.length) return Promise.resolve();
  const [v, d, f] = jobs[next++];
  return new Promise((done) => {
    const c = spawn(join(bin, `${v}-${d}`), [f, '--conflicts', '100000']);
    let s = '';
    c.stdout.on('data', (x) => (s += x));
    c.on('close', () => {
      const m = /^s (\w+) .*? conflicts=(\d+).*?cpu_ms=([\d.]+)/m.exec(s);
      const r = { res: m?.[1] ?? '?', conf: Number(m?.[2] ?? 100000), cpu: Number(m?.[3] ?? 1e9) };
      if ((r.res === 'SAT' || r.res === 'UNSAT') && cad[f].res !== '?' && r.res !== cad[f].res) console.log(`WRONG ANSWER ${v} ${d} ${f}: ${r.res}, cadical ${cad[f].res}`);
      ((runs[v] ??= {})[d] ??= {})[f] = r;
      done();
    });
  }).then(one);
};
await Promise.all([...Array(Number(process.env.J ?? 2))].map(one));
if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify({ cad, runs }));  // per-instance figures, for a closer look

const gm = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / Math.max(1, xs.length));
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.9 * xs.length))];
const groups = [...dirs.map((d) => [basename(d), files.filter((f) => dirname(f) === d)]), ['all', files]];
for (const [g, fs] of groups) {
  console.log(`${g} (${fs.length} CNFs, cadical ${fs.reduce((s, f) => s + cad[f].conf, 0)} conflicts)`);
  for (const v of variants) {
    const per = decays.map((d) => {
      const tr = fs.map((f) => runs[v.name][d][f].cpu / Math.max(1, cad[f].cpu));
      const c3 = fs.filter((f) => cad[f].conf >= 50 && (runs[v.name][d][f].conf + 10) / (cad[f].conf + 10) > 3).length;
      return { tot: fs.reduce((s, f) => s + runs[v.name][d][f].conf, 0), worst: Math.max(...tr), p90: p90(tr), o15: tr.filter((x) => x > 1.5).length, o12: tr.filter((x) => x > 1.2).length, gm: gm(tr), c3 };
    });
    const m = (k) => mean(per.map((p) => p[k]));
    console.log(`  ${v.name.padEnd(12)} conflicts ${Math.round(m('tot'))}; CPU/cadical worst ${m('worst').toFixed(2)} (max ${Math.max(...per.map((p) => p.worst)).toFixed(2)}), p90 ${m('p90').toFixed(2)}, >1.5x ${m('o15').toFixed(1)}, >1.2x ${m('o12').toFixed(1)}, geo. mean ${m('gm').toFixed(3)}; >3x cadical's conflicts ${m('c3').toFixed(1)}`);
  }
}
