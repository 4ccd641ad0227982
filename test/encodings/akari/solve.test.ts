/**
 * Akari encoding against independent evidence: the seed's published solutions, a plain backtracking
 * counter (no CNF), hand-made puzzles with 0 and 2 solutions, every variant and cardinality encoding,
 * and a verifier that rejects each kind of broken solution.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDINALITY_ENCODINGS } from '../../../src/cnf/cardinality.js';
import { Model } from '../../../src/cnf/model.js';
import { backbone, fixedFunction } from '../../../src/cnf/queries.js';
import { createSolver } from '../../../src/sat/index.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import { akari } from '../../../encodings/akari/index.js';
import type { AkariCell, AkariPuzzle, AkariSolution } from '../../../encodings/akari/puzzle.js';
import { parseGrid } from '../../../encodings/akari/formats/grid.js';
import { parseTatham } from '../../../encodings/akari/formats/tatham.js';
import { AKARI_VARIANTS, encodeAkari } from '../../../encodings/akari/rules.js';
import { verifyAkari } from '../../../encodings/akari/verify.js';
import { renderAkariSvg, renderAkariText } from '../../../encodings/akari/render.js';
import { AKARI_FIXTURES as FIXTURES, bulbsFromRows, countAkari, fixtureLines, solutionKey } from '../../helpers/akari.js';

/**
 * Finds all solutions by plain backtracking over the white cells in reading order (no CNF, no
 * verifier): a bulb is tried only where no earlier bulb shines on it and no clue overflows; a cell
 * left dark must still have a later cell to its right or below that could take a bulb, and a clue
 * must still be reachable with its undecided neighbours. Complete placements are judged by the rules.
 */
function backtrackSolutions(p: AkariPuzzle): Set<string> {
  const white = (r: number, c: number) => r >= 0 && r < p.rows && c >= 0 && c < p.cols && p.cells[r]![c] === 'white';
  const bulbs = p.cells.map((row) => row.map(() => false));
  const cells: [number, number][] = [];
  p.cells.forEach((row, r) => row.forEach((cell, c) => { if (cell === 'white') cells.push([r, c]); }));
  const dirs = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
  const shinesOn = (r: number, c: number) => dirs.some(([dr, dc]) => {
    for (let rr = r + dr, cc = c + dc; white(rr, cc); rr += dr, cc += dc) if (bulbs[rr]![cc]) return true;
    return false;
  });
  /** Some cell right of or below (r,c) on its runs could still take a bulb. */
  const laterLight = (r: number, c: number) => [[0, 1], [1, 0]].some(([dr, dc]) => {
    for (let rr = r + dr!, cc = c + dc!; white(rr, cc); rr += dr!, cc += dc!) if (!shinesOn(rr, cc)) return true;
    return false;
  });
  const decided = (r: number, c: number, i: number) => r * p.cols + c <= cells[i]![0] * p.cols + cells[i]![1];
  /** Clues next to (r,c): not overflowing, and still reachable after cell i is decided. */
  const cluesNear = (r: number, c: number, i: number) => dirs.every(([dr, dc]) => {
    const cr = r + dr;
    const cc = c + dc;
    const clue = cr >= 0 && cr < p.rows && cc >= 0 && cc < p.cols ? p.cells[cr]![cc] : 'white';
    if (typeof clue !== 'number') return true;
    let on = 0;
    let open = 0;
    for (const [er, ec] of dirs) {
      if (!white(cr + er, cc + ec)) continue;
      if (bulbs[cr + er]![cc + ec]) on++;
      else if (!decided(cr + er, cc + ec, i)) open++;
    }
    return on <= clue && on + open >= clue;
  });
  const found = new Set<string>();
  const visit = (i: number): void => {
    if (i === cells.length) {
      const allLit = cells.every(([r, c]) => bulbs[r]![c] || shinesOn(r, c));
      const cluesExact = p.cells.every((row, r) => row.every((cell, c) => typeof cell !== 'number'
        || dirs.filter(([dr, dc]) => white(r + dr, c + dc) && bulbs[r + dr]![c + dc]).length === cell));
      if (allLit && cluesExact) found.add(bulbs.map((row) => row.map((b) => (b ? '*' : '.')).join('')).join('/'));
      return;
    }
    const [r, c] = cells[i]!;
    if ((shinesOn(r, c) || laterLight(r, c)) && cluesNear(r, c, i)) visit(i + 1);
    if (!shinesOn(r, c)) {
      bulbs[r]![c] = true;
      if (cluesNear(r, c, i)) visit(i + 1);
      bulbs[r]![c] = false;
    }
  };
  visit(0);
  return found;
}

