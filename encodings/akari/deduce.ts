/**
 * The deductions a player makes from one rule at a time, without search, each rule on its own
 * (the explainer's single facts, whose propagation is complete for one rule):
 * - a run holding a bulb holds no other;
 * - a white cell that only one open cell can still light gets a bulb there;
 * - a number with all its bulbs around it has no more; one with exactly as many open cells left as
 *   bulbs missing has a bulb on each.
 * A puzzle these deductions solve grades 0 (every step of its explanation needs one fact), so
 * `generate --difficulty hard` drops it without grading it. A screen only: it never accepts.
 */
import { clueOf, isWhite, orthogonalNeighbours, type AkariPuzzle } from './puzzle.js';
import { findRuns } from './runs.js';

export type SingleRuleResult = 'solved' | 'open' | 'none';

const OPEN = 0, BULB = 1, EMPTY = 2;

/**
 * Applies the three rules one at a time until nothing changes: `solved` when every white cell is
 * then decided, `none` when a rule ran out of room (no solution), else `open`.
 */
export function singleRuleClosure(puzzle: AkariPuzzle): SingleRuleResult {
  return singleRuleRun(puzzle).result;
}

/** The share of white cells that singleRuleClosure leaves open (1 when it ends in a contradiction). */
export function singleRuleOpenShare(puzzle: AkariPuzzle): number {
  return singleRuleRun(puzzle).open;
}

/** A rule ran out of room: no solution, and nothing counts as decided. */
const CONTRADICTION = { result: 'none', open: 1 } as const;

/** Both answers of one run: singleRuleClosure's `result` and singleRuleOpenShare's `open`. */
export function singleRuleRun(puzzle: AkariPuzzle): { result: SingleRuleResult; open: number } {
  const { rows, cols, cells } = puzzle;
  const { runs, rowRunOf, colRunOf } = findRuns(puzzle);
  const n = rows * cols;
  const state = new Uint8Array(n); // OPEN / BULB / EMPTY, white cells only
  // Each run as cell indices; the clues as [clue, neighbour indices of white cells].
  const runCells = runs.map((run) => {
    const xs = new Int32Array(run.cells.length);
    for (let i = 0; i < xs.length; i++) { const [r, c] = run.cells[i]!; xs[i] = r * cols + c; }
    return xs;
  });
  const clues: { k: number; around: number[] }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = clueOf(cells[r]![c]!);
      if (k === null) continue;
      const around = orthogonalNeighbours(puzzle, r, c).filter(([rr, cc]) => isWhite(cells[rr]![cc]!)).map(([rr, cc]) => rr * cols + cc);
      clues.push({ k, around });
    }
  }
  const white: number[] = [];
  for (let x = 0; x < n; x++) if (rowRunOf[x]! >= 0) white.push(x);

  // Bulbs and open cells per run, kept as cells are decided: a cell is lit when its row or column
  // run has a bulb, and the open cells that could light it are those of its two runs.
  const runBulbs = new Uint8Array(runs.length);
  const runOpen = Int32Array.from(runCells, (xs) => xs.length);
  const decide = (x: number, value: number) => {
    state[x] = value;
    const row = rowRunOf[x]!, col = colRunOf[x]!;
    runOpen[row]! -= 1; runOpen[col]! -= 1;
    if (value === BULB) { runBulbs[row]! += 1; runBulbs[col]! += 1; }
  };
  // Runs whose other cells were emptied after their bulb (nothing there changes again).
  const cleared = new Uint8Array(runs.length);

  for (let changed = true; changed;) {
    changed = false;
    // At most one bulb in a run.
    for (let r = 0; r < runCells.length; r++) {
      if (cleared[r] || runBulbs[r] === 0) continue;
      if (runBulbs[r]! > 1) return CONTRADICTION;
      for (const x of runCells[r]!) if (state[x] === OPEN) { decide(x, EMPTY); changed = true; }
      cleared[r] = 1;
    }
    // Every white cell is lit: by a bulb in its row run or its column run.
    for (const x of white) {
      const row = rowRunOf[x]!, col = colRunOf[x]!;
      if (runBulbs[row]! > 0 || runBulbs[col]! > 0) continue;
      // x itself lies on both runs and was counted twice when open.
      const open = runOpen[row]! + runOpen[col]! - (state[x] === OPEN ? 1 : 0);
      if (open === 0) return CONTRADICTION;
      if (open === 1) {
        decide(only(runCells[row]!, runCells[col]!, state), BULB);
        changed = true;
      }
    }
    // A number counts the bulbs next to it.
    for (const { k, around } of clues) {
      let bulbs = 0, open = 0;
      for (const x of around) { if (state[x] === BULB) bulbs += 1; else if (state[x] === OPEN) open += 1; }
      if (bulbs > k || bulbs + open < k) return CONTRADICTION;
      if (open === 0) continue;
      if (bulbs === k) { for (const x of around) if (state[x] === OPEN) decide(x, EMPTY); changed = true; }
      else if (bulbs + open === k) { for (const x of around) if (state[x] === OPEN) decide(x, BULB); changed = true; }
    }
  }
  let open = 0;
  for (const x of white) if (state[x] === OPEN) open += 1;
  return { result: open > 0 ? 'open' : 'solved', open: white.length ? open / white.length : 0 };
}

/** The one open cell of two runs (they share at most one cell). */
function only(a: Int32Array, b: Int32Array, state: Uint8Array): number {
  for (const y of a) if (state[y] === OPEN) return y;
  for (const y of b) if (state[y] === OPEN) return y;
  throw new Error('internal error: no open cell left to light');
}
