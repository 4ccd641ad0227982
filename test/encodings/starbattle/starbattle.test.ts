/**
 * Star Battle / Parks: the seed puzzles against their published solutions and an independent
 * brute-force count, every input format, the verifier, the encoding variants and the renderers.
 */
import { REPO } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { starBattle } from '../../../encodings/starbattle/index.js';
import { puzzleFromLabels, type StarBattlePuzzle, type StarBattleSolution } from '../../../encodings/starbattle/puzzle.js';
import { encodeStarBattle } from '../../../encodings/starbattle/rules.js';
import { verifyStarBattle } from '../../../encodings/starbattle/verify.js';
import { renderSvg, renderText } from '../../../encodings/starbattle/render.js';
import { jankoFormat, parseJankoSolution } from '../../../encodings/starbattle/formats/janko.js';
import { jsonFormat } from '../../../encodings/starbattle/formats/json.js';
import { parksFormat } from '../../../encodings/starbattle/formats/parks.js';
import { pictureFormat } from '../../../encodings/starbattle/formats/picture.js';
import { encodePuzzlinkBorders, puzzlinkFormat } from '../../../encodings/starbattle/formats/puzzlink.js';
import { sbnFormat } from '../../../encodings/starbattle/formats/sbn.js';
import { parseStarbattlelabSolution, starbattlelabFormat } from '../../../encodings/starbattle/formats/starbattlelab.js';
import { ParseError } from '../../../src/util/errors.js';
import { FormatLimitError } from '../../../src/puzzle/types.js';
import { readText } from '../../../src/formats/inputs.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { defaultEngine, solvePuzzle } from '../../../src/solve/pipeline.js';
import { Model } from '../../../src/cnf/model.js';
import { enumerate, valuation } from '../../../src/cnf/queries.js';
import { createSolver } from '../../../src/sat/index.js';
import type { CardinalityEncoding } from '../../../src/cnf/cardinality.js';
import { growRegions } from '../../../src/geometry/grow.js';
import { seededRandom } from '../../../src/util/random.js';

const root = REPO;
const fixture = (name: string) => readFileSync(path.join(root, 'fixtures/starbattle', name), 'utf8');

/** A fixture solution file: `#` comments, then rows where `*` is a star. */
function solutionFile(name: string): StarBattleSolution {
  return fixture(name).split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => [...l.replace(/\s+/g, '')].map((ch) => ch === '*'));
}

/** Reads a fixture the way the CLI does (format detection over every registered type). */
const fixtureCache = new Map<string, { puzzle: StarBattlePuzzle; format: string }>();
function readFixture(name: string): { puzzle: StarBattlePuzzle; format: string } {
  const cached = fixtureCache.get(name);
  if (cached) return cached;
  const [entry, ...rest] = [...readText(fixture(name), { input: name })];
  expect(rest).toHaveLength(0);
  if (!entry?.ok) throw new Error(`fixture ${name} did not parse: ${entry && !entry.ok ? entry.error : ''}`);
  expect(entry.type.id).toBe('starbattle');
  const read = { puzzle: entry.puzzle as StarBattlePuzzle, format: entry.format };
  fixtureCache.set(name, read);
  return read;
}

const key = (s: StarBattleSolution) => s.map((row) => row.map((x) => (x ? '*' : '.')).join('')).join('/');

/**
 * Independent brute force: rows top to bottom, each row choosing its `stars` columns, pruning on
 * column/region counts and touching stars. Shares nothing with the encoder or the verifier.
 */
const bruteCache = new Map<StarBattlePuzzle, StarBattleSolution[]>();
function bruteForce(p: StarBattlePuzzle): StarBattleSolution[] {
  const cached = bruteCache.get(p);
  if (cached) return cached;
  const found: StarBattleSolution[] = [];
  const colCount = Array<number>(p.cols).fill(0);
  const regionTotal = new Map<number, number>();
  const grid: boolean[][] = [];
  const rowChoices = (r: number): number[][] => {
    const out: number[][] = [];
    const pick = (from: number, chosen: number[]) => {
      if (chosen.length === p.stars) { out.push([...chosen]); return; }
      for (let c = from; c < p.cols; c++) {
        if (p.regions[r]![c] === null) continue;
        chosen.push(c); pick(c + 2, chosen); chosen.pop();
      }
    };
    pick(0, []);
    return out;
  };
  const place = (r: number) => {
    if (r === p.rows) {
      const regionsUsed = new Set(p.regions.flat().filter((x) => x !== null));
      if (colCount.every((n) => n === p.stars) && [...regionsUsed].every((id) => regionTotal.get(id!) === p.stars)) {
        found.push(grid.map((row) => [...row]));
      }
      return;
    }
    for (const cols of rowChoices(r)) {
      const row = Array<boolean>(p.cols).fill(false);
      for (const c of cols) row[c] = true;
      const above = grid[r - 1];
      if (above && cols.some((c) => above[c - 1] || above[c] || above[c + 1])) continue;
      const ids = cols.map((c) => p.regions[r]![c]!);
      const fits = cols.every((c) => colCount[c]! < p.stars)
        && ids.every((id) => (regionTotal.get(id) ?? 0) + ids.filter((x) => x === id).length <= p.stars);
      if (!fits) continue;
      for (const c of cols) colCount[c]!++;
      for (const id of ids) regionTotal.set(id, (regionTotal.get(id) ?? 0) + 1);
      grid.push(row);
      place(r + 1);
      grid.pop();
      for (const c of cols) colCount[c]!--;
      for (const id of ids) regionTotal.set(id, regionTotal.get(id)! - 1);
    }
  };
  place(0);
  bruteCache.set(p, found);
  return found;
}

