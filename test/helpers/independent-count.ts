/**
 * Independent solution counters, one per generated type, written from the puzzle RULES (the seeds
 * in ../shared/seeds and encodings/<type>/README.md), not from our encodings: plain backtracking
 * over the cells (or connections) with the rules checked directly and a little pruning. They import
 * only the puzzle and solution TYPES (erased at run time), so they share no code with
 * encodings/*\/rules.ts, src/cnf, src/sat or src/solve — an over- or under-constrained encoding
 * cannot hide here.
 *
 * Each type has:
 * - `count<Type>(puzzle, limit = 2)`: solutions found, up to `limit` (`count` is exact when it is
 *   below `limit`), and the solutions themselves in the shape the generator returns;
 * - `check<Type>(puzzle, solution)`: every rule a solution breaks ([] when it is valid), written
 *   apart from the search, so a solution handed out by the generator can be judged on its own;
 * - `<type>Key(solution)`: a canonical string, to compare solutions.
 */
import type { StarBattlePuzzle, StarBattleSolution } from '../../encodings/starbattle/puzzle.js';
import type { AkariPuzzle, AkariSolution } from '../../encodings/akari/puzzle.js';
import type { Bridge, HashiPuzzle, HashiSolution } from '../../encodings/hashi/puzzle.js';
import type { BlockPartyPuzzle, BlockPartySolution } from '../../encodings/blockparty/puzzle.js';

export interface Counted<S> {
  /** Solutions found, at most `limit`: exact when below the limit, "at least" when equal to it. */
  count: number;
  /** The solutions found, in the order found. */
  solutions: S[];
  /** Search nodes visited (for timing reports). */
  nodes: number;
}

// ---------------------------------------------------------------------------------------------
// Star Battle: S stars in every row, column and region; no two stars touch, not even diagonally;
// no star on a cell that belongs to no region (its row and column still need S).

/** Every way to choose `s` columns out of `cols`, no two adjacent, avoiding the `banned` columns. */
function rowPatterns(cols: number, s: number, banned: (c: number) => boolean): number[][] {
  const out: number[][] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (chosen.length === s) { out.push([...chosen]); return; }
    for (let c = from; c < cols; c++) {
      if (banned(c)) continue;
      chosen.push(c);
      pick(c + 2, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

export function countStarBattle(puzzle: StarBattlePuzzle, limit = 2): Counted<StarBattleSolution> {
  const { rows, cols, stars: s, regions } = puzzle;
  let nRegions = 0;
  for (const row of regions) for (const id of row) if (id !== null) nRegions = Math.max(nRegions, id + 1);
  // cellsFrom[r][id]: cells of region id in rows r..rows-1 (room left for its missing stars).
  const cellsFrom = Array.from({ length: rows + 1 }, () => new Array<number>(nRegions).fill(0));
  for (let r = rows - 1; r >= 0; r--) {
    for (let id = 0; id < nRegions; id++) cellsFrom[r]![id] = cellsFrom[r + 1]![id]!;
    for (let c = 0; c < cols; c++) { const id = regions[r]![c]; if (id !== null && id !== undefined) cellsFrom[r]![id]! += 1; }
  }
  const patterns = regions.map((row) => rowPatterns(cols, s, (c) => row[c] === null));
  const colStars = new Array<number>(cols).fill(0);
  const regionStars = new Array<number>(nRegions).fill(0);
  const chosen: number[][] = [];
  const solutions: StarBattleSolution[] = [];
  let nodes = 0;

  const rec = (r: number): void => {
    nodes += 1;
    if (r === rows) {
      if (colStars.every((n) => n === s) && regionStars.every((n) => n === s)) {
        solutions.push(chosen.map((cs) => Array.from({ length: cols }, (_, c) => cs.includes(c))));
      }
      return;
    }
    const above = r > 0 ? chosen[r - 1]! : [];
    for (const pattern of patterns[r]!) {
      // No star touches one in the row above (same, left or right column).
      if (pattern.some((c) => above.some((a) => Math.abs(a - c) <= 1))) continue;
      for (const c of pattern) { colStars[c]! += 1; regionStars[regions[r]![c]!]! += 1; }
      const rowsLeft = rows - r - 1;
      const ok = colStars.every((n) => n <= s && s - n <= rowsLeft)
        && regionStars.every((n, id) => n <= s && s - n <= cellsFrom[r + 1]![id]!);
      if (ok) {
        chosen.push(pattern);
        rec(r + 1);
        chosen.pop();
      }
      for (const c of pattern) { colStars[c]! -= 1; regionStars[regions[r]![c]!]! -= 1; }
      if (solutions.length >= limit) return;
    }
  };
  rec(0);
  return { count: solutions.length, solutions, nodes };
}

export function checkStarBattle(puzzle: StarBattlePuzzle, solution: StarBattleSolution): string[] {
  const { rows, cols, stars: s, regions } = puzzle;
  const problems: string[] = [];
  if (solution.length !== rows || solution.some((row) => row.length !== cols)) return [`solution is not ${rows}x${cols}`];
  const perRegion = new Map<number, number>();
  for (const row of regions) for (const id of row) if (id !== null) perRegion.set(id, 0);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!solution[r]![c]) continue;
      const id = regions[r]![c];
      if (id === null || id === undefined) problems.push(`star on (${r},${c}), a cell in no region`);
      else perRegion.set(id, perRegion.get(id)! + 1);
      for (const [dr, dc] of [[0, 1], [1, -1], [1, 0], [1, 1]] as const) {
        if (solution[r + dr]?.[c + dc]) problems.push(`stars (${r},${c}) and (${r + dr},${c + dc}) touch`);
      }
    }
  }
  for (let r = 0; r < rows; r++) {
    const n = solution[r]!.filter(Boolean).length;
    if (n !== s) problems.push(`row ${r} has ${n} stars, not ${s}`);
  }
  for (let c = 0; c < cols; c++) {
    const n = solution.filter((row) => row[c]).length;
    if (n !== s) problems.push(`column ${c} has ${n} stars, not ${s}`);
  }
  for (const [id, n] of perRegion) if (n !== s) problems.push(`region ${id} has ${n} stars, not ${s}`);
  return problems;
}

