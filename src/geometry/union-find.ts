/** Disjoint sets over 0..n-1 with path compression: which items a set of links has joined. */
export class DisjointSets {
  private readonly parent: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) { const next = this.parent[i]!; this.parent[i] = root; i = next; }
    return root;
  }

  /** Joins the sets of a and b; false when they were already one set. */
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.parent[ra] = rb;
    return true;
  }

  /** The number of distinct sets. */
  count(): number {
    let n = 0;
    for (let i = 0; i < this.parent.length; i++) if (this.find(i) === i) n++;
    return n;
  }
}
