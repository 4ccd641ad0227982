/**
 * Bridges with up to 3 or 4 bridges per pair (Tatham's m3, m4): a connection's "≥ 4 bridges"
 * implies its "≥ 3", "≥ 2" and "≥ 1" through a chain of always-on clauses. The explainer closed
 * each rule's scope over those clauses one link deep only, so a value two links away (e.g. "≥ 2"
 * after a step forced "≥ 4") was in no rule's scope: the all-facts fallback found it forced by the
 * always-on clauses alone (a reason of no facts), made a step that decided nothing, and looped
 * forever (7x7m4:a6c8a1e1a5b3b8d8b3b8a2g6c9a2 and 10x10m4:…: steps without end, gigabytes).
 *
 * Each puzzle is explained with a step cap far above what it needs (so the old loop ends and
 * fails here instead of hanging), and every step is replayed on a fresh engine: it decides
 * something new, its values follow from its reason, and every fact and given cell of the reason is
 * needed. The last grid is the solution the solving pipeline finds (unique), verified.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { Explainer, explainPuzzle, runExplainer } from '../../src/explain/explain.js';
import { gradeExplanation } from '../../src/explain/grade.js';
import { expectReplayEndsAtSolution, replaySteps } from '../helpers/explain-checks.js';

const FILE = 'fixtures/hashi/tatham-maxbridges.txt';
/** Far more steps than any of these puzzles needs (one value at least per step). */
const STEP_CAP = 400;

/** The fixture's m3 and m4 game IDs, each read as `gridsat explain ID` reads it. */
const ids = readFileSync(FILE, 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^\d+x\d+m[34]:/.test(l));
const puzzles = ids.map((id) => {
  const [e] = [...readInputs([id])];
  if (!e?.ok) throw new Error(`unreadable: ${id}`);
  return { id, type: e.type, puzzle: e.puzzle };
});

describe('explain: Bridges with up to 3 and 4 bridges per pair', () => {
  it('the fixture has m3 and m4 puzzles, including the two that looped', () => {
    expect(ids.filter((id) => /m4:/.test(id)).length).toBeGreaterThanOrEqual(12);
    expect(ids.some((id) => id.includes('7x7m4:a6c8a1e1a5b3b8d8b3b8a2g6c9a2'))).toBe(true);
  });

  for (const e of puzzles) {
    it(e.id, () => {
      const { type, puzzle } = e;
      const explanation = explainPuzzle(type, puzzle, { maxSteps: STEP_CAP });
      expect(explanation.steps.length, 'ends well before the cap').toBeLessThan(STEP_CAP);
      const fresh = new Explainer(type, puzzle);
      try {
        const decided = replaySteps(fresh, explanation, { everyStepHasFacts: true });
        expectReplayEndsAtSolution(type, puzzle, fresh, decided, e.id);
      } finally {
        fresh.dispose();
      }
      expect(gradeExplanation(explanation)?.level).toMatch(/easy|medium|hard|expert/);
    });
  }
});

describe('explain: a step that decides nothing stops the explanation', () => {
  it('answers unknown with a message instead of taking the same empty step forever', () => {
    const { type, puzzle } = puzzles.find((p) => p.id === '7x7m4:a6c8a1e1a5b3b8d8b3b8a2g6c9a2')!;
    const ex = new Explainer(type, puzzle);
    try {
      const real = ex.nextStep.bind(ex);
      let calls = 0;
      // The third step comes back empty, as the old all-facts fallback's did.
      ex.nextStep = () => {
        calls += 1;
        const step = real();
        return step && calls === 3 ? { ...step, values: [] } : step;
      };
      const explanation = runExplainer(ex);
      expect(explanation.status).toBe('unknown');
      expect(explanation.message).toMatch(/decides nothing/);
      expect(explanation.steps.length).toBe(2);
      expect(calls).toBe(3);
      expect(gradeExplanation(explanation)).toBeUndefined();
    } finally {
      ex.dispose();
    }
  });
});