export const starBattleKey = (solution: StarBattleSolution): string =>
  solution.map((row) => row.map((x) => (x ? '*' : '.')).join('')).join('/');

// ---------------------------------------------------------------------------------------------
// Akari: bulbs on white cells; a bulb lights its row and column up to a black cell or the edge;
// every white cell lit; no bulb lit by another; a numbered black cell has exactly that many bulbs
// orthogonally next to it.

const ORTHO = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;

export function countAkari(puzzle: AkariPuzzle, limit = 2): Counted<AkariSolution> {
  const { rows, cols, cells } = puzzle;
  const white = (r: number, c: number) => r >= 0 && r < rows && c >= 0 && c < cols && cells[r]![c] === 'white';
  // Whites in reading order; each one's row segment and column segment (what a bulb there lights).
  const index = new Map<number, number>();
  const whites: [number, number][] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (white(r, c)) { index.set(r * cols + c, whites.length); whites.push([r, c]); }
  const W = whites.length;
  const segOf: [number, number][] = whites.map(() => [-1, -1]);
  const segCells: number[][] = [];
  for (let k = 0; k < W; k++) {
    const [r, c] = whites[k]!;
    if (!white(r, c - 1)) {
      const seg: number[] = [];
      for (let cc = c; white(r, cc); cc++) { const j = index.get(r * cols + cc)!; seg.push(j); segOf[j]![0] = segCells.length; }
      segCells.push(seg);
    }
    if (!white(r - 1, c)) {
      const seg: number[] = [];
      for (let rr = r; white(rr, c); rr++) { const j = index.get(rr * cols + c)!; seg.push(j); segOf[j]![1] = segCells.length; }
      segCells.push(seg);
    }
  }
  // Numbered cells and, per white cell, the numbered cells next to it.
  const clues: { need: number; open: number; bulbs: number }[] = [];
  const cluesOf: number[][] = whites.map(() => []);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = cells[r]![c];
      if (typeof cell !== 'number') continue;
      const next = ORTHO.map(([dr, dc]) => [r + dr, c + dc] as const).filter(([rr, cc]) => white(rr, cc));
      for (const [rr, cc] of next) cluesOf[index.get(rr * cols + cc)!]!.push(clues.length);
      clues.push({ need: cell, open: next.length, bulbs: 0 });
    }
  }
  if (clues.some((q) => q.need > q.open)) return { count: 0, solutions: [], nodes: 0 };
  const segBulbs = new Array<number>(segCells.length).fill(0);
  const bulb = new Array<boolean>(W).fill(false);
  const lit = (k: number) => segBulbs[segOf[k]![0]]! + segBulbs[segOf[k]![1]]! > 0;
  const solutions: AkariSolution[] = [];
  let nodes = 0;

  /** Every dark white cell can still get light from some undecided cell (index > k) not lit itself. */
  const canStillLight = (k: number): boolean => {
    for (let x = 0; x < W; x++) {
      if (lit(x)) continue;
      let hope = false;
      for (const seg of segOf[x]!) {
        for (const y of segCells[seg]!) if (y > k && !lit(y)) { hope = true; break; }
        if (hope) break;
      }
      if (!hope) return false;
    }
    return true;
  };

  const rec = (k: number): void => {
    nodes += 1;
    if (k === W) {
      if (whites.every((_, x) => lit(x)) && clues.every((q) => q.bulbs === q.need)) {
        solutions.push({ bulbs: Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => {
          const j = index.get(r * cols + c);
          return j !== undefined && bulb[j]!;
        })) });
      }
      return;
    }
    const [rowSeg, colSeg] = segOf[k]!;
    const around = cluesOf[k]!;
    // A bulb here: nothing lights this cell yet, and no neighbouring number is full.
    if (segBulbs[rowSeg]! === 0 && segBulbs[colSeg]! === 0 && around.every((q) => clues[q]!.bulbs < clues[q]!.need)) {
      bulb[k] = true; segBulbs[rowSeg]! += 1; segBulbs[colSeg]! += 1;
      for (const q of around) { clues[q]!.bulbs += 1; clues[q]!.open -= 1; }
      if (canStillLight(k)) rec(k + 1);
      for (const q of around) { clues[q]!.bulbs -= 1; clues[q]!.open += 1; }
      bulb[k] = false; segBulbs[rowSeg]! -= 1; segBulbs[colSeg]! -= 1;
      if (solutions.length >= limit) return;
    }
    // No bulb here: every neighbouring number can still be met by its other undecided cells.
    if (around.every((q) => clues[q]!.bulbs + clues[q]!.open - 1 >= clues[q]!.need)) {
      for (const q of around) clues[q]!.open -= 1;
      if (canStillLight(k)) rec(k + 1);
      for (const q of around) clues[q]!.open += 1;
    }
  };
  rec(0);
  return { count: solutions.length, solutions, nodes };
}

