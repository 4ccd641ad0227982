/**
 * Star Battle puzz.link URLs against puzz.link's own engine (pzpr), both directions:
 * - pzpr writes the URL of a board → gridsat reads the same regions (compared as partitions);
 * - gridsat writes a URL → pzpr reads the same regions, and pzpr's getURL() is the same text;
 * - gridsat's solution, entered on pzpr's board, passes pzpr's check(true).
 * Over the worked examples of FORMATS.md, every fixture, every collection puzzle puzz.link can
 * represent (no cells outside regions), and generated layouts of every size 5..25, square and not
 * (non-square grids through the wall codec alone, since a non-square Star Battle is rejected).
 * The collections' solutions are judged by pzpr here (published) and in
 * collections.test.ts (gridsat's, where each puzzle is solved).
 */
import { COLLECTIONS, REPO } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { starBattle } from '../../../encodings/starbattle/index.js';
import type { RegionId, StarBattlePuzzle, StarBattleSolution } from '../../../encodings/starbattle/puzzle.js';
import { decodePuzzlinkBorders, encodePuzzlinkBorders, puzzlinkFormat } from '../../../encodings/starbattle/formats/puzzlink.js';
import { parseJankoSolution } from '../../../encodings/starbattle/formats/janko.js';
import { parseStarbattlelabSolution, starbattlelabFormat } from '../../../encodings/starbattle/formats/starbattlelab.js';
import { maxStarsFor } from '../../../encodings/starbattle/sanity.js';
import { ParseError } from '../../../src/util/errors.js';
import { readText } from '../../../src/formats/inputs.js';
import { FormatLimitError } from '../../../src/puzzle/types.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import { seededRandom } from '../../../src/util/random.js';
import { openPzpr, pzpr, PZPR_MISSING, urlBody } from '../../helpers/pzpr.js';
import { ndjson, runCli } from '../../helpers/cli.js';
import { canonical, pzprBoard, pzprJudge, pzprRegions, pzprStars } from '../../helpers/starbattle-pzpr.js';

const root = REPO;
const collections = COLLECTIONS;
const jankoFile = path.join(collections, 'janko-starbattle.json');
const labFile = path.join(collections, 'starbattlelab-14x14-3star.txt');
if (!pzpr) console.log(`skipping Star Battle pzpr conformance: ${PZPR_MISSING}`);

const hasNoRegionCell = (p: StarBattlePuzzle) => p.regions.some((row) => row.includes(null));

/** Both directions of the URL for one puzzle; returns pzpr's board opened from gridsat's URL. */
function conformsBothWays(puzzle: StarBattlePuzzle, what: string) {
  const regions = canonical(puzzle.regions);
  // pzpr writes: a board drawn with these walls, its URL read by gridsat.
  const drawn = pzprBoard(puzzle.regions, puzzle.stars);
  expect(pzprRegions(drawn), `${what}: pzpr board built with the regions`).toEqual(regions);
  const theirs = drawn.getURL();
  const read = puzzlinkFormat.parse(theirs);
  expect(canonical(read.regions), `${what}: gridsat reads pzpr's ${theirs}`).toEqual(regions);
  expect([read.rows, read.cols, read.stars]).toEqual([puzzle.rows, puzzle.cols, puzzle.stars]);
  // gridsat writes: pzpr opens it to the same regions and writes the same text back.
  const ours = puzzlinkFormat.write!(puzzle);
  const opened = openPzpr(ours);
  expect(pzprRegions(opened), `${what}: pzpr reads gridsat's ${ours}`).toEqual(regions);
  expect(pzprStars(opened)).toBe(puzzle.stars);
  expect(urlBody(opened.getURL()), `${what}: pzpr rewrites gridsat's URL`).toBe(urlBody(ours));
  expect(urlBody(ours)).toBe(urlBody(theirs));
  return opened;
}

function solve(puzzle: StarBattlePuzzle, count: number) {
  return solvePuzzle<StarBattlePuzzle, StarBattleSolution>(starBattle, puzzle, { count });
}

