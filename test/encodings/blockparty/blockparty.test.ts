import { readFileSync } from 'node:fs';
import { REPO } from '../../helpers/paths.js';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Model } from '../../../src/cnf/model.js';
import { enumerate, valuation } from '../../../src/cnf/queries.js';
import type { CardinalityEncoding } from '../../../src/cnf/cardinality.js';
import { ParseError } from '../../../src/util/errors.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { createSolver } from '../../../src/sat/index.js';
import { blockPartyToJson, jsonFormat, parsePuzzleObject } from '../../../encodings/blockparty/formats/json.js';
import { blockPartyToText, parseBlockPartyText, textFormat } from '../../../encodings/blockparty/formats/text.js';
import { answer, blockParty, type BlockPartyPuzzle, type BlockPartySolution } from '../../../encodings/blockparty/index.js';
import { DISTANCE_VARIANTS } from '../../../encodings/blockparty/rules.js';
import { verifyBlockParty } from '../../../encodings/blockparty/verify.js';

const root = REPO;
const fixture = (name: string) => readFileSync(path.join(root, 'fixtures/blockparty', name), 'utf8');

interface SolveOptions {
  distance?: string;
  cardinality?: CardinalityEncoding;
  /** Stop after this many solutions (default 2: enough to prove uniqueness). */
  limit?: number;
}

/** Every solution (up to `limit`), decoded, and whether the list is complete. */
function solveAll(puzzle: BlockPartyPuzzle, options: SolveOptions = {}): { solutions: BlockPartySolution[]; complete: boolean } {
  const model = new Model(createSolver('minisat-js'));
  const encoded = blockParty.encode(model, puzzle, {
    cardinality: options.cardinality,
    variant: options.distance ? { distance: options.distance } : undefined,
  });
  const res = enumerate(model, encoded.projection, { limit: options.limit ?? 2 });
  model.solver.dispose();
  return { solutions: res.solutions.map((m) => encoded.decode(valuation(m))), complete: res.complete };
}

/** Every solution by brute force: each region's permutations, filtered by the independent verifier. */
function bruteForce(puzzle: BlockPartyPuzzle): BlockPartySolution[] {
  const regions: [number, number][][] = [];
  puzzle.regions.forEach((row, r) => row.forEach((id, c) => (regions[id] ??= []).push([r, c])));
  const grid = puzzle.regions.map((row) => row.map(() => 0));
  const out: BlockPartySolution[] = [];
  const permutations = (n: number): number[][] => n === 0 ? [[]]
    : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n, ...p.slice(i)]));
  const place = (i: number): void => {
    if (i === regions.length) {
      if (verifyBlockParty(puzzle, grid).length === 0) out.push(grid.map((row) => [...row]));
      return;
    }
    for (const perm of permutations(regions[i]!.length)) {
      regions[i]!.forEach(([r, c], j) => { grid[r]![c] = perm[j]!; });
      place(i + 1);
    }
  };
  place(0);
  return out;
}

const key = (s: BlockPartySolution) => s.map((row) => row.join(',')).join('/');

