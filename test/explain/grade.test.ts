/**
 * The grade orders Bridges puzzles the way Simon Tatham's solver levels do: a puzzle his easy rules
 * solve (fills only) grades below one that needs his medium rule (a direction's lower bound from
 * the room the other directions leave). The puzzles, three of each, come from `sgt-bridges --generate` at 7×7
 * d0 and d1; their levels are checked here with a re-statement of his easy rules (bridges.c,
 * solve_island_stage1), written from his description, not from our explainer.
 */
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { explainPuzzle } from '../../src/explain/explain.js';
import { gradeExplanation, levelOf, LEVEL_FLOORS, shownScore } from '../../src/explain/grade.js';
import { buildBridgeGraph } from '../../encodings/hashi/graph.js';
import type { HashiPuzzle } from '../../encodings/hashi/puzzle.js';

/**
 * Tatham's easy level: per island, a full island takes no more bridges; an island whose missing
 * bridges equal the room left in its directions fills them all; an island whose number exceeds
 * (directions − 1) × max bridges gets one bridge in every direction. Room in a direction: at most
 * min(max bridges, both numbers) in all, none across a bridge or towards a full island. Repeated
 * until nothing changes; true when every island is full.
 */
function solvedByEasyRules(p: HashiPuzzle): boolean {
  const g = buildBridgeGraph(p.rows, p.cols, p.islands);
  const cur = new Array<number>(g.edges.length).fill(0);
  const count = (i: number) => p.islands[i]!.count!;
  const bridges = (i: number) => g.edgesOf[i]!.reduce((a, e) => a + cur[e]!, 0);
  const full = (i: number) => bridges(i) === count(i);
  const crossers: number[][] = g.edges.map(() => []);
  for (const [h, v] of g.crossings) { crossers[h]!.push(v); crossers[v]!.push(h); }
  const possible = (e: number): number => {
    const { a, b } = g.edges[e]!;
    if (crossers[e]!.some((x) => cur[x]! > 0)) return 0;
    return Math.min(p.maxBridges, count(a), count(b));
  };
  const other = (e: number, i: number) => (g.edges[e]!.a === i ? g.edges[e]!.b : g.edges[e]!.a);
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < p.islands.length; i++) {
      const missing = count(i) - bridges(i);
      if (missing < 0) return false;
      if (missing === 0) continue;
      const mine = g.edgesOf[i]!;
      const space = (e: number) => (full(other(e, i)) ? 0 : Math.max(0, Math.min(possible(e), missing, possible(e) - cur[e]!)));
      const room = mine.reduce((a, e) => a + space(e), 0);
      const directions = mine.filter((e) => cur[e]! > 0 || (possible(e) > 0 && !full(other(e, i)))).length;
      if (room === missing) {
        for (const e of mine) { const s = space(e); if (s > 0) { cur[e]! += s; changed = true; } }
      } else if (count(i) > (directions - 1) * p.maxBridges) {
        for (const e of mine) if (cur[e] === 0 && possible(e) > 0 && !full(other(e, i))) { cur[e] = 1; changed = true; }
      }
    }
  }
  return p.islands.every((_, i) => full(i));
}

const puzzle = (text: string): { type: Parameters<typeof explainPuzzle>[0]; puzzle: HashiPuzzle } => {
  const [e] = readInputs([text]);
  if (!e?.ok) throw new Error(`unreadable: ${text}`);
  return { type: e.type, puzzle: e.puzzle as HashiPuzzle };
};

/** The first three easy puzzles of `sgt-bridges --generate 20 7x7i30e10m2d0#tuneB` (a tuning seed, not the bench's). */
const EASY = ['7x7m2:2a6b2b1a2b4b3a2c5a4m2d4b5a4', '7x7m2:3a4b3b1i1a1e4c3a2c3a3a3a3e2', '7x7m2:2d2i4a5a3c1c2a2c1a3a3e1a4b3'];
/** The first three medium puzzles of that seed (all 20 of its medium puzzles show a bound step). */
const MEDIUM = ['7x7m2:3a2c1g5e3a4a4a2i2c1a2b4b3', '7x7m2:4b5b3h2a4a1g35d3g12a1b2a', '7x7m2:3b4b2g3a2a3a2g4a4a4a2h1a4b2'];

describe('the grade against Tatham\'s Bridges levels', () => {
  it('his easy rules solve the easy puzzles and not the medium ones (the levels hold)', () => {
    for (const t of EASY) expect(solvedByEasyRules(puzzle(t).puzzle), t).toBe(true);
    for (const t of MEDIUM) expect(solvedByEasyRules(puzzle(t).puzzle), t).toBe(false);
  });

  it('a puzzle that needs only fills grades below one that needs a direction\'s lower bound', () => {
    const grade = (t: string) => {
      const p = puzzle(t);
      const d = gradeExplanation(explainPuzzle(p.type, p.puzzle));
      if (!d) throw new Error(`${t}: no grade`);
      return d;
    };
    const easy = EASY.map(grade);
    const medium = MEDIUM.map(grade);
    for (const d of easy) expect(d.boundSteps).toBe(0);
    for (const d of medium) expect(d.boundSteps).toBeGreaterThan(0);
    expect(Math.max(...easy.map((d) => d.score))).toBeLessThan(Math.min(...medium.map((d) => d.score)));
  });
});

describe('the score shown', () => {
  it('is the score to two decimals, never carried by rounding into the next level', () => {
    expect(shownScore(2.994)).toBe(2.99);
    expect(shownScore(2.996)).toBe(2.99); // rounds to 3, where `hard` begins
    expect(shownScore(3.004)).toBe(3);
    expect(shownScore(1.4951)).toBe(1.49);
    expect(shownScore(4.9999)).toBe(4.99);
    expect(shownScore(0.126)).toBe(0.13);
    for (const floor of Object.values(LEVEL_FLOORS)) {
      for (let d = -0.01; d <= 0.01; d += 0.0007) {
        const score = floor + d;
        if (score < 0) continue;
        expect(levelOf(shownScore(score)), `${score}`).toBe(levelOf(score));
        expect(Math.abs(shownScore(score) - score), `${score}`).toBeLessThan(0.01);
      }
    }
  });
});
