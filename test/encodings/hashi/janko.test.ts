/**
 * The janko.at Hashi collection (728 puzzles, /work/shared/collections/janko-hashi.json): every
 * published solution is accepted by the verifier, and every 10th puzzle is solved on minisat-js,
 * proven unique and equal to its published solution. All 728 are solved on the default engine,
 * proven unique, compared with the published solutions and judged by pzpr in pzpr.test.ts (with the
 * engine's connectivity propagator, the default); here every 4th is also solved with lazy cuts and
 * with the propagator, and both must give the published solution, proven unique; and with every
 * 3rd number hidden, both must agree on the count (up to 3) and on the determined cells.
 */
import { COLLECTIONS } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import type { EngineName } from '../../../src/sat/types.js';
import type { EncodeOptions } from '../../../src/puzzle/types.js';
import { hashi, type HashiPuzzle, type HashiSolution } from '../../../encodings/hashi/index.js';
import { parseJanko, parseJankoSolution } from '../../../encodings/hashi/formats/janko.js';
import type { Bridge } from '../../../encodings/hashi/puzzle.js';

const file = path.join(COLLECTIONS, 'janko-hashi.json');
const present = existsSync(file);
if (!present) console.warn(`skipping the janko Hashi collection: ${file} not found`);

const key = (b: Bridge): string => `${b.a}-${b.b}x${b.count}`;
const asSet = (s: { bridges: readonly Bridge[] }): string[] => s.bridges.map(key).sort();

function solveAll(entries: [string, { problem: string; solution: string }][], engine: EngineName, encoding: EncodeOptions = {}): string[] {
  const failures: string[] = [];
  for (const [id, entry] of entries) {
    const puzzle = parseJanko(entry.problem);
    const published = parseJankoSolution(puzzle, entry.solution);
    expect(hashi.verify(puzzle, published), `${id} published solution`).toEqual([]);
    const r = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, puzzle, { count: 2, engine, encoding });
    if (r.status !== 'unique' || !r.solution) failures.push(`${id}: ${r.status} ${r.message ?? ''}`);
    else if (asSet(r.solution).join() !== asSet(published).join()) failures.push(`${id}: differs from the published solution`);
  }
  return failures;
}

describe.skipIf(!present)('janko Hashi collection', () => {
  const entries = (): [string, { problem: string; solution: string }][] =>
    Object.entries((JSON.parse(readFileSync(file, 'utf8')) as { data: Record<string, { problem: string; solution: string }> }).data);

  it('accepts all 728 published solutions in the verifier', () => {
    const all = entries();
    expect(all.length).toBe(728);
    for (const [id, entry] of all) {
      const puzzle = parseJanko(entry.problem);
      expect(hashi.verify(puzzle, parseJankoSolution(puzzle, entry.solution)), id).toEqual([]);
    }
  });

  it('solves every 4th puzzle uniquely, equal to the published solution, with lazy cuts and with the in-engine propagator', () => {
    const sample = entries().filter((_, i) => i % 4 === 0);
    expect(solveAll(sample, 'wasm', { variant: { connectivity: 'lazy' } })).toEqual([]);
    expect(solveAll(sample, 'wasm', { variant: { connectivity: 'in-engine' } })).toEqual([]);
  }, 120_000);

  it('with every 3rd number hidden (many solutions), in-engine and lazy cuts agree on counts and determined cells (every 14th)', () => {
    let multiple = 0;
    for (const [id, entry] of entries().filter((_, i) => i % 14 === 0)) {
      const full = parseJanko(entry.problem);
      const p: HashiPuzzle = { ...full, islands: full.islands.map((isl, i) => (i % 3 === 1 ? { ...isl, count: null } : isl)) };
      const inEngine = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, p, { count: 3, determined: true });
      const lazy = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, p, { count: 3, determined: true, encoding: { variant: { connectivity: 'lazy' } } });
      expect([inEngine.status, inEngine.count], id).toEqual([lazy.status, lazy.count]);
      expect(inEngine.determined?.text, id).toBe(lazy.determined?.text);
      expect(hashi.verify(p, inEngine.solution!), id).toEqual([]);
      if (inEngine.status === 'multiple') multiple++;
    }
    expect(multiple).toBeGreaterThan(10);
  }, 120_000);

  it('solves every 10th puzzle on minisat-js uniquely, equal to the published solution', () => {
    expect(solveAll(entries().filter((_, i) => i % 10 === 0), 'minisat-js')).toEqual([]);
  }, 120_000);
});
