/**
 * Random region growth, for generators: regions grown one orthogonal cell at a time from seed
 * cells, so every region is connected.
 */
import { ORTHOGONAL, type Cell } from './grid.js';

/**
 * Grows regions from `seeds` (one seed cell per region) until no region can grow: at each step a
 * random region takes a random unassigned orthogonal neighbour that `canTake(region, r, c)` allows.
 * `sizes[i]`, when given, caps region i; with `fill`, once no region can grow the caps are lifted
 * and growth goes on, so that small caps still cover the grid. Returns `regions[r][c]` (-1 where no
 * region reached).
 */
export function growRegions(
  rows: number, cols: number, seeds: readonly Cell[], random: () => number,
  options: { sizes?: readonly number[]; fill?: boolean; canTake?: (region: number, r: number, c: number) => boolean } = {},
): number[][] {
  const regions = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  const members: Cell[][] = seeds.map(([r, c], i) => { regions[r]![c] = i; return [[r, c]]; });
  let growing = seeds.map((_, i) => i);
  let sizes = options.sizes;
  for (;;) {
    if (growing.length === 0) {
      if (!options.fill || sizes === undefined) break;
      sizes = undefined;
      growing = seeds.map((_, i) => i);
    }
    const pick = Math.floor(random() * growing.length);
    const id = growing[pick]!;
    const frontier: Cell[] = [];
    if ((sizes?.[id] ?? Infinity) > members[id]!.length) {
      for (const [r, c] of members[id]!) {
        for (const [dr, dc] of ORTHOGONAL) {
          const rr = r + dr, cc = c + dc;
          if (regions[rr]?.[cc] === -1 && (options.canTake?.(id, rr, cc) ?? true)) frontier.push([rr, cc]);
        }
      }
    }
    if (frontier.length === 0) { growing.splice(pick, 1); continue; }
    const [r, c] = frontier[Math.floor(random() * frontier.length)]!;
    regions[r]![c] = id;
    members[id]!.push([r, c]);
  }
  return regions;
}

/** True when the cells of `region` other than (r,c) still form one orthogonally connected piece. */
export function connectedWithout(regions: readonly (readonly (number | null)[])[], region: number, r: number, c: number): boolean {
  const rows = regions.length, cols = regions[0]?.length ?? 0;
  const cells: Cell[] = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) if (regions[i]![j] === region && (i !== r || j !== c)) cells.push([i, j]);
  if (cells.length === 0) return false;
  const seen = new Set<number>([cells[0]![0] * cols + cells[0]![1]]);
  const stack = [cells[0]!];
  while (stack.length) {
    const [i, j] = stack.pop()!;
    for (const [dr, dc] of ORTHOGONAL) {
      const ii = i + dr, jj = j + dc;
      if ((ii === r && jj === c) || regions[ii]?.[jj] !== region) continue;
      const k = ii * cols + jj;
      if (!seen.has(k)) { seen.add(k); stack.push([ii, jj]); }
    }
  }
  return seen.size === cells.length;
}
