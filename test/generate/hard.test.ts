/**
 * `generate --difficulty hard` for the types Tatham generates:
 * - the rows report the grade the puzzle itself gets from the explainer, inside the type's
 *   calibrated hard range, and Tatham's own program loads every puzzle;
 * - a Light Up `hard` puzzle is one its one-rule deductions leave at most 70% open (the rest are
 *   left out before grading), on a measure checked on grids worked by hand and Tatham's levels;
 * - the screen that drops Bridges layouts before proving them unique (the kinds of one-rule
 *   deductions the explainer takes before any bound step solve them) is sound: every puzzle it
 *   solves grades 0, checked on Tatham's easy, medium and hard puzzles and ours; it does solve some
 *   (most of his easy ones).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findPuzzleType } from '../../encodings/registry.js';
import { deductions, singleRuleClosure } from '../../encodings/hashi/deduce.js';
import type { HashiPuzzle } from '../../encodings/hashi/puzzle.js';
import { singleRuleClosure as akariClosure, singleRuleOpenShare } from '../../encodings/akari/deduce.js';
import { HARD_MAX_OPEN_SHARE } from '../../encodings/akari/generate.js';
import type { AkariCell, AkariPuzzle } from '../../encodings/akari/puzzle.js';
import { gradePuzzle } from '../../src/explain/hint.js';
import { generateOne, resolveTarget } from '../../src/generate/generate.js';
import { readInputs } from '../../src/formats/inputs.js';
import { writePuzzle } from '../../src/solve/write.js';
import { runCli, ndjson } from '../helpers/cli.js';

const BRIDGES = '/usr/games/sgt-bridges';
const LIGHTUP = '/usr/games/sgt-lightup';
const sgt = spawnSync(BRIDGES, ['--version']).error === undefined && spawnSync(LIGHTUP, ['--version']).error === undefined;
const SGT_MISSING = ' (skipped: sgt-puzzles is not installed)';

function tatham(binary: string, params: string, n: number): { puzzle: unknown }[] {
  const run = spawnSync(binary, ['--generate', String(n), `${params}#gridsat-test`], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary} ${params}: ${run.stderr}`);
  return [...readInputs(run.stdout.split('\n').filter((l) => l.trim()))].flatMap((e) => (e.ok ? [{ puzzle: e.puzzle }] : []));
}

interface Row { generated: { difficulty: { score: number; level: string } }; [key: string]: unknown }

/** The puzzle of an NDJSON row, read back through the type's JSON reader. */
function puzzleOf(typeId: string, row: Row): unknown {
  const type = findPuzzleType(typeId)!;
  const { solution: _s, generated: _g, ...json } = row;
  return type.formats.find((f) => f.name === 'json')!.parse(json);
}

