/**
 * The unique Star Battles of fixtures/generated are the bench's hard families for issue 14: the
 * pipeline target (bench/hard-pipeline.ts) and the CNF family against cadical (bench/puzzle-cnf.ts).
 * Each file is what `gridsat generate starbattle` printed (the command is below), each puzzle said to
 * be unique, with its solution. The bench would time the wrong thing if they were not, so each is
 * checked against what we did not write: native cadical through the pipeline must find it unique
 * with the file's solution, and the independent checker of test/helpers (no encoding, no SAT) must
 * accept that solution. Our engine must agree.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import type { StarBattlePuzzle } from '../../encodings/starbattle/puzzle.js';
import { checkStarBattle } from '../helpers/independent-count.js';

const cadicalAvailable = spawnSync('cadical', ['--version']).error === undefined;
const rows = (s: boolean[][]) => s.map((row) => row.map((x) => (x ? '*' : '.')).join(''));

const FIXTURES = [
  { file: 'starbattle-17x17-4star-unique.ndjson', size: '17x17', stars: 4, count: 24, seed: 1717 },
  { file: 'starbattle-21x21-5star-unique.ndjson', size: '21x21', stars: 5, count: 8, seed: 2841 },
  { file: 'starbattle-25x25-6star-unique.ndjson', size: '25x25', stars: 6, count: 4, seed: 2842 },
];

describe.each(FIXTURES)('$file: unique puzzles with their solutions', ({ file, size, stars, count, seed }) => {
  const FILE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'generated', file);
  const lines = readFileSync(FILE, 'utf8').split('\n').filter((l) => l.trim());
  const entries = [...readInputs([FILE])];

  it(`has ${count} puzzles of ${size} ${stars}★, all readable, as \`gridsat generate starbattle --size ${size} --stars ${stars} --count ${count} --seed ${seed}\` printed them`, () => {
    expect(lines).toHaveLength(count);
    expect(entries.filter((e) => e.ok)).toHaveLength(count);
    for (const line of lines) {
      const p = JSON.parse(line) as { rows: number; cols: number; stars: number; generated: { seed: number } };
      expect(`${p.cols}x${p.rows}`).toBe(size);
      expect(p.stars).toBe(stars);
      expect(p.generated.seed).toBe(seed);
    }
  });

  entries.forEach((e, i) => {
    it.skipIf(!cadicalAvailable)(`puzzle ${i + 1}: cadical finds it unique with the file's solution; the independent checker accepts it${cadicalAvailable ? '' : ' (skipped: cadical is not on the PATH)'}`, () => {
      if (!e.ok) throw new Error(e.error);
      const stated = (JSON.parse(lines[i]!) as { solution: string[] }).solution;
      const ref = solvePuzzle(e.type, e.puzzle, { count: 2, engine: 'external', binary: 'cadical' });
      expect(ref.status, ref.message).toBe('unique');
      expect(rows(ref.solution as boolean[][])).toEqual(stated);
      expect(checkStarBattle(e.puzzle as StarBattlePuzzle, ref.solution as boolean[][])).toEqual([]);
      const ours = solvePuzzle(e.type, e.puzzle, { count: 2 });
      expect(ours.status).toBe('unique');
      expect(rows(ours.solution as boolean[][])).toEqual(stated);
    }, 60_000);
  });
});
