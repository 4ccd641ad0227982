/**
 * The bridge graph: which islands can be joined by a bridge (they see each other along a row or
 * column, with only water between them) and which possible bridges would cross.
 * Shared by `hashi` and `bridges-signs` (where signs block bridges and sight).
 */

export interface GraphIsland {
  row: number;
  col: number;
}

/** A possible connection between two islands. `a` comes before `b` in reading order. */
export interface Edge {
  index: number;
  a: number;
  b: number;
  horizontal: boolean;
  /** The water cells the bridge would pass over, as `[row, col]`. */
  cells: [number, number][];
}

export interface BridgeGraph {
  islands: readonly GraphIsland[];
  edges: Edge[];
  /** Edge indices of each island. */
  edgesOf: number[][];
  /** Pairs `[horizontal edge, vertical edge]` that pass over a common cell. */
  crossings: [number, number][];
}

/**
 * Builds the graph on a `rows` x `cols` grid. `blocked(r, c)` marks non-island cells a bridge may
 * not pass (signs); a blocked cell also hides islands behind it.
 */
export function buildBridgeGraph(
  rows: number,
  cols: number,
  islands: readonly GraphIsland[],
  blocked: (row: number, col: number) => boolean = () => false,
): BridgeGraph {
  const at = new Int32Array(rows * cols).fill(-1); // island index per cell, -1 for water
  islands.forEach((isl, i) => { at[isl.row * cols + isl.col] = i; });

  // Two islands see each other when they are consecutive islands on one unblocked line of sight.
  const found: Omit<Edge, 'index'>[] = [];
  const look = (horizontal: boolean): void => {
    const lines = horizontal ? rows : cols;
    const length = horizontal ? cols : rows;
    for (let line = 0; line < lines; line++) {
      let from = -1;
      let water: [number, number][] = [];
      for (let k = 0; k < length; k++) {
        const r = horizontal ? line : k;
        const c = horizontal ? k : line;
        const island = at[r * cols + c]!;
        if (island >= 0) {
          if (from >= 0) found.push({ a: from, b: island, horizontal, cells: water });
          from = island;
          water = [];
        } else if (blocked(r, c)) {
          from = -1; // a sign blocks the bridge and the view
          water = [];
        } else if (from >= 0) {
          water.push([r, c]);
        }
      }
    }
  };
  look(true);
  look(false);
  // Numbered as before: by first island, its horizontal connection first.
  found.sort((x, y) => x.a - y.a || Number(y.horizontal) - Number(x.horizontal));
  const edges: Edge[] = found.map((e, index) => ({ index, a: e.a, b: e.b, horizontal: e.horizontal, cells: e.cells }));
  const edgesOf: number[][] = islands.map(() => []);
  for (const e of edges) { edgesOf[e.a]!.push(e.index); edgesOf[e.b]!.push(e.index); }

  // A horizontal and a vertical bridge cross when they pass over the same water cell.
  const horizontalAt = new Int32Array(rows * cols).fill(-1);
  for (const e of edges) if (e.horizontal) for (const [r, c] of e.cells) horizontalAt[r * cols + c] = e.index;
  const crossings: [number, number][] = [];
  for (const e of edges) {
    if (e.horizontal) continue;
    for (const [r, c] of e.cells) {
      const h = horizontalAt[r * cols + c]!;
      if (h >= 0) crossings.push([h, e.index]);
    }
  }
  return { islands, edges, edgesOf, crossings };
}

/**
 * Connected components of the islands when only `used` edges count.
 * Returns, for each island, the index of its component, and the number of components.
 */
export function components(graph: BridgeGraph, used: (edge: Edge) => boolean): { of: number[]; count: number } {
  const of = graph.islands.map(() => -1);
  let count = 0;
  for (let start = 0; start < of.length; start++) {
    if (of[start] !== -1) continue;
    const stack = [start];
    of[start] = count;
    while (stack.length) {
      const i = stack.pop()!;
      for (const ei of graph.edgesOf[i]!) {
        const e = graph.edges[ei]!;
        if (!used(e)) continue;
        const j = e.a === i ? e.b : e.a;
        if (of[j] === -1) {
          of[j] = count;
          stack.push(j);
        }
      }
    }
    count++;
  }
  return { of, count };
}
