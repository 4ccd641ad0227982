/**
 * "The edges whose literal is true close no loop" as clauses exact on their own (the edges form a
 * forest), for a rule whose short form holds only beside other rules (Hashi's no-loops rule is
 * "exactly n − 1 connections", true only of connected bridges).
 *
 * A forest is a graph whose edges can each name one end the other's parent so that every vertex
 * has at most one parent and no vertex is its own ancestor: root each tree anywhere and point
 * edges at the root. Conversely a loop would give each of its k vertices one of its k edges as
 * parent link, so following parents would go round the loop forever. Depths make "no ancestor of
 * itself" clauses: a parent is strictly shallower than its child, depths order-encoded up to n − 1.
 */
import type { ConnectivityEdge, Lit } from '../sat/types.js';

/** What `acyclic` writes with (a Model, which calls it: named here, not imported, so no import cycle). */
export interface AcyclicSink {
  newVar(name?: string): Lit;
  addClause(lits: readonly Lit[]): void;
  implies(a: Lit, b: Lit): void;
  atMostOne(lits: readonly Lit[]): unknown;
}

export function acyclic(model: AcyclicSink, vertices: number, edges: readonly ConnectivityEdge[]): void {
  // deep[v][k - 1] = "vertex v is at depth k or more", k = 1 .. n − 1 (made for vertices with edges).
  const deep: Lit[][] = [];
  const depthOf = (v: number): Lit[] => {
    let lits = deep[v];
    if (lits) return lits;
    lits = [];
    for (let k = 1; k < vertices; k++) {
      const lit = model.newVar(`depth(${v})>=${k}`);
      if (k > 1) model.implies(lit, lits[k - 2]!);
      lits.push(lit);
    }
    deep[v] = lits;
    return lits;
  };
  const parentLinks: Lit[][] = Array.from({ length: vertices }, () => []);
  /** `link` = "p is c's parent, along this edge": then c is deeper than p. */
  const parentOf = (c: number, p: number, edge: Lit): Lit => {
    const link = model.newVar(`parent(${c})=${p}`);
    model.implies(link, edge);
    const dc = depthOf(c), dp = depthOf(p);
    model.addClause([-link, dc[0]!]);
    for (let k = 1; k < vertices - 1; k++) model.addClause([-link, -dp[k - 1]!, dc[k]!]);
    model.addClause([-link, -dp[vertices - 2]!]);
    parentLinks[c]!.push(link);
    return link;
  };
  for (const e of edges) {
    if (e.u === e.v) { model.addClause([-e.lit]); continue; } // an edge from a vertex to itself is a loop
    model.addClause([-e.lit, parentOf(e.u, e.v, e.lit), parentOf(e.v, e.u, e.lit)]);
  }
  for (const links of parentLinks) if (links.length > 1) model.atMostOne(links);
}