describe.skipIf(!sgt)(`generate --difficulty hard${sgt ? '' : SGT_MISSING}`, () => {
  it('Bridges 10x10: each row reports the grade its puzzle gets, in the calibrated range, and sgt-bridges loads it', async () => {
    const run = await runCli(['generate', 'hashi', '--size', '10x10', '--difficulty', 'hard', '--count', '4', '--seed', '5', '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    const rows = ndjson(run.out) as unknown as Row[];
    expect(rows).toHaveLength(4);
    const hashi = findPuzzleType('hashi')!;
    const { min, max } = resolveTarget('hashi', { level: 'hard' });
    const ids: string[] = [];
    for (const row of rows) {
      const puzzle = puzzleOf('hashi', row);
      const reached = row.generated.difficulty;
      expect(reached.score).toBeGreaterThanOrEqual(min!);
      expect(reached.score).toBeLessThanOrEqual(max!);
      expect(gradePuzzle(hashi, puzzle)).toMatchObject({ score: reached.score, level: reached.level });
      // Not solved one rule at a time: the screen let it through, and the grade says why.
      expect(singleRuleClosure(puzzle as HashiPuzzle)).toBe('open');
      // Nor one that `hard` leaves out: deductions stuck with over 40% of the connections open.
      const d = deductions(puzzle as HashiPuzzle);
      expect(d.boundSteps !== null || d.open <= 0.4).toBe(true);
      const w = writePuzzle(hashi, puzzle, 'tatham');
      if (!w.ok) throw new Error(w.error);
      ids.push(w.text);
    }
    const load = spawnSync(BRIDGES, ['--print', '1x1'], { input: `${ids.join('\n')}\n`, encoding: 'utf8' });
    expect(load.status === 0 ? '' : load.stderr.trim() || `exit ${load.status}`).toBe('');
  });

  it('Light Up 10x10: the row reports the grade its puzzle gets, in the calibrated range, and sgt-lightup loads it', async () => {
    const run = await runCli(['generate', 'akari', '--size', '10x10', '--difficulty', 'hard', '--seed', '3', '--format', 'json']);
    expect(run.code, run.err).toBe(0);
    const [row] = ndjson(run.out) as unknown as Row[];
    const akari = findPuzzleType('akari')!;
    const puzzle = puzzleOf('akari', row!);
    const reached = row!.generated.difficulty;
    expect(reached.score).toBeGreaterThanOrEqual(resolveTarget('akari', { level: 'hard' }).min!);
    expect(gradePuzzle(akari, puzzle)).toMatchObject({ score: reached.score, level: reached.level });
    // Not solved one rule at a time: the screen let it through, and the grade says why.
    expect(akariClosure(puzzle as AkariPuzzle)).toBe('open');
    // ... nor left out of `hard` before grading (most of its cells left open by those deductions).
    expect(singleRuleOpenShare(puzzle as AkariPuzzle)).toBeLessThanOrEqual(HARD_MAX_OPEN_SHARE);
    const w = writePuzzle(akari, puzzle, 'tatham');
    if (!w.ok) throw new Error(w.error);
    const load = spawnSync(LIGHTUP, ['--print', '1x1'], { input: `${w.text}\n`, encoding: 'utf8' });
    expect(load.status === 0 ? '' : load.stderr.trim() || `exit ${load.status}`).toBe('');
  });

  it('whatever the one-rule screen solves grades 0 (Tatham\'s easy, medium and hard Bridges, and ours)', () => {
    const hashi = findPuzzleType('hashi')!;
    const sample = [
      ...tatham(BRIDGES, '10x10i30e10m2d0', 8).map((p) => p.puzzle),
      ...tatham(BRIDGES, '10x10i30e10m2d1', 6).map((p) => p.puzzle),
      ...tatham(BRIDGES, '10x10i30e10m2d2', 6).map((p) => p.puzzle),
      ...Array.from({ length: 12 }, (_, i) => generateOne(hashi, { rows: 10, cols: 10, maxBridges: 2 }, 7, i).puzzle),
    ];
    const verdicts = sample.map((p) => ({ closure: singleRuleClosure(p as HashiPuzzle), score: gradePuzzle(hashi, p)!.score }));
    expect(verdicts.some((v) => v.closure === 'solved')).toBe(true);
    expect(verdicts.some((v) => v.closure === 'open')).toBe(true);
    for (const v of verdicts) if (v.closure === 'solved') expect(v.score).toBe(0);
  });

  it('a grid too small for a Bridges puzzle beyond the easiest one-rule deductions says so', async () => {
    const run = await runCli(['generate', 'hashi', '--size', '4x4', '--difficulty', 'hard', '--seed', '1']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/no unique hashi puzzle that the easiest one-rule deductions leave unsolved .* try a larger size/);
  });

  it('Light Up: the share of white cells one rule at a time leaves open, on grids worked by hand', () => {
    const grid = (rows: string[]): AkariPuzzle => ({
      rows: rows.length, cols: rows[0]!.length,
      cells: rows.map((r) => [...r].map((ch) => (ch === '.' ? 'white' : ch === '#' ? 'black' : Number(ch)) as AkariCell)),
    });
    // A 0 in the middle: its four neighbours hold no bulb; each corner can still be lit from two
    // others (the two diagonals are the two solutions), so the four corners stay open: 4 of 8.
    expect(singleRuleOpenShare(grid(['...', '.0.', '...']))).toBe(0.5);
    // A 4 in the middle: bulbs all round, which light the corners: nothing open.
    expect(singleRuleOpenShare(grid(['...', '.4.', '...']))).toBe(0);
    expect(akariClosure(grid(['...', '.4.', '...']))).toBe('solved');
    // No number: nothing is forced.
    expect(singleRuleOpenShare(grid(['...', '.#.', '...']))).toBe(1);
    // Tatham's easy puzzles are solved by these rules (share 0), his hard ones are not (share > 0).
    for (const { puzzle } of tatham(LIGHTUP, '7x7b20s2d0', 5)) expect(singleRuleOpenShare(puzzle as AkariPuzzle)).toBe(0);
    for (const { puzzle } of tatham(LIGHTUP, '7x7b20s2d2', 5)) expect(singleRuleOpenShare(puzzle as AkariPuzzle)).toBeGreaterThan(0);
  });

  it('the screen says "none" when an island cannot get its number', () => {
    const puzzle: HashiPuzzle = {
      rows: 3, cols: 3, maxBridges: 2, noLoops: false,
      islands: [{ row: 0, col: 0, count: 5 }, { row: 0, col: 2, count: 1 }, { row: 2, col: 0, count: 1 }],
    };
    expect(singleRuleClosure(puzzle)).toBe('none');
  });
});
