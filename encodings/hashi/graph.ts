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
  readonly index: number;
  readonly a: number;
  readonly b: number;
  readonly horizontal: boolean;
  /** The water cells the bridge would pass over, as `[row, col]`. */
  readonly cells: readonly [number, number][];
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
 * A connection of the graph built here: its water cells are the straight run between its islands,
 * made when first read (fact wording, pictures): an encoding never needs them.
 */
class StraightEdge implements Edge {
  private water: readonly [number, number][] | undefined;
  constructor(
    readonly index: number, readonly a: number, readonly b: number, readonly horizontal: boolean,
    private readonly from: GraphIsland, private readonly to: GraphIsland,
  ) {}

  get cells(): readonly [number, number][] {
    if (!this.water) {
      const water: [number, number][] = [];
      if (this.horizontal) for (let c = this.from.col + 1; c < this.to.col; c++) water.push([this.from.row, c]);
      else for (let r = this.from.row + 1; r < this.to.row; r++) water.push([r, this.from.col]);
      this.water = water;
    }
    return this.water;
  }
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
  // An island is the first (in reading order) of at most one connection each way: `next[2i]` is the
  // island it sees to its right, `next[2i + 1]` the one below, -1 for none.
  const next = new Int32Array(2 * islands.length).fill(-1);
  const look = (horizontal: boolean): void => {
    const lines = horizontal ? rows : cols;
    const length = horizontal ? cols : rows;
    for (let line = 0; line < lines; line++) {
      let from = -1;
      for (let k = 0; k < length; k++) {
        const r = horizontal ? line : k;
        const c = horizontal ? k : line;
        const island = at[r * cols + c]!;
        if (island >= 0) {
          if (from >= 0) next[2 * from + (horizontal ? 0 : 1)] = island;
          from = island;
        } else if (from >= 0 && blocked(r, c)) {
          from = -1; // a sign blocks the bridge and the view
        }
      }
    }
  };
  look(true);
  look(false);
  // Numbered by first island, its horizontal connection first.
  const edges: Edge[] = [];
  const edgesOf: number[][] = islands.map(() => []);
  for (let slot = 0; slot < next.length; slot++) {
    const b = next[slot]!;
    if (b < 0) continue;
    const a = slot >> 1;
    const e = new StraightEdge(edges.length, a, b, (slot & 1) === 0, islands[a]!, islands[b]!);
    edges.push(e);
    edgesOf[a]!.push(e.index);
    edgesOf[b]!.push(e.index);
  }

  // A horizontal and a vertical bridge cross when they pass over the same water cell.
  const horizontalAt = new Int32Array(rows * cols).fill(-1);
  for (const e of edges) {
    if (!e.horizontal) continue;
    const { row, col } = islands[e.a]!;
    for (let c = col + 1; c < islands[e.b]!.col; c++) horizontalAt[row * cols + c] = e.index;
  }
  const crossings: [number, number][] = [];
  for (const e of edges) {
    if (e.horizontal) continue;
    const { row, col } = islands[e.a]!;
    for (let r = row + 1; r < islands[e.b]!.row; r++) {
      const h = horizontalAt[r * cols + col]!;
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