describe('blockparty fixtures', () => {
  const example = parseBlockPartyText(fixture('example-5x5.txt'));
  const bp4 = parseBlockPartyText(fixture('block-party-4.txt'));

  it('solves the 5x5 example uniquely, verified, with answer 430', () => {
    const { solutions, complete } = solveAll(example);
    expect(complete).toBe(true);
    expect(solutions).toHaveLength(1);
    expect(verifyBlockParty(example, solutions[0]!)).toEqual([]);
    expect(answer(solutions[0]!)).toBe(430);
    expect(example.answer).toBe(430);
    expect(blockParty.renderText(example, solutions[0]!)).toMatch(/answer.*: 430\b/);
    expect(blockParty.solutionToJson(solutions[0]!)).toEqual({ values: solutions[0], answer: 430 });
  });

  it('solves Block Party 4 uniquely, verified', () => {
    const { solutions, complete } = solveAll(bp4);
    expect(complete).toBe(true);
    expect(solutions).toHaveLength(1);
    expect(verifyBlockParty(bp4, solutions[0]!)).toEqual([]);
    // Every given is kept.
    bp4.givens.forEach((row, r) => row.forEach((g, c) => { if (g !== null) expect(solutions[0]![r]![c]).toBe(g); }));
  });

  it('a given contradicting the unique solution leaves none', () => {
    const broken = parseBlockPartyText(fixture('../edge-cases/blockparty-broken-given.txt'));
    const { solutions, complete } = solveAll(broken);
    expect(solutions).toHaveLength(0);
    expect(complete).toBe(true);
  });

  it('the two-solution puzzle has exactly the two solutions brute force finds', () => {
    const two = parseBlockPartyText(fixture('two-solutions.txt'));
    const { solutions, complete } = solveAll(two, { limit: 10 });
    expect(complete).toBe(true);
    expect(solutions).toHaveLength(2);
    expect(solutions.map(key).sort()).toEqual(bruteForce(two).map(key).sort());
  });

  it('the malformed region list is a ParseError naming the cell', () => {
    const value = JSON.parse(fixture('../edge-cases/blockparty-malformed-regions.json'));
    expect(jsonFormat.matchJson!(value)).toBe(true);
    let error: unknown;
    try { jsonFormat.parse(value); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).location.cell).toEqual([1, 1]);
    // The JSON's [1,1] is quoted as written; the cell is named as every message names it, from 1.
    expect((error as ParseError).message).toMatch(/cell \(2,2\): regions\[2\]\[0\]: \[1,1\] is already in regions\[1\]/);
  });

  it('every distance variant and several cardinality encodings give the same solution', () => {
    const expected = solveAll(example).solutions.map(key);
    const expected4 = solveAll(bp4).solutions.map(key);
    for (const distance of DISTANCE_VARIANTS) {
      for (const cardinality of ['sequential', 'pairwise', 'totalizer'] as CardinalityEncoding[]) {
        expect(solveAll(example, { distance, cardinality }).solutions.map(key)).toEqual(expected);
      }
      expect(solveAll(bp4, { distance }).solutions.map(key)).toEqual(expected4);
    }
  });

  it('rejects an unknown distance variant', () => {
    expect(() => solveAll(example, { distance: 'nope' })).toThrow(/distance variant 'nope'/);
  });
});

describe('blockparty counts against brute force', () => {
  const puzzles = [
    'AAB\nACB\nDDD',          // three solutions
    'AAB\nCCB',               // none
    'ABB\nACB\nDCC',
    'AAB\nACB\nDDD\n\n...\n...\n3..',
    'AABB\nCADB\nCCDD',
    'ADB\nBCD\nBAD',          // regions A and D are not connected: still one region each
  ];
  for (const text of puzzles) {
    it(`counts ${text.replace(/\n/g, '/')}`, () => {
      const puzzle = parseBlockPartyText(text);
      const expected = bruteForce(puzzle).map(key).sort();
      for (const distance of DISTANCE_VARIANTS) {
        const { solutions, complete } = solveAll(puzzle, { distance, limit: 100 });
        expect(complete).toBe(true);
        expect(solutions.map(key).sort()).toEqual(expected);
      }
    });
  }
});

describe('blockparty verifier', () => {
  const example = parseBlockPartyText(fixture('example-5x5.txt'));
  const solution = solveAll(example).solutions[0]!;
  const mutate = (f: (s: BlockPartySolution) => void) => {
    const s = solution.map((row) => [...row]);
    f(s);
    return verifyBlockParty(example, s);
  };

  it('accepts the solution', () => expect(verifyBlockParty(example, solution)).toEqual([]));

  it('names a broken given', () => {
    // [2][2], the cell (3,3), is given 4; swap it with the 5 of its region.
    const errors = mutate((s) => { s[2]![2] = 5; s[0]![0] = 4; });
    expect(errors.some((e) => e.startsWith('given: cell (3,3) must hold 4, holds 5'))).toBe(true);
  });

  it('names a value outside its region range and a repeated value', () => {
    const errors = mutate((s) => { s[1]![3] = 2; s[0]![2] = 3; });
    expect(errors).toContain('region: cell (2,4) holds 2, outside 1..1 of its region D');
    expect(errors.some((e) => /region: cells \(1,\d\) and \(1,\d\) of region B both hold 3/.test(e))).toBe(true);
  });

  it('names a value whose nearest twin is too close', () => {
    // Swap the 1 at [0][2] with the 3 at [0][3] in region B: the new 3 is 2 steps from the 3 at [1][1].
    const errors = mutate((s) => { s[0]![2] = 3; s[0]![3] = 1; });
    expect(errors.filter((e) => !e.startsWith('distance'))).toEqual([]);
    expect(errors).toContain('distance: cell (1,3) holds 3; the nearest other 3 is (2,2) at distance 2, not 3');
  });

  it('names a value whose nearest twin is too far', () => {
    // Swap the 2 at [1][0] with the 1 at [2][0] in region C: no 1 is next to [1][0] any more.
    const errors = mutate((s) => { s[1]![0] = 1; s[2]![0] = 2; });
    expect(errors.filter((e) => !e.startsWith('distance'))).toEqual([]);
    expect(errors.some((e) => /^distance: cell \(2,1\) holds 1; the nearest other 1 is .* at distance [2-9], not 1$/.test(e))).toBe(true);
  });

  it('names a value that stands alone', () => {
    const lone: BlockPartyPuzzle = { rows: 1, cols: 2, regions: [[0, 0]], givens: [[null, null]] };
    expect(verifyBlockParty(lone, [[1, 2]])).toEqual([
      'distance: cell (1,1) holds 1 but no other cell does',
      'distance: cell (1,2) holds 2 but no other cell does',
    ]);
  });
});

