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
  const runCells = runs.map((run) => Int32Array.from(run.cells, ([r, c]) => r * cols + c));
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

  for (let changed = true; changed;) {
    changed = false;
    // At most one bulb in a run.
    for (const run of runCells) {
      let bulbs = 0;
      for (const x of run) if (state[x] === BULB) bulbs += 1;
      if (bulbs > 1) return CONTRADICTION;
      if (bulbs === 1) for (const x of run) if (state[x] === OPEN) { state[x] = EMPTY; changed = true; }
    }
    // Every white cell is lit: by a bulb in its row run or its column run.
    for (const x of white) {
      let lit = false, open = 0;
      for (const run of [runCells[rowRunOf[x]!]!, runCells[colRunOf[x]!]!]) {
        for (const y of run) {
          if (state[y] === BULB) lit = true;
          else if (state[y] === OPEN) open += 1;
        }
      }
      if (lit) continue;
      // x itself lies on both runs and was counted twice when open.
      if (state[x] === OPEN) open -= 1;
      if (open === 0) return CONTRADICTION;
      if (open === 1) {
        const y = only(runCells[rowRunOf[x]!]!, runCells[colRunOf[x]!]!, state);
        state[y] = BULB;
        changed = true;
      }
    }
    // A number counts the bulbs next to it.
    for (const { k, around } of clues) {
      let bulbs = 0, open = 0;
      for (const x of around) { if (state[x] === BULB) bulbs += 1; else if (state[x] === OPEN) open += 1; }
      if (bulbs > k || bulbs + open < k) return CONTRADICTION;
      if (open === 0) continue;
      if (bulbs === k) { for (const x of around) if (state[x] === OPEN) state[x] = EMPTY; changed = true; }
      else if (bulbs + open === k) { for (const x of around) if (state[x] === OPEN) state[x] = BULB; changed = true; }
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
