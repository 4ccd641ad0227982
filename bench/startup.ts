/**
 * CLI start-up against Node's own: wall time of `node -e 0` and of `gridsat solve <a small puzz.link
 * URL>` (start, read, solve, print, exit), alternated in one run so both see the same machine load.
 * Target: gridsat ≤ 2× node -e 0 (medians).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from '../src/util/stats.js';

export interface StartupBench {
  runs: number;
  nodeMs: number[];
  gridsatMs: number[];
  helpMs: number[];
  command: string;
}

const URL = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';

function wall(args: string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return ms;
}

export function benchStartup(root: string, runs = 5): StartupBench {
  const bin = join(root, 'bin', 'gridsat.js');
  const out: StartupBench = { runs, nodeMs: [], gridsatMs: [], helpMs: [], command: `gridsat solve '${URL}'` };
  wall(['-e', '0']); wall([bin, 'solve', URL]); // warm the file cache
  for (let i = 0; i < runs; i++) {
    out.nodeMs.push(wall(['-e', '0']));
    out.gridsatMs.push(wall([bin, 'solve', URL]));
    out.helpMs.push(wall([bin, '--help']));
  }
  return out;
}

export function formatStartupBench(b: StartupBench): string {
  const node = median(b.nodeMs);
  const solve = median(b.gridsatMs);
  const help = median(b.helpMs);
  const verdict = solve <= 2 * node ? 'met' : 'not met';
  return [
    '## CLI start-up',
    '',
    `Wall time of a whole process, median of ${b.runs}, the commands alternated in the same run. Target: \`${b.command}\` within 2× \`node -e 0\`.`,
    '',
    '| command | median ms | × node -e 0 |',
    '|---|--:|--:|',
    `| \`node -e 0\` | ${node.toFixed(0)} | 1.00 |`,
    `| \`${b.command}\` | ${solve.toFixed(0)} | **${(solve / node).toFixed(2)}** (${verdict}) |`,
    `| \`gridsat --help\` | ${help.toFixed(0)} | ${(help / node).toFixed(2)} |`,
    '',
  ].join('\n');
}
