/**
 * Light Up against puzz.link's own engine (pzpr), in both directions, over every Light Up puzzle we
 * have: the Tatham fixtures (read from the game IDs sgt-lightup printed), the seed 004 boards, the
 * janko.at collection (whose published solutions are a second reference) and random boards of every
 * size from 5 to 25, square and not.
 * - pzpr writes the URL of a board it was given cell by cell → gridsat reads the same puzzle;
 * - gridsat writes a URL → pzpr reads the same puzzle, and its getURL() is exactly ours;
 * - gridsat's answer, entered on pzpr's board (bulbs are cell `qans` = 1), passes pzpr's check(true).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/util/errors.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import { akari } from '../../../encodings/akari/index.js';
import type { AkariCell, AkariPuzzle, AkariSolution } from '../../../encodings/akari/puzzle.js';
import { parsePuzzlink, puzzlinkFormat } from '../../../encodings/akari/formats/puzzlink.js';
import { parseTatham } from '../../../encodings/akari/formats/tatham.js';
import { parseGrid } from '../../../encodings/akari/formats/grid.js';
import { parseJanko, parseJankoSolution } from '../../../encodings/akari/formats/janko.js';
import { PZPR_MISSING, pzpr, urlBody, type PzprPuzzle } from '../../helpers/pzpr.js';
import { boardSizes, randomLightUp } from '../../helpers/random-boards.js';
import { AKARI_FIXTURES as FIXTURES, fixtureLines, solutionKey } from '../../helpers/akari.js';
import { COLLECTIONS } from '../../helpers/paths.js';

if (!pzpr) console.log(`skipping the Light Up pzpr conformance tests: ${PZPR_MISSING}`);

/** One pzpr board, reopened for every puzzle (a new pzpr.Puzzle costs as much as ten opens). */
let shared: PzprPuzzle | undefined;
function pzprOpen(url: string): PzprPuzzle {
  shared ??= new pzpr!.Puzzle();
  shared.open(urlBody(url));
  return shared;
}

/** The board pzpr holds, in gridsat's cell terms: qnum -1 white, -2 black, 0-4 clue. */
function pzprCells(p: PzprPuzzle): AkariCell[][] {
  const cells: AkariCell[][] = Array.from({ length: p.board.rows }, () => new Array<AkariCell>(p.board.cols));
  p.board.cell.each((cell) => {
    cells[(cell.by - 1) / 2]![(cell.bx - 1) / 2] = cell.qnum === -1 ? 'white' : cell.qnum === -2 ? 'black' : (cell.qnum as AkariCell);
  });
  return cells;
}

/** pzpr's URL for the puzzle, written by pzpr from a blank board whose cells are set one by one. */
function pzprUrlOf(puzzle: AkariPuzzle): string {
  const p = pzprOpen(`akari/${puzzle.cols}/${puzzle.rows}`);
  puzzle.cells.forEach((row, r) => row.forEach((cell, c) => {
    if (cell !== 'white') p.board.getc(2 * c + 1, 2 * r + 1).setQnum(cell === 'black' ? -2 : cell);
  }));
  return urlBody(p.getURL());
}

/** pzpr's verdict on a bulb placement, on the board it opened from `url`. */
function pzprCheck(url: string, solution: AkariSolution): { complete: boolean; text: string } {
  const p = pzprOpen(url);
  solution.bulbs.forEach((row, r) => row.forEach((b, c) => { if (b) p.board.getc(2 * c + 1, 2 * r + 1).setQans(1); }));
  return p.check(true);
}

/** Both directions for one puzzle; returns our URL. */
function conform(puzzle: AkariPuzzle, label: string): string {
  const theirs = pzprUrlOf(puzzle);
  expect(parsePuzzlink(theirs), `${label}: gridsat reads pzpr's ${theirs}`).toEqual(puzzle);
  const ours = puzzlinkFormat.write!(puzzle);
  expect(urlBody(ours), `${label}: our URL`).toBe(theirs);
  expect(pzprCells(pzprOpen(ours)), `${label}: pzpr reads our ${ours}`).toEqual(puzzle.cells);
  return ours;
}

/** Solves, and has pzpr judge the answer. `count` 2 also proves uniqueness. */
function solveAndJudge(puzzle: AkariPuzzle, url: string, label: string, count: number): AkariSolution {
  const report = solvePuzzle<AkariPuzzle, AkariSolution>(akari, puzzle, { count });
  expect(report.status, `${label}: ${report.message ?? ''}`).toBe(count === 1 ? 'solved' : 'unique');
  const verdict = pzprCheck(url, report.solution!);
  expect(verdict.complete, `${label}: pzpr says ${verdict.text}`).toBe(true);
  return report.solution!;
}

