/**
 * The explainer's solver with a connectivity fact propagated as a graph (cut-finder.ts) instead of
 * its clauses, against brute force written apart from it (test/helpers/connectivity-brute.ts):
 * answers, cores and what propagation forces on small random graphs; and on real Hashi puzzles,
 * the same answers as the same fact written as the eager distance clauses.
 */
import { describe, expect, it } from 'vitest';
import { FactSolver, type FactGraph } from '../../src/explain/fact-solver.js';
import { CutFinder } from '../../src/explain/cut-finder.js';
import { seededRandom } from '../../src/util/random.js';
import { randomShortClause } from '../helpers/cnf-gen.js';
import { findPuzzleType } from '../../encodings/registry.js';
import { readInputs } from '../../src/formats/inputs.js';
import type { Clause, Lit } from '../../src/sat/types.js';
import { holds, spans } from '../helpers/connectivity-brute.js';
import { FIXTURES } from '../helpers/paths.js';
import { expectSameRefutation, forEachExplainFormula } from '../helpers/explain-formula.js';
import path from 'node:path';

/** Whether some assignment of variables 1..n satisfies the clauses, the literals and (when given) connectivity. */
function satisfiable(n: number, clauses: readonly Clause[], lits: readonly Lit[], graph?: FactGraph): boolean {
  for (let bits = 0; bits < 1 << n; bits++) {
    const value = (l: Lit) => holds(l, bits);
    if (lits.every(value) && clauses.every((c) => c.some(value)) && (!graph || spans(graph, value))) return true;
  }
  return false;
}

function randomGraph(random: () => number, vertices: number, edges: number): FactGraph {
  const out: { u: number; v: number; lit: Lit }[] = [];
  for (let i = 0; i < edges; i++) {
    const u = Math.floor(random() * vertices);
    let v = Math.floor(random() * (vertices - 1));
    if (v >= u) v += 1;
    // Edge literals are variables 1..edges, some negated (the rule is on the literal, not the variable).
    out.push({ u, v, lit: random() < 0.8 ? i + 1 : -(i + 1) });
  }
  return { vertices, edges: out };
}

const randomClause = randomShortClause;