export function checkAkari(puzzle: AkariPuzzle, solution: AkariSolution): string[] {
  const { rows, cols, cells } = puzzle;
  const b = solution.bulbs;
  if (b.length !== rows || b.some((row) => row.length !== cols)) return [`solution is not ${rows}x${cols}`];
  const problems: string[] = [];
  const white = (r: number, c: number) => r >= 0 && r < rows && c >= 0 && c < cols && cells[r]![c] === 'white';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = cells[r]![c]!;
      if (cell !== 'white') {
        if (b[r]![c]) problems.push(`bulb on black cell (${r},${c})`);
        if (typeof cell === 'number') {
          const n = ORTHO.filter(([dr, dc]) => white(r + dr, c + dc) && b[r + dr]![c + dc]).length;
          if (n !== cell) problems.push(`number ${cell} at (${r},${c}) has ${n} bulbs next to it`);
        }
        continue;
      }
      // Walk the four rays from this white cell: is it lit, and does a bulb here see another?
      let seen = b[r]![c]!;
      for (const [dr, dc] of ORTHO) {
        for (let rr = r + dr, cc = c + dc; white(rr, cc); rr += dr, cc += dc) {
          if (!b[rr]![cc]) continue;
          seen = true;
          if (b[r]![c] && (rr > r || cc > c)) problems.push(`bulbs (${r},${c}) and (${rr},${cc}) light each other`);
        }
      }
      if (!seen) problems.push(`white cell (${r},${c}) is dark`);
    }
  }
  return problems;
}

export const akariKey = (solution: AkariSolution): string =>
  solution.bulbs.map((row) => row.map((x) => (x ? '*' : '.')).join('')).join('/');