describe.skipIf(!pzpr)('Light Up URLs against pzpr', () => {
  it('reads what FORMATS.md says pzpr writes: clues announcing white cells past the end, a trailing /', () => {
    for (const url of ['akari/2/2/ia', 'akari/2/1/g./', 'lightup/3/1/h6', 'akari/3/1/ha', 'akari/3/2/a.h', 'akari/1/1/a', 'https://puzz.link/p?lightup/3/3/.ak']) {
      const p = pzprOpen(url);
      const ours = puzzlinkFormat.parse(url) as AkariPuzzle;
      expect(ours.cells, url).toEqual(pzprCells(p));
      expect(urlBody(puzzlinkFormat.write!(ours)), url).toBe(urlBody(p.getURL()));
    }
    expect(urlBody(puzzlinkFormat.write!(parsePuzzlink('akari/2/1/g.')))).toBe('akari/2/1/g./');
  });

  it('accepts every type name pzpr accepts for Light Up, and no other', () => {
    for (const type of ['akari', 'lightup', 'bijutsukan']) {
      expect(pzprOpen(`${type}/2/2/ia`).pid).toBe('lightup');
      expect(puzzlinkFormat.matchLine!(`https://puzz.link/p?${type}/2/2/ia`), type).toBe(true);
      expect(parsePuzzlink(`${type}/2/2/ia`).cells).toEqual([['white', 'white'], ['white', 0]]);
    }
    expect(puzzlinkFormat.matchLine!('https://puzz.link/p?hashi/2/2/ia')).toBe(false);
  });

  it('stops with a located error where pzpr would silently ignore or guess', () => {
    const error = (url: string): ParseError => {
      try { puzzlinkFormat.parse(url); } catch (e) { expect(e).toBeInstanceOf(ParseError); return e as ParseError; }
      throw new Error(`${url} was accepted`);
    };
    // Trailing text after a complete body (pzpr drops it).
    expect(error('akari/2/2/iaxyz')).toMatchObject({ location: { column: 'akari/2/2/ia'.length + 1 } });
    expect(error('akari/2/2/ia//').reason).toMatch(/after the body/);
    // A body too short (pzpr leaves the rest white).
    expect(error('akari/3/3/i').reason).toMatch(/covers 3 cells.*has 9/);
    // A run of white cells past the end (pzpr never writes one).
    expect(error('akari/2/2/k').reason).toMatch(/runs past/);
    // Readings that cannot be a puzzle: a clue with more bulbs than white neighbours.
    const corner = error('akari/2/2/4i');
    expect(corner.location.cell).toEqual([0, 0]);
    expect(corner.message).toMatch(/clue 4 at \(1,1\) has only 2 white neighbours/);
    expect(error('akari/3/1/g0g').message).toMatch(/white cell \(1,1\) can never be lit/);
  });

  const tatham = fs.readdirSync(FIXTURES).filter((f) => /^tatham-.*\.txt$/.test(f)).sort()
    .flatMap((f) => fixtureLines(path.join(FIXTURES, f)).map((id) => ({ label: `${f}: ${id}`, puzzle: parseTatham(id) })));
  const seeds = Array.from({ length: 11 }, (_, n) => `seed004/board_${n}.txt`)
    .map((f) => ({ label: f, puzzle: parseGrid(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) }));

  it(`every Tatham fixture (${tatham.length}) and seed 004 board: both directions, the unique answer passes pzpr's check`, () => {
    expect(tatham.length).toBeGreaterThanOrEqual(200);
    for (const { label, puzzle } of [...tatham, ...seeds]) {
      const url = conform(puzzle, label);
      const report = solvePuzzle<AkariPuzzle, AkariSolution>(akari, puzzle, { count: 2 });
      if (label.startsWith('seed004/')) expect(['unique', 'multiple'], label).toContain(report.status);
      else expect(report.status, label).toBe('unique');
      const verdict = pzprCheck(url, report.solution!);
      expect(verdict.complete, `${label}: pzpr says ${verdict.text}`).toBe(true);
    }
  });

  it('random boards of every size from 5 to 25, square and not: both directions, answers pass pzpr', () => {
    let seed = 1;
    for (const [rows, cols] of boardSizes()) {
      for (let k = 0; k < 2; k++) {
        const puzzle = randomLightUp(rows, cols, seed++);
        const label = `random ${cols}x${rows} seed ${seed - 1}`;
        solveAndJudge(puzzle, conform(puzzle, label), label, 1);
      }
    }
  });
});

const jankoFile = path.join(COLLECTIONS, 'janko-akari.json');
const haveJanko = fs.existsSync(jankoFile);
if (!haveJanko) console.log(`skipping the janko Light Up pzpr conformance test: ${jankoFile} not found`);

describe.skipIf(!pzpr || !haveJanko)('the janko.at Akari collection against pzpr and the published solutions', () => {
  it('all 776: both directions; the unique answer equals the published one and passes pzpr', () => {
    const data = (JSON.parse(fs.readFileSync(jankoFile, 'utf8')) as { data: Record<string, { problem: string; solution: string }> }).data;
    const entries = Object.entries(data);
    expect(entries.length).toBe(776);
    for (const [name, entry] of entries) {
      const puzzle = parseJanko(entry.problem);
      const url = conform(puzzle, name);
      const ours = solveAndJudge(puzzle, url, name, 2);
      expect(solutionKey(ours), name).toBe(solutionKey(parseJankoSolution(entry.solution, puzzle)));
    }
  });
});
