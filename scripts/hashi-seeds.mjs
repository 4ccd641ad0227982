#!/usr/bin/env node
/**
 * The large-Hashi comparison (400 islands on 34×34; single bridges planted unless SHARE says) on
 * other seeds than the bench's 1..30, to see whether its lazy / in-engine ratio holds on puzzles
 * nothing was tuned on.
 *   node scripts/hashi-seeds.mjs FIRST [FIRST...]     (30 puzzles from each FIRST; needs `npx tsc` first)
 *   SHARE=0.75 node scripts/hashi-seeds.mjs FIRST...  (another family: its share of single
 *                                                      bridges, 0.5, 0.75 or 1)
 * Like the bench, it first runs the planted-1-or-2 family (seeds 1..30, discarded), so the JIT is in
 * the state the bench measures in; with only a one-puzzle warm-up both modes read slower and the
 * ratio lower (seeds 1..30: 2.8× instead of 3.2×).
 */
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { largeHashi, benchHashiConnectivity } = await import(join(root, 'dist/bench/hashi-connectivity.js'));
const firsts = process.argv.slice(2).map(Number);
if (!firsts.length || firsts.some((x) => !Number.isInteger(x) || x < 1)) {
  console.error('usage: hashi-seeds.mjs FIRST [FIRST...]  (positive integers)');
  process.exit(2);
}
const share = Number(process.env.SHARE ?? 1);
if (![0.5, 0.75, 1].includes(share)) {
  console.error('SHARE must be 0.5, 0.75 or 1 (the bench families)');
  process.exit(2);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
benchHashiConnectivity({ family: 'warm-up', puzzles: Array.from({ length: 30 }, (_, i) => largeHashi(i + 1, 0.5)) }, () => {}, 3);
for (const first of firsts) {
  const puzzles = Array.from({ length: 30 }, (_, i) => largeHashi(first + i, share));
  const r = benchHashiConnectivity({ family: `share ${share} single, seeds ${first}-${first + 29}`, puzzles }, () => {}, 3);
  const a = mean(r.inEngine.map((x) => x.cpuMs)), b = mean(r.lazy.map((x) => x.cpuMs));
  const conflicts = (runs) => mean(runs.map((x) => x.report.conflicts)).toFixed(0);
  console.log(`seeds ${first}-${first + 29}: in-engine ${a.toFixed(1)} ms, lazy ${b.toFixed(1)} ms, lazy / in-engine ${(b / a).toFixed(2)}x on the means; conflicts ${conflicts(r.inEngine)} / ${conflicts(r.lazy)}`);
}
