/**
 * Independent checker for bridges with sum signs (shares nothing with the encoding): the bridge
 * layout rules come from hashi's checker (signs are cells bridges may not cross), then the island
 * values and every numbered sign corner are checked directly on the map. Problems name cells as
 * (row,col) from the top left (1,1), as explanations do, not by their JSON `[x, y]`.
 */
import { cellLabel } from '../../src/util/cells.js';
import { checkBridgeLayout } from '../hashi/verify.js';
import type { SignsPuzzle, SignsSolution } from './puzzle.js';
import { signLetter } from './render.js';

/** A map point as a set key. */
const key = (x: number, y: number): string => `${x},${y}`;

export function verifySigns(p: SignsPuzzle, s: SignsSolution): string[] {
  const row = (y: number): number => p.height - 1 - y;
  const name = (x: number, y: number): string => cellLabel(row(y), x);
  const signAt = new Set(p.signs.map((sg) => key(sg.at[0], sg.at[1])));
  const layout = {
    rows: p.height,
    cols: p.width,
    maxBridges: 2,
    islands: p.islands.map(([x, y]) => ({ row: row(y), col: x })),
    blocked: (r: number, c: number) => signAt.has(key(c, p.height - 1 - r)),
  };
  const bridges = s.bridges.map((b) => ({ a: [row(b.a[1]), b.a[0]] as const, b: [row(b.b[1]), b.b[0]] as const, count: b.count }));
  // The layout checker names cells (row,col) from the top left (1,1), as this checker does.
  const { problems, degree } = checkBridgeLayout(layout, bridges);

  if (s.values.length !== p.islands.length) {
    problems.push(`${s.values.length} island values for ${p.islands.length} islands`);
    return problems;
  }
  p.islands.forEach(([x, y], i) => {
    if (s.values[i] !== degree[i]) problems.push(`island ${name(x, y)} has value ${s.values[i]} but ${degree[i]} bridges`);
    if (degree[i]! < 1 || degree[i]! > 8) problems.push(`island ${name(x, y)} has ${degree[i]} bridges (values are 1..8)`);
  });

  const valueAt = new Map(p.islands.map(([x, y], i) => [key(x, y), degree[i]!]));
  const steps = { N: [0, 1], S: [0, -1], E: [1, 0], W: [-1, 0] } as const;
  p.signs.forEach((sign, i) => {
    for (const dir of ['N', 'S', 'E', 'W'] as const) {
      if (sign[dir] === 0) continue;
      const [dx, dy] = steps[dir];
      const seen: number[] = [];
      let x = sign.at[0] + dx;
      let y = sign.at[1] + dy;
      while (x >= 0 && y >= 0 && x < p.width && y < p.height && !signAt.has(key(x, y))) {
        const v = valueAt.get(key(x, y));
        if (v !== undefined) seen.push(v);
        x += dx;
        y += dy;
      }
      const sum = seen.reduce((a, b) => a + b, 0);
      const where = `sign ${signLetter(i)} at ${name(sign.at[0], sign.at[1])} ${dir}`;
      if (sum !== sign[dir]) problems.push(`${where}: values ${seen.join('+') || 'none'} = ${sum}, needs ${sign[dir]}`);
      if (new Set(seen).size !== seen.length) problems.push(`${where}: a value repeats among ${seen.join(', ')}`);
    }
  });
  return problems;
}
