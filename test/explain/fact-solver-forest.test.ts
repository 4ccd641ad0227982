/**
 * The no-loops rule (`Fact.forest`) in the explainer: propagated as a graph by the fact solver
 * (loop-finder.ts) and written as exact clauses in explain mode (src/cnf/acyclic.ts), both against
 * brute force written apart from them (test/helpers/connectivity-brute.ts: a union-find over the
 * true edges); and on Tatham's no-loops Bridges, the graph propagation gives the same answers as
 * the clauses of the same rules.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { FactSolver, type FactGraph } from '../../src/explain/fact-solver.js';
import { LoopFinder } from '../../src/explain/loop-finder.js';
import { Explainer, factGraph, runExplainer } from '../../src/explain/explain.js';
import { Model } from '../../src/cnf/model.js';
import { createSolver } from '../../src/sat/index.js';
import { seededRandom } from '../../src/util/random.js';
import { findPuzzleType } from '../../encodings/registry.js';
import { readInputs } from '../../src/formats/inputs.js';
import type { Clause, Lit } from '../../src/sat/types.js';
import { randomShortClause } from '../helpers/cnf-gen.js';
import { acyclic, holds, spans } from '../helpers/connectivity-brute.js';
import { FIXTURES } from '../helpers/paths.js';
import { expectSameRefutation, forEachExplainFormula } from '../helpers/explain-formula.js';
import { puzzlesOf } from '../helpers/fixture-puzzles.js';
import { expectReplayEndsAtSolution, replaySteps } from '../helpers/explain-checks.js';

/** A random multigraph (parallel edges allowed: two of them used are a loop) with edge literals 1..edges, some negated. */
function randomGraph(random: () => number, vertices: number, edges: number, forest: boolean): FactGraph {
  const out: { u: number; v: number; lit: Lit }[] = [];
  for (let i = 0; i < edges; i++) {
    const u = Math.floor(random() * vertices);
    let v = Math.floor(random() * (vertices - 1));
    if (v >= u) v += 1;
    out.push({ u, v, lit: random() < 0.8 ? i + 1 : -(i + 1) });
  }
  return { vertices, edges: out, ...(forest ? { forest: true } : {}) };
}

/** Whether some assignment of variables 1..n satisfies the clauses, the literals and the listed graph rules. */
function satisfiable(n: number, clauses: readonly Clause[], lits: readonly Lit[], graphs: readonly FactGraph[]): boolean {
  for (let bits = 0; bits < 1 << n; bits++) {
    const value = (l: Lit) => holds(l, bits);
    if (!lits.every(value) || !clauses.every((c) => c.some(value))) continue;
    if (graphs.every((g) => (g.forest ? acyclic(g, value) : spans(g, value)))) return true;
  }
  return false;
}