/** Every solution (on the projection) of one encoding configuration. */
function allSolutions(p: StarBattlePuzzle, noTouch: string, cardinality?: CardinalityEncoding, count?: string, implied?: string): StarBattleSolution[] {
  const solver = createSolver(defaultEngine());
  const model = new Model(solver);
  const encoded = encodeStarBattle(model, p, { cardinality, variant: { noTouch, ...(count ? { count } : {}), ...(implied ? { implied } : {}) } });
  const res = enumerate(model, encoded.projection, { limit: 50 });
  expect(res.complete).toBe(true);
  return res.solutions.map((m) => encoded.decode(valuation(m)));
}

/** n regions grown from n random seed cells over an n×n grid. */
function randomLayout(n: number, random: () => number, stars: number): StarBattlePuzzle {
  const seeds = new Map<number, [number, number]>();
  while (seeds.size < n) {
    const i = Math.floor(random() * n * n);
    seeds.set(i, [Math.floor(i / n), i % n]);
  }
  return { rows: n, cols: n, stars, regions: growRegions(n, n, [...seeds.values()], random) };
}

interface SeedCase {
  file: string;
  format: string;
  /** Solutions the source states or shows (unique = 1), checked against the brute force too. */
  count: number;
  published?: string;
}

const SEEDS: SeedCase[] = [
  { file: 'parks-5x5.txt', format: 'parks', count: 1, published: 'parks-5x5.solution.txt' },
  { file: 'parks-9x9.txt', format: 'parks', count: 1, published: 'parks-9x9.solution.txt' },
  { file: 'norvig-5x5.txt', format: 'picture', count: 2 },
  { file: 'norvig-board1.txt', format: 'picture', count: 1, published: 'norvig-board1.solution.txt' },
  { file: 'norvig-board24.txt', format: 'picture', count: 1, published: 'norvig-board24.solution.txt' },
  { file: 'handmade-two-solutions.txt', format: 'picture', count: 2 },
  { file: '../edge-cases/starbattle-infeasible.txt', format: 'picture', count: 0 },
];

describe('seed puzzles', () => {
  for (const seed of SEEDS) {
    it(`${seed.file}: ${seed.count} solution(s), as published and as brute force finds`, () => {
      const { puzzle, format } = readFixture(seed.file);
      expect(format).toBe(seed.format);
      const brute = bruteForce(puzzle);
      expect(brute).toHaveLength(seed.count);
      for (const s of brute) expect(verifyStarBattle(puzzle, s)).toEqual([]);

      const report = solvePuzzle<StarBattlePuzzle, StarBattleSolution>(starBattle, puzzle, { count: 0, engine: 'minisat-js' });
      expect(report.count).toBe(seed.count);
      expect(report.countExact).toBe(true);
      expect(report.status).toBe(seed.count === 0 ? 'none' : seed.count === 1 ? 'unique' : 'multiple');
      if (seed.count > 0) {
        expect(verifyStarBattle(puzzle, report.solution!)).toEqual([]);
        expect(brute.map(key)).toContain(key(report.solution!));
      }
      if (seed.published) expect(key(report.solution!)).toBe(key(solutionFile(seed.published)));
    });
  }

  it('seed 000 and 002 grids parse to the arrays and pictures printed in the seeds', () => {
    expect(readFixture('parks-5x5.txt').puzzle.regions).toEqual([
      [0, 1, 1, 1, 1], [0, 0, 1, 1, 1], [0, 2, 3, 1, 1], [0, 3, 3, 3, 4], [3, 3, 3, 4, 4],
    ]);
    const board5 = readFixture('norvig-5x5.txt').puzzle;
    expect(board5.stars).toBe(1);
    expect(renderText(board5)).toBe(", + ' ' '\n, + : : '\n, + : : .\n, . . . .\n, . . . .\n");
    const board24 = readFixture('norvig-board24.txt').puzzle;
    expect([board24.rows, board24.cols, board24.stars, board24.labels?.length]).toEqual([10, 10, 2, 10]);
  });

  it('the published star cells of Norvig\'s boards are the ones in the solution pictures', () => {
    const cells = (s: StarBattleSolution) => s.flatMap((row, r) => row.flatMap((x, c) => (x ? [r * 10 + c] : [])));
    expect(cells(solutionFile('norvig-board1.solution.txt')))
      .toEqual([6, 8, 11, 14, 26, 28, 30, 32, 47, 49, 53, 55, 61, 69, 73, 75, 80, 87, 92, 94]);
    expect(cells(solutionFile('norvig-board24.solution.txt')))
      .toEqual([6, 9, 12, 14, 20, 27, 32, 34, 47, 49, 50, 55, 63, 68, 71, 75, 83, 88, 91, 96]);
  });
});