describe('blockparty formats', () => {
  const example = parseBlockPartyText(fixture('example-5x5.txt'));

  it('the text format reads regions by label and givens by position', () => {
    expect(example.rows).toBe(5);
    expect(example.cols).toBe(5);
    expect(example.regions.map((row) => row.map((id) => example.labels![id]).join(''))).toEqual(['AABBB', 'CAADB', 'CEAFB', 'CGGFF', 'CCGHF']);
    expect(example.givens).toEqual([
      [null, null, null, null, null], [null, null, null, null, 2], [null, null, 4, null, null],
      [3, null, null, null, null], [null, null, null, null, null],
    ]);
  });

  it('accepts spaces between cells and bracketed numbers', () => {
    const p = parseBlockPartyText('A A A A A A A A A A A A\n\n. . . . . [12] . . . . . .');
    expect(p.givens[0]![5]).toBe(12);
    expect(p.regions[0]).toEqual(new Array(12).fill(0));
  });

  it('round-trips through text and JSON', () => {
    const bp4 = parseBlockPartyText(fixture('block-party-4.txt'));
    for (const p of [example, bp4]) {
      expect(parseBlockPartyText(blockPartyToText(p))).toEqual(p);
      expect(jsonFormat.parse(JSON.parse(JSON.stringify(blockPartyToJson(p))))).toEqual(p);
      expect(jsonFormat.parse(JSON.stringify(blockParty.toJson(p)))).toEqual(p);
    }
  });

  it('detects its formats', () => {
    expect(textFormat.matchText!(fixture('block-party-4.txt'))).toBe(true);
    expect(textFormat.matchText!('AAB\nACB\nDDD\n\n...\n...\n..3\n')).toBe(true);
    expect(textFormat.matchText!('AAB\nACB\nDDD\n')).toBe(false); // a bare region grid is not enough
    expect(jsonFormat.matchJson!({ type: 'starbattle', rows: 1, cols: 1, regions: [] })).toBe(false);
    expect(findPuzzleType('block-party')).toBe(blockParty);
    expect(findPuzzleType('blockparty')).toBe(blockParty);
  });

  const textErrors: [string, string, RegExp, Partial<{ line: number; column: number; cell: [number, number] }>][] = [
    ['ragged row', 'AAB\nAB\nDDD', /row 2 has 2 cells, the first row has 3/, { line: 2, column: 3, cell: [1, 2] }],
    ['bad label', 'AAB\nA.B', /'\.' cannot be a region label/, { line: 2, column: 2 }],
    ['given too large', 'blockparty\nAAB\nACB\nDDD\n\n...\n.2.\n...', /given 2 is outside 1\.\.1/, { line: 7, column: 2, cell: [1, 1] }],
    ['given zero', 'AB\nAB\n\n0.\n..', /given 0 is outside 1\.\.2/, { line: 4, column: 1, cell: [0, 0] }],
    ['bad given', 'AB\nAB\n\n.x\n..', /'x' is not a given/, { line: 4, column: 2 }],
    ['short givens', 'AB\nAB\n\n..', /givens grid has 1 rows, the region grid 2/, { line: 4 }],
    ['long givens row', 'AB\nAB\n\n...\n..', /givens row 1 has 3 cells/, { line: 4, column: 3, cell: [0, 2] }],
    ['trailing text', 'AB\nAB\n\n..\n..\n\nzz', /unexpected text/, { line: 7, column: 1 }],
    ['unclosed bracket', 'AB\nAB\n\n[1.\n..', /without a closing/, { line: 4, column: 1 }],
    ['empty', '# nothing\n', /no region grid/, {}],
  ];
  for (const [what, text, message, location] of textErrors) {
    it(`text: ${what} is a located ParseError`, () => {
      let error: unknown;
      try { textFormat.parse(text); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).message).toMatch(message);
      expect((error as ParseError).location).toMatchObject(location);
    });
  }

  const base = () => ({ type: 'blockparty', rows: 2, cols: 2, regions: [[[0, 0], [0, 1]], [[1, 0], [1, 1]]], givens: [] as unknown[] });
  const jsonErrors: [string, Record<string, unknown>, RegExp, [number, number] | undefined][] = [
    ['cell out of range', { ...base(), regions: [[[0, 0], [0, 1]], [[1, 0], [1, 2]]] }, /regions\[1\]\[1\]: \[1,2\] is outside the 2x2 grid \(rows 0\.\.1, columns 0\.\.1 in JSON\)/, undefined],
    ['duplicate cell', { ...base(), regions: [[[0, 0], [0, 1], [0, 0]], [[1, 0], [1, 1]]] }, /cell \(1,1\): regions\[0\]\[2\]: \[0,0\] is listed twice in regions\[0\]/, [0, 0]],
    ['cell in no region', { ...base(), regions: [[[0, 0], [0, 1]], [[1, 0]]] }, /cell \(2,2\): regions: no region lists \[1,1\]/, [1, 1]],
    ['given out of range', { ...base(), givens: [[1, 1, 3]] }, /cell \(2,2\): givens\[0\]: given 3 is outside 1\.\.2/, [1, 1]],
    ['given off the grid', { ...base(), givens: [[5, 1, 1]] }, /givens\[0\]: \[5,1\] is outside/, undefined],
    ['bad cell shape', { ...base(), regions: [[[0, 0], [0]], [[1, 0], [1, 1]]] }, /regions\[0\]\[1\]: expected \[row, col\]/, undefined],
    ['bad size', { ...base(), rows: 0 }, /rows: expected a whole number/, undefined],
    ['empty region', { ...base(), regions: [[[0, 0], [0, 1], [1, 0], [1, 1]], []] }, /regions\[1\]: expected a non-empty list/, undefined],
  ];
  for (const [what, value, message, cell] of jsonErrors) {
    it(`json: ${what} is a ParseError naming the cell`, () => {
      let error: unknown;
      try { jsonFormat.parse(value); } catch (e) { error = e; }
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).message).toMatch(message);
      expect((error as ParseError).location.cell).toEqual(cell);
    });
  }

  it('reads a single-puzzle object and rejects invalid JSON text', () => {
    expect(parsePuzzleObject(base()).regions).toEqual([[0, 0], [1, 1]]);
    expect(() => jsonFormat.parse('{ not json')).toThrow(ParseError);
  });
});

