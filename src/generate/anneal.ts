/**
 * The search loop's second strategy: simulated annealing on the number of determined cells, as
 * cspuz generates (its `generate_problem`: a clue layout, random neighbouring layouts, a score of
 * the cells the solver determines minus a penalty per clue, Metropolis acceptance under a cooling
 * temperature, done when every cell is determined). Ideas from there; the code is ours:
 *   1. the type gives a space of clue slots (`AnnealSpace`), each alternative of each slot guarded by
 *      an assumption literal, so one incremental engine serves every layout the walk visits;
 *   2. a layout's score is its backbone on the puzzle's projection (`backboneAtOnce`: one call asks
 *      for a solution flipping any candidate still standing; UNSAT proves them all determined), under
 *      the assumptions of the chosen alternatives, minus `cluePenalty` per clue;
 *   3. a random move is kept when the score does not drop, or with probability exp(Δ/T) when it
 *      does (T starts at 5 and cools to cspuz's end temperature over the move budget); the threshold
 *      is drawn before the score, so the backbone stops once the move cannot reach it; an
 *      unsatisfiable layout or one the conflict budget stopped is never kept;
 *   4. when every projection literal is determined the layout is unique (each was proved by an UNSAT
 *      answer); its solution is blocked and the clues are thinned on the same engine exactly as the
 *      removal loop does (failed assumptions drop every clue outside a core at once).
 * The finished puzzle is proved unique again on a fresh engine and verified by `generate.ts`.
 */
import { Model } from '../cnf/model.js';
import { backboneAtOnce, solveModel, valuation } from '../cnf/queries.js';
import type { AnnealSpace, GenerateSettings, PuzzleGenerator } from '../puzzle/generator.js';
import type { Lit } from '../sat/types.js';
import { createSolver } from '../sat/index.js';
import { thinClues, type Found, type SearchLimits } from './search.js';

/**
 * cspuz's schedule: T0 = 5 score units, down to 5 × 0.995^1000 ≈ 0.033 at the end; here spread
 * geometrically over the move budget, so a larger puzzle cools as slowly per move as its budget allows.
 */
const INITIAL_TEMPERATURE = 5;
const FINAL_TEMPERATURE = 5 * 0.995 ** 1000;
/** Moves per drawn layout, per projection literal (cspuz: 10 steps per cell for Star Battle). */
const MOVES_PER_LITERAL = 10;
/**
 * A draw is given up when the best count of determined literals has not grown for this many moves
 * per projection literal (cold and stuck: a layout whose clues cannot settle some cells).
 */
const STALL_PER_LITERAL = 2;

interface Tally { solves: number; moves: number }

/** The assumptions that switch on a state's clues. */
function assumptionsOf(state: readonly number[], slots: readonly (readonly Lit[])[]): Lit[] {
  const out: Lit[] = [];
  state.forEach((a, i) => { if (a >= 0) out.push(slots[i]![a]!); });
  return out;
}

/**
 * Walks one drawn space on one engine: the unique puzzle it reached (thinned), `no solution` when
 * the starting layout has none, or null when the walk stalled, its moves ran out or none was at hand.
 */
