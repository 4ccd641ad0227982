/**
 * The Light Up one-rule screen (encodings/akari/deduce.ts) that lets `generate --difficulty hard`
 * skip grading a finished puzzle: it must never reject a puzzle the grade would accept, i.e. every
 * puzzle it solves grades 0. Checked against the explainer's grade on Tatham's puzzles (his easy
 * level is solved by single deductions throughout, his medium and hard are not) and on ours.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { singleRuleClosure } from '../../encodings/akari/deduce.js';
import type { AkariPuzzle } from '../../encodings/akari/puzzle.js';
import { gradePuzzle } from '../../src/explain/hint.js';
import { generateOne } from '../../src/generate/generate.js';
import { grader } from '../../src/generate/grade.js';
import { readInputs } from '../../src/formats/inputs.js';

const LIGHTUP = '/usr/games/sgt-lightup';
const sgt = spawnSync(LIGHTUP, ['--version']).error === undefined;

function tatham(params: string, n: number): AkariPuzzle[] {
  const run = spawnSync(LIGHTUP, ['--generate', String(n), `${params}#gridsat-screen-test`], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${LIGHTUP} ${params}: ${run.stderr}`);
  return [...readInputs(run.stdout.split('\n').filter((l) => l.trim()))].flatMap((e) => (e.ok ? [e.puzzle as AkariPuzzle] : []));
}

describe('Light Up one-rule screen', () => {
  const akari = findPuzzleType('akari')!;

  it.skipIf(!sgt)(`solves every Tatham easy (d0) puzzle and no medium or hard one, and what it solves grades 0${sgt ? '' : ' (skipped: sgt-lightup is not installed)'}`, () => {
    for (const p of tatham('10x10b20s2d0', 8)) {
      expect(singleRuleClosure(p)).toBe('solved');
      expect(gradePuzzle(akari, p)!.score).toBe(0);
    }
    for (const params of ['10x10b20s2d1', '10x10b20s2d2']) {
      for (const p of tatham(params, 6)) {
        expect(singleRuleClosure(p), params).toBe('open');
        expect(gradePuzzle(akari, p)!.score, params).toBeGreaterThan(0);
      }
    }
  });

  it('on our own puzzles: both verdicts occur, "solved" always grades 0 and "open" never does', () => {
    const verdicts = Array.from({ length: 16 }, (_, i) => generateOne(akari, { rows: 8, cols: 8 }, 31, i).puzzle as AkariPuzzle)
      .map((p) => ({ closure: singleRuleClosure(p), score: gradePuzzle(akari, p)!.score }));
    expect(verdicts.some((v) => v.closure === 'solved')).toBe(true);
    expect(verdicts.some((v) => v.closure === 'open')).toBe(true);
    for (const v of verdicts) expect(v.score === 0, JSON.stringify(v)).toBe(v.closure === 'solved');
  });

  it('`--difficulty easy` puzzles are made the way Tatham makes his easy ones: solved one rule at a time, grade 0, and every number needed', () => {
    // Numbers are removed only while the one-rule deductions (the screen above, which agrees with
    // Tatham's easy level) still solve the puzzle; that is monotone in the numbers, so each number
    // left is one the deductions cannot do without. The grade is the explainer's, not the screen's.
    const target = { target: { level: 'easy' }, grade: grader! };
    for (let i = 0; i < 4; i++) {
      const g = generateOne(akari, { rows: 10, cols: 10 }, 5, i, undefined, target);
      const p = g.puzzle as AkariPuzzle;
      expect(g.difficulty?.score).toBe(0);
      expect(gradePuzzle(akari, p)!.score).toBe(0);
      expect(singleRuleClosure(p)).toBe('solved');
      p.cells.forEach((row, r) => row.forEach((cell, c) => {
        if (typeof cell !== 'number') return;
        const without: AkariPuzzle = { ...p, cells: p.cells.map((x, rr) => x.map((y, cc) => (rr === r && cc === c ? 'black' : y))) };
        expect(singleRuleClosure(without), `puzzle ${i}: the ${cell} at row ${r + 1}, column ${c + 1} could go`).not.toBe('solved');
      }));
    }
  });

  it('says "none" when a number cannot get its bulbs or a cell cannot be lit', () => {
    // A 2 in the corner of a grid whose only white neighbour is one cell.
    const two: AkariPuzzle = { rows: 3, cols: 3, cells: [[2, 'white', 'white'], ['black', 'white', 'white'], ['white', 'white', 'white']] };
    expect(singleRuleClosure(two)).toBe('none');
    // Two 1s that both need the cell between them, and a 0 beside it.
    const clash: AkariPuzzle = { rows: 1, cols: 3, cells: [[1, 'white', 0]] };
    expect(singleRuleClosure(clash)).toBe('none');
    // A fully determined little puzzle: the 1 takes its only neighbour, which lights the rest.
    const tiny: AkariPuzzle = { rows: 1, cols: 3, cells: [[1, 'white', 'white']] };
    expect(singleRuleClosure(tiny)).toBe('solved');
  });
});
