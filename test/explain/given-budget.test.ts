/**
 * The explainer's question budget for a step's decided cells (MINIMAL_GIVEN_CONFLICTS in
 * src/explain/explain.ts): the fact solver stops a search at a conflict budget and says so, and an
 * explanation whose steps ask such hard questions finishes instead of running into the grade's time
 * cap, with every step still sound.
 */
import { describe, expect, it } from 'vitest';
import { FactSolver } from '../../src/explain/fact-solver.js';
import { Explainer, runExplainer } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import type { Clause } from '../../src/sat/types.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { expectReplayEndsAtSolution, replaySteps } from '../helpers/explain-checks.js';

/** Pigeonhole: fact 0 puts each of n + 1 pigeons in one of n holes, fact 1 keeps two out of a hole. */
function pigeonhole(n: number): Clause[][] {
  const v = (p: number, h: number) => p * n + h + 1;
  const somewhere: Clause[] = [];
  const apart: Clause[] = [];
  for (let p = 0; p <= n; p++) somewhere.push(Array.from({ length: n }, (_, h) => v(p, h)));
  for (let h = 0; h < n; h++) {
    for (let p = 0; p <= n; p++) for (let q = p + 1; q <= n; q++) apart.push([-v(p, h), -v(q, h)]);
  }
  return [somewhere, apart];
}

describe('FactSolver.refuteWithin', () => {
  it('says unknown when the budget runs out, and answers like refute when it does not', () => {
    const facts = pigeonhole(6);
    const solver = new FactSolver(facts, []);
    const before = solver.stats.conflicts;
    expect(solver.refuteWithin([0, 1], [], 20)).toBe('unknown');
    expect(solver.stats.conflicts - before).toBe(21);
    // The full refutation needs far more than that budget: the budget, not the question, stopped it.
    const full = new FactSolver(facts, []);
    const core = full.refute([0, 1], []);
    expect(core).not.toBeNull();
    expect(full.stats.conflicts).toBeGreaterThan(100);
    // A stopped search leaves nothing behind: the next questions get a fresh solver's answers.
    expect(solver.refuteWithin([0, 1], [], Infinity)).toEqual(core);
    expect(solver.refuteWithin([0], [], 20)).toBeNull();
    // Pigeons 0 and 1 both in hole 0: refuted by propagation, well inside the budget.
    const clash = new FactSolver(facts, []).refute([0, 1], [1, 7]);
    expect(clash?.facts).toEqual([1]);
    expect(solver.refuteWithin([0, 1], [1, 7], 20)).toEqual(clash);
  });
});

describe('explain: hard questions about a step\'s decided cells', () => {
  // Tatham's 15x15 hard Bridges with no loops, puzzle 3: while the no-loops rule was n − 1
  // connections counted, with no budget "no loops" and "connected" with a dozen decided cells took
  // the fact solver seconds a question, and the explanation ran into the grade's 20 s cap (3 of the
  // file's 10 did). Since the rule is propagated as a graph (loop-finder.ts) those questions take a
  // few conflicts, and the file explains the same with no budget; the puzzle stays as an end-to-end check.
  const p = puzzlesOf('fixtures/hashi/tatham-15x15-m4L.txt', 3)[2];
  it(`${p!.id}: explained to the end, every step sound`, () => {
    const { type, puzzle } = p!;
    const ex = new Explainer(type, puzzle);
    const explanation = runExplainer(ex, { timeoutMs: 60_000 });
    ex.dispose();
    expect(explanation.status, explanation.message).toBe('solved');
    expect(gradeExplanation(explanation), 'a grade').toBeDefined();
    const fresh = new Explainer(type, puzzle);
    try {
      const decided = replaySteps(fresh, explanation, { spareGivens: true });
      expectReplayEndsAtSolution(type, puzzle, fresh, decided, p!.id);
    } finally {
      fresh.dispose();
    }
  }, 120_000);
});