describe('blockparty rendering', () => {
  const example = parseBlockPartyText(fixture('example-5x5.txt'));
  const solution = solveAll(example).solutions[0]!;

  it('draws region walls and values in text', () => {
    const text = blockParty.renderText(example, solution);
    const lines = text.split('\n');
    expect(lines).toHaveLength(2 * 5 + 1 + 1);
    // Row 0 is AABBB: a wall between columns 1 and 2 only (plus the outer walls).
    expect(lines[1]!.split('|').length - 1).toBe(3);
    expect(lines[1]!.replace(/[|\s]/g, '')).toBe(solution[0]!.join(''));
    expect(blockParty.renderText(example)).toContain('4'); // the givens without a solution
  });

  it('renders what is determined, ? elsewhere', () => {
    const two = parseBlockPartyText(fixture('two-solutions.txt'));
    const model = new Model(createSolver('minisat-js'));
    const encoded = blockParty.encode(model, two, {});
    const sols = enumerate(model, encoded.projection, { limit: 10 }).solutions.map((m) => valuation(m));
    const fixed = (lit: number) => {
      const values = new Set(sols.map((v) => v(lit)));
      return values.size === 1 ? [...values][0] : undefined;
    };
    const cells = encoded.renderDetermined(fixed).split('\n').filter((_, i) => i % 2 === 1)
      .map((line) => line.replace(/[|\s]/g, ''));
    // The two solutions (see the fixture's comment) differ only in (0,1) and (1,0).
    expect(cells).toEqual(['2?2', '?11', '213']);
  });

  it('writes a standalone SVG with givens in bold', () => {
    const svg = blockParty.renderSvg(example, solution);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg.match(/<text/g)).toHaveLength(25);
    expect(svg.match(/font-weight="bold"/g)).toHaveLength(3);
  });
});
