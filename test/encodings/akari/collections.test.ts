/**
 * Whole collections: every Tatham fixture and every janko.at Akari puzzle is solved, checked by the
 * independent verifier, proven unique, and (janko) equal to the published solution.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTatham, toTatham } from '../../../encodings/akari/formats/tatham.js';
import { parseJanko, parseJankoSolution } from '../../../encodings/akari/formats/janko.js';
import { verifyAkari } from '../../../encodings/akari/verify.js';
import { AKARI_FIXTURES as FIXTURES, FAST_ENGINE, countAkari, fixtureLines, solutionKey } from '../../helpers/akari.js';
import { COLLECTIONS } from '../../helpers/paths.js';

const tathamFiles = fs.readdirSync(FIXTURES).filter((f) => /^tatham-.*\.txt$/.test(f)).sort();

describe('Tatham Light Up fixtures', () => {
  const all = tathamFiles.flatMap((f) => fixtureLines(path.join(FIXTURES, f)).map((id) => ({ file: f, id })));

  it('has at least 200 puzzles across sizes and difficulties, 40+ of them 25x25 hard', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    const hard25 = fixtureLines(path.join(FIXTURES, 'tatham-25x25-d2.txt'));
    expect(hard25.length).toBeGreaterThanOrEqual(40);
    expect(fs.readFileSync(path.join(FIXTURES, 'tatham-25x25-d2.txt'), 'utf8')).toMatch(/^# .*25x25b20s2d2/);
    for (const d of ['d0', 'd1', 'd2']) for (const size of ['7x7', '10x10', '14x14', '25x25']) {
      expect(tathamFiles).toContain(`tatham-${size}-${d}.txt`);
    }
  });

  it(`every one solves, verifies, is unique and round-trips (${FAST_ENGINE})`, () => {
    for (const { file, id } of all) {
      const puzzle = parseTatham(id);
      expect(toTatham(puzzle), `${file}: ${id}`).toBe(id);
      const res = countAkari(puzzle, 2, {}, FAST_ENGINE);
      expect(res.exact, id).toBe(true);
      expect(res.count, id).toBe(1);
      expect(verifyAkari(puzzle, res.solutions[0]!), id).toEqual([]);
    }
  }, 120_000);

  it.runIf(FAST_ENGINE !== 'minisat-js')('a sample also on minisat-js', () => {
    for (const { id } of all.filter((_, i) => i % 10 === 0)) {
      const res = countAkari(parseTatham(id), 2, {}, 'minisat-js');
      expect(res.count, id).toBe(1);
    }
  }, 60_000);
});

interface JankoCollection {
  count: number;
  data: Record<string, { problem: string; solution: string; source: string }>;
}

const jankoFile = path.join(COLLECTIONS, 'janko-akari.json');
const haveJanko = fs.existsSync(jankoFile);
if (!haveJanko) console.log(`skipping the janko Akari collection: ${jankoFile} not found`);

/**
 * minisat-js spends most of its time creating solvers and adding clauses (~90 ms a puzzle), so
 * without the wasm engine the whole collection (~80 s) runs only when GRIDSAT_FULL=1; otherwise
 * every 5th puzzle.
 */
const fullJanko = FAST_ENGINE !== 'minisat-js' || process.env.GRIDSAT_FULL === '1';

describe.skipIf(!haveJanko)('janko.at Akari collection', () => {
  const collection = haveJanko ? (JSON.parse(fs.readFileSync(jankoFile, 'utf8')) as JankoCollection) : { count: 0, data: {} };
  const entries = Object.entries(collection.data);

  it('has the 776 published puzzles, each published solution accepted by the verifier', () => {
    expect(entries.length).toBe(collection.count);
    expect(entries.length).toBe(776);
    for (const [name, entry] of entries) {
      const puzzle = parseJanko(entry.problem);
      expect(verifyAkari(puzzle, parseJankoSolution(entry.solution, puzzle)), name).toEqual([]);
    }
  });

  const chosen = fullJanko ? entries : entries.filter((_, i) => i % 5 === 0);
  it(`${fullJanko ? 'all' : `a sample of ${chosen.length}`} solve uniquely to the published solution (${FAST_ENGINE})`, () => {
    for (const [name, entry] of chosen) {
      const puzzle = parseJanko(entry.problem);
      const published = parseJankoSolution(entry.solution, puzzle);
      const res = countAkari(puzzle, 2, {}, FAST_ENGINE);
      expect(res.count, name).toBe(1);
      expect(res.exact, name).toBe(true);
      expect(solutionKey(res.solutions[0]!), name).toBe(solutionKey(published));
    }
  }, 180_000);

  it.runIf(FAST_ENGINE !== 'minisat-js')('every 10th also on minisat-js', () => {
    for (const [name, entry] of entries.filter((_, i) => i % 10 === 0)) {
      const puzzle = parseJanko(entry.problem);
      const res = countAkari(puzzle, 2, {}, 'minisat-js');
      expect(res.count, name).toBe(1);
      expect(solutionKey(res.solutions[0]!), name).toBe(solutionKey(parseJankoSolution(entry.solution, puzzle)));
    }
  }, 120_000);
});