/** A small random puzzle from a seeded generator (about 20% black, half of them numbered). */
function randomPuzzle(seed: number, rows: number, cols: number): AkariPuzzle {
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const cells = Array.from({ length: rows }, () => Array.from({ length: cols }, (): AkariCell => {
    if (rand() >= 0.22) return 'white';
    return rand() < 0.5 ? 'black' : (Math.floor(rand() * 3) as AkariCell);
  }));
  return { rows, cols, cells };
}

const seedBoard = (n: number) => parseGrid(fs.readFileSync(path.join(FIXTURES, `seed004/board_${n}.txt`), 'utf8'));
const seedSolutionRows = (n: number) => fixtureLines(path.join(FIXTURES, `seed004/board_${n}.solution.txt`));
const keysOf = (solutions: AkariSolution[]) => new Set(solutions.map(solutionKey));

describe('seed 004 boards', () => {
  it('board_6, board_10 and board_7 have the printed solution, and only that one', () => {
    for (const n of [6, 10, 7]) {
      const puzzle = seedBoard(n);
      const res = countAkari(puzzle, 2, {}, 'minisat-js');
      expect(res.count, `board_${n}`).toBe(1);
      expect(res.exact).toBe(true);
      const printed = bulbsFromRows(seedSolutionRows(n));
      // board_7's printed table stops after row 9: compare the rows that are printed.
      expect(printed.length).toBe(n === 7 ? 10 : puzzle.rows);
      expect(res.solutions[0]!.bulbs.slice(0, printed.length), `board_${n}`).toEqual(printed);
      expect(verifyAkari(puzzle, res.solutions[0]!)).toEqual([]);
    }
  });

  it('every board solves and verifies; its solution set matches backtracking', () => {
    for (let n = 0; n <= 10; n++) {
      const puzzle = seedBoard(n);
      const res = countAkari(puzzle, 50);
      expect(res.exact, `board_${n}`).toBe(true);
      // Boards 1-10 come from puzzle-light-up.com and are unique; board_0 as printed has 4 solutions.
      expect(res.count, `board_${n}`).toBe(n === 0 ? 4 : 1);
      expect(res.count, `board_${n}`).toBeGreaterThanOrEqual(1);
      for (const s of res.solutions) expect(verifyAkari(puzzle, s), `board_${n}`).toEqual([]);
      expect(keysOf(res.solutions), `board_${n}`).toEqual(backtrackSolutions(puzzle));
    }
  });
});

describe('hand-made puzzles', () => {
  it('an open 2x2 has exactly the two diagonal placements', () => {
    const res = countAkari(parseGrid('__\n__\n'), 10);
    expect(res.count).toBe(2);
    expect(res.exact).toBe(true);
    expect(keysOf(res.solutions)).toEqual(new Set(['*./.*', '.*/*.']));
  });

  it('a clued 2x3 with two solutions reports 2', () => {
    // The 1 takes its bulb in a top corner; the opposite bottom corner then lights the rest.
    const puzzle = parseGrid('_1_\n___\n');
    const res = countAkari(puzzle, 10);
    expect(res.count).toBe(backtrackSolutions(puzzle).size);
    expect(res.count).toBe(2);
  });

  it('infeasible puzzles have no solution', () => {
    for (const grid of ['_4_\n', '0_\n_0\n', '0__0\n']) {
      const res = countAkari(parseGrid(grid), 2);
      expect(res.count, grid).toBe(0);
      expect(res.exact).toBe(true);
      expect(backtrackSolutions(parseGrid(grid)).size).toBe(0);
    }
  });
});

describe('random small puzzles against backtracking', () => {
  const puzzles = Array.from({ length: 40 }, (_, i) => randomPuzzle(1000 + i, 4 + (i % 3), 5 + (i % 2)));

  it('the CNF solution set equals the backtracking one', () => {
    let withSeveral = 0;
    let withNone = 0;
    for (const [i, p] of puzzles.entries()) {
      const res = countAkari(p, 0);
      const expected = backtrackSolutions(p);
      expect(res.exact).toBe(true);
      expect(keysOf(res.solutions), `puzzle ${i}\n${renderAkariText(p)}`).toEqual(expected);
      if (expected.size > 1) withSeveral++;
      if (expected.size === 0) withNone++;
    }
    // The sample exercises multi-solution and infeasible puzzles, not only easy ones.
    expect(withSeveral).toBeGreaterThan(5);
    expect(withNone).toBeGreaterThan(0);
  });

  it('every coverage variant and cardinality encoding gives the same solution set', () => {
    const sample = [...puzzles.slice(0, 12), seedBoard(6), seedBoard(8)];
    for (const p of sample) {
      const reference = keysOf(countAkari(p, 0).solutions);
      for (const coverage of AKARI_VARIANTS.coverage) {
        for (const cardinality of CARDINALITY_ENCODINGS) {
          const res = countAkari(p, 0, { cardinality, variant: { coverage } });
          expect(keysOf(res.solutions), `${coverage}/${cardinality}`).toEqual(reference);
        }
      }
    }
  });

  it('rejects an unknown variant value', () => {
    expect(() => countAkari(seedBoard(6), 1, { variant: { coverage: 'nope' } })).toThrow(/coverage variant 'nope'/);
  });
});

