/**
 * Hashi against puzz.link's own engine (pzpr, type `hashikake`), in both directions, over every
 * Hashi puzzle puzz.link can hold: the Tatham fixtures with m2 and loops allowed (read from the game
 * IDs sgt-bridges printed; pzpr's hashikake always allows 2 bridges per pair and loops, so m1, m3,
 * m4 and L puzzles must be refused by our writer), the FORMATS.md examples, the janko.at collection
 * (whose published solutions are a second reference) and random boards of every size from 5 to 25.
 * - pzpr writes the URL of a board it was given cell by cell → gridsat reads the same puzzle;
 * - gridsat writes a URL → pzpr reads the same puzzle, and its getURL() is exactly ours;
 * - gridsat's answer, entered on pzpr's board, passes pzpr's check(true). pzpr stores a bridge as
 *   the `line` value (1 or 2) of every border between consecutive cells from island to island.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/util/errors.js';
import { FormatLimitError } from '../../../src/puzzle/types.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import { hashi, type HashiPuzzle, type HashiSolution } from '../../../encodings/hashi/index.js';
import type { Bridge, Island } from '../../../encodings/hashi/puzzle.js';
import { parsePuzzlink, puzzlinkFormat } from '../../../encodings/hashi/formats/puzzlink.js';
import { parseTatham } from '../../../encodings/hashi/formats/tatham.js';
import { parseJanko, parseJankoSolution } from '../../../encodings/hashi/formats/janko.js';
import { PZPR_MISSING, pzpr, urlBody, type PzprPuzzle } from '../../helpers/pzpr.js';
import { boardSizes, randomHashi } from '../../helpers/random-boards.js';
import { COLLECTIONS, FIXTURES } from '../../helpers/paths.js';

if (!pzpr) console.log(`skipping the Hashi pzpr conformance tests: ${PZPR_MISSING}`);

const HASHI_FIXTURES = path.join(FIXTURES, 'hashi');
const COLLECTION = path.join(COLLECTIONS, 'janko-hashi.json');

let shared: PzprPuzzle | undefined;
function pzprOpen(url: string): PzprPuzzle {
  shared ??= new pzpr!.Puzzle();
  shared.open(urlBody(url));
  return shared;
}

/** The islands pzpr holds (qnum -1 is water, -2 an island without number), in reading order. */
function pzprIslands(p: PzprPuzzle): Island[] {
  const islands: Island[] = [];
  p.board.cell.each((cell) => {
    if (cell.qnum !== -1) islands.push({ row: (cell.by - 1) / 2, col: (cell.bx - 1) / 2, count: cell.qnum === -2 ? null : cell.qnum });
  });
  return islands.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** pzpr's URL for the puzzle, written by pzpr from a blank board whose islands are set one by one. */
function pzprUrlOf(puzzle: HashiPuzzle): string {
  const p = pzprOpen(`hashi/${puzzle.cols}/${puzzle.rows}`);
  for (const isl of puzzle.islands) p.board.getc(2 * isl.col + 1, 2 * isl.row + 1).setQnum(isl.count ?? -2);
  return urlBody(p.getURL());
}

/** pzpr's verdict on a bridge layout, on the board it opened from `url`. */
function pzprCheck(url: string, bridges: readonly Bridge[]): { complete: boolean; text: string } {
  const p = pzprOpen(url);
  for (const { a: [r1, c1], b: [r2, c2], count } of bridges) {
    if (r1 === r2) for (let c = c1; c < c2; c++) p.board.getb(2 * c + 2, 2 * r1 + 1).setLineVal(count);
    else for (let r = r1; r < r2; r++) p.board.getb(2 * c1 + 1, 2 * r + 2).setLineVal(count);
  }
  return p.check(true);
}

function conform(puzzle: HashiPuzzle, label: string): string {
  const theirs = pzprUrlOf(puzzle);
  expect(parsePuzzlink(theirs), `${label}: gridsat reads pzpr's ${theirs}`).toEqual(puzzle);
  const ours = puzzlinkFormat.write!(puzzle);
  expect(urlBody(ours), `${label}: our URL`).toBe(theirs);
  expect(pzprIslands(pzprOpen(ours)), `${label}: pzpr reads our ${ours}`).toEqual(puzzle.islands);
  return ours;
}

function solveAndJudge(puzzle: HashiPuzzle, url: string, label: string, count: number): HashiSolution {
  const report = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, puzzle, { count });
  expect(report.status, `${label}: ${report.message ?? ''}`).toBe(count === 1 ? 'solved' : 'unique');
  const verdict = pzprCheck(url, report.solution!.bridges);
  expect(verdict.complete, `${label}: pzpr says ${verdict.text}`).toBe(true);
  return report.solution!;
}

const bridgeKey = (s: HashiSolution): string => s.bridges.map((b) => `${b.a}-${b.b}x${b.count}`).sort().join(' ');

function fixtureIds(): { label: string; puzzle: HashiPuzzle }[] {
  return fs.readdirSync(HASHI_FIXTURES).filter((f) => /\.txt$/.test(f)).sort().flatMap((f) =>
    fs.readFileSync(path.join(HASHI_FIXTURES, f), 'utf8').split('\n').flatMap((line, i) => {
      const id = line.trim();
      if (id === '' || id.startsWith('#')) return [];
      const puzzle = id.includes('?') ? parsePuzzlink(id) : parseTatham(id);
      return [{ label: `${f}:${i + 1} ${id}`, puzzle }];
    }));
}