describe.skipIf(!pzpr)('puzz.link Star Battle against pzpr', () => {
  describe('worked examples (FORMATS.md)', () => {
    it('9×9 2★ (issue 11 item 1): 9 regions as pzpr reads them, unique, and pzpr accepts the answer', () => {
      const url = 'https://puzz.link/p?starbattle/9/9/2/g0s3lf4smiqbc08du0e13g6f000hug';
      const p = puzzlinkFormat.parse(url);
      const theirs = openPzpr(url);
      expect(canonical(p.regions)).toEqual(pzprRegions(theirs));
      expect(Math.max(...p.regions.flat().map(Number)) + 1).toBe(9);
      expect(puzzlinkFormat.write!(p)).toBe(url);
      const report = solve(p, 2);
      expect(report.status).toBe('unique');
      expect(pzprJudge(theirs, report.solution!)).toEqual({ complete: true, text: 'Complete!' });
    });

    it('the same URL through the CLI: 9 regions, unique, and pzpr accepts the printed answer', async () => {
      const url = 'https://puzz.link/p?starbattle/9/9/2/g0s3lf4smiqbc08du0e13g6f000hug';
      const r = await runCli(['solve', url, '--count', '2', '--format', 'json']);
      expect(r.code).toBe(0);
      const [row] = ndjson<{ status: string; size: string; solution: string[] }>(r.out);
      expect(row).toMatchObject({ status: 'unique', size: '9x9 2* 9 regions' });
      const solution = row!.solution.map((line) => [...line].map((ch) => ch === '*'));
      expect(pzprJudge(openPzpr(url), solution)).toEqual({ complete: true, text: 'Complete!' });
    });

    it('6×6 1★: pzpr reads the same regions and accepts the stars FORMATS.md gives', () => {
      const url = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
      const p = conformsBothWays(puzzlinkFormat.parse(url), url);
      const report = solve(puzzlinkFormat.parse(url), 2);
      expect(report.status).toBe('unique');
      expect(pzprJudge(p, report.solution!).complete).toBe(true);
    });

    it('a wrong answer is rejected by pzpr (the judge can fail)', () => {
      const url = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
      const solution = solve(puzzlinkFormat.parse(url), 1).solution!;
      const moved = solution.map((row) => [...row]);
      moved[5] = [false, false, false, false, false, false];
      moved[5]![2] = true; // the star at (5,3) moved to (5,2): column 2 now has two stars, column 3 none
      expect(pzprJudge(openPzpr(url), moved).complete).toBe(false);
    });
  });

  it('every fixture puzzle: both directions, and gridsat\'s answer passes pzpr\'s check', () => {
    const dirs = ['fixtures/starbattle', 'fixtures/edge-cases'];
    let checked = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(path.join(root, dir)).filter((n) => n.endsWith('.txt') && !n.includes('.solution.'))) {
        for (const entry of readText(readFileSync(path.join(root, dir, name), 'utf8'), { input: name })) {
          if (!entry.ok || entry.type.id !== 'starbattle') continue;
          const puzzle = entry.puzzle as StarBattlePuzzle;
          const board = conformsBothWays(puzzle, name);
          const report = solve(puzzle, 1);
          if (report.status === 'none') {
            expect(name).toBe('starbattle-infeasible.txt');
          } else {
            expect(pzprJudge(board, report.solution!), name).toEqual({ complete: true, text: 'Complete!' });
          }
          checked++;
        }
      }
    }
    expect(checked).toBe(11); // 7 hand-picked and published puzzles, and the 4 of generated-10x10-2star.txt
  });

  describe.skipIf(!existsSync(jankoFile))('janko-starbattle.json', () => {
    const raw = existsSync(jankoFile)
      ? JSON.parse(readFileSync(jankoFile, 'utf8')) as { data: Record<string, { problem: string; solution: string }> }
      : { data: {} };
    const entries = existsSync(jankoFile) ? [...readText(readFileSync(jankoFile, 'utf8'), { input: jankoFile })] : [];

    it('every puzzle without no-region cells: both directions, and pzpr accepts the published solution', () => {
      let checked = 0;
      for (const e of entries) {
        if (!e.ok) throw new Error(e.error);
        const puzzle = e.puzzle as StarBattlePuzzle;
        if (hasNoRegionCell(puzzle)) continue;
        const board = conformsBothWays(puzzle, e.origin.name!);
        const published = raw.data[e.origin.name!]!.solution;
        if (published.trim()) expect(pzprJudge(board, parseJankoSolution(published)).complete, e.origin.name).toBe(true);
        checked++;
      }
      expect(checked).toBe(236);
    });

    it('the 12 puzzles with @/# cells cannot be URLs: FormatLimitError naming the cell', () => {
      const holes = entries.filter((e) => e.ok && hasNoRegionCell(e.puzzle as StarBattlePuzzle));
      expect(holes).toHaveLength(12);
      for (const e of holes) {
        expect(() => puzzlinkFormat.write!(e.ok ? e.puzzle as StarBattlePuzzle : null!)).toThrow(FormatLimitError);
        expect(() => puzzlinkFormat.write!(e.ok ? e.puzzle as StarBattlePuzzle : null!)).toThrow(/cell \(\d+,\d+\) is in no region/);
      }
    });
  });

  it.skipIf(!existsSync(labFile))('starbattlelab 14×14 3★: all 117 both directions, and pzpr accepts the listed solutions', () => {
    const text = readFileSync(labFile, 'utf8');
    const chunks = starbattlelabFormat.split!(text);
    expect(chunks).toHaveLength(117);
    for (const chunk of chunks) {
      const puzzle = starbattlelabFormat.parse(chunk.text);
      const board = conformsBothWays(puzzle, chunk.id!);
      expect(pzprJudge(board, parseStarbattlelabSolution(chunk.text)).complete, chunk.id).toBe(true);
    }
  });

  describe('generated layouts of every size 5..25', () => {
    it('square n×n, 1★, regions grown around a random star placement: both directions, and pzpr accepts gridsat\'s answer', () => {
      for (let n = 5; n <= 25; n++) {
        const random = seededRandom(1000 + n);
        const stars = starPlacement(n, random);
        const regions = growRegions(n, n, stars, random);
        const puzzle: StarBattlePuzzle = { rows: n, cols: n, stars: 1, regions };
        const board = conformsBothWays(puzzle, `generated ${n}x${n}`);
        const report = solve(puzzle, 1);
        expect(report.status, `${n}x${n}`).toBe('solved');
        expect(pzprJudge(board, report.solution!), `${n}x${n}`).toEqual({ complete: true, text: 'Complete!' });
      }
    });

    it('square n×n with the most stars the size allows, random regions: both directions', () => {
      for (let n = 5; n <= 25; n++) {
        const random = seededRandom(2000 + n);
        const stars = maxStarsFor(n);
        let regions: RegionId[][];
        do regions = growRegions(n, n, randomCells(n, n, n, random), random);
        while (smallestRegion(regions) < stars); // as the sanity check wants
        conformsBothWays({ rows: n, cols: n, stars, regions }, `generated ${n}x${n} ${stars}*`);
      }
    });

    it('non-square rows×cols, any number of regions: the wall codec both directions; the format rejects the grid', () => {
      for (let cols = 5; cols <= 25; cols++) {
        for (const rows of [5 + ((cols * 7) % 21), cols === 25 ? 24 : cols + 1]) {
          if (rows === cols) continue;
          const random = seededRandom(cols * 100 + rows);
          const k = 1 + Math.floor(random() * 2 * Math.max(rows, cols));
          const layout = growRegions(rows, cols, randomCells(rows, cols, k, random), random);
          const what = `${rows}x${cols}, ${k} regions`;
          // pzpr writes → gridsat's codec reads.
          const theirs = pzprBoard(layout, 1).getURL();
          const prefix = `starbattle/${cols}/${rows}/1/`;
          expect(urlBody(theirs).startsWith(prefix), theirs).toBe(true);
          expect(decodePuzzlinkBorders(rows, cols, urlBody(theirs).slice(prefix.length)), what).toEqual(canonical(layout));
          // gridsat's codec writes → pzpr reads and writes the same.
          const ours = `${prefix}${encodePuzzlinkBorders(layout)}`;
          const opened = openPzpr(ours);
          expect(pzprRegions(opened), what).toEqual(canonical(layout));
          expect(urlBody(opened.getURL()), what).toBe(ours);
          // As a Star Battle it is rejected, saying why.
          expect(() => puzzlinkFormat.parse(theirs)).toThrow(ParseError);
          expect(() => puzzlinkFormat.parse(theirs)).toThrow(/not square/);
        }
      }
    });
  });
});

