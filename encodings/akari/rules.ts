/**
 * The Akari rules as CNF. One boolean per white cell, `bulb(r,c)`; every rule below is one function.
 *
 * Variant `coverage`:
 * - `direct`: a white cell is lit when some bulb stands in its row run or its column run, written
 *   as one clause over both runs;
 * - `run-vars`: each run gets a literal `lit(run)` defined as "the run holds a bulb", and a cell's
 *   coverage is the binary clause `lit(rowRun) ∨ lit(colRun)` (smaller clauses, more variables).
 */
import { cellLabel } from '../../src/geometry/grid.js';
import { variantOf } from '../../src/puzzle/variants.js';
import type { Lit } from '../../src/sat/types.js';
import type { CardinalityOptions, Model } from '../../src/cnf/model.js';
import type { EncodeOptions, Encoded } from '../../src/puzzle/types.js';
import { clueOf, emptySolution, isWhite, orthogonalNeighbours, type AkariPuzzle, type AkariSolution } from './puzzle.js';
import { findRuns, type Run, type RunMap } from './runs.js';
import { renderDeterminedGrid } from './render.js';

export const AKARI_VARIANTS = { coverage: ['direct', 'run-vars'] } as const;
export type CoverageVariant = (typeof AKARI_VARIANTS.coverage)[number];

interface Board {
  puzzle: AkariPuzzle;
  model: Model;
  cardinality: CardinalityOptions;
  runs: RunMap;
  /** `bulb[r][c]`: the bulb literal of a white cell, 0 on black cells. */
  bulb: Lit[][];
}

export function encodeAkari(model: Model, puzzle: AkariPuzzle, options: EncodeOptions = {}): Encoded<AkariSolution> {
  const coverage = variantOf('akari', options, 'coverage', AKARI_VARIANTS.coverage);
  const board: Board = {
    puzzle,
    model,
    cardinality: options.cardinality ? { encoding: options.cardinality } : {},
    runs: findRuns(puzzle),
    bulb: bulbVariables(model, puzzle),
  };

  noBulbLightsAnother(board);
  if (coverage === 'direct') everyWhiteCellIsLitDirect(board);
  else everyWhiteCellIsLitByRunLiterals(board);
  cluesCountTheirNeighbouringBulbs(board);

  const projection = board.bulb.flat().filter((l) => l !== 0);
  return {
    projection,
    decode(value) {
      const solution = emptySolution(puzzle);
      board.bulb.forEach((row, r) => row.forEach((l, c) => { solution.bulbs[r]![c] = l !== 0 && value(l); }));
      return solution;
    },
    renderDetermined(fixed) {
      return renderDeterminedGrid(puzzle, (r, c) => fixed(board.bulb[r]![c]!));
    },
  };
}

/** How rules name cells to a player: rows and columns counted from 1. */
const at = cellLabel;

/** A run in words: "row 3, columns 2–6". */
function runName(run: Run): string {
  const first = run.cells[0]!;
  const last = run.cells[run.cells.length - 1]!;
  if (run.cells.length === 1) return `the cell ${at(first[0], first[1])}`;
  return run.direction === 'row'
    ? `row ${first[0] + 1}, columns ${first[1] + 1}–${last[1] + 1}`
    : `column ${first[1] + 1}, rows ${first[0] + 1}–${last[0] + 1}`;
}

/** Bulbs may only stand on white cells: one variable per white cell. */
function bulbVariables(model: Model, puzzle: AkariPuzzle): Lit[][] {
  return puzzle.cells.map((row, r) => row.map((cell, c) => {
    if (!isWhite(cell)) return 0;
    // Names and wording are made when first read (explanations), not for every solve.
    const lit = model.newVar(() => `bulb(${r},${c})`);
    model.describe(lit, () => ({ cells: [[r, c]], yes: `${at(r, c)} holds a bulb`, no: `${at(r, c)} holds no bulb` }));
    return lit;
  }));
}

function runLiterals(board: Board, runIndex: number): Lit[] {
  return board.runs.runs[runIndex]!.cells.map(([r, c]) => board.bulb[r]![c]!);
}

/** No bulb lights another: at most one bulb on each maximal row run and column run. */
function noBulbLightsAnother(board: Board): void {
  board.runs.runs.forEach((run, i) => board.model.rule(() => `bulbs must not light each other: at most one bulb in ${runName(run)}`, run.cells,
    () => board.model.atMost(runLiterals(board, i), 1, board.cardinality)));
}

/** Every white cell is lit: some bulb stands in its row run or in its column run. */
function everyWhiteCellIsLitDirect(board: Board): void {
  forEachWhiteCell(board, (rowRun, colRun, r, c) => litRule(board, r, c, rowRun, colRun,
    () => board.model.addClause([...runLiterals(board, rowRun), ...runLiterals(board, colRun)])));
}

/** Every white cell is lit, through one "this run holds a bulb" literal per run. */
function everyWhiteCellIsLitByRunLiterals(board: Board): void {
  const { model } = board;
  const runLit = board.runs.runs.map((run, i) => {
    const [r, c] = run.cells[0]!;
    return model.or(runLiterals(board, i), `lit(${run.direction} run at ${r},${c})`);
  });
  forEachWhiteCell(board, (rowRun, colRun, r, c) => litRule(board, r, c, rowRun, colRun,
    () => model.addClause([runLit[rowRun]!, runLit[colRun]!])));
}

/** The fact "(r,c) must be lit", which concerns every cell that can light it. */
function litRule(board: Board, r: number, c: number, rowRun: number, colRun: number, write: () => void): void {
  const cells = () => [...board.runs.runs[rowRun]!.cells, ...board.runs.runs[colRun]!.cells.filter(([rr]) => rr !== r)];
  board.model.rule(() => `${at(r, c)} must be lit`, cells, write);
}

function forEachWhiteCell(board: Board, visit: (rowRun: number, colRun: number, r: number, c: number) => void): void {
  const { rows, cols } = board.puzzle;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (board.runs.rowRunOf[i]! >= 0) visit(board.runs.rowRunOf[i]!, board.runs.colRunOf[i]!, r, c);
    }
  }
}

/** A numbered black cell has exactly that many bulbs orthogonally next to it. */
function cluesCountTheirNeighbouringBulbs(board: Board): void {
  const { puzzle, model } = board;
  puzzle.cells.forEach((row, r) => row.forEach((cell, c) => {
    const clue = clueOf(cell);
    if (clue === null) return;
    const cells = orthogonalNeighbours(puzzle, r, c).filter(([rr, cc]) => board.bulb[rr]![cc]! !== 0);
    model.rule(() => `clue ${clue} at ${at(r, c)} needs ${clue} bulb${clue === 1 ? '' : 's'} next to it`, () => [[r, c], ...cells],
      () => model.exactly(cells.map(([rr, cc]) => board.bulb[rr]![cc]!), clue, board.cardinality));
  }));
}
