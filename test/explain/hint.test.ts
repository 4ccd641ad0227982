/**
 * Hints from a player's grid written in the determined-cells notation (what `solve --determined`
 * prints): the next step is forced by its reason (replayed on a fresh engine) and decides something
 * the grid did not have; a grid with a wrong entry gets that entry named instead.
 */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { Explainer, explainPuzzle } from '../../src/explain/explain.js';
import { hintFor } from '../../src/explain/hint.js';
import { ProgressError } from '../../src/explain/progress.js';
import { valuation } from '../../src/cnf/queries.js';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';

const CASES = [
  'fixtures/starbattle/parks-9x9.txt', 'fixtures/akari/tatham-7x7-d2.txt', 'fixtures/hashi/tatham-7x7.txt',
  'fixtures/blockparty/example-5x5.txt', 'fixtures/bridges-signs/map1.json',
];

function first(file: string): { type: AnyPuzzleType; puzzle: unknown } {
  for (const e of readInputs([file])) if (e.ok) return { type: e.type, puzzle: e.puzzle };
  throw new Error(`no puzzle in ${file}`);
}

/** The grid after the first k steps of the explanation, as the determined-cells text. */
function progressAfter(type: AnyPuzzleType, puzzle: unknown, k: number): { text: string; decided: Map<number, boolean> } {
  const explanation = explainPuzzle(type, puzzle);
  const decided = new Map<number, boolean>();
  for (const step of explanation.steps.slice(0, k)) for (const v of step.values) decided.set(Math.abs(v.lit), v.value);
  const ex = new Explainer(type, puzzle);
  try {
    const text = ex.encoded.renderDetermined((lit) => {
      const v = decided.get(Math.abs(lit));
      return v === undefined ? undefined : lit > 0 ? v : !v;
    });
    return { text, decided };
  } finally {
    ex.dispose();
  }
}

describe('hint', () => {
  for (const file of CASES) {
    it(`${file}: the next step from a grid halfway through holds and is new`, () => {
      const { type, puzzle } = first(file);
      const { text, decided } = progressAfter(type, puzzle, 6);
      const ex = new Explainer(type, puzzle);
      try {
        const hint = hintFor(ex, text);
        expect(hint.kind).toBe('step');
        if (hint.kind !== 'step') return;
        // What the reader took from the grid agrees with what was decided (hashi shows known-zero
        // connections blank; a Block Party number also rules out the cell's other numbers, which
        // the steps so far may not have said yet: those agree with the solution).
        for (const [v, value] of hint.start) expect(decided.get(v) ?? ex.target.get(v)).toBe(value);
        const [step] = hint.explanation.steps;
        expect(step).toBeDefined();
        const fresh = new Explainer(type, puzzle);
        try {
          for (const v of step!.values) {
            expect(hint.start.has(Math.abs(v.lit))).toBe(false);
            expect(fresh.forces(step!.facts.map((f) => f.index), step!.given.map((g) => g.lit), v.lit)).toBe(true);
          }
        } finally {
          fresh.dispose();
        }
      } finally {
        ex.dispose();
      }
    });
  }

  it('names the wrong entry of a Star Battle grid', () => {
    const { type, puzzle } = first('fixtures/starbattle/parks-9x9.txt');
    const { text } = progressAfter(type, puzzle, 1000);
    const rows = text.replace(/\n$/, '').split('\n').map((l) => l.trim().split(/\s+/));
    // Move the first star of row 1 one cell to the side.
    const c = rows[0]!.indexOf('*');
    const to = c > 0 ? c - 1 : c + 1;
    rows[0]![to] = '*';
    rows[0]![c] = 'x';
    const ex = new Explainer(type, puzzle);
    try {
      const hint = hintFor(ex, rows.map((r) => r.join(' ')).join('\n'));
      expect(hint.kind).toBe('wrong');
      if (hint.kind !== 'wrong') return;
      const cells = hint.wrong.map((w) => w.entered.cells[0]!.join(',')).sort();
      expect(cells).toEqual([`0,${c}`, `0,${to}`].sort());
    } finally {
      ex.dispose();
    }
  });

  it('names the wrong entry of an Akari grid, and says when the grid is complete', () => {
    const { type, puzzle } = first('fixtures/akari/tatham-7x7-d2.txt');
    const { text } = progressAfter(type, puzzle, 1000);
    const ex = new Explainer(type, puzzle);
    try {
      expect(hintFor(ex, text)).toEqual({ kind: 'complete', unique: true });
    } finally {
      ex.dispose();
    }
    const lines = text.split('\n');
    const r = lines.findIndex((l) => l.includes('*'));
    const c = lines[r]!.indexOf('*');
    lines[r] = `${lines[r]!.slice(0, c)}+${lines[r]!.slice(c + 1)}`;
    const ex2 = new Explainer(type, puzzle);
    try {
      const hint = hintFor(ex2, lines.join('\n'));
      expect(hint.kind).toBe('wrong');
      if (hint.kind === 'wrong') expect(hint.wrong.map((w) => w.entered.cells[0]!.join(','))).toEqual([`${r},${c}`]);
    } finally {
      ex2.dispose();
    }
  });

  it('on a puzzle with several solutions, a grid is complete only when every cell is entered', () => {
    // Norvig's 5x5 has several solutions: the cells they share are all a grid can be given by steps.
    const { type, puzzle } = first('fixtures/starbattle/norvig-5x5.txt');
    const { text: shared } = progressAfter(type, puzzle, 1000);
    expect(shared).toContain('?');
    const ex = new Explainer(type, puzzle);
    try {
      const hint = hintFor(ex, shared);
      // Was 'complete' ("agrees with the solution") with cells still open.
      expect(hint.kind).toBe('step');
      if (hint.kind === 'step') expect(hint.explanation.steps).toHaveLength(0);
    } finally {
      ex.dispose();
    }
    // One whole solution entered: complete, and said to be one of several.
    const ex2 = new Explainer(type, puzzle);
    try {
      const prep = ex2.prepare();
      expect(prep.status).toBe('multiple');
      const value = valuation(prep.model!);
      const full = ex2.encoded.renderDetermined((lit) => (lit > 0 ? value(lit) : !value(-lit)));
      expect(full).not.toContain('?');
      const ex3 = new Explainer(type, puzzle);
      try {
        expect(hintFor(ex3, full)).toEqual({ kind: 'complete', unique: false });
      } finally {
        ex3.dispose();
      }
    } finally {
      ex2.dispose();
    }
  });

  it('rejects a grid of the wrong size, naming the line', () => {
    const { type, puzzle } = first('fixtures/akari/tatham-7x7-d2.txt');
    const ex = new Explainer(type, puzzle);
    try {
      expect(() => hintFor(ex, '.......\n...')).toThrow(ProgressError);
    } finally {
      ex.dispose();
    }
  });
});