describe('encoding variants', () => {
  const cardinalities: (CardinalityEncoding | undefined)[] = [undefined, 'sequential', 'pairwise', 'totalizer', 'cardnet', 'ladder', 'commander', 'bitwise'];
  const sample = ['norvig-5x5.txt', 'handmade-two-solutions.txt', '../edge-cases/starbattle-infeasible.txt', 'parks-9x9.txt', 'norvig-board24.txt'];
  for (const file of sample) {
    it(`${file}: window and pairs, apart and plain counts give the brute-force solution set with every cardinality encoding`, () => {
      const { puzzle } = readFixture(file);
      const expected = bruteForce(puzzle).map(key).sort();
      for (const noTouch of starBattle.variants.noTouch!) {
        for (const count of [undefined, ...starBattle.variants.count!]) {
          for (const cardinality of cardinalities) {
            expect(allSolutions(puzzle, noTouch, cardinality, count).map(key).sort(), `${noTouch}/${count}/${cardinality}`).toEqual(expected);
          }
        }
      }
    });
  }

  it('random region layouts up to 10×10 2★: apart and plain counts, with and without the implied bands and confinement, give the brute-force solution set', () => {
    const random = seededRandom(2026);
    let checked = 0;
    for (let trial = 0; trial < 60; trial++) {
      const n = 5 + Math.floor(random() * 6);
      const stars = n >= 9 && random() < 0.5 ? 2 : 1;
      const puzzle = randomLayout(n, random, stars);
      const expected = bruteForce(puzzle).map(key).sort();
      if (expected.length > 40) continue; // enumerate stops at 50
      checked++;
      for (const count of starBattle.variants.count!) {
        for (const implied of starBattle.variants.implied!) {
          for (const noTouch of starBattle.variants.noTouch!) {
            expect(allSolutions(puzzle, noTouch, undefined, count, implied).map(key).sort(), `trial ${trial} ${count}/${implied}/${noTouch}`).toEqual(expected);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('the counts are written as chosen: auto is apart from 3 stars up and the implied rules (bands and confinement) from 4, plain without them below; naming a cardinality encoding means plain', () => {
    const size = (puzzle: StarBattlePuzzle, options: Parameters<typeof encodeStarBattle>[2]) => {
      const model = new Model(createSolver('minisat-js'));
      encodeStarBattle(model, puzzle, options);
      return [model.solver.numVars(), model.solver.numClauses()];
    };
    const twoStars = readFixture('norvig-board24.txt').puzzle;
    const rowRegions = (n: number) => Array.from({ length: n }, (_, r) => Array.from({ length: n }, () => r));
    const threeStars: StarBattlePuzzle = { rows: 14, cols: 14, stars: 3, regions: rowRegions(14) };
    const fourStars: StarBattlePuzzle = { rows: 17, cols: 17, stars: 4, regions: rowRegions(17) };
    expect(size(twoStars, {})).toEqual(size(twoStars, { variant: { count: 'plain', implied: 'none' } }));
    expect(size(threeStars, {})).toEqual(size(threeStars, { variant: { count: 'apart', implied: 'none' } }));
    expect(size(fourStars, {})).toEqual(size(fourStars, { variant: { count: 'apart', implied: 'confined' } }));
    expect(size(fourStars, { cardinality: 'sequential' })).toEqual(size(fourStars, { variant: { count: 'plain', implied: 'confined' } }));
    // Rows as regions confine nothing beyond themselves; a generated 17×17 layout has confined regions.
    const [generated] = [...readText(readFileSync(path.join(root, 'fixtures/generated/starbattle-17x17-4star-unique.ndjson'), 'utf8')
      .split('\n')[1]!, { input: 'starbattle-17x17-4star-unique.ndjson' })];
    if (!generated?.ok) throw new Error('the generated 17×17 4★ fixture did not parse');
    const layout = generated.puzzle as StarBattlePuzzle;
    expect(size(layout, {})).toEqual(size(layout, { variant: { count: 'apart', implied: 'confined' } }));
    expect(size(layout, {})[1]).toBeGreaterThan(size(layout, { variant: { implied: 'bands' } })[1]!);
    expect(size(twoStars, { variant: { count: 'apart' } })).not.toEqual(size(twoStars, { variant: { count: 'plain' } }));
    expect(size(fourStars, { variant: { implied: 'none' } })[0]).toBeLessThan(size(fourStars, {})[0]!);
    expect(() => encodeStarBattle(new Model(createSolver('minisat-js')), twoStars, { variant: { count: 'loose' } }))
      .toThrow(/count variant 'loose'/);
  });

  it('cells outside every region stay empty under both variants (Parks holes)', () => {
    const puzzle = parksFormat.parse('m=1\n0 0 1 1\n-1 2 2 1\n3 3 2 -1\n3 3 2 2');
    expect(puzzle.regions[1]![0]).toBeNull();
    const expected = bruteForce(puzzle).map(key).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const noTouch of ['window', 'pairs']) expect(allSolutions(puzzle, noTouch).map(key).sort()).toEqual(expected);
  });

  it('an unknown noTouch variant is an error, not a silent default', () => {
    const { puzzle } = readFixture('norvig-5x5.txt');
    expect(() => encodeStarBattle(new Model(createSolver('minisat-js')), puzzle, { variant: { noTouch: 'diagonal' } }))
      .toThrow(/noTouch variant 'diagonal'/);
  });
});

describe('verifier', () => {
  const { puzzle } = readFixture('norvig-board1.txt');
  const solution = solutionFile('norvig-board1.solution.txt');
  const copy = () => solution.map((row) => [...row]);

  it('accepts the published solution', () => {
    expect(verifyStarBattle(puzzle, solution)).toEqual([]);
  });

  it('names the row, column and region that lost a star', () => {
    const s = copy();
    s[0]![6] = false; // [0][6] is in region '|' (id 2); messages count rows and columns from 1, as explain does
    expect(verifyStarBattle(puzzle, s)).toEqual([
      'row 1 has 1 stars, needs 2', 'column 7 has 1 stars, needs 2', 'region | has 1 stars, needs 2',
    ]);
  });

  it('names touching stars, including diagonal ones', () => {
    const s = copy();
    s[0]![8] = false;
    s[1]![7] = true; // [0][6] and [1][7] touch diagonally
    expect(verifyStarBattle(puzzle, s)).toContain('stars at (1,7) and (2,8) touch');
    const t = copy();
    t[0]![6] = false;
    t[0]![7] = true; // beside [0][8]
    expect(verifyStarBattle(puzzle, t)).toContain('stars at (1,8) and (1,9) touch');
  });

  it('rejects a star in no region and a grid of the wrong size', () => {
    const parks: StarBattlePuzzle = { rows: 2, cols: 2, stars: 1, regions: [[0, null], [1, 1]] };
    expect(verifyStarBattle(parks, [[false, true], [false, false]])).toContain('star at (1,2) is in no region');
    expect(verifyStarBattle(puzzle, solution.slice(1))).toEqual(['solution grid is not 10x10']);
  });
});

describe('formats', () => {
  it('puzz.link worked example (FORMATS.md) decodes to the described walls and its unique solution', () => {
    const url = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
    const p = puzzlinkFormat.parse(url);
    expect([p.rows, p.cols, p.stars]).toEqual([6, 6, 1]);
    const vertical = p.regions.map((row) => row.slice(0, -1).map((id, c) => (id !== row[c + 1] ? '1' : '0')).join(''));
    expect(vertical).toEqual(['00010', '11110', '01001', '10000', '10111', '01001']);
    const horizontal = p.regions.slice(0, -1).map((row, r) => row.map((id, c) => (id !== p.regions[r + 1]![c] ? '1' : '0')).join(''));
    expect(horizontal).toEqual(['011000', '100110', '011110', '011011', '010100']);
    const report = solvePuzzle<StarBattlePuzzle, StarBattleSolution>(starBattle, p, { count: 2, engine: 'minisat-js' });
    expect(report.status).toBe('unique');
    const stars = report.solution!.flatMap((row, r) => row.flatMap((x, c) => (x ? [`(${r},${c})`] : [])));
    expect(stars).toEqual(['(0,1)', '(1,4)', '(2,2)', '(3,0)', '(4,5)', '(5,3)']);
  });

  it('puzz.link worked example with padding (FORMATS.md): each wall section starts on a fresh character', () => {
    // 9×9: 72 + 72 bits -> 15 + 15 characters, `g0s3lf4smiqbc08` then `du0e13g6f000hug` (as pzpr splits
    // it: ceil(72/5) = 15; FORMATS.md's "ends in …bc0, second begins at 8du0…" is one character off).
    const p = puzzlinkFormat.parse('https://puzz.link/p?starbattle/9/9/2/g0s3lf4smiqbc08du0e13g6f000hug');
    expect([p.rows, p.cols, p.stars, Math.max(...p.regions.flat().map(Number)) + 1]).toEqual([9, 9, 2, 9]);
    // `g0` = 10000 00000: of the 8 walls in row 0, only the one right of (0,0).
    expect(p.regions[0]!.map((id, c) => (c < 8 && id !== p.regions[0]![c + 1] ? 1 : 0)).slice(0, 8)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    // `du` = 01101 11110: walls below (0,1), (0,2), (0,4), (0,5)…(0,8), and none below (1,0).
    expect(p.regions[0]!.map((id, c) => (id !== p.regions[1]![c] ? 1 : 0))).toEqual([0, 1, 1, 0, 1, 1, 1, 1, 1]);
    expect(p.regions[1]![0] !== p.regions[2]![0]).toBe(false);
  });

  it('puzz.link URLs are recognised on every host and flag form, others are not', () => {
    for (const u of ['https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk', 'http://pzv.jp/p.html?starbattle/6/6/1/2u9gn9c9jpmk',
      'https://pzprxs.vercel.app/p?starbattle/6/6/1/2u9gn9c9jpmk', 'puzz.link/p?starbattle/d/6/6/1/2u9gn9c9jpmk']) {
      expect(puzzlinkFormat.matchLine!(u), u).toBe(true);
      expect(puzzlinkFormat.parse(u).regions).toEqual(puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk').regions);
    }
    expect(puzzlinkFormat.matchLine!('https://puzz.link/p?lightup/6/6/abc')).toBe(false);
    const [entry] = [...readText('https://pzv.jp/p.html?starbattle/6/6/1/2u9gn9c9jpmk', { input: '<argument>' })];
    expect(entry?.ok && entry.format).toBe('puzzlink');
  });

  it('puzz.link: a trailing / as puzz.link writes it is read; the writer refuses what walls cannot hold', () => {
    const url = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
    expect(puzzlinkFormat.parse(`${url}/`)).toEqual(puzzlinkFormat.parse(url));
    const holes = jankoFormat.parse('4 4 1\n1 @ 2 2\n1 1 # 2\n3 3 3 2\n4 4 4 4');
    expect(() => puzzlinkFormat.write!(holes)).toThrow(FormatLimitError);
    expect(() => puzzlinkFormat.write!(holes)).toThrow(/puzzlink cannot hold this puzzle: cell \(1,2\) is in no region/);
    const split = jankoFormat.parse('4 4 1\n1 2 1 3\n1 2 2 3\n1 1 2 3\n4 4 4 4'); // region 1 in two pieces
    expect(() => puzzlinkFormat.write!(split)).toThrow(/region 1 is in several pieces \(cell \(1,3\) is cut off from the rest\)/);
  });

  it('SBN worked example (FORMATS.md): 14×14, 3★, 14 regions, the first rows as given', () => {
    const sbn = 'EE3W08OfaO2C1IeaurED7aZoGX98ZBHdeIGG29X7GZHOmMOI4H8Ocd8aOOaC4A200';
    const p = sbnFormat.parse(sbn);
    expect([p.rows, p.cols, p.stars, Math.max(...p.regions.flat().map(Number)) + 1]).toEqual([14, 14, 3, 14]);
    const expected = puzzleFromLabels(['AAAAAAABBBBBCD', 'AAAAEECCCBCCCD', 'AAAAECCCCCCCCD'].map((row) => [...row]), 3).regions;
    expect(p.regions.slice(0, 3)).toEqual(expected);
    // Saved progress after the wall characters is not part of the puzzle.
    expect(sbnFormat.parse(`${sbn.slice(0, 3)}e${sbn.slice(4)}0A0W~h:0012:1`).regions).toEqual(p.regions);
    expect(sbnFormat.matchLine!(sbn)).toBe(true);
    const [entry] = [...readText(`# a bank\n${sbn}\n`, { input: 'bank.txt' })];
    expect(entry?.ok && [entry.type.id, entry.format, entry.origin.line]).toEqual(['starbattle', 'sbn', 2]);
    for (const other of ['https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk', '7x7:hBBb1dBa3cBaBc1a4d2bBBh', '7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2', 'AB3W00']) {
      expect(sbnFormat.matchLine!(other), other).toBe(false);
    }
  });

  it('SBN writer: FormatLimitError for what SBN cannot hold', () => {
    const holes = jankoFormat.parse('5 5 1\n1 @ 2 2 2\n1 1 # 2 2\n3 3 3 2 2\n4 4 4 4 4\n5 5 5 5 5');
    expect(() => sbnFormat.write!(holes)).toThrow(/sbn cannot hold this puzzle: cell \(1,2\) is in no region/);
    const small = { rows: 4, cols: 4, stars: 1, regions: [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]] };
    expect(() => sbnFormat.write!(small)).toThrow(/5×5 to 25×25/);
    expect(() => sbnFormat.write!({ ...small, rows: 26, cols: 26 })).toThrow(FormatLimitError);
  });

  it('janko grids: numbers are regions, @ and # are cells in no region', () => {
    const p = jankoFormat.parse('4 4 1\n1 @ 2 2\n1 1 # 2\n10 10 10 2\n3 3 3 3\n');
    expect(p.regions).toEqual([[0, null, 1, 1], [0, 0, null, 1], [2, 2, 2, 1], [3, 3, 3, 3]]);
    expect(p.labels).toEqual(['1', '2', '10', '3']);
    expect(parseJankoSolution('2 2 1\nx -\n- -')).toEqual([[true, false], [false, false]]);
  });

  it('starbattlelab blocks: split, header values, region letters and the solution column', () => {
    const text = '# comment\n\n## puzzle 7  dim=4 stars=1  SBN=xyz\n## solutions_found_by_sat_check=2\nAABB   .*..\nAABB   ...*\nCCDD   *...\nCCDD   ..*.\n\n## puzzle 8  dim=4 stars=1  SBN=q\nAAAA\nBBBB\nCCCC\nDDDD\n';
    const chunks = starbattlelabFormat.split!(text);
    expect(chunks.map((c) => [c.id, c.line])).toEqual([['puzzle 7', 3], ['puzzle 8', 10]]);
    const p = starbattlelabFormat.parse(chunks[0]!.text);
    expect(p.regions).toEqual([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]]);
    expect(parseStarbattlelabSolution(chunks[0]!.text)[1]).toEqual([false, false, false, true]);
    const entries = [...readText(text, { input: 'x.txt' })];
    expect(entries.map((e) => e.ok && e.format)).toEqual(['starbattlelab', 'starbattlelab']);
  });

  it('picture headers: stars: N and S=N; spaces between characters are optional', () => {
    const a = pictureFormat.parse('stars: 1\nABCD\nABCD\nABCD\nABCD');
    const b = pictureFormat.parse('S=1\nA B C D\nA B C D\nA B C D\nA B C D\n');
    expect(a).toEqual(b);
    expect(a.regions[3]).toEqual([0, 1, 2, 3]);
  });

  it('parks grids: python rows or plain rows, multi-digit park numbers', () => {
    const a = parksFormat.parse('m=1, n=4\n[0, 1, 1, 1],\n[0, 10, 1, 1],\n[2, 2, 10, 1],\n[2, 2, 2, 2],');
    const b = parksFormat.parse('stars: 1\n0 1 1 1\n0 10 1 1\n2 2 10 1\n2 2 2 2');
    expect(a).toEqual(b);
    expect(a.regions).toEqual([[0, 1, 1, 1], [0, 2, 1, 1], [3, 3, 2, 1], [3, 3, 3, 3]]);
    expect(a.labels).toEqual(['0', '1', '10', '2']);
    // Detection: multi-digit numbers or brackets mean parks, single characters a picture (same regions).
    expect(parksFormat.matchText!('stars: 1\n0 1 1\n0 10 1\n2 2 10')).toBe(true);
    expect(parksFormat.matchText!('stars: 1\n0 1\n0 1')).toBe(false);
  });

  it('gridsat JSON as written holds the park arrays printed in seed 000, and what is written reads back as detected JSON', () => {
    // The seed prints parks-5x5 as [[0,1,1,1,1],[0,0,1,1,1],[0,2,3,1,1],[0,3,3,3,4],[3,3,3,4,4]], m=1.
    const written = jsonFormat.write!(readFixture('parks-5x5.txt').puzzle);
    expect(written).not.toContain('\n');
    expect(JSON.parse(written)).toMatchObject({ type: 'starbattle', rows: 5, cols: 5, stars: 1,
      regions: [[0, 1, 1, 1, 1], [0, 0, 1, 1, 1], [0, 2, 3, 1, 1], [0, 3, 3, 3, 4], [3, 3, 3, 4, 4]] });
    for (const seed of SEEDS) {
      const [entry] = [...readText(jsonFormat.write!(readFixture(seed.file).puzzle), { input: 'j' })];
      expect(entry?.ok && [entry.format, renderText(entry.puzzle as StarBattlePuzzle)]).toEqual(['json', renderText(readFixture(seed.file).puzzle)]);
    }
    expect(jsonFormat.matchJson!({ type: 'parks', rows: 1 })).toBe(true);
    expect(findPuzzleType('Parks')?.id).toBe('starbattle');
    expect(findPuzzleType('star-battle')?.id).toBe('starbattle');
  });

  describe('malformed inputs give ParseErrors naming line/column/cell', () => {
    const cases: { name: string; parse: () => unknown; reason: RegExp; line?: number; column?: number; cell?: [number, number] }[] = [
      { name: 'picture without header', parse: () => pictureFormat.parse('AB\nAB'), reason: /header/, line: 1, column: 1 },
      { name: 'picture short row', parse: () => pictureFormat.parse('stars: 1\nA B C\nA B\nA B C'), reason: /row 2 has 2 cells, expected 3/, line: 3, column: 4, cell: [1, 2] },
      { name: 'picture long row', parse: () => pictureFormat.parse('stars: 1\nABC\nABCD\nABC'), reason: /row 2 has 4 cells/, line: 3, column: 4, cell: [1, 3] },
      { name: 'picture zero stars', parse: () => pictureFormat.parse('stars: 0\nAB\nAB'), reason: /positive/, line: 1 },
      { name: 'parks non-number', parse: () => parksFormat.parse('m=1\n0 1\n0 x'), reason: /'x' is not a park number/, line: 3, column: 3, cell: [1, 1] },
      { name: 'parks negative', parse: () => parksFormat.parse('m=1\n0 1\n0 -2'), reason: /negative/, line: 3, column: 3, cell: [1, 1] },
      { name: 'parks wrong n', parse: () => parksFormat.parse('m=1, n=3\n0 1\n0 1'), reason: /n=3 but the grid is 2x2/, line: 1 },
      { name: 'parks ragged', parse: () => parksFormat.parse('m=1\n0 1 1\n0 1'), reason: /row 2 has 2 cells, expected 3/, line: 3, cell: [1, 2] },
      { name: 'janko bad size line', parse: () => jankoFormat.parse('6 6\n1 1'), reason: /three numbers/, line: 1 },
      { name: 'janko bad cell', parse: () => jankoFormat.parse('2 2 1\n1 2\n1 ?'), reason: /'\?' is not a region number/, line: 3, column: 3, cell: [1, 1] },
      { name: 'janko missing row', parse: () => jankoFormat.parse('3 2 1\n1 2\n1 2'), reason: /expected 3 rows, found 2/, line: 4, cell: [2, 0] },
      { name: 'janko long row', parse: () => jankoFormat.parse('2 2 1\n1 2 3\n1 2'), reason: /row 1 has 3 cells/, line: 2, column: 5, cell: [0, 2] },
      { name: 'janko solution mark', parse: () => parseJankoSolution('1 2 1\nx 7'), reason: /'7' is not 'x'/, line: 2, column: 3, cell: [0, 1] },
      { name: 'puzz.link bad digit', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmz'), reason: /'z' is not a base-32/, line: 1, column: 49 },
      { name: 'puzz.link short', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9g'), reason: /borders too short: a 6×6 grid needs 12 characters/, line: 1, column: 42 },
      { name: 'puzz.link long', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk0'), reason: /borders too long/, line: 1, column: 50 },
      { name: 'puzz.link trailing text', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk/x'), reason: /unexpected text after the borders/, line: 1, column: 51 },
      { name: 'puzz.link two slashes', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk//'), reason: /unexpected text after the borders/, line: 1, column: 51 },
      { name: 'sbn size', parse: () => sbnFormat.parse('AB3W08Of'), reason: /size as one letter twice/, line: 1, column: 1 },
      { name: 'sbn short', parse: () => sbnFormat.parse('EE3W08Of'), reason: /walls too short: a 14×14 grid needs 61 characters/, line: 1, column: 9 },
      { name: 'sbn bad char', parse: () => sbnFormat.parse('553W0*00000'), reason: /'\*' is not an SBN character/, line: 1, column: 6 },
      { name: 'sbn zero stars', parse: () => sbnFormat.parse('550W0000000'), reason: /positive/, line: 1, column: 3 },
      { name: 'puzz.link no size', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/x/1/2u9g'), reason: /row count/, line: 1, column: 34 },
      { name: 'puzz.link negative size', parse: () => puzzlinkFormat.parse('https://puzz.link/p?starbattle/-5/5/1/abc'), reason: /column count \(a positive number\)/, line: 1, column: 32 },
      { name: 'lab short block', parse: () => starbattlelabFormat.parse('## puzzle 1 dim=3 stars=1\nABC\nABC'), reason: /expected 3 grid rows, found 2/ },
      { name: 'lab bad row', parse: () => starbattlelabFormat.parse('## puzzle 1 dim=3 stars=1\nABC\nAB\nABC'), reason: /row 2 has 2 region letters/, line: 3, cell: [1, 2] },
      { name: 'json missing id', parse: () => jsonFormat.parse({ type: 'starbattle', rows: 1, cols: 2, stars: 1, regions: [[0, 2]] }), reason: /1 is unused/ },
      { name: 'json bad cell', parse: () => jsonFormat.parse({ type: 'starbattle', rows: 1, cols: 2, stars: 1, regions: [[0, 'a']] }), reason: /integer >= 0 or null/, cell: [0, 1] },
      { name: 'json bad text', parse: () => jsonFormat.parse('{"type": "starbattle",'), reason: /invalid JSON/ },
    ];
    for (const c of cases) {
      it(c.name, () => {
        let err: unknown;
        try { c.parse(); } catch (e) { err = e; }
        expect(err).toBeInstanceOf(ParseError);
        const pe = err as ParseError;
        expect(pe.reason).toMatch(c.reason);
        if (c.line !== undefined) expect(pe.location.line).toBe(c.line);
        if (c.column !== undefined) expect(pe.location.column).toBe(c.column);
        if (c.cell !== undefined) expect(pe.location.cell).toEqual(c.cell);
      });
    }
  });
});

describe('readings are checked before solving: an impossible reading is a located error saying what was read', () => {
  const expectParseError = (parse: () => unknown, reason: RegExp, location: { line?: number; column?: number; cell?: [number, number] } = {}) => {
    let err: unknown;
    try { parse(); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).reason).toMatch(reason);
    expect((err as ParseError).location).toMatchObject(location);
  };
  const url9 = 'https://puzz.link/p?starbattle/9/9/2/g0s3lf4smiqbc08du0e13g6f000hug';

  it('puzz.link: a 9×9 URL whose walls make 10 regions, too many stars, a non-square grid', () => {
    const regions = puzzlinkFormat.parse(url9).regions.map((row) => [...row]);
    regions[0]![0] = 9; // cut (0,0) off region 0: walls for 10 regions
    const tenRegions = `https://puzz.link/p?starbattle/9/9/2/${encodePuzzlinkBorders(regions)}`;
    expectParseError(() => puzzlinkFormat.parse(tenRegions), /^9×9 URL decoded to 10 regions; a 9×9 Star Battle has 9, one per row$/, { line: 1, column: 38 });
    expectParseError(() => puzzlinkFormat.parse(url9.replace('/9/9/2/', '/9/9/3/')), /3 stars per row, column and region do not fit in a 9×9 grid: at most 2/, { column: 36 });
    expectParseError(() => puzzlinkFormat.parse('https://puzz.link/p?starbattle/6/5/1/0000000000'), /the 5×6 grid is not square/, { column: 32 });
  });

  it('janko, picture, Parks, starbattlelab, SBN and JSON name their reading', () => {
    expectParseError(() => jankoFormat.parse('4 4 1\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 5'), /^4×4 janko grid has 5 regions; a 4×4 Star Battle has 4/, { line: 1 });
    expectParseError(() => jankoFormat.parse('\n4 5 1\n1 1 2 2 2\n1 1 2 2 2\n3 3 4 4 4\n3 3 4 4 4'), /the 4×5 grid is not square/, { line: 2 });
    expectParseError(() => jankoFormat.parse('4 4 1\n1 1 2 2\n@ @ @ #\n3 3 4 4\n3 3 4 4'), /janko grid has row 2 with 0 cells in regions, too few for 1 stars/, { cell: [1, 0] });
    expectParseError(() => pictureFormat.parse('stars: 2\nAABBC\nAABBC\nDDEEC\nDDEEC\nDDEEC'), /2 stars per row, column and region do not fit in a 5×5 grid: at most 1/, { line: 1 });
    expectParseError(() => pictureFormat.parse('stars: 1\nAAAA\nBBBB\nCCCC'), /the 3×4 grid is not square/);
    const parks = ['0 0 0 0 0 0 0 0 0 1', ...[2, 3, 4, 5, 6, 7, 8, 9, 9].map((park) => Array(10).fill(park).join(' '))];
    expectParseError(() => parksFormat.parse(`m=2\n${parks.join('\n')}`), /10×10 Parks grid has region 1 of 1 cell, too small for 2 stars/, { line: 1, cell: [0, 9] });
    expectParseError(() => starbattlelabFormat.parse('## puzzle 1 dim=4 stars=1\nAABB\nAABB\nCCDD\nCCDE'), /4×4 starbattlelab block has 5 regions/, { line: 1 });
    expectParseError(() => sbnFormat.parse('551W' + '0'.repeat(7)), /^5×5 SBN decoded to 1 region; a 5×5 Star Battle has 5, one per row$/, { column: 5 });
    expectParseError(() => jsonFormat.parse({ type: 'starbattle', rows: 2, cols: 2, stars: 1, regions: [[0, 0], [1, 1]] }), /1 stars per row, column and region do not fit in a 2×2 grid: at most 0/);
    expectParseError(() => jsonFormat.parse({ type: 'starbattle', rows: 4, cols: 4, stars: 1, regions: [[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]] }), /4×4 JSON has 3 regions/);
  });

  it('as a row of the tool: the error names the input and what was read, not "none"', () => {
    const regions = puzzlinkFormat.parse(url9).regions.map((row) => [...row]);
    regions[8]![8] = 9;
    const url = `https://puzz.link/p?starbattle/9/9/2/${encodePuzzlinkBorders(regions)}`;
    const [entry] = [...readText(url, { input: url }, {}, true)];
    expect(entry?.ok).toBe(false);
    expect(!entry?.ok && entry?.error).toBe(`${url}, line 1, column 38: 9×9 URL decoded to 10 regions; a 9×9 Star Battle has 9, one per row`);
  });

  it('cells in no region are legitimate: janko @/# and Parks -1 cells still read', () => {
    const janko = jankoFormat.parse('5 5 1\n1 @ 2 2 2\n1 1 # 2 2\n3 3 3 2 2\n4 4 4 4 4\n5 5 5 5 5');
    expect(janko.regions[0]![1]).toBeNull();
    expect(jankoFormat.write!(janko)).toBe('5 5 1\n1 @ 2 2 2\n1 1 # 2 2\n3 3 3 2 2\n4 4 4 4 4\n5 5 5 5 5');
    expect(parksFormat.parse('m=1\n0 0 1 1\n-1 2 2 1\n3 3 2 -1\n3 3 2 2').regions[1]![0]).toBeNull();
  });
});

describe('bad input never crashes', () => {
  /** Deterministic damage: drop, duplicate or replace one character, drop or repeat a line, truncate. */
  function* damaged(text: string): Generator<string> {
    const lines = text.split('\n');
    for (let i = 0; i < text.length; i += Math.max(1, Math.floor(text.length / 40))) {
      yield text.slice(0, i) + text.slice(i + 1);
      yield text.slice(0, i) + text[i] + text.slice(i);
      for (const ch of ['x', '9', '-', ' ', '@', '*']) yield text.slice(0, i) + ch + text.slice(i + 1);
      yield text.slice(0, i);
    }
    for (let l = 0; l < lines.length; l++) {
      yield [...lines.slice(0, l), ...lines.slice(l + 1)].join('\n');
      yield [...lines.slice(0, l + 1), ...lines.slice(l)].join('\n');
    }
  }
  const inputs: [string, { parse(input: unknown): StarBattlePuzzle }][] = [
    [fixture('parks-5x5.txt'), parksFormat],
    [fixture('norvig-5x5.txt'), pictureFormat],
    ['6 6 1\n1 2 2 2 2 2\n1 1 1 1 2 2\n1 2 2 2 2 6\n1 3 4 3 5 6\n1 3 4 3 5 5\n1 3 3 3 5 5', jankoFormat],
    ['https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk', puzzlinkFormat],
    ['EE3W08OfaO2C1IeaurED7aZoGX98ZBHdeIGG29X7GZHOmMOI4H8Ocd8aOOaC4A200', sbnFormat],
    ['## puzzle 1 dim=4 stars=1\nAABB .*..\nAABB ...*\nCCDD *...\nCCDD ..*.', starbattlelabFormat],
    [JSON.stringify(starBattle.toJson(readFixture('handmade-two-solutions.txt').puzzle)), jsonFormat],
  ];
  for (const [text, format] of inputs) {
    it(`${(format as { name?: string }).name}: every damaged variant parses to a solvable-or-not puzzle or throws ParseError`, () => {
      let parsed = 0;
      let rejected = 0;
      for (const bad of damaged(text)) {
        let puzzle: StarBattlePuzzle;
        try {
          puzzle = format.parse(bad);
        } catch (e) {
          expect(e, JSON.stringify(bad)).toBeInstanceOf(ParseError);
          rejected++;
          continue;
        }
        parsed++;
        const r = solvePuzzle(starBattle, puzzle, { count: 1 }); // default engine: cheap to create per puzzle
        expect(r.status, JSON.stringify(bad)).not.toBe('error');
      }
      expect(rejected).toBeGreaterThan(0);
      expect(parsed + rejected).toBeGreaterThan(20);
    });
  }
});

describe('rendering', () => {
  it('text shows the regions with * on the stars', () => {
    const { puzzle } = readFixture('norvig-board1.txt');
    const text = renderText(puzzle, solutionFile('norvig-board1.solution.txt'));
    const published = fixture('norvig-board1.solution.txt').split('\n').filter((l) => l && !l.startsWith('#')).join('\n') + '\n';
    expect(text).toBe(published);
  });

  it('text pads multi-character labels and marks cells in no region', () => {
    const p = puzzleFromLabels([['1', null, '10'], ['1', '10', '10']], 1);
    expect(renderText(p, [[true, false, false], [false, false, true]])).toBe(' *  # 10\n 1 10  *\n');
  });

  it('SVG: standalone, one filled cell per square, thick walls between regions, one shape per star', () => {
    const { puzzle } = readFixture('norvig-board24.txt');
    const solution = solutionFile('norvig-board24.solution.txt');
    const svg = renderSvg(puzzle, solution);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<rect [^>]*fill="hsl/g)).toHaveLength(100);
    expect(svg.match(/fill="#222"/g)).toHaveLength(20);
    expect(svg).toMatch(/stroke-width="3"/);
    expect(renderSvg(puzzle).match(/fill="#222"/g)).toBeNull();
  });

  it('determined cells: * where every solution has a star, ? where solutions differ', () => {
    const { puzzle } = readFixture('norvig-5x5.txt');
    const report = solvePuzzle<StarBattlePuzzle, StarBattleSolution>(starBattle, puzzle, { count: 0, determined: true, engine: 'minisat-js' });
    const sols = bruteForce(puzzle);
    expect(sols).toHaveLength(2);
    const expected = puzzle.regions.map((row, r) => row.map((id, c) => {
      const v = sols.map((s) => s[r]![c]!);
      return v.every((x) => x) ? '*' : v.every((x) => !x) ? puzzle.labels![id!]! : '?';
    }).join(' ')).join('\n') + '\n';
    expect(report.determined?.text).toBe(expected);
    expect(report.determined?.text).toContain('?');
  });
});