describe('FactSolver with a no-loops fact', () => {
  it('answers like brute force, with and beside connectivity on the same edges, and every core is unsatisfiable on its own', () => {
    const random = seededRandom(41);
    let unsat = 0, usedForest = 0;
    for (let round = 0; round < 250; round++) {
      const vertices = 2 + Math.floor(random() * 5);
      const edgeCount = 1 + Math.floor(random() * 7);
      const forest = randomGraph(random, vertices, edgeCount, true);
      // Fact 1, in half the rounds: connectivity on the same edges (Hashi's pair of rules).
      const connected = random() < 0.5 ? { vertices, edges: forest.edges } : undefined;
      const n = edgeCount + Math.floor(random() * 3);
      // The graph facts' clauses are decoys the solver must leave out; the others are clause groups.
      const facts: Clause[][] = [[[1]], connected ? [[-1]] : []];
      for (let f = 1 + Math.floor(random() * 4); f > 0; f--) {
        const cs: Clause[] = [];
        for (let k = 1 + Math.floor(random() * 3); k > 0; k--) cs.push(randomShortClause(random, n));
        facts.push(cs);
      }
      const graphs = [forest, connected];
      const solver = new FactSolver(facts, [], graphs);
      const rule = (f: number): Clause[] => (f < 2 ? [] : facts[f]!);
      const graphsOf = (fs: readonly number[]) => fs.flatMap((f) => (f < 2 && graphs[f] ? [graphs[f]!] : []));
      for (let q = 0; q < 6; q++) {
        const active = facts.map((_, f) => f).filter((f) => (f === 0 ? random() < 0.8 : random() < 0.5));
        const lits: Lit[] = [];
        for (let v = 1; v <= n; v++) if (random() < 0.3) lits.push(random() < 0.5 ? v : -v);
        const core = solver.refute(active, lits);
        expect(core === null, `round ${round} query ${q}`).toBe(satisfiable(n, active.flatMap(rule), lits, graphsOf(active)));
        if (!core) continue;
        unsat += 1;
        if (core.facts.includes(0)) usedForest += 1;
        expect(core.facts.every((f) => active.includes(f))).toBe(true);
        expect(core.lits.every((l) => lits.includes(l))).toBe(true);
        expect(satisfiable(n, core.facts.flatMap(rule), core.lits, graphsOf(core.facts))).toBe(false);
      }
    }
    expect(unsat).toBeGreaterThan(150);
    expect(usedForest).toBeGreaterThan(50);
  });

  it('propagation forces exactly the edges whose ends the true edges join, and conflicts exactly on a loop', () => {
    const random = seededRandom(7);
    let forcedSeen = 0, conflicts = 0;
    for (let round = 0; round < 300; round++) {
      const vertices = 2 + Math.floor(random() * 6);
      const graph = randomGraph(random, vertices, 1 + Math.floor(random() * 8), true);
      const solver = new FactSolver([[]], [], [graph]);
      const lits: Lit[] = [];
      for (const e of graph.edges) {
        const r = random();
        if (r < 0.35) lits.push(e.lit);
        else if (r < 0.5) lits.push(-e.lit);
      }
      const candidates = graph.edges.flatMap((e) => [e.lit, -e.lit]);
      const forced = solver.forcedByPropagation([0], lits, candidates);
      const on = (l: Lit) => lits.includes(l);
      if (!acyclic(graph, on)) {
        conflicts += 1;
        expect(forced, `round ${round}`).toBeNull();
        continue;
      }
      // Brute force: an open edge is forced unused when using it too would close a loop.
      const closes = (lit: Lit) => !on(lit) && !on(-lit) && !acyclic(graph, (x) => on(x) || x === lit);
      const expected = candidates.filter((l) => on(l) || graph.edges.some((e) => e.lit === -l && closes(e.lit)));
      expect(forced, `round ${round}`).toEqual(expected);
      forcedSeen += expected.filter((l) => !on(l)).length;
    }
    expect(forcedSeen).toBeGreaterThan(100);
    expect(conflicts).toBeGreaterThan(30);
  });

  it("gives a forced edge the true edges' one path between its ends as its reason, and a loop as a conflict's", () => {
    const random = seededRandom(13);
    let paths = 0, loops = 0;
    for (let round = 0; round < 300; round++) {
      const vertices = 3 + Math.floor(random() * 6);
      const graph = randomGraph(random, vertices, vertices + Math.floor(random() * 6), true);
      // Literal codes as the fact solver numbers them: edge i's literal is code 2i + 2 (true) here.
      const finder = new LoopFinder(vertices, graph.edges.map((e, i) => ({ u: e.u, v: e.v, code: 2 * i + 2 })));
      const litValue = new Int8Array(2 * graph.edges.length + 2);
      const used = graph.edges.map(() => random() < 0.35);
      used.forEach((o, i) => { if (o) { litValue[2 * i + 2] = 1; litValue[2 * i + 3] = -1; } });
      const isUsed = (l: Lit) => used[Math.abs(l) - 1]!;
      const byIndex = { vertices, edges: graph.edges.map((e, i) => ({ ...e, lit: i + 1 })) };
      const conflict = finder.check(litValue);
      expect(conflict, `round ${round}`).toBe(!acyclic(byIndex, isUsed));
      const clauses = conflict ? 1 : finder.reasonCount;
      for (let k = 0; k < clauses; k++) {
        const codes = [...finder.reasonLits.slice(finder.reasonStart[k], finder.reasonStart[k + 1])];
        // Every literal is a used edge's negation: the clause is false now but for a forced edge.
        expect(codes.every((c) => c % 2 === 1)).toBe(true);
        const edges = codes.map((c) => (c - 3) / 2);
        const [first, ...rest] = edges;
        expect(rest.every((i) => used[i]), `round ${round}`).toBe(true);
        expect(used[first!], `round ${round}`).toBe(conflict);
        if (!conflict) expect(litValue[2 * first! + 2], `round ${round}`).toBe(0);
        // The rest is a path between the first edge's ends: they join them, and without any one of them they do not.
        const { u, v } = graph.edges[first!]!;
        const joins = (skip: number) => {
          const parent = Array.from({ length: vertices }, (_, i) => i);
          const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
          for (const i of rest) if (i !== skip) parent[find(graph.edges[i]!.u)] = find(graph.edges[i]!.v);
          return find(u) === find(v);
        };
        expect(joins(-1), `round ${round}`).toBe(true);
        for (const i of rest) expect(joins(i), `round ${round}: edge ${i} is needed`).toBe(false);
        if (conflict) loops += 1; else paths += 1;
      }
      if (!conflict) {
        // Forced: exactly the open edges whose ends the used edges join.
        const expected = graph.edges.map((_, i) => i).filter((i) => !used[i] && !acyclic(byIndex, (l) => isUsed(l) || l === i + 1));
        const got = Array.from({ length: finder.reasonCount }, (_, k) => (finder.reasonLits[finder.reasonStart[k]!]! - 3) / 2);
        expect(got, `round ${round}`).toEqual(expected);
      }
    }
    expect(paths).toBeGreaterThan(100);
    expect(loops).toBeGreaterThan(50);
  });
});