describe.skipIf(!pzpr)('Hashi URLs against pzpr', () => {
  it('reads what pzpr writes: a trailing / after a body ending in `.`, wide numbers, every type name', () => {
    for (const url of ['hashi/3/1/1g./', 'hashikake/3/1/1g.', 'bridges/3/1/1g./', 'https://puzz.link/p?hashikake/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2']) {
      const p = pzprOpen(url);
      expect(p.pid).toBe('hashikake');
      expect(parsePuzzlink(url).islands, url).toEqual(pzprIslands(p));
      expect(puzzlinkFormat.matchLine!(url), url).toBe(true);
      expect(urlBody(puzzlinkFormat.write!(parsePuzzlink(url))), url).toBe(urlBody(p.getURL()));
    }
    // Numbers past 15 (impossible islands, but the reader must still read them as pzpr does).
    const wide = 'hashi/4/1/-10+12ch';
    expect(parsePuzzlink(wide).islands).toEqual(pzprIslands(pzprOpen(wide)));
    expect(puzzlinkFormat.matchLine!('https://puzz.link/p?akari/2/2/ia')).toBe(false);
  });

  it('stops with a located error where pzpr would silently ignore or guess', () => {
    const error = (url: string): ParseError => {
      try { puzzlinkFormat.parse(url); } catch (e) { expect(e).toBeInstanceOf(ParseError); return e as ParseError; }
      throw new Error(`${url} was accepted`);
    };
    expect(error('hashi/3/1/1g1zz')).toMatchObject({ location: { column: 'hashi/3/1/1g1'.length + 1 } });
    expect(error('hashi/3/1/1g.//').reason).toMatch(/after the body/);
    expect(error('hashi/3/3/1g1').reason).toMatch(/covers 3 cells.*has 9/);
    expect(error('hashi/3/3/1g1m').reason).toMatch(/runs past/);
    // Readings that cannot be a puzzle.
    expect(error('hashi/3/3/5g1i2h').message).toMatch(/cell \(1,1\).*island 5 at \(1,1\) sees 2 islands, so it can take at most 4 bridges/);
    expect(error('hashi/3/3/2g2j2g').message).toMatch(/island 2 at \(3,2\) has no island in sight/);
    expect(error('hashi/3/1/1g2').message).toMatch(/add up to 3, an odd total/);
    expect(error('hashi/3/1/0g1').message).toMatch(/island 0 at \(1,1\) needs no bridge/);
  });

  const fixtures = fixtureIds();
  const holdable = fixtures.filter((f) => f.puzzle.maxBridges === 2 && !f.puzzle.noLoops);

  it(`every fixture puzz.link can hold (${holdable.length} of ${fixtures.length}): both directions, the unique answer passes pzpr`, () => {
    expect(holdable.length).toBeGreaterThanOrEqual(100);
    for (const { label, puzzle } of holdable) {
      const url = conform(puzzle, label);
      if (puzzle.islands.some((i) => i.count === null)) solveAndJudge(puzzle, url, label, 1);
      else solveAndJudge(puzzle, url, label, 2);
    }
  });

  it('refuses, naming why, every fixture puzz.link cannot hold (m1, m3, m4, L)', () => {
    const refused = fixtures.filter((f) => f.puzzle.maxBridges !== 2 || f.puzzle.noLoops);
    expect(refused.length).toBeGreaterThan(20);
    for (const { label, puzzle } of refused) {
      expect(() => puzzlinkFormat.write!(puzzle), label).toThrow(FormatLimitError);
      expect(() => puzzlinkFormat.write!(puzzle), label).toThrow(puzzle.maxBridges !== 2 ? /m[134]/ : /no-loops/);
    }
  });

  it('random boards of every size from 5 to 25, square and not: both directions, answers pass pzpr', () => {
    let seed = 1;
    for (const [rows, cols] of boardSizes()) {
      for (let k = 0; k < 2; k++) {
        const puzzle = randomHashi(rows, cols, seed++);
        const label = `random ${cols}x${rows} seed ${seed - 1}`;
        solveAndJudge(puzzle, conform(puzzle, label), label, 1);
      }
    }
  });
});

const haveJanko = fs.existsSync(COLLECTION);
if (!haveJanko) console.log(`skipping the janko Hashi pzpr conformance test: ${COLLECTION} not found`);

describe.skipIf(!pzpr || !haveJanko)('the janko.at Hashi collection against pzpr and the published solutions', () => {
  it('all 728: both directions; the unique answer equals the published one and passes pzpr', () => {
    const data = (JSON.parse(fs.readFileSync(COLLECTION, 'utf8')) as { data: Record<string, { problem: string; solution: string }> }).data;
    const entries = Object.entries(data);
    expect(entries.length).toBe(728);
    for (const [name, entry] of entries) {
      const puzzle = parseJanko(entry.problem);
      const url = conform(puzzle, name);
      const ours = solveAndJudge(puzzle, url, name, 2);
      expect(bridgeKey(ours), name).toBe(bridgeKey(parseJankoSolution(puzzle, entry.solution)));
    }
  });
});