describe('the verifier', () => {
  const puzzle = seedBoard(6);
  const solved = (): AkariSolution => ({ bulbs: bulbsFromRows(seedSolutionRows(6)) });

  it('accepts the published solution and rejects every single-cell change of unique puzzles', () => {
    expect(verifyAkari(puzzle, solved())).toEqual([]);
    for (const id of fixtureLines(path.join(FIXTURES, 'tatham-7x7-d2.txt')).slice(0, 5)) {
      const p = parseTatham(id);
      const s = countAkari(p, 1).solutions[0]!;
      for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
        const bulbs = s.bulbs.map((row) => [...row]);
        bulbs[r]![c] = !bulbs[r]![c];
        expect(verifyAkari(p, { bulbs }).length, `${id} flip (${r},${c})`).toBeGreaterThan(0);
      }
    }
  });

  it('names each broken rule and its cells', () => {
    const unlit = solved();
    unlit.bulbs[1]![3] = false; // [1][3] lit only itself and its row/column; messages count from 1
    expect(verifyAkari(puzzle, unlit)).toContain('white cell (2,4) is not lit');

    const facing = solved();
    facing.bulbs[0]![1] = true; // same row run as the bulb at [0][0]
    expect(verifyAkari(puzzle, facing)).toContain('bulbs at (1,1) and (1,2) light each other');

    const onBlack = solved();
    onBlack.bulbs[0]![2] = true;
    expect(verifyAkari(puzzle, onBlack)).toContain('bulb on black cell (1,3)');

    const clue = solved();
    clue.bulbs[6]![1] = false; // the 2 at [6][2] keeps only one neighbour bulb
    expect(verifyAkari(puzzle, clue)).toContain('clue 2 at (7,3) has 1 bulbs next to it');

    expect(verifyAkari(puzzle, { bulbs: [[true]] })[0]).toMatch(/not 7x7/);
  });
});

describe('rendering', () => {
  const puzzle = seedBoard(6);
  const solution: AkariSolution = { bulbs: bulbsFromRows(seedSolutionRows(6)) };

  it('text: # black, digits, * bulbs, + lit cells', () => {
    expect(renderAkariText(puzzle, solution)).toBe([
      '*+#+0+*', '+++*+++', '#+++*+0', '*++1+*+', '#++*++#', '++*++++', '+*2+0+*', '',
    ].join('\n'));
    expect(renderAkariText(puzzle)).toBe(fs.readFileSync(path.join(FIXTURES, 'seed004/board_6.txt'), 'utf8')
      .split('\n').filter((l) => !l.startsWith('#')).join('\n').replace(/_/g, '.').replace(/X/g, '#'));
  });

  it('svg: a standalone picture with a circle per bulb and a label per clue', () => {
    const svg = renderAkariSvg(puzzle, solution);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[^"]+"/);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<circle /g)!.length).toBe(solution.bulbs.flat().filter(Boolean).length);
    expect(svg.match(/<text /g)!.length).toBe(puzzle.cells.flat().filter((c) => typeof c === 'number').length);
    expect(svg.match(/fill="#fff4a8"/g)!.length).toBe(puzzle.cells.flat().filter((c) => c === 'white').length);
  });

  it('renderDetermined marks cells that differ between solutions with ?', () => {
    const p = parseGrid('_1_\n___\n');
    const model = new Model(createSolver());
    const encoded = encodeAkari(model, p);
    const bb = backbone(model, encoded.projection);
    expect(encoded.renderDetermined(fixedFunction(bb.determined))).toBe('?1?\n?+?\n');
  });
});

describe('through the generic pipeline', () => {
  it('reports unique, multiple and none with verified solutions', () => {
    const unique = solvePuzzle(akari, seedBoard(10), { count: 2 });
    expect(unique.status).toBe('unique');
    expect(verifyAkari(seedBoard(10), unique.solution as AkariSolution)).toEqual([]);
    expect(solvePuzzle(akari, parseGrid('__\n__\n'), { count: 0 })).toMatchObject({ status: 'multiple', count: 2, countExact: true });
    expect(solvePuzzle(akari, parseGrid('_4_\n'), { count: 2 }).status).toBe('none');
  });
});