// ---------------------------------------------------------------------------------------------
// Hashi: bridges run horizontally or vertically between islands that see each other (nothing
// but water between); at most maxBridges join a pair; bridges never cross; each island with a
// number has exactly that many bridges; all islands are connected; with noLoops, no loop (so
// the bridges form a spanning tree).

interface Link { a: number; b: number; horizontal: boolean; line: number; from: number; to: number }

export function countHashi(puzzle: HashiPuzzle, limit = 2): Counted<HashiSolution> {
  const { rows, cols, maxBridges: m } = puzzle;
  const islands = [...puzzle.islands].sort((p, q) => p.row - q.row || p.col - q.col);
  const n = islands.length;
  const at = new Map(islands.map((isl, i) => [isl.row * cols + isl.col, i]));
  // Each island looks right and down to the nearest island: those pairs see each other.
  const links: Link[] = [];
  islands.forEach((isl, i) => {
    for (let c = isl.col + 1; c < cols; c++) {
      const j = at.get(isl.row * cols + c);
      if (j !== undefined) { links.push({ a: i, b: j, horizontal: true, line: isl.row, from: isl.col, to: c }); break; }
    }
    for (let r = isl.row + 1; r < rows; r++) {
      const j = at.get(r * cols + isl.col);
      if (j !== undefined) { links.push({ a: i, b: j, horizontal: false, line: isl.col, from: isl.row, to: r }); break; }
    }
  });
  const E = links.length;
  // A horizontal and a vertical link cross when each passes strictly inside the other's span.
  const crossing: number[][] = links.map(() => []);
  for (let e = 0; e < E; e++) {
    for (let f = 0; f < E; f++) {
      const h = links[e]!, v = links[f]!;
      if (!h.horizontal || v.horizontal) continue;
      if (h.from < v.line && v.line < h.to && v.from < h.line && h.line < v.to) { crossing[e]!.push(f); crossing[f]!.push(e); }
    }
  }
  const sum = new Array<number>(n).fill(0);
  const open = new Array<number>(n).fill(0);
  for (const l of links) { open[l.a]! += 1; open[l.b]! += 1; }
  const value = new Array<number>(E).fill(-1);
  const solutions: HashiSolution[] = [];
  let nodes = 0;

  const feasible = (i: number): boolean => {
    const want = islands[i]!.count;
    if (want === null) return n === 1 || open[i]! > 0 || sum[i]! > 0;
    return sum[i]! <= want && sum[i]! + m * open[i]! >= want;
  };
  const connectedAndLoopless = (): boolean => {
    const seen = new Array<boolean>(n).fill(false);
    const adj: number[][] = islands.map(() => []);
    let used = 0;
    links.forEach((l, e) => { if (value[e]! > 0) { adj[l.a]!.push(l.b); adj[l.b]!.push(l.a); used += 1; } });
    const todo = [0];
    seen[0] = true;
    let reached = 1;
    while (todo.length) for (const j of adj[todo.pop()!]!) if (!seen[j]) { seen[j] = true; reached += 1; todo.push(j); }
    if (reached !== n) return false;
    return !puzzle.noLoops || used === n - 1;
  };

  const rec = (e: number): void => {
    nodes += 1;
    if (e === E) {
      if (n > 0 && islands.every((isl, i) => isl.count === null || sum[i] === isl.count) && connectedAndLoopless()) {
        const bridges: Bridge[] = [];
        links.forEach((l, k) => {
          if (value[k]! > 0) bridges.push({ a: [islands[l.a]!.row, islands[l.a]!.col], b: [islands[l.b]!.row, islands[l.b]!.col], count: value[k]! });
        });
        solutions.push({ bridges });
      }
      return;
    }
    const { a, b } = links[e]!;
    const blocked = crossing[e]!.some((f) => value[f]! > 0);
    for (let v = 0; v <= (blocked ? 0 : m); v++) {
      value[e] = v; sum[a]! += v; sum[b]! += v; open[a]! -= 1; open[b]! -= 1;
      if (feasible(a) && feasible(b)) rec(e + 1);
      value[e] = -1; sum[a]! -= v; sum[b]! -= v; open[a]! += 1; open[b]! += 1;
      if (solutions.length >= limit) return;
    }
  };
  if (n > 0) rec(0);
  return { count: solutions.length, solutions, nodes };
}

