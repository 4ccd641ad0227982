/**
 * Random Block Party puzzles, for tests and benchmarks: random connected regions, a solution found
 * by the solver, then givens taken from that solution until it is the only one.
 */
import { Model } from '../../src/cnf/model.js';
import { enumerate, solveModel, valuation } from '../../src/cnf/queries.js';
import { createSolver } from '../../src/sat/index.js';
import type { EngineName } from '../../src/sat/types.js';
import type { EncodeOptions } from '../../src/puzzle/types.js';
import type { BlockPartyPuzzle, BlockPartySolution } from '../../encodings/blockparty/puzzle.js';
import { encodeBlockParty } from '../../encodings/blockparty/rules.js';
import { seededRandom } from '../../src/util/random.js';


/** Splits the grid into connected regions of 1..maxSize cells, grown from random seeds. */
export function randomRegions(rows: number, cols: number, maxSize: number, random: () => number): number[][] {
  const regions = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  const order = Array.from({ length: rows * cols }, (_, i) => i).sort(() => random() - 0.5);
  let next = 0;
  for (const start of order) {
    const r0 = Math.floor(start / cols), c0 = start % cols;
    if (regions[r0]![c0] !== -1) continue;
    const id = next++;
    const target = 1 + Math.floor(random() * maxSize);
    const cells: [number, number][] = [[r0, c0]];
    regions[r0]![c0] = id;
    while (cells.length < target) {
      const frontier: [number, number][] = [];
      for (const [r, c] of cells) {
        for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          if (regions[r + dr]?.[c + dc] === -1) frontier.push([r + dr, c + dc]);
        }
      }
      if (frontier.length === 0) break;
      const [r, c] = frontier[Math.floor(random() * frontier.length)]!;
      regions[r]![c] = id;
      cells.push([r, c]);
    }
  }
  return regions;
}

export interface GenerateOptions {
  rows: number;
  cols: number;
  /** Largest region size. */
  maxSize: number;
  seed: number;
  /** Region layouts to try before giving up (many random layouts have no solution at all). */
  attempts?: number;
  engine?: EngineName;
  encoding?: EncodeOptions;
}

/** One layout's solution, or null when the layout admits none. */
function solveLayout(puzzle: BlockPartyPuzzle, options: GenerateOptions): BlockPartySolution | null {
  const model = new Model(createSolver(options.engine ?? 'minisat-js'));
  try {
    const encoded = encodeBlockParty(model, puzzle, options.encoding ?? {});
    const res = solveModel(model);
    return res.status === 'sat' ? encoded.decode(valuation(res.model)) : null;
  } finally {
    model.solver.dispose();
  }
}

/** Another solution than `solution`, or null when it is unique. */
function otherSolution(puzzle: BlockPartyPuzzle, solution: BlockPartySolution, options: GenerateOptions): BlockPartySolution | null {
  const model = new Model(createSolver(options.engine ?? 'minisat-js'));
  try {
    const encoded = encodeBlockParty(model, puzzle, options.encoding ?? {});
    const found = enumerate(model, encoded.projection, { limit: 2 }).solutions
      .map((m) => encoded.decode(valuation(m)))
      .find((s) => s.some((row, r) => row.some((v, c) => v !== solution[r]![c])));
    return found ?? null;
  } finally {
    model.solver.dispose();
  }
}

/**
 * A puzzle with a unique solution, or null when no layout of `attempts` was solvable. Givens are
 * added one at a time at a random cell where another solution still differs.
 */
export function generateBlockParty(options: GenerateOptions): { puzzle: BlockPartyPuzzle; solution: BlockPartySolution } | null {
  const random = seededRandom(options.seed);
  for (let attempt = 0; attempt < (options.attempts ?? 50); attempt++) {
    const regions = randomRegions(options.rows, options.cols, options.maxSize, random);
    const puzzle: BlockPartyPuzzle = {
      rows: options.rows,
      cols: options.cols,
      regions,
      givens: regions.map((row) => row.map(() => null)),
    };
    const solution = solveLayout(puzzle, options);
    if (!solution) continue;
    for (;;) {
      const other = otherSolution(puzzle, solution, options);
      if (!other) return { puzzle, solution };
      const differing: [number, number][] = [];
      other.forEach((row, r) => row.forEach((v, c) => { if (v !== solution[r]![c]) differing.push([r, c]); }));
      const [r, c] = differing[Math.floor(random() * differing.length)]!;
      puzzle.givens[r]![c] = solution[r]![c]!;
    }
  }
  return null;
}
