/**
 * The no-loops rule as propagation, for the fact solver: a graph whose edges each have a literal,
 * and the rule "the edges whose literal is true close no loop" (they form a forest).
 *
 * Given the current values, the true edges are joined into trees, in edge order:
 * - a true edge whose ends the trees already join closes a loop: the rule is violated, and the
 *   reason is that loop (the edge and the trees' path between its ends, all true);
 * - an open edge whose ends the trees join would close one, so it is forced false; its reason is
 *   the path, all true.
 * A path in a tree is the only one, so a forced edge's reason is the shortest there is. This is the
 * deduction a solver makes by eye ("these two islands are already joined"), where the rule's
 * clauses (Hashi: exactly n − 1 connections, or depths along parent links) need a count or a search.
 *
 * Literals are the fact solver's literal codes (2x for x, 2x + 1 for ¬x); values are read from its
 * per-code array (1 true, -1 false, 0 open).
 */

import { EdgeGraph } from './edge-graph.js';

const NONE = -1;

export class LoopFinder extends EdgeGraph {
  // Scratch for one check.
  private readonly set: Int32Array;
  private readonly inTree: Uint8Array;
  private readonly parentVertex: Int32Array;
  private readonly parentEdge: Int32Array;
  private readonly depth: Int32Array;
  private readonly queue: Int32Array;

  constructor(vertices: number, edges: readonly { u: number; v: number; code: number }[]) {
    // At most one forced edge per edge, or one conflict.
    super(vertices, edges, edges.length + 1);
    this.set = new Int32Array(vertices);
    this.inTree = new Uint8Array(edges.length);
    this.parentVertex = new Int32Array(vertices);
    this.parentEdge = new Int32Array(vertices);
    this.depth = new Int32Array(vertices);
    this.queue = new Int32Array(vertices);
  }

  /**
   * Checks the rule under these values: true when the true edges close a loop (the rule is
   * violated), the loop's clause then the one in `reasonLits`. Otherwise every open edge whose ends
   * the true edges join is forced false, its reason in `reasonLits`.
   */
  check(litValue: Int8Array): boolean {
    const { set, inTree, codes, from, to } = this;
    this.reasonCount = 0;
    for (let v = 0; v < this.vertices; v++) set[v] = v;
    inTree.fill(0);
    const find = (x: number): number => {
      while (set[x] !== x) { set[x] = set[set[x]!]!; x = set[x]!; }
      return x;
    };
    let treeEdges = 0;
    for (let e = 0; e < codes.length; e++) {
      if (litValue[codes[e]!]! <= 0) continue;
      const a = find(from[e]!), b = find(to[e]!);
      if (a === b) {
        // A loop: this edge and the path the trees made so far between its ends.
        this.rootTrees();
        const at = this.reasonAt(0, this.vertices + 1);
        this.reasonLits[at] = codes[e]! ^ 1;
        this.reasonStart[1] = this.path(from[e]!, to[e]!, at + 1);
        this.reasonCount = 1;
        return true;
      }
      set[a] = b;
      inTree[e] = 1;
      treeEdges += 1;
    }
    if (treeEdges === 0) return false;
    let rooted = false;
    let forced = 0;
    for (let e = 0; e < codes.length; e++) {
      if (litValue[codes[e]!] !== 0 || find(from[e]!) !== find(to[e]!)) continue;
      if (!rooted) { this.rootTrees(); rooted = true; }
      const at = this.reasonAt(forced, this.vertices + 1);
      this.reasonLits[at] = codes[e]! ^ 1;
      this.reasonStart[forced + 1] = this.path(from[e]!, to[e]!, at + 1);
      forced += 1;
    }
    this.reasonCount = forced;
    return false;
  }

  /** Parent links and depths over the tree edges, each tree rooted at its least vertex. */
  private rootTrees(): void {
    const { parentVertex, parentEdge, depth, queue, adjStart, adjEdge, adjOther, inTree } = this;
    parentVertex.fill(NONE);
    for (let s = 0; s < this.vertices; s++) {
      if (parentVertex[s] !== NONE) continue;
      parentVertex[s] = s;
      parentEdge[s] = NONE;
      depth[s] = 0;
      let head = 0, tail = 0;
      queue[tail++] = s;
      while (head < tail) {
        const v = queue[head++]!;
        for (let k = adjStart[v]!, end = adjStart[v + 1]!; k < end; k++) {
          const w = adjOther[k]!;
          if (inTree[adjEdge[k]!] === 0 || parentVertex[w] !== NONE) continue;
          parentVertex[w] = v;
          parentEdge[w] = adjEdge[k]!;
          depth[w] = depth[v]! + 1;
          queue[tail++] = w;
        }
      }
    }
  }

  /** Writes the negated codes of the tree path between u and v from `at` on; returns where it ended. */
  private path(u: number, v: number, at: number): number {
    const { parentVertex, parentEdge, depth, codes } = this;
    const out = this.reasonLits;
    while (u !== v) {
      if (depth[u]! >= depth[v]!) { out[at++] = codes[parentEdge[u]!]! ^ 1; u = parentVertex[u]!; }
      else { out[at++] = codes[parentEdge[v]!]! ^ 1; v = parentVertex[v]!; }
    }
    return at;
  }
}