function walk<P, S>(space: AnnealSpace<P, S>, random: () => number, limits: SearchLimits, tally: Tally):
  { puzzle: P; solution: S; clues: number; kept: number } | 'no solution' | null {
  const model = new Model(createSolver('wasm'));
  try {
    const { encoded, slots } = space.encode(model);
    const refine = encoded.refine ? (v: (l: Lit) => boolean) => encoded.refine!(v) : undefined;
    const all = encoded.projection.length;
    // A state's score, or null when it has no solution, a limit stopped the engine, or its score
    // cannot reach `atLeast` (the candidates still standing bound it: the backbone stops early).
    const evaluate = (state: readonly number[], atLeast = -Infinity) => {
      const penalty = space.cluePenalty * state.filter((a) => a >= 0).length;
      const r = backboneAtOnce(model, encoded.projection, {
        assumptions: assumptionsOf(state, slots), refine, limits: { conflicts: limits.conflictsPerCall },
        ...(atLeast > -Infinity ? { atLeast: Math.ceil(atLeast + penalty) } : {}),
      });
      tally.solves += r.stats.solves;
      if (r.status !== 'sat' || r.below) return null;
      return { determined: r.determined.size, score: r.determined.size - penalty, model: r.model! };
    };

    let state = [...space.initial];
    let current = evaluate(state);
    if (!current) return 'no solution';
    let temperature = INITIAL_TEMPERATURE;
    const moves = MOVES_PER_LITERAL * all;
    const cooling = (FINAL_TEMPERATURE / INITIAL_TEMPERATURE) ** (1 / moves);
    let best = current.determined, bestAt = 0;
    for (let step = 0; current.determined < all; step++) {
      if (step >= moves || step - bestAt > STALL_PER_LITERAL * all) return null;
      const move = space.move(state, random);
      if (!move) return null;
      tally.moves += 1;
      const next = [...state];
      for (const [slot, alternative] of move) next[slot] = alternative;
      // Metropolis: kept when score' >= score + T ln u, u uniform in (0, 1]; drawn first, so the
      // backbone can stop as soon as the new score cannot reach that. A unique state (every literal
      // determined) is never stopped early: no candidate was lost.
      const threshold = current.score + temperature * Math.log(1 - random());
      const e = evaluate(next, threshold);
      if (e && (e.determined === all || e.score >= threshold)) {
        state = next;
        current = e;
        if (e.determined > best) { best = e.determined; bestAt = step; }
      }
      temperature *= cooling;
    }

    // Unique: every projection literal was proved determined. Block the solution for good and thin
    // the clues while the blocked query stays UNSAT, as the removal loop does.
    const value = valuation(current.model);
    const solution = encoded.decode(value);
    const chosen = assumptionsOf(state, slots);
    let kept = new Set<Lit>(chosen);
    const thinnable = space.cluePenalty > 0;
    if (thinnable && chosen.length > 0) {
      model.addClause(encoded.projection.map((l) => (value(l) ? -l : l)));
      const call = (assumptions: readonly Lit[]) => {
        tally.solves += 1;
        return solveModel(model, { assumptions, refine, limits: { conflicts: limits.conflictsPerCall } });
      };
      // Proved above; asked again so that the failed assumptions give the first core.
      if (call(chosen).status === 'unsat') kept = thinClues(model, chosen, (assumptions) => call(assumptions).status === 'unsat', random);
    }
    const finalState = state.map((a, i) => (a >= 0 && kept.has(slots[i]![a]!) ? a : -1));
    // Layout-only spaces (every slot always filled: Star Battle regions, Bridges numbers) have no
    // clues to offer or keep, as in the removal loop.
    return { puzzle: space.puzzle(finalState, solution), solution, clues: thinnable ? chosen.length : 0, kept: thinnable ? kept.size : 0 };
  } finally {
    model.solver.dispose();
  }
}

/**
 * Anneals drawn spaces until one reaches a unique puzzle; null when the layouts ran out. A layout
 * with no solution at all costs one engine call and counts against `attempts` (most random Block
 * Party region layouts have none); a walk that stalls or runs out of moves counts against `annealDraws`.
 */
export function annealPuzzle<P, S>(
  generator: PuzzleGenerator<P, S>, settings: GenerateSettings, random: () => number, limits: SearchLimits,
): Found<P, S> | null {
  if (!generator.annealSpace) return null;
  const tally: Tally = { solves: 0, moves: 0 };
  let walks = 0;
  for (let attempt = 1; attempt <= limits.attempts && walks < limits.annealDraws; attempt++) {
    const space = generator.annealSpace(settings, random);
    if (!space) continue;
    const r = walk(space, random, limits, tally);
    if (r === 'no solution') continue;
    if (r) {
      return {
        ...r, attempts: attempt, repairs: 0, moves: tally.moves, solves: tally.solves, method: 'anneal',
      };
    }
    walks += 1;
  }
  return null;
}
