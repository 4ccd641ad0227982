/**
 * `mostApart` (the most cells of a group with no two touching) against enumeration of every subset,
 * and `halvingOrder` (cells ordered so each halving cuts a patch across its longer side).
 */
import { describe, expect, it } from 'vitest';
import { halvingOrder, mostApart } from '../../src/geometry/apart.js';
import type { Cell } from '../../src/geometry/grid.js';
import { seededRandom } from '../../src/util/random.js';

/** Every subset of the cells, the largest with no two touching (sides or corners). */
function enumerateMostApart(cells: readonly Cell[]): number {
  let best = 0;
  for (let mask = 0; mask < 1 << cells.length; mask++) {
    const on = cells.filter((_, i) => mask & (1 << i));
    const apart = on.every((a, i) => on.every((b, j) => j <= i || Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) > 1));
    if (apart) best = Math.max(best, on.length);
  }
  return best;
}

function randomCells(random: () => number, size: number, count: number): Cell[] {
  const all: Cell[] = [];
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) all.push([r, c]);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, count);
}

function box(cells: readonly Cell[]): { r0: number; r1: number; c0: number; c1: number } {
  return {
    r0: Math.min(...cells.map((c) => c[0])), r1: Math.max(...cells.map((c) => c[0])),
    c0: Math.min(...cells.map((c) => c[1])), c1: Math.max(...cells.map((c) => c[1])),
  };
}

describe('mostApart', () => {
  it('equals enumeration on random groups of up to 16 cells', () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 300; trial++) {
      const cells = randomCells(random, 3 + Math.floor(random() * 5), 1 + Math.floor(random() * 16));
      expect(mostApart(cells), JSON.stringify(cells)).toBe(enumerateMostApart(cells));
    }
  });

  it('equals an exhaustive search on connected regions of 17 to 24 cells (where its pruning by 2×2 blocks works)', () => {
    // Every set of cells with no two touching, grown one cell at a time in list order: no bound,
    // so nothing is pruned. Connected regions like a puzzle's keep the number of such sets small.
    const exhaustive = (cells: readonly Cell[]): number => {
      let best = 0;
      const grow = (from: number, chosen: Cell[]): void => {
        best = Math.max(best, chosen.length);
        for (let i = from; i < cells.length; i++) {
          const c = cells[i]!;
          if (chosen.every((d) => Math.max(Math.abs(c[0] - d[0]), Math.abs(c[1] - d[1])) > 1)) grow(i + 1, [...chosen, c]);
        }
      };
      grow(0, []);
      return best;
    };
    const random = seededRandom(17);
    for (let trial = 0; trial < 60; trial++) {
      const size = 17 + Math.floor(random() * 8);
      const taken = new Set<string>(['8,8']);
      const cells: Cell[] = [[8, 8]];
      while (cells.length < size) {
        const [r, c] = cells[Math.floor(random() * cells.length)]!;
        const [dr, dc] = [[0, 1], [1, 0], [0, -1], [-1, 0]][Math.floor(random() * 4)]!;
        const key = `${r + dr},${c + dc}`;
        if (!taken.has(key)) { taken.add(key); cells.push([r + dr!, c + dc!]); }
      }
      expect(mostApart(cells), JSON.stringify(cells)).toBe(exhaustive(cells));
    }
  });

  it('lines, blocks and an L: the counts a solver knows by heart', () => {
    const line = (n: number): Cell[] => Array.from({ length: n }, (_, c) => [0, c] as const);
    expect([1, 2, 3, 4, 17].map((n) => mostApart(line(n)))).toEqual([1, 1, 2, 2, 9]);
    expect(mostApart([[0, 0], [0, 1], [1, 0], [1, 1]])).toBe(1);
    expect(mostApart([[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]])).toBe(3); // both ends and the corner
    expect(mostApart([[0, 0], [1, 0], [1, 1], [2, 1]])).toBe(2);
  });

  it('past 24 cells it bounds from above: a full box is exact, a sparse group is never undercounted', () => {
    const full: Cell[] = [];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 6; c++) full.push([r, c]);
    expect(mostApart(full)).toBe(9);
    // Cells two apart never touch: all 25 can be chosen.
    const spaced: Cell[] = [];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 5; c++) spaced.push([2 * r, 2 * c]);
    expect(mostApart(spaced)).toBe(25);
  });
});

describe('halvingOrder', () => {
  it('is a permutation, and every halving splits a patch across its longer side', () => {
    const random = seededRandom(9);
    for (let trial = 0; trial < 100; trial++) {
      const cells = randomCells(random, 4 + Math.floor(random() * 8), 2 + Math.floor(random() * 30));
      const ordered = halvingOrder(cells);
      expect([...ordered].map(String).sort()).toEqual([...cells].map(String).sort());
      const check = (part: readonly Cell[]): void => {
        if (part.length <= 2) return;
        const mid = part.length >> 1;
        const [first, rest] = [part.slice(0, mid), part.slice(mid)];
        const whole = box(part), a = box(first), b = box(rest);
        // Cut across rows when the patch is at least as tall as wide, else across columns:
        // the halves then do not overlap along that side (they may share the line of the cut).
        if (whole.r1 - whole.r0 >= whole.c1 - whole.c0) expect(a.r1).toBeLessThanOrEqual(b.r0);
        else expect(a.c1).toBeLessThanOrEqual(b.c0);
        check(first);
        check(rest);
      };
      check(ordered);
    }
  });
});
