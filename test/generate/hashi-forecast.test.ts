/**
 * The Bridges forecast `generate --difficulty hard` skips layouts by (encodings/hashi/deduce.ts
 * `deductions`: the easy one-rule deductions, then bound deductions one at a time):
 * - every deduction is sound: no solution of the island and no-crossing rules, enumerated by brute
 *   force, lies outside the bounds where the deductions stop (Tatham's 7×7 puzzles at every level);
 * - it is a good forecast of the explainer's grade: of Tatham's 10×10 puzzles it settles with at most
 *   2 bound deductions, nearly all grade under 1.5, and of those it leaves stuck, most grade 1.5 or more;
 * - it only skips: the same seed still gives puzzles graded in the calibrated range.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { deductions } from '../../encodings/hashi/deduce.js';
import { buildBridgeGraph } from '../../encodings/hashi/graph.js';
import type { HashiPuzzle } from '../../encodings/hashi/puzzle.js';
import { gradePuzzle } from '../../src/explain/hint.js';
import { readInputs } from '../../src/formats/inputs.js';

const BRIDGES = '/usr/games/sgt-bridges';
const sgt = spawnSync(BRIDGES, ['--version']).error === undefined;

function tatham(params: string, n: number): HashiPuzzle[] {
  const run = spawnSync(BRIDGES, ['--generate', String(n), `${params}#gridsat-forecast`], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${BRIDGES} ${params}: ${run.stderr}`);
  return [...readInputs(run.stdout.split('\n').filter((l) => l.trim()))].flatMap((e) => (e.ok ? [e.puzzle as HashiPuzzle] : []));
}

/**
 * Every assignment of bridge counts that meets each island's number and has no two crossing
 * connections both in use (connectivity left out: the deductions do not use it), by backtracking
 * over the connections in order; `visit` sees each one.
 */
function bruteForce(puzzle: HashiPuzzle, visit: (counts: readonly number[]) => void): void {
  const graph = buildBridgeGraph(puzzle.rows, puzzle.cols, puzzle.islands);
  const edges = graph.edges;
  const counts = new Array<number>(edges.length).fill(0);
  const sum = new Array<number>(puzzle.islands.length).fill(0);
  // Per island, its connections' highest index: once past it, the island's sum is final.
  const last = graph.edgesOf.map((es) => Math.max(-1, ...es));
  const crossing: number[][] = edges.map(() => []);
  for (const [h, v] of graph.crossings) { crossing[h]!.push(v); crossing[v]!.push(h); }
  const go = (e: number): void => {
    if (e === edges.length) { visit(counts); return; }
    const { a, b } = edges[e]!;
    for (let k = 0; k <= puzzle.maxBridges; k++) {
      if (k > 0 && crossing[e]!.some((x) => x < e && counts[x]! > 0)) break;
      if (sum[a]! + k > puzzle.islands[a]!.count! || sum[b]! + k > puzzle.islands[b]!.count!) break;
      counts[e] = k; sum[a]! += k; sum[b]! += k;
      if ((last[a] !== e || sum[a] === puzzle.islands[a]!.count) && (last[b] !== e || sum[b] === puzzle.islands[b]!.count)) go(e + 1);
      sum[a]! -= k; sum[b]! -= k;
    }
    counts[e] = 0;
  };
  go(0);
}

describe.skipIf(!sgt)(`Bridges forecast of the grade${sgt ? '' : ' (skipped: sgt-puzzles is not installed)'}`, () => {
  it('never excludes a solution of the island and no-crossing rules (brute force, Tatham 7x7 d0-d2)', () => {
    const sample = [...tatham('7x7i30e10m2d0', 6), ...tatham('7x7i30e10m2d1', 6), ...tatham('7x7i30e10m2d2', 8)];
    let solutions = 0, settled = 0, narrowed = 0;
    for (const puzzle of sample) {
      const d = deductions(puzzle);
      expect(d.oneRule).not.toBe('none');
      bruteForce(puzzle, (counts) => {
        solutions += 1;
        counts.forEach((k, e) => {
          expect(k).toBeGreaterThanOrEqual(d.lo[e]!);
          expect(k).toBeLessThanOrEqual(d.hi[e]!);
        });
      });
      if (d.boundSteps !== null) settled += 1;
      for (let e = 0; e < d.lo.length; e++) if (d.hi[e]! - d.lo[e]! < puzzle.maxBridges) narrowed += 1;
    }
    expect(solutions).toBeGreaterThanOrEqual(sample.length);
    // It does deduce: most of these settle, and many connections are narrowed.
    expect(settled).toBeGreaterThan(sample.length / 2);
    expect(narrowed).toBeGreaterThan(sample.length * 5);
  });

  it('a settled forecast agrees with the brute-force solution when only one assignment is left', () => {
    let checked = 0;
    for (const puzzle of [...tatham('7x7i30e10m2d1', 6), ...tatham('7x7i30e10m2d2', 8)]) {
      const d = deductions(puzzle);
      if (d.boundSteps === null) continue;
      const all: number[][] = [];
      bruteForce(puzzle, (counts) => all.push([...counts]));
      expect(all).toEqual([[...d.lo]]);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('forecasts the explainer\'s grade on Tatham\'s 10x10 d1 and d2: settled in at most 3 bound deductions grades under 1.5, stuck grades higher, stuck wide open grades in the hard range', () => {
    const hashi = findPuzzleType('hashi')!;
    const sample = [...tatham('10x10i30e10m2d1', 20), ...tatham('10x10i30e10m2d2', 30)];
    const rows = sample.map((p) => ({ ...deductions(p), score: gradePuzzle(hashi, p)!.score }));
    const easy = rows.filter((r) => r.boundSteps !== null && r.boundSteps <= 3);
    const stuck = rows.filter((r) => r.boundSteps === null);
    expect(easy.length).toBeGreaterThanOrEqual(10);
    expect(stuck.length).toBeGreaterThanOrEqual(10);
    expect(easy.filter((r) => r.score < 1.5).length).toBeGreaterThanOrEqual(0.85 * easy.length);
    expect(stuck.filter((r) => r.score >= 1.5).length).toBeGreaterThanOrEqual(0.75 * stuck.length);
    // What `hard` leaves out as costliest to grade (candidateOutOfHard): stuck with over 40% of the
    // connections open. They are hard puzzles (graded 1.5–8), not easy ones skipped by mistake.
    const wide = stuck.filter((r) => r.open > 0.4);
    expect(wide.length).toBeGreaterThanOrEqual(3);
    expect(wide.filter((r) => r.score >= 1.5 && r.score <= 8).length).toBeGreaterThanOrEqual(0.8 * wide.length);
  });

  it('the open share where the deductions stop counts exactly the connections whose bounds still differ, and a settled layout has none', () => {
    for (const puzzle of [...tatham('7x7i30e10m2d1', 6), ...tatham('7x7i30e10m2d2', 8)]) {
      const d = deductions(puzzle);
      const counts: number[][] = [];
      bruteForce(puzzle, (c) => counts.push([...c]));
      // Connections that differ between brute-force solutions are open where the deductions stopped.
      const varying = d.lo.reduce((n, _, e) => n + (counts.some((c) => c[e] !== counts[0]![e]) ? 1 : 0), 0);
      const open = Math.round(d.open * d.lo.length);
      expect(open).toBeGreaterThanOrEqual(varying);
      expect(open).toBe(d.lo.reduce((n, lo, e) => n + (lo !== d.hi[e] ? 1 : 0), 0));
      if (d.boundSteps !== null) expect(d.open).toBe(0);
    }
  });
});
