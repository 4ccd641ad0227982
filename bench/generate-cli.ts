/**
 * What a user timing one command sees: `gridsat generate … --count N` in a fresh process (Node's
 * start, reading the bundle, the JIT's warm-up and all) against Tatham's `--generate N` in a fresh
 * process. CPU time (user + system of the child, from bash's `times`, compile threads included) and
 * wall time, the two commands alternated, medians of the runs.
 *
 * No target of its own: the issue's targets are per puzzle, which the rows of benchGenerate measure
 * after a warm-up (a long `--count` run settles there). This section shows what that warm-up costs a
 * single command, so the README can say both.
 *
 * The CLI caps how much TurboFan inlines (bin/v8-tuning.js): gridsat is also run with V8's default
 * (`node --max-inlined-bytecode-size-cumulative=920`, which the CLI leaves alone), side by side, so
 * the table shows what the cap saves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from '../src/util/stats.js';

/** CPU (user + system) and wall time of one shell command run as a child; undefined when it failed. */
export function childCpuMs(command: string): { cpuMs: number; wallMs: number } | undefined {
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', `${command} > /dev/null 2>&1; s=$?; times; exit $s`], { encoding: 'utf8', timeout: 600_000 });
  const wallMs = performance.now() - t0;
  if (r.status !== 0) return undefined;
  const children = r.stdout.trim().split('\n').pop() ?? '';
  const secs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? { cpuMs: (secs[0]! + secs[1]!) * 1000, wallMs } : undefined;
}

/**
 * CPU that a do-nothing child (`/bin/true`) reads through childCpuMs, median of 5: about 1 ms from a
 * terminal, but about 100 ms when the bench ran as a background job of a shell (seen here: every
 * child, Tatham's generators included, read that much more, which flattered our ratios to his).
 * The bench refuses such a machine state rather than report skewed ratios (see checkChildOverhead).
 */
export function childOverheadMs(): number {
  const runs = [0, 1, 2, 3, 4].map(() => childCpuMs('/bin/true')?.cpuMs ?? Number.NaN).filter(Number.isFinite);
  return runs.length ? median(runs) : Number.NaN;
}

/** Over this, childOverheadMs means the children's CPU times are not comparable with ours. */
export const CHILD_OVERHEAD_LIMIT_MS = 20;

/** Throws when a do-nothing child costs more than CHILD_OVERHEAD_LIMIT_MS of CPU here. */
export function checkChildOverhead(log: (s: string) => void): void {
  const ms = childOverheadMs();
  log(`a do-nothing child process costs ${ms.toFixed(0)} ms of CPU here`);
  if (ms > CHILD_OVERHEAD_LIMIT_MS) {
    throw new Error(`/bin/true took ${ms.toFixed(0)} ms of CPU as a child (limit ${CHILD_OVERHEAD_LIMIT_MS} ms): `
      + 'child processes are not timed fairly here (a shell\'s background job shows this); run the bench in the foreground');
  }
}

export interface OneShotRow {
  label: string;
  count: number;
  runs: number;
  ours: { command: string; cpuMs: number[]; wallMs: number[] };
  tatham: { command: string; cpuMs: number[]; wallMs: number[] };
  /** gridsat with V8's default inlining budget. */
  v8Default: { command: string; cpuMs: number[]; wallMs: number[] };
}

/** V8's own inlining budget (node 20), given to node so the CLI does not set its cap (bin/v8-tuning.js). */
const V8_DEFAULT_INLINING = '--max-inlined-bytecode-size-cumulative=920';