describe('the no-loops rule as clauses in explain mode (Model.forestRule)', () => {
  it('is satisfiable under an assignment of its edges exactly when they close no loop', () => {
    const random = seededRandom(17);
    let loops = 0, forests = 0;
    for (let round = 0; round < 60; round++) {
      const vertices = 1 + Math.floor(random() * 6);
      const edgeCount = Math.floor(random() * 8);
      const engine = createSolver('wasm');
      try {
        const model = new Model(engine, { explain: true });
        const edgeVars = Array.from({ length: edgeCount }, () => model.newVar());
        // Self-loops too: an edge from a vertex to itself is a loop whenever it is used.
        const edges = edgeVars.map((lit) => ({ u: Math.floor(random() * vertices), v: Math.floor(random() * vertices), lit }));
        let shortForm = 0;
        model.forestRule('no loop', [], vertices, edges, () => { shortForm += 1; });
        expect(shortForm, 'explain mode writes the exact clauses, not the short form').toBe(0);
        const fact = model.facts()[0]!;
        expect(fact.forest?.edges.map((e) => e.lit)).toEqual(edgeVars);
        for (let bits = 0; bits < 1 << edgeCount; bits++) {
          const lits = edgeVars.map((v, i) => ((bits >> i) & 1 ? v : -v));
          const free = acyclic({ vertices, edges }, (l) => lits.includes(l));
          expect(engine.solve({ assumptions: [fact.activation, ...lits] }), `round ${round} edges ${bits}`).toBe(free ? 'sat' : 'unsat');
          if (free) forests += 1; else loops += 1;
        }
        // Off, the rule constrains nothing.
        expect(engine.solve({ assumptions: [-fact.activation, ...edgeVars] })).toBe('sat');
      } finally {
        engine.dispose();
      }
    }
    expect(loops).toBeGreaterThan(200);
    expect(forests).toBeGreaterThan(200);
  });

  it('outside explain mode writes the short form the caller gives and keeps no fact', () => {
    const engine = createSolver('wasm');
    try {
      const model = new Model(engine);
      const a = model.newVar(), b = model.newVar();
      let written = 0;
      model.forestRule('no loop', [], 2, [{ u: 0, v: 1, lit: a }, { u: 0, v: 1, lit: b }], () => { written += 1; model.addClause([-a, -b]); });
      expect(written).toBe(1);
      expect(model.facts()).toEqual([]);
      expect(engine.numVars()).toBe(2);
    } finally {
      engine.dispose();
    }
  });
});

describe('explaining no-loops Bridges', () => {
  it("gives the same answers with the rules propagated as graphs as with their clauses, on Tatham's puzzles", () => {
    const type = findPuzzleType('hashi')!;
    const entries = [...readInputs([path.join(FIXTURES, 'hashi/tatham-noloops.txt')])].filter((e) => e.ok).slice(6, 12);
    expect(entries.length).toBe(6);
    const random = seededRandom(19);
    let unsat = 0, sat = 0;
    forEachExplainFormula(type, entries, ({ facts, factClauses, baseClauses, vars }, id) => {
      const graphs = facts.map(factGraph);
      const forestIndex = graphs.findIndex((g) => g?.forest);
      const connectedIndex = graphs.findIndex((g) => g && !g.forest);
      expect(forestIndex).toBeGreaterThanOrEqual(0);
      expect(connectedIndex).toBeGreaterThanOrEqual(0);
      const withGraphs = new FactSolver(factClauses, baseClauses, graphs);
      const withClauses = new FactSolver(factClauses, baseClauses);
      for (let q = 0; q < 60; q++) {
        const active = factClauses.map((_, f) => f).filter((f) => f === forestIndex || (f === connectedIndex ? random() < 0.5 : random() < 0.3));
        const lits: Lit[] = [];
        for (const v of vars) if (random() < 0.15) lits.push(random() < 0.5 ? -v : v);
        if (expectSameRefutation(withGraphs, withClauses, active, lits, `${id} query ${q}`)) unsat += 1; else sat += 1;
      }
    });
    expect(unsat).toBeGreaterThan(30);
    expect(sat).toBeGreaterThan(30);
  });
});

describe('explaining large no-loops Bridges', () => {
  // Tatham's 25x25 hard Bridges with no loops, puzzle 4: with the rule's clauses (n − 1 connections
  // counted, then depths) its explanation ran into the grade's 20 s cap.
  const p = puzzlesOf('fixtures/hashi/tatham-25x25-m4L.txt', 4)[3];
  it(`${p!.id}: explained to the end on the fact solver, every step sound`, () => {
    const { type, puzzle } = p!;
    const ex = new Explainer(type, puzzle);
    const fresh = new Explainer(type, puzzle);
    try {
      expect(ex.onEngine).toBe(false);
      const explanation = runExplainer(ex, { timeoutMs: 60_000 });
      expect(explanation.status, explanation.message).toBe('solved');
      expect(explanation.steps.some((s) => s.facts.some((f) => f.text === 'the bridges form no loop'))).toBe(true);
      const decided = replaySteps(fresh, explanation, { spareGivens: true });
      expectReplayEndsAtSolution(type, puzzle, fresh, decided, p!.id);
    } finally {
      ex.dispose();
      fresh.dispose();
    }
  }, 120_000);
});
