/**
 * Whole collections: the Tatham fixtures and the janko.at Akari puzzles. Every one is solved, proven
 * unique, judged by pzpr and (janko) compared with the published solution in pzpr.test.ts;
 * here the writers give back the texts others published (Tatham's game IDs, janko's problem texts)
 * and samples are solved on a second engine (minisat-js).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTatham, tathamFormat } from '../../../encodings/akari/formats/tatham.js';
import { jankoFormat, parseJanko, parseJankoSolution } from '../../../encodings/akari/formats/janko.js';
import { jsonFormat } from '../../../encodings/akari/formats/json.js';
import type { AkariPuzzle } from '../../../encodings/akari/puzzle.js';
import { verifyAkari } from '../../../encodings/akari/verify.js';
import { AKARI_FIXTURES as FIXTURES, countAkari, fixtureLines, solutionKey } from '../../helpers/akari.js';
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

  it('the Tatham writer gives back every game ID sgt-lightup printed, byte for byte', () => {
    for (const { file, id } of all) expect(tathamFormat.write!(tathamFormat.parse(id) as AkariPuzzle), `${file}: ${id}`).toBe(id);
  });

  it(`every 10th is unique on minisat-js too, and verifies`, () => {
    for (const { id } of all.filter((_, i) => i % 10 === 0)) {
      const puzzle = parseTatham(id);
      const res = countAkari(puzzle, 2, {}, 'minisat-js');
      expect(res.count, id).toBe(1);
      expect(verifyAkari(puzzle, res.solutions[0]!), id).toEqual([]);
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

  it('the janko writer gives back every published problem text (up to spaces at line ends)', () => {
    const trimmed = (text: string) => text.split('\n').map((l) => l.trimEnd()).join('\n');
    for (const [name, entry] of entries) {
      const puzzle = jankoFormat.parse(entry.problem) as AkariPuzzle;
      expect(jankoFormat.write!(puzzle), name).toBe(trimmed(entry.problem));
    }
  });

  it('the JSON writer writes one line whose grid is the published problem, cell for cell', () => {
    const jsonCell: Record<string, string> = { '-': '_', x: '#', 0: '0', 1: '1', 2: '2', 3: '3', 4: '4' };
    for (const [name, entry] of entries) {
      const puzzle = parseJanko(entry.problem);
      const line = jsonFormat.write!(puzzle);
      expect(line, name).not.toContain('\n');
      const [size, ...rows] = entry.problem.trim().split('\n');
      const [r, c] = size!.split(' ').map(Number);
      expect(JSON.parse(line), name).toEqual({ type: 'akari', rows: r, cols: c, grid: rows.map((row) => row.trim().split(/ +/).map((t) => jsonCell[t]).join('')) });
      expect(jsonFormat.parse(line), name).toEqual(puzzle);
    }
  });

  it('every 10th solves uniquely to the published solution on minisat-js too', () => {
    for (const [name, entry] of entries.filter((_, i) => i % 10 === 0)) {
      const puzzle = parseJanko(entry.problem);
      const res = countAkari(puzzle, 2, {}, 'minisat-js');
      expect(res.count, name).toBe(1);
      expect(solutionKey(res.solutions[0]!), name).toBe(solutionKey(parseJankoSolution(entry.solution, puzzle)));
    }
  }, 120_000);
});
