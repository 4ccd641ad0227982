/**
 * The Akari rules as CNF. One boolean per white cell, `bulb(r,c)`; every rule below is one function.
 *
 * Variant `coverage`:
 * - `direct`: a white cell is lit when some bulb stands in its row run or its column run, written
 *   as one clause over both runs;
 * - `run-vars`: each run gets a literal `lit(run)` defined as "the run holds a bulb", and a cell's
 *   coverage is the binary clause `lit(rowRun) ∨ lit(colRun)` (smaller clauses, more variables).
 */
import { variantOf } from '../../src/puzzle/variants.js';
import type { Lit } from '../../src/sat/types.js';
import type { CardinalityOptions, Model } from '../../src/cnf/model.js';
import type { EncodeOptions, Encoded } from '../../src/puzzle/types.js';
import { clueOf, emptySolution, isWhite, orthogonalNeighbours, type AkariPuzzle, type AkariSolution } from './puzzle.js';
import { findRuns, type RunMap } from './runs.js';
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

/** Bulbs may only stand on white cells: one variable per white cell. */
function bulbVariables(model: Model, puzzle: AkariPuzzle): Lit[][] {
  return puzzle.cells.map((row, r) => row.map((cell, c) => (isWhite(cell) ? model.newVar(`bulb(${r},${c})`) : 0)));
}

function runLiterals(board: Board, runIndex: number): Lit[] {
  return board.runs.runs[runIndex]!.cells.map(([r, c]) => board.bulb[r]![c]!);
}

/** No bulb lights another: at most one bulb on each maximal row run and column run. */
function noBulbLightsAnother(board: Board): void {
  board.runs.runs.forEach((_, i) => board.model.atMost(runLiterals(board, i), 1, board.cardinality));
}

/** Every white cell is lit: some bulb stands in its row run or in its column run. */
function everyWhiteCellIsLitDirect(board: Board): void {
  forEachWhiteCell(board, (rowRun, colRun) => {
    board.model.addClause([...runLiterals(board, rowRun), ...runLiterals(board, colRun)]);
  });
}

/** Every white cell is lit, through one "this run holds a bulb" literal per run. */
function everyWhiteCellIsLitByRunLiterals(board: Board): void {
  const { model } = board;
  const runLit = board.runs.runs.map((run, i) => {
    const [r, c] = run.cells[0]!;
    return model.or(runLiterals(board, i), `lit(${run.direction} run at ${r},${c})`);
  });
  forEachWhiteCell(board, (rowRun, colRun) => model.addClause([runLit[rowRun]!, runLit[colRun]!]));
}

function forEachWhiteCell(board: Board, visit: (rowRun: number, colRun: number) => void): void {
  const { rows, cols } = board.puzzle;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (board.runs.rowRunOf[i]! >= 0) visit(board.runs.rowRunOf[i]!, board.runs.colRunOf[i]!);
    }
  }
}

/** A numbered black cell has exactly that many bulbs orthogonally next to it. */
function cluesCountTheirNeighbouringBulbs(board: Board): void {
  const { puzzle, model } = board;
  puzzle.cells.forEach((row, r) => row.forEach((cell, c) => {
    const clue = clueOf(cell);
    if (clue === null) return;
    const around = orthogonalNeighbours(puzzle, r, c).map(([rr, cc]) => board.bulb[rr]![cc]!).filter((l) => l !== 0);
    model.exactly(around, clue, board.cardinality);
  }));
}