export function checkHashi(puzzle: HashiPuzzle, solution: HashiSolution): string[] {
  const { rows, cols, islands, maxBridges: m } = puzzle;
  const problems: string[] = [];
  const at = new Map(islands.map((isl, i) => [isl.row * cols + isl.col, i]));
  const inGrid = (r: number, c: number) => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols;
  const degree = islands.map(() => 0);
  const pairs = new Set<string>();
  const edges: [number, number][] = [];
  // Water cells each bridge covers, with its direction, to find crossings.
  const covered = new Map<number, 'h' | 'v'>();
  for (const { a, b, count } of solution.bridges) {
    const name = `(${a[0]},${a[1]})-(${b[0]},${b[1]})`;
    const i = inGrid(a[0], a[1]) ? at.get(a[0] * cols + a[1]) : undefined;
    const j = inGrid(b[0], b[1]) ? at.get(b[0] * cols + b[1]) : undefined;
    if (i === undefined || j === undefined) { problems.push(`bridge ${name} does not join two islands`); continue; }
    if (i === j || (a[0] !== b[0] && a[1] !== b[1])) { problems.push(`bridge ${name} is not straight between two islands`); continue; }
    if (!Number.isInteger(count) || count < 1 || count > m) problems.push(`bridge ${name} has ${count} bridges (1 to ${m} allowed)`);
    const key = i < j ? `${i}-${j}` : `${j}-${i}`;
    if (pairs.has(key)) problems.push(`bridge ${name} is listed twice`);
    pairs.add(key);
    const horizontal = a[0] === b[0];
    const [lo, hi] = horizontal ? [Math.min(a[1], b[1]), Math.max(a[1], b[1])] : [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    for (let k = lo + 1; k < hi; k++) {
      const cell = horizontal ? a[0] * cols + k : k * cols + a[1];
      if (at.has(cell)) { problems.push(`bridge ${name} passes over an island`); break; }
      const other = covered.get(cell);
      if (other !== undefined) problems.push(`bridge ${name} ${other === (horizontal ? 'h' : 'v') ? 'overlaps' : 'crosses'} another at (${Math.floor(cell / cols)},${cell % cols})`);
      covered.set(cell, horizontal ? 'h' : 'v');
    }
    degree[i]! += count;
    degree[j]! += count;
    edges.push([i, j]);
  }
  islands.forEach((isl, i) => {
    if (isl.count !== null && degree[i] !== isl.count) problems.push(`island (${isl.row},${isl.col}) has ${degree[i]} bridges, not ${isl.count}`);
  });
  // Connected: a flood over the bridges reaches every island.
  if (islands.length > 0) {
    const seen = new Set([0]);
    const todo = [0];
    while (todo.length) {
      const x = todo.pop()!;
      for (const [i, j] of edges) {
        const y = i === x ? j : j === x ? i : -1;
        if (y >= 0 && !seen.has(y)) { seen.add(y); todo.push(y); }
      }
    }
    if (seen.size !== islands.length) problems.push(`the bridges join ${seen.size} of ${islands.length} islands from (${islands[0]!.row},${islands[0]!.col})`);
    else if (puzzle.noLoops && edges.length !== islands.length - 1) problems.push(`the bridges form a loop (${edges.length} connections for ${islands.length} islands)`);
  }
  return problems;
}

export const hashiKey = (solution: HashiSolution): string => solution.bridges
  .map(({ a, b, count }) => {
    const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
    return `${p[0]},${p[1]}-${q[0]},${q[1]}x${count}`;
  })
  .sort()
  .join(' ');

// ---------------------------------------------------------------------------------------------
// Block Party: a region of k cells holds each of 1..k once; for every cell holding K, the nearest
// other cell holding K (taxicab distance) is at distance exactly K: one at distance K holds K, none
// closer does. Some cells are given.

export function countBlockParty(puzzle: BlockPartyPuzzle, limit = 2): Counted<BlockPartySolution> {
  const { rows, cols, regions, givens } = puzzle;
  const N = rows * cols;
  const regionOf = (i: number) => regions[Math.floor(i / cols)]![i % cols]!;
  const size = new Map<number, number>();
  for (let i = 0; i < N; i++) size.set(regionOf(i), (size.get(regionOf(i)) ?? 0) + 1);
  const maxK = Math.max(...size.values());
  const dist = (i: number, j: number) => Math.abs(Math.floor(i / cols) - Math.floor(j / cols)) + Math.abs((i % cols) - (j % cols));
  // ring[i][K]: cells at distance exactly K; inside[i][K]: cells at distance 1..K-1.
  const ring: number[][][] = [];
  const inside: number[][][] = [];
  for (let i = 0; i < N; i++) {
    ring.push(Array.from({ length: maxK + 1 }, () => []));
    inside.push(Array.from({ length: maxK + 1 }, () => []));
    for (let j = 0; j < N; j++) {
      const d = dist(i, j);
      if (j === i) continue;
      for (let K = 1; K <= maxK; K++) { if (d === K) ring[i]![K]!.push(j); if (d < K) inside[i]![K]!.push(j); }
    }
  }
  const value = new Array<number>(N).fill(0);
  const used = new Map<number, Set<number>>([...size.keys()].map((id) => [id, new Set<number>()]));
  const solutions: BlockPartySolution[] = [];
  let nodes = 0;

  /** Cell j (holding K) still has a cell at distance K that holds K or could. */
  const hasPartner = (j: number): boolean => {
    const K = value[j]!;
    return ring[j]![K]!.some((y) => value[y] === K || (value[y] === 0 && size.get(regionOf(y))! >= K && !used.get(regionOf(y))!.has(K)));
  };

  const rec = (i: number): void => {
    nodes += 1;
    if (i === N) {
      solutions.push(Array.from({ length: rows }, (_, r) => value.slice(r * cols, (r + 1) * cols)));
      return;
    }
    const region = regionOf(i);
    const given = givens[Math.floor(i / cols)]![i % cols];
    const candidates = given !== null && given !== undefined ? [given] : Array.from({ length: size.get(region)! }, (_, v) => v + 1);
    for (const K of candidates) {
      if (K < 1 || K > size.get(region)! || used.get(region)!.has(K)) continue;
      // No other K closer than K (the rule read from either cell).
      if (inside[i]![K]!.some((j) => value[j] === K)) continue;
      value[i] = K;
      used.get(region)!.add(K);
      let ok = true;
      for (let j = 0; j <= i && ok; j++) ok = hasPartner(j);
      if (ok) rec(i + 1);
      value[i] = 0;
      used.get(region)!.delete(K);
      if (solutions.length >= limit) return;
    }
  };
  rec(0);
  return { count: solutions.length, solutions, nodes };
}

export function checkBlockParty(puzzle: BlockPartyPuzzle, solution: BlockPartySolution): string[] {
  const { rows, cols, regions, givens } = puzzle;
  if (solution.length !== rows || solution.some((row) => row.length !== cols)) return [`solution is not ${rows}x${cols}`];
  const problems: string[] = [];
  const byRegion = new Map<number, number[]>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = solution[r]![c]!;
      const g = givens[r]![c];
      if (g !== null && g !== undefined && g !== v) problems.push(`(${r},${c}) holds ${v}, given ${g}`);
      const id = regions[r]![c]!;
      if (!byRegion.has(id)) byRegion.set(id, []);
      byRegion.get(id)!.push(v);
      // The nearest other cell with the same value, by taxicab distance.
      let nearest = Infinity;
      for (let rr = 0; rr < rows; rr++) {
        for (let cc = 0; cc < cols; cc++) {
          if ((rr !== r || cc !== c) && solution[rr]![cc] === v) nearest = Math.min(nearest, Math.abs(rr - r) + Math.abs(cc - c));
        }
      }
      if (nearest !== v) problems.push(`(${r},${c}) holds ${v}, the nearest other ${v} is at distance ${nearest}`);
    }
  }
  for (const [id, values] of byRegion) {
    const sorted = [...values].sort((x, y) => x - y);
    if (sorted.some((v, k) => v !== k + 1)) problems.push(`region ${id} holds ${sorted.join(',')}, not 1..${values.length}`);
  }
  return problems;
}

export const blockPartyKey = (solution: BlockPartySolution): string => solution.map((row) => row.join(',')).join('/');