/** n stars, one per row and column, none touching (random backtracking). */
function starPlacement(n: number, random: () => number): [number, number][] {
  const cols: number[] = [];
  const place = (r: number): boolean => {
    if (r === n) return true;
    const order = shuffle([...Array(n).keys()], random);
    for (const c of order) {
      if (cols.includes(c) || (r > 0 && Math.abs(cols[r - 1]! - c) <= 1)) continue;
      cols.push(c);
      if (place(r + 1)) return true;
      cols.pop();
    }
    return false;
  };
  if (!place(0)) throw new Error(`no star placement for ${n}`);
  return cols.map((c, r) => [r, c]);
}

function randomCells(rows: number, cols: number, k: number, random: () => number): [number, number][] {
  const all = shuffle([...Array(rows * cols).keys()], random).slice(0, Math.min(k, rows * cols));
  return all.map((i) => [Math.floor(i / cols), i % cols]);
}

/** Regions grown from seed cells, one cell at a time at a random frontier: each region connected. */
function growRegions(rows: number, cols: number, seeds: [number, number][], random: () => number): RegionId[][] {
  const regions: RegionId[][] = Array.from({ length: rows }, () => Array<RegionId>(cols).fill(null));
  const frontier: [number, number, number][] = [];
  const addNeighbours = (r: number, c: number, id: number) => {
    for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]] as const) {
      const nr = r + dr;
      const nc = c + dc;
      if (nr >= 0 && nr < rows && nc >= 0 && nc < cols && regions[nr]![nc] === null) frontier.push([nr, nc, id]);
    }
  };
  seeds.forEach(([r, c], id) => { regions[r]![c] = id; });
  seeds.forEach(([r, c], id) => addNeighbours(r, c, id));
  while (frontier.length) {
    const i = Math.floor(random() * frontier.length);
    const [r, c, id] = frontier[i]!;
    frontier[i] = frontier[frontier.length - 1]!;
    frontier.pop();
    if (regions[r]![c] !== null) continue;
    regions[r]![c] = id;
    addNeighbours(r, c, id);
  }
  return regions;
}

function smallestRegion(regions: RegionId[][]): number {
  const sizes = new Map<RegionId, number>();
  for (const id of regions.flat()) sizes.set(id, (sizes.get(id) ?? 0) + 1);
  return Math.min(...sizes.values());
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
