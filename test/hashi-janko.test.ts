/**
 * The janko.at Hashi collection (728 puzzles, /work/shared/collections/janko-hashi.json): every
 * puzzle solved, equal to its published solution, accepted by the verifier and proven unique.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { solvePuzzle } from '../src/solve/pipeline.js';
import { hashi, type HashiPuzzle, type HashiSolution } from '../encodings/hashi/index.js';
import { parseJanko, parseJankoSolution } from '../encodings/hashi/formats/janko.js';
import type { Bridge } from '../encodings/hashi/puzzle.js';

const file = path.resolve(import.meta.dirname, '../../shared/collections/janko-hashi.json');
const present = existsSync(file);
if (!present) console.warn(`skipping the janko Hashi collection: ${file} not found`);

const key = (b: Bridge): string => `${b.a}-${b.b}x${b.count}`;
const asSet = (s: { bridges: readonly Bridge[] }): string[] => s.bridges.map(key).sort();

describe.skipIf(!present)('janko Hashi collection', () => {
  it('solves all 728 puzzles uniquely, equal to the published solutions', () => {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { data: Record<string, { problem: string; solution: string }> };
    const entries = Object.entries(data.data);
    expect(entries.length).toBe(728);
    const failures: string[] = [];
    for (const [id, entry] of entries) {
      const puzzle = parseJanko(entry.problem);
      const published = parseJankoSolution(puzzle, entry.solution);
      expect(hashi.verify(puzzle, published), `${id} published solution`).toEqual([]);
      const r = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, puzzle, { count: 2 });
      if (r.status !== 'unique' || !r.solution) failures.push(`${id}: ${r.status} ${r.message ?? ''}`);
      else if (asSet(r.solution).join() !== asSet(published).join()) failures.push(`${id}: differs from the published solution`);
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