describe('FactSolver with a connectivity fact', () => {
  it('answers like brute force, and every core is unsatisfiable on its own (connectivity only when its fact is in the core)', () => {
    const random = seededRandom(23);
    let unsat = 0, usedGraph = 0;
    for (let round = 0; round < 250; round++) {
      const vertices = 2 + Math.floor(random() * 5);
      const edgeCount = vertices - 1 + Math.floor(random() * 5);
      const graph = randomGraph(random, vertices, edgeCount);
      const n = edgeCount + Math.floor(random() * 3);
      // Fact 0 is connectivity (its clauses here are a decoy the solver must leave out); the others are clause groups.
      const facts: Clause[][] = [[[1, 2, 3].filter((v) => v <= n)]];
      for (let f = 1 + Math.floor(random() * 5); f > 0; f--) {
        const cs: Clause[] = [];
        for (let k = 1 + Math.floor(random() * 3); k > 0; k--) cs.push(randomClause(random, n));
        facts.push(cs);
      }
      const graphs = [graph];
      const solver = new FactSolver(facts, [], graphs);
      const ruleOf = (f: number): Clause[] => (f === 0 ? [] : facts[f]!);
      for (let q = 0; q < 6; q++) {
        const active = facts.map((_, f) => f).filter((f) => f === 0 ? random() < 0.8 : random() < 0.5);
        const lits: Lit[] = [];
        for (let v = 1; v <= n; v++) if (random() < 0.3) lits.push(random() < 0.5 ? v : -v);
        const withGraph = active.includes(0) ? graph : undefined;
        const core = solver.refute(active, lits);
        expect(core === null, `round ${round} query ${q}`).toBe(satisfiable(n, active.flatMap(ruleOf), lits, withGraph));
        if (!core) continue;
        unsat += 1;
        if (core.facts.includes(0)) usedGraph += 1;
        expect(core.facts.every((f) => active.includes(f))).toBe(true);
        expect(core.lits.every((l) => lits.includes(l))).toBe(true);
        expect(satisfiable(n, core.facts.flatMap(ruleOf), core.lits, core.facts.includes(0) ? graph : undefined)).toBe(false);
      }
    }
    expect(unsat).toBeGreaterThan(150);
    expect(usedGraph).toBeGreaterThan(50);
  });

  it('propagation forces exactly the edges left as the only way across a cut, and conflicts exactly when the usable edges leave the graph split', () => {
    const random = seededRandom(5);
    let forcedSeen = 0, conflicts = 0;
    for (let round = 0; round < 300; round++) {
      const vertices = 2 + Math.floor(random() * 6);
      const edgeCount = vertices - 1 + Math.floor(random() * 6);
      const graph = randomGraph(random, vertices, edgeCount);
      const solver = new FactSolver([[]], [], [graph]);
      // Some edges ruled out, some required: assumptions on the edge literals.
      const lits: Lit[] = [];
      for (const e of graph.edges) {
        const r = random();
        if (r < 0.3) lits.push(-e.lit);
        else if (r < 0.4) lits.push(e.lit);
      }
      const candidates = graph.edges.map((e) => e.lit);
      const forced = solver.forcedByPropagation([0], lits, candidates);
      const usable = (skip: number) => spans(graph, (l) => graph.edges.some((e, i) => i !== skip && e.lit === l && !lits.includes(-l)));
      if (!usable(-1)) {
        conflicts += 1;
        expect(forced, `round ${round}`).toBeNull();
        continue;
      }
      // Brute force: an edge is forced when the usable edges without it leave the graph split.
      const expected = candidates.filter((l, i) => lits.includes(l) || (!lits.includes(-l) && !usable(i)));
      expect(forced, `round ${round}`).toEqual(expected);
      forcedSeen += expected.filter((l) => !lits.includes(l)).length;
    }
    expect(forcedSeen).toBeGreaterThan(100);
    expect(conflicts).toBeGreaterThan(30);
  });

  it('blames the split part with the fewest crossing edges (the smallest reason), all of them false', () => {
    const random = seededRandom(9);
    let split = 0;
    for (let round = 0; round < 300; round++) {
      const vertices = 3 + Math.floor(random() * 6);
      const graph = randomGraph(random, vertices, vertices + Math.floor(random() * 6));
      // Literal codes as the fact solver numbers them: edge i's literal is code 2i + 2 (true) here.
      const finder = new CutFinder(vertices, graph.edges.map((e, i) => ({ u: e.u, v: e.v, code: 2 * i + 2 })));
      const litValue = new Int8Array(2 * graph.edges.length + 2);
      const off = graph.edges.map(() => random() < 0.45);
      off.forEach((o, i) => { if (o) { litValue[2 * i + 2] = -1; litValue[2 * i + 3] = 1; } });
      const conflict = finder.check(litValue) ? finder.reasonLits.slice(finder.reasonStart[0], finder.reasonStart[1]) : null;
      // Brute force: the parts over usable edges (union-find), and each part's crossing edges.
      const parent = Array.from({ length: vertices }, (_, i) => i);
      const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
      graph.edges.forEach((e, i) => { if (!off[i]) parent[find(e.u)] = find(e.v); });
      const roots = [...new Set(parent.map((_, v) => find(v)))];
      expect(conflict !== null, `round ${round}`).toBe(roots.length > 1);
      if (!conflict) continue;
      split += 1;
      const cutOf = (r: number) => graph.edges.map((e, i) => i).filter((i) => (find(graph.edges[i]!.u) === r) !== (find(graph.edges[i]!.v) === r));
      const fewest = Math.min(...roots.map((r) => cutOf(r).length));
      expect(conflict.length, `round ${round}`).toBe(fewest);
      const edgesOf = [...conflict].map((code) => (code - 2) / 2);
      expect(edgesOf.every((i) => off[i]), `round ${round}`).toBe(true);
      expect(roots.some((r) => cutOf(r).join() === [...edgesOf].sort((a, b) => a - b).join()), `round ${round}`).toBe(true);
    }
    expect(split).toBeGreaterThan(50);
  });

  it('finds the same forced values alone with and without skipping graph checks in probes (graphShortcut)', () => {
    const random = seededRandom(31);
    let forcedByProbe = 0, quietRounds = 0, shortcuts = 0;
    for (let round = 0; round < 400; round++) {
      const vertices = 2 + Math.floor(random() * 5);
      const edgeCount = vertices - 1 + Math.floor(random() * 5);
      const graph = randomGraph(random, vertices, edgeCount);
      // Always-on clauses: each edge with up to two variables of its own (edge-local), sometimes
      // forbidding the edge outright through them (edge true conflicts with its group), and now
      // and then one clause joining two edges' groups (not edge-local: no shortcut).
      let n = edgeCount;
      const base: Clause[] = [];
      for (let e = 1; e <= edgeCount; e++) {
        const own = Math.floor(random() * 3);
        const vars = [e];
        for (let k = 0; k < own; k++) vars.push(++n);
        for (let k = 0; k < own + 1; k++) {
          const c = [0, 1].map(() => { const v = vars[Math.floor(random() * vars.length)]!; return random() < 0.5 ? v : -v; });
          base.push(c);
        }
      }
      if (random() < 0.15) base.push([1 + Math.floor(random() * edgeCount), -(1 + Math.floor(random() * edgeCount))]);
      const solver = new FactSolver([[]], base, [graph]);
      const lits: Lit[] = [];
      for (let v = 1; v <= n; v++) if (random() < 0.2) lits.push(random() < 0.5 ? v : -v);
      const candidates: Lit[] = [];
      for (let v = 1; v <= n; v++) candidates.push(v, -v);
      solver.graphShortcut = false;
      const reference = solver.forcedByPropagation([0], lits, candidates);
      solver.graphShortcut = true;
      const quick = solver.forcedByPropagation([0], lits, candidates);
      expect(quick, `round ${round}`).toEqual(reference);
      shortcuts += solver.stats.quietGraphProbes;
      if (reference) quietRounds += 1;
      // Values forced only by a probe (not already by propagation): the probes did something.
      const byPropagation = new FactSolver([[]], base, [graph]);
      if (reference) forcedByProbe += reference.length - (byPropagation.forcedByPropagation([0], lits, []) ?? []).length;
    }
    expect(quietRounds).toBeGreaterThan(100);
    expect(forcedByProbe).toBeGreaterThan(0);
    // Both ways were taken: the shortcut where it holds, the checks where it does not.
    expect(shortcuts).toBeGreaterThan(30);
    expect(shortcuts).toBeLessThan(quietRounds - 20);
  });

  it('gives the same answers on Hashi puzzles as the eager distance clauses of the same rule', () => {
    const type = findPuzzleType('hashi')!;
    const entries = [...readInputs([path.join(FIXTURES, 'hashi/tatham-10x10.txt')])].filter((e) => e.ok).slice(0, 6);
    expect(entries.length).toBe(6);
    const random = seededRandom(3);
    let unsat = 0, sat = 0;
    // The explain encoding, as the explainer builds it: each rule instance a fact, connectivity eager.
    forEachExplainFormula(type, entries, ({ facts, factClauses, baseClauses, vars }, id) => {
      const graphs = facts.map((f) => f.connects);
      const graphIndex = graphs.findIndex((g) => g !== undefined);
      expect(graphIndex).toBeGreaterThanOrEqual(0);
      expect(factClauses[graphIndex]!.length).toBeGreaterThan(10);
      const withGraph = new FactSolver(factClauses, baseClauses, graphs);
      const withClauses = new FactSolver(factClauses, baseClauses);
      for (let q = 0; q < 60; q++) {
        const active = factClauses.map((_, f) => f).filter((f) => f === graphIndex || random() < 0.3);
        const lits: Lit[] = [];
        for (const v of vars) if (random() < 0.15) lits.push(random() < 0.7 ? -v : v);
        const candidates = vars.flatMap((v) => [v, -v]);
        withGraph.graphShortcut = false;
        const reference = withGraph.forcedByPropagation([graphIndex], lits, candidates);
        withGraph.graphShortcut = true;
        expect(withGraph.forcedByPropagation([graphIndex], lits, candidates), `${id} query ${q}`).toEqual(reference);
        if (expectSameRefutation(withGraph, withClauses, active, lits, `${id} query ${q}`)) unsat += 1; else sat += 1;
      }
    });
    expect(unsat).toBeGreaterThan(30);
    expect(sat).toBeGreaterThan(30);
  });
});
