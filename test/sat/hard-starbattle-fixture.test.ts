/**
 * fixtures/generated/starbattle-17x17-4star-unique.ndjson is the bench's hard family for issue 14's
 * pipeline target (bench/hard-pipeline.ts): 24 puzzles from `gridsat generate starbattle --size 17x17
 * --stars 4 --count 24 --seed 1717`, each said to be unique, with its solution. The bench would
 * time the wrong thing if they were not, so each is checked against what we did not write: native
 * cadical through the pipeline must find it unique with the file's solution, and the independent
 * checker of test/helpers (no encoding, no SAT) must accept that solution. Our engine must agree.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import type { StarBattlePuzzle } from '../../encodings/starbattle/puzzle.js';
import { checkStarBattle } from '../helpers/independent-count.js';

const FILE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'generated', 'starbattle-17x17-4star-unique.ndjson');
const cadicalAvailable = spawnSync('cadical', ['--version']).error === undefined;
const rows = (s: boolean[][]) => s.map((row) => row.map((x) => (x ? '*' : '.')).join(''));

describe('the hard 17×17 4★ fixture: unique puzzles with their solutions', () => {
  const lines = readFileSync(FILE, 'utf8').split('\n').filter((l) => l.trim());
  const entries = [...readInputs([FILE])];

  it('has 24 puzzles, all readable', () => {
    expect(lines).toHaveLength(24);
    expect(entries.filter((e) => e.ok)).toHaveLength(24);
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
    });
  });
});