interface OneShotSpec { label: string; args: string; tatham: string; params: string }

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function benchOneShot(root: string, quick: boolean, log: (s: string) => void): OneShotRow[] {
  const lightup = '/usr/games/sgt-lightup';
  const bridges = '/usr/games/sgt-bridges';
  const specs: OneShotSpec[] = [
    { label: 'Light Up 10×10 hard', args: 'akari --size 10x10 --difficulty hard', tatham: lightup, params: '10x10b20s2d2' },
    { label: 'Bridges 10×10 m2 hard', args: 'hashi --size 10x10 --max-bridges 2 --difficulty hard', tatham: bridges, params: '10x10i30e10m2d2' },
  ];
  const counts = quick ? [1, 10] : [1, 100];
  const runs = quick ? 1 : 3;
  const bin = join(root, 'bin', 'gridsat.js');
  const rows: OneShotRow[] = [];
  for (const spec of specs) {
    if (!existsSync(spec.tatham)) { log(`one-shot ${spec.label}: ${spec.tatham} missing, skipped`); continue; }
    for (const count of counts) {
      const args = `${quote(bin)} generate ${spec.args} --count ${count} --seed 1 --format tatham`;
      const ours = `${quote(process.execPath)} ${args}`;
      const v8Default = `${quote(process.execPath)} ${V8_DEFAULT_INLINING} ${args}`;
      const theirs = `${quote(spec.tatham)} --generate ${count} ${spec.params}`;
      const row: OneShotRow = {
        label: spec.label, count, runs,
        ours: { command: ours, cpuMs: [], wallMs: [] },
        tatham: { command: theirs, cpuMs: [], wallMs: [] },
        v8Default: { command: v8Default, cpuMs: [], wallMs: [] },
      };
      const contenders: ['ours' | 'tatham' | 'v8Default', string][] = [['ours', ours], ['tatham', theirs], ['v8Default', v8Default]];
      for (let r = 0; r < runs; r++) {
        // Rotate which goes first, so all see the same load.
        const order = [...contenders.slice(r % 3), ...contenders.slice(0, r % 3)];
        for (const [who, command] of order) {
          const m = childCpuMs(command);
          if (!m) throw new Error(`one-shot bench: \`${command}\` failed`);
          row[who].cpuMs.push(m.cpuMs);
          row[who].wallMs.push(m.wallMs);
        }
      }
      log(`one-shot ${spec.label} --count ${count}: ours CPU ${median(row.ours.cpuMs).toFixed(0)} ms (V8's default inlining ${median(row.v8Default.cpuMs).toFixed(0)} ms), Tatham ${median(row.tatham.cpuMs).toFixed(0)} ms`);
      rows.push(row);
    }
  }
  return rows;
}

export function formatOneShotBench(rows: readonly OneShotRow[]): string {
  if (!rows.length) return '';
  const f = (x: number) => x.toFixed(0);
  return [
    '### One command from a cold start',
    '',
    `What a user timing a single command sees: \`gridsat generate … --count N --seed 1 --format tatham\` in a fresh process against \`sgt-lightup\`/\`sgt-bridges --generate N\` in a fresh process, and the same gridsat command with V8's default inlining budget (\`node ${V8_DEFAULT_INLINING}\`; the CLI caps it, bin/v8-tuning.js), the three rotated, median of ${rows[0]!.runs} run(s). CPU = user + system of the child (bash \`times\`; V8's compile threads included), wall = the whole process. No target of its own: the targets are per puzzle and the table above measures them after a warm-up; here the warm-up (start-up, V8's JIT) is in the figure.`,
    '',
    '| puzzles | N | gridsat CPU ms | gridsat wall ms | Tatham CPU ms | Tatham wall ms | CPU ratio | wall ratio | gridsat CPU ms per puzzle | gridsat CPU ms, V8\'s default inlining | cap / default |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map((r) => {
      const oc = median(r.ours.cpuMs), ow = median(r.ours.wallMs), tc = median(r.tatham.cpuMs), tw = median(r.tatham.wallMs);
      const dc = median(r.v8Default.cpuMs);
      return `| ${r.label} | ${r.count} | ${f(oc)} | ${f(ow)} | ${f(tc)} | ${f(tw)} | ${(oc / Math.max(tc, 1)).toFixed(1)}× | ${(ow / tw).toFixed(1)}× | ${(oc / r.count).toFixed(1)} | ${f(dc)} | ${(oc / dc).toFixed(2)} |`;
    }),
    '',
  ].join('\n');
}
