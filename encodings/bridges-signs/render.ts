/**
 * Rendering of bridges with sum signs, on top of hashi's bridge drawing.
 *
 * Text: north at the top (the top row is y = height-1, the left column x = 0); islands show their
 * value (`o` when not solved or not determined), bridges as in hashi (`-` `=` horizontal, `|` `"`
 * vertical, `?` undetermined), signs as capital letters explained in a legend below the grid. The
 * legend names each sign's cell as (row,col) from the top left (1,1), as every message does, and
 * its `[x, y]` as the JSON writes it.
 * SVG: signs as diamonds with their four corner numbers (blank corners left empty).
 */
import { cellLabel } from '../../src/util/cells.js';
import type { HashiPuzzle } from '../hashi/puzzle.js';
import { CELL, renderBridgesSvg, svgText, renderBridgesText, type ShownBridge } from '../hashi/render.js';
import { DIRECTIONS, MAX_BRIDGES, toGrid, type SignsPuzzle, type SignsSolution } from './puzzle.js';

/** How a sign is named in the text picture and in explanations: A, B, …, then #26, #27, …. */
export const signLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : `#${i}`);

/** The puzzle as a hashi grid (north up), islands labelled with known values. */
function asHashi(p: SignsPuzzle, values: (number | null)[]): HashiPuzzle {
  const islands = p.islands.map((pt, i) => {
    const [row, col] = toGrid(p, pt);
    return { row, col, count: values[i] ?? null };
  });
  return { rows: p.height, cols: p.width, maxBridges: MAX_BRIDGES, noLoops: false, islands };
}

function solutionBridges(p: SignsPuzzle, s: SignsSolution): ShownBridge[] {
  return s.bridges.map((b) => {
    const a = toGrid(p, b.a);
    const c = toGrid(p, b.b);
    // hashi draws from the earlier cell in reading order
    const [first, second] = a[0] < c[0] || (a[0] === c[0] && a[1] < c[1]) ? [a, c] : [c, a];
    return { a: first, b: second, count: b.count };
  });
}

/** Island values implied by (partly) known bridges: known when none of its connections is undetermined. */
function valuesFrom(p: SignsPuzzle, bridges: readonly ShownBridge[]): (number | null)[] {
  return p.islands.map((pt) => {
    const [row, col] = toGrid(p, pt);
    let sum = 0;
    for (const b of bridges) {
      const touches = (b.a[0] === row && b.a[1] === col) || (b.b[0] === row && b.b[1] === col);
      if (!touches) continue;
      if (b.known === false) return null;
      sum += b.count;
    }
    return sum;
  });
}

export function renderSignsText(p: SignsPuzzle, solution?: SignsSolution | null, shown?: readonly ShownBridge[]): string {
  const bridges = shown ?? (solution ? solutionBridges(p, solution) : []);
  const values = solution ? solution.values : shown ? valuesFrom(p, shown) : p.islands.map(() => null);
  const lines = renderBridgesText(asHashi(p, values), bridges).trimEnd().split('\n').map((l) => [...l.padEnd(p.width * 2 - 1)]);
  p.signs.forEach((sign, i) => {
    const [row, col] = toGrid(p, sign.at);
    lines[row]![col * 2] = signLetter(i);
  });
  const legend = p.signs.map((sign, i) => {
    const corners = DIRECTIONS.map((d) => `${d} ${sign[d] === 0 ? '-' : sign[d]}`).join('  ');
    const [row, col] = toGrid(p, sign.at);
    return `  ${signLetter(i)} at ${cellLabel(row, col)} [${sign.at[0]},${sign.at[1]}]: ${corners}`;
  });
  return [
    ...lines.map((l) => l.join('').trimEnd()),
    '',
    'North is up; top left is (1,1), and [x,y] as in the JSON (bottom left [0,0]). Islands: value (o = unknown). Signs (corner sums, - = blank):',
    ...legend,
  ].join('\n') + '\n';
}

function signSvg(p: SignsPuzzle, sign: SignsPuzzle['signs'][number]): string[] {
  const [row, col] = toGrid(p, sign.at);
  const cx = col * CELL + CELL / 2;
  const cy = row * CELL + CELL / 2;
  const r = CELL * 0.48;
  const small = CELL * 0.22;
  const at: Record<string, [number, number]> = {
    N: [cx, cy - r * 0.55], S: [cx, cy + r * 0.55], E: [cx + r * 0.55, cy], W: [cx - r * 0.55, cy],
  };
  const parts = [
    `<polygon points="${cx},${cy - r} ${cx + r},${cy} ${cx},${cy + r} ${cx - r},${cy}" fill="#ffe9a8" stroke="#8a6d00" stroke-width="1.5"/>`,
  ];
  for (const d of DIRECTIONS) {
    if (sign[d] === 0) continue;
    const [x, y] = at[d]!;
    parts.push(svgText(x, y, small, String(sign[d])));
  }
  return parts;
}

export function renderSignsSvg(p: SignsPuzzle, solution?: SignsSolution | null): string {
  // A value of 0 marks an island whose value is not decided yet (a partly solved grid).
  const values = solution ? solution.values.map((v) => (v > 0 ? v : null)) : p.islands.map(() => null);
  const bridges = solution ? solutionBridges(p, solution) : [];
  return renderBridgesSvg(asHashi(p, values), bridges, p.signs.flatMap((s) => signSvg(p, s)));
}
