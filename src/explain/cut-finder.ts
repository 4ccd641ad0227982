/**
 * The connectivity rule as propagation, for the fact solver: a graph whose edges each have a
 * literal, and the rule "the edges whose literal is true connect every vertex".
 *
 * Given the current values, the edges not yet false are the ones the rule may still use:
 * - when they leave the vertices split, the rule is violated; the reason is the cut around one
 *   part — its crossing edges, all false — and the part chosen is the one with the fewest of them
 *   (the smallest reason: an explanation then names the fewest decided connections);
 * - when one of them is a bridge (the only edge left across some cut), it must be used; its reason
 *   is the other edges across that cut, all false.
 * These are exactly the deductions the eager distance clauses would need search for ("this group
 * of islands would be closed off"), made in one step, and every reason is an ordinary clause on the
 * edge literals, so conflict analysis and cores stay exact.
 *
 * Literals are the fact solver's literal codes (2x for x, 2x + 1 for ¬x); values are read from its
 * per-code array (1 true, -1 false, 0 open).
 */

import { EdgeGraph } from './edge-graph.js';

const NONE = -1;

export class CutFinder extends EdgeGraph {
  // Scratch for one check (depth-first search, iterative).
  private readonly disc: Int32Array;
  private readonly low: Int32Array;
  private readonly size: Int32Array;
  private readonly parentEdge: Int32Array;
  private readonly cursor: Int32Array;
  private readonly stack: Int32Array;
  private readonly part: Int32Array;
  private readonly partCut: Int32Array;

  constructor(vertices: number, edges: readonly { u: number; v: number; code: number }[]) {
    // At most one forced edge per vertex but the root (a tree edge each), or one conflict.
    super(vertices, edges, vertices);
    this.disc = new Int32Array(vertices);
    this.low = new Int32Array(vertices);
    this.size = new Int32Array(vertices);
    this.parentEdge = new Int32Array(vertices);
    this.cursor = new Int32Array(vertices);
    this.stack = new Int32Array(vertices);
    this.part = new Int32Array(vertices);
    this.partCut = new Int32Array(vertices);
  }

  /**
   * Checks the rule under these values: true when the edges not false leave the vertices split (the
   * rule is violated), the cheapest cut's clause then the one in `reasonLits`. Otherwise the bridges
   * among those edges that are still open are forced, their reasons in `reasonLits`.
   */
  check(litValue: Int8Array): boolean {
    const n = this.vertices;
    this.reasonCount = 0;
    if (n <= 1) return false;
    const { disc, low, size, parentEdge, cursor, stack, adjStart, adjEdge, adjOther, codes } = this;
    disc.fill(NONE);
    let time = 0;
    let forced = 0;
    // Depth-first from vertex 0 over usable edges, with low links (Tarjan's bridges).
    disc[0] = low[0] = time++;
    size[0] = 1;
    parentEdge[0] = NONE;
    cursor[0] = adjStart[0]!;
    let depth = 0;
    stack[depth++] = 0;
    while (depth > 0) {
      const v = stack[depth - 1]!;
      const k = cursor[v]!;
      if (k < adjStart[v + 1]!) {
        cursor[v] = k + 1;
        const e = adjEdge[k]!;
        if (e === parentEdge[v] || litValue[codes[e]!]! < 0) continue;
        const w = adjOther[k]!;
        if (disc[w] === NONE) {
          disc[w] = low[w] = time++;
          size[w] = 1;
          parentEdge[w] = e;
          cursor[w] = adjStart[w]!;
          stack[depth++] = w;
        } else if (disc[w]! < low[v]!) low[v] = disc[w]!;
        continue;
      }
      depth -= 1;
      if (depth === 0) break;
      const p = stack[depth - 1]!;
      if (low[v]! < low[p]!) low[p] = low[v]!;
      size[p]! += size[v]!;
      const e = parentEdge[v]!;
      if (low[v]! > disc[p]! && litValue[codes[e]!] === 0) this.bridgeReason(e, disc[v]!, size[v]!, forced++);
    }
    if (time < n) {
      this.cheapestCut(litValue);
      return true;
    }
    this.reasonCount = forced;
    return false;
  }

  /**
   * Clause k: edge e's code, then the codes of the false edges leaving the subtree of discovery
   * times [lo, lo + count).
   */
  private bridgeReason(e: number, lo: number, count: number, k: number): void {
    const { disc, from, to, codes } = this;
    let at = this.reasonAt(k, this.codes.length);
    const out = this.reasonLits;
    const hi = lo + count;
    out[at++] = codes[e]!;
    for (let i = 0; i < codes.length; i++) {
      if (i === e) continue;
      const a = disc[from[i]!]!, b = disc[to[i]!]!;
      if ((a >= lo && a < hi) !== (b >= lo && b < hi)) out[at++] = codes[i]!;
    }
    this.reasonStart[k + 1] = at;
  }

  /**
   * The vertices split over usable edges: the parts (numbered in order of their least vertex),
   * and the crossing edges (all false) of the part with the fewest, the earliest on ties.
   */
  private cheapestCut(litValue: Int8Array): void {
    const { part, partCut, stack, adjStart, adjEdge, adjOther, codes, from, to } = this;
    const n = this.vertices;
    part.fill(NONE);
    let parts = 0;
    for (let s = 0; s < n; s++) {
      if (part[s] !== NONE) continue;
      const id = parts++;
      part[s] = id;
      let depth = 0;
      stack[depth++] = s;
      while (depth > 0) {
        const v = stack[--depth]!;
        for (let k = adjStart[v]!, end = adjStart[v + 1]!; k < end; k++) {
          const w = adjOther[k]!;
          if (part[w] !== NONE || litValue[codes[adjEdge[k]!]!]! < 0) continue;
          part[w] = id;
          stack[depth++] = w;
        }
      }
    }
    partCut.fill(0, 0, parts);
    for (let i = 0; i < codes.length; i++) {
      const a = part[from[i]!]!, b = part[to[i]!]!;
      if (a !== b) { partCut[a]! += 1; partCut[b]! += 1; }
    }
    let best = 0;
    for (let q = 1; q < parts; q++) if (partCut[q]! < partCut[best]!) best = q;
    let at = this.reasonAt(0, this.codes.length);
    const out = this.reasonLits;
    for (let i = 0; i < codes.length; i++) {
      if ((part[from[i]!] === best) !== (part[to[i]!] === best)) out[at++] = codes[i]!;
    }
    this.reasonStart[1] = at;
    this.reasonCount = 1;
  }
}
