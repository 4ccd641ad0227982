/**
 * The bridge graph (buildBridgeGraph) against a brute-force reading of the grid: two islands are
 * joined when they share a row or column with only open water between them; a connection's cells
 * are that water; a horizontal and a vertical connection cross when they share a water cell.
 */
import { describe, expect, it } from 'vitest';
import { buildBridgeGraph } from '../../../encodings/hashi/graph.js';
import { seededRandom } from '../../../src/util/random.js';

interface Board { rows: number; cols: number; islands: { row: number; col: number }[]; blocked: Set<string> }

function randomBoard(seed: number): Board {
  const rand = seededRandom(seed);
  const rows = 1 + Math.floor(rand() * 12);
  const cols = 1 + Math.floor(rand() * 12);
  const islands: { row: number; col: number }[] = [];
  const blocked = new Set<string>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = rand();
      if (x < 0.3) islands.push({ row: r, col: c });
      else if (x < 0.38 && seed % 2 === 0) blocked.add(`${r},${c}`);
    }
  }
  return { rows, cols, islands, blocked };
}

/** Every pair of islands that see each other, with the cells between, by looking at every pair. */
function bruteEdges(b: Board): { a: number; b: number; horizontal: boolean; cells: [number, number][] }[] {
  const at = new Map(b.islands.map((isl, i) => [`${isl.row},${isl.col}`, i]));
  const out: { a: number; b: number; horizontal: boolean; cells: [number, number][] }[] = [];
  b.islands.forEach((p, i) => b.islands.forEach((q, j) => {
    if (i === j || (p.row !== q.row && p.col !== q.col)) return;
    if (p.row > q.row || p.col > q.col) return; // each pair once, from its first island
    const cells: [number, number][] = [];
    for (let r = p.row, c = p.col; ;) {
      if (p.row === q.row) c++; else r++;
      if (r === q.row && c === q.col) break;
      if (at.has(`${r},${c}`) || b.blocked.has(`${r},${c}`)) return;
      cells.push([r, c]);
    }
    out.push({ a: i, b: j, horizontal: p.row === q.row, cells });
  }));
  return out;
}

describe('buildBridgeGraph', () => {
  it('finds exactly the connections, their water cells and crossings a brute-force look finds', () => {
    let edges = 0;
    let crossings = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const b = randomBoard(seed);
      const g = buildBridgeGraph(b.rows, b.cols, b.islands, (r, c) => b.blocked.has(`${r},${c}`));
      const key = (e: { a: number; b: number }) => `${e.a}-${e.b}`;
      const expected = bruteEdges(b);
      expect(g.edges.map((e) => ({ a: e.a, b: e.b, horizontal: e.horizontal, cells: e.cells })).sort((x, y) => key(x).localeCompare(key(y))),
        `seed ${seed}`).toEqual([...expected].sort((x, y) => key(x).localeCompare(key(y))));
      g.edges.forEach((e, i) => expect(e.index).toBe(i));
      g.edgesOf.forEach((es, i) => expect([...es].sort((x, y) => x - y)).toEqual(g.edges.filter((e) => e.a === i || e.b === i).map((e) => e.index)));
      const crossing = new Set<string>();
      for (const h of g.edges) for (const v of g.edges) {
        if (!h.horizontal || v.horizontal) continue;
        if (h.cells.some(([r, c]) => v.cells.some(([r2, c2]) => r === r2 && c === c2))) crossing.add(`${h.index}-${v.index}`);
      }
      expect(new Set(g.crossings.map(([h, v]) => `${h}-${v}`)), `seed ${seed}`).toEqual(crossing);
      expect(g.crossings.length).toBe(crossing.size);
      edges += g.edges.length;
      crossings += crossing.size;
    }
    expect(edges).toBeGreaterThan(1000);
    expect(crossings).toBeGreaterThan(100);
  });
});
