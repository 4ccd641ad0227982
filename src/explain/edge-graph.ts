/**
 * What the fact solver's graph rules (cut-finder.ts: connectivity; loop-finder.ts: no loops) share:
 * a graph whose edges each carry a literal code (2x for x, 2x + 1 for ¬x), its incidence lists,
 * and the clauses a check finds, stored back to back for the solver to read.
 */
export abstract class EdgeGraph {
  protected readonly vertices: number;
  protected readonly from: Int32Array;
  protected readonly to: Int32Array;
  /** Each edge's literal code. */
  readonly codes: Int32Array;
  /** Incidence lists: vertex v's edges are adjEdge[adjStart[v] .. adjStart[v + 1]), with their other end. */
  protected readonly adjStart: Int32Array;
  protected readonly adjEdge: Int32Array;
  protected readonly adjOther: Int32Array;
  /**
   * The clauses the last check found, back to back: clause i is reasonLits[reasonStart[i] ..
   * reasonStart[i + 1]), `reasonCount` of them (reused from check to check: read before the next).
   * A forced literal's clause has it first.
   */
  reasonLits: Int32Array;
  readonly reasonStart: Int32Array;
  reasonCount = 0;

  /** `maxClauses`: the most clauses one check can find. */
  constructor(vertices: number, edges: readonly { u: number; v: number; code: number }[], maxClauses: number) {
    this.vertices = vertices;
    const m = edges.length;
    this.from = Int32Array.from(edges, (e) => e.u);
    this.to = Int32Array.from(edges, (e) => e.v);
    this.codes = Int32Array.from(edges, (e) => e.code);
    const degree = new Int32Array(vertices + 1);
    for (const e of edges) { degree[e.u + 1]! += 1; degree[e.v + 1]! += 1; }
    for (let v = 0; v < vertices; v++) degree[v + 1]! += degree[v]!;
    this.adjStart = degree.slice();
    this.adjEdge = new Int32Array(2 * m);
    this.adjOther = new Int32Array(2 * m);
    edges.forEach((e, i) => {
      let k = degree[e.u]!++;
      this.adjEdge[k] = i; this.adjOther[k] = e.v;
      k = degree[e.v]!++;
      this.adjEdge[k] = i; this.adjOther[k] = e.u;
    });
    this.reasonLits = new Int32Array(4 * m + 4);
    this.reasonStart = new Int32Array(maxClauses + 1);
  }

  /**
   * Checks the rule under these values (per literal code: 1 true, -1 false, 0 open): true when it
   * is violated, the conflict's clause then the one in `reasonLits`; otherwise the literals it
   * forces, each clause's first, with their reasons.
   */
  abstract check(litValue: Int8Array): boolean;

  /** Starts clause i of `reasonLits` (after clause i − 1), with room for `most` literals; returns where they go. */
  protected reasonAt(i: number, most: number): number {
    if (i === 0) this.reasonStart[0] = 0;
    const at = this.reasonStart[i]!;
    if (this.reasonLits.length < at + most) {
      const grown = new Int32Array(2 * (at + most));
      grown.set(this.reasonLits);
      this.reasonLits = grown;
    }
    return at;
  }
}
