/**
 * Bridges with sum signs (2018 MIT Mystery Hunt, "Bridged Islands"): the puzzle and its solution.
 *
 * Coordinates are `[x, y]` as in the source: x grows eastward from 0, y grows NORTHWARD from 0
 * (the N corner of a sign sums the islands at y+1, y+2, … up to the next sign or the edge).
 * Islands have no printed number: an island's value is its number of bridges (1..8).
 */

export type Point = readonly [x: number, y: number];

export type Direction = 'N' | 'S' | 'E' | 'W';
export const DIRECTIONS: readonly Direction[] = ['N', 'S', 'E', 'W'];
export const STEP: Readonly<Record<Direction, readonly [dx: number, dy: number]>> = {
  N: [0, 1], S: [0, -1], E: [1, 0], W: [-1, 0],
};

/** A diamond sign: each corner gives the sum in that direction; 0 = the corner shows nothing. */
export interface Sign {
  at: Point;
  N: number;
  S: number;
  E: number;
  W: number;
}

export interface SignsPuzzle {
  width: number;
  height: number;
  islands: Point[];
  signs: Sign[];
  /** Free text kept for round trips (e.g. the source of the map). */
  about?: string;
}

/** Bridges between two islands, `count` of them (1 or 2). */
export interface SignsBridge {
  a: Point;
  b: Point;
  count: number;
}

export interface SignsSolution {
  bridges: SignsBridge[];
  /** Each island's value (its number of bridges), in the puzzle's island order. */
  values: number[];
}

export const MAX_BRIDGES = 2;
export const MAX_VALUE = 8;

/** The islands a sign's corner sums: straight out from the sign up to the next sign or the edge. */
export function addendsOf(p: SignsPuzzle, sign: Sign, dir: Direction): number[] {
  const island = new Map(p.islands.map(([x, y], i) => [`${x},${y}`, i]));
  const signAt = new Set(p.signs.map((s) => `${s.at[0]},${s.at[1]}`));
  const [dx, dy] = STEP[dir];
  const out: number[] = [];
  for (let x = sign.at[0] + dx, y = sign.at[1] + dy; x >= 0 && y >= 0 && x < p.width && y < p.height; x += dx, y += dy) {
    if (signAt.has(`${x},${y}`)) break;
    const i = island.get(`${x},${y}`);
    if (i !== undefined) out.push(i);
  }
  return out;
}

/** Grid position `[row, col]` of a point, row 0 at the top (north). */
export function toGrid(p: Pick<SignsPuzzle, 'height'>, [x, y]: Point): [number, number] {
  return [p.height - 1 - y, x];
}

export function fromGrid(p: Pick<SignsPuzzle, 'height'>, [row, col]: readonly [number, number]): Point {
  return [col, p.height - 1 - row];
}
