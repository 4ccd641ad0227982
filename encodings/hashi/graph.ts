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
  const at = new Map<number, number>();
  islands.forEach((isl, i) => at.set(isl.row * cols + isl.col, i));
  const edges: Edge[] = [];
  const edgesOf: number[][] = islands.map(() => []);

  const look = (from: number, dr: number, dc: number): void => {
    const { row, col } = islands[from]!;
    const cells: [number, number][] = [];
    for (let r = row + dr, c = col + dc; r < rows && c < cols; r += dr, c += dc) {
      const other = at.get(r * cols + c);
      if (other !== undefined) {
        const e: Edge = { index: edges.length, a: from, b: other, horizontal: dr === 0, cells };
        edges.push(e);
        edgesOf[from]!.push(e.index);
        edgesOf[other]!.push(e.index);
        return;
      }
      if (blocked(r, c)) return;
      cells.push([r, c]);
    }
  };
  islands.forEach((_, i) => {
    look(i, 0, 1);
    look(i, 1, 0);
  });

  // A horizontal and a vertical bridge cross when they pass over the same water cell.
  const horizontalAt = new Map<number, number>();
  for (const e of edges) if (e.horizontal) for (const [r, c] of e.cells) horizontalAt.set(r * cols + c, e.index);
  const crossings: [number, number][] = [];
  for (const e of edges) {
    if (e.horizontal) continue;
    for (const [r, c] of e.cells) {
      const h = horizontalAt.get(r * cols + c);
      if (h !== undefined) crossings.push([h, e.index]);
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
