/**
 * Hashi rendering.
 *
 * Text: one character per cell, cells separated by one column (bridges fill the gaps too).
 *   islands: their number (`1`–`9`, `A`–`G` for 10–16, `o` when unknown); water: `.`
 *   horizontal bridges, 1–4:  `-`  `=`  `≡`  `≣`
 *   vertical bridges, 1–4:    `|`  `"`  `⦀`  `⁞`
 *   a connection whose count is not determined (renderDetermined): `?`
 * SVG: islands as circles with their number, bridges as 1–4 parallel lines.
 */
import type { HashiPuzzle, Bridge } from './puzzle.js';

const HORIZONTAL = ['', '-', '=', '≡', '≣'];
const VERTICAL = ['', '|', '"', '⦀', '⁞'];

export function islandLabel(count: number | null): string {
  if (count === null) return 'o';
  return count < 10 ? String(count) : String.fromCharCode(55 + count); // 10 -> A
}

/** A bridge that may be only partly known (renderDetermined). */
export type ShownBridge = Bridge & { known?: boolean };

export function renderBridgesText(puzzle: HashiPuzzle, bridges: readonly ShownBridge[] = []): string {
  const width = puzzle.cols * 2 - 1;
  const out: string[][] = Array.from({ length: puzzle.rows }, () =>
    Array.from({ length: width }, (_, x) => (x % 2 === 0 ? '.' : ' ')));
  for (const b of bridges) {
    const [r1, c1] = b.a;
    const [r2, c2] = b.b;
    const count = Math.min(b.count, 4);
    if (r1 === r2) {
      const ch = b.known === false ? '?' : HORIZONTAL[count]!;
      for (let x = c1 * 2 + 1; x < c2 * 2; x++) out[r1]![x] = ch;
    } else {
      const ch = b.known === false ? '?' : VERTICAL[count]!;
      for (let r = r1 + 1; r < r2; r++) out[r]![c1 * 2] = ch;
    }
  }
  for (const isl of puzzle.islands) out[isl.row]![isl.col * 2] = islandLabel(isl.count);
  return out.map((row) => row.join('').trimEnd()).join('\n') + '\n';
}

export const CELL = 40;

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text centred on (x, y); the baseline is shifted by hand because renderers differ on dominant-baseline. */
export function svgText(x: number, y: number, size: number, text: string): string {
  return `<text x="${x}" y="${(y + size * 0.35).toFixed(1)}" text-anchor="middle" font-size="${size}">${escapeXml(text)}</text>`;
}

/** SVG lines for `count` parallel bridges between two cell centres. */
export function svgBridgeLines(x1: number, y1: number, x2: number, y2: number, count: number, horizontal: boolean): string[] {
  const gap = 5;
  const lines: string[] = [];
  for (let k = 0; k < count; k++) {
    const off = (k - (count - 1) / 2) * gap;
    const [dx, dy] = horizontal ? [0, off] : [off, 0];
    lines.push(`<line x1="${x1 + dx}" y1="${y1 + dy}" x2="${x2 + dx}" y2="${y2 + dy}" stroke="#1f3a93" stroke-width="2"/>`);
  }
  return lines;
}

/** `overlay`: extra SVG elements drawn on top (bridges-signs adds its signs). */
export function renderBridgesSvg(puzzle: HashiPuzzle, bridges: readonly Bridge[] = [], overlay: readonly string[] = []): string {
  const w = puzzle.cols * CELL;
  const h = puzzle.rows * CELL;
  const centre = (v: number): number => v * CELL + CELL / 2;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="sans-serif">`,
    `<rect x="0" y="0" width="${w}" height="${h}" fill="#eaf4fb"/>`,
  ];
  for (const b of bridges) {
    parts.push(...svgBridgeLines(centre(b.a[1]), centre(b.a[0]), centre(b.b[1]), centre(b.b[0]), Math.min(b.count, 4), b.a[0] === b.b[0]));
  }
  for (const isl of puzzle.islands) {
    const cx = centre(isl.col);
    const cy = centre(isl.row);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${CELL * 0.38}" fill="white" stroke="black" stroke-width="2"/>`);
    if (isl.count !== null) {
      parts.push(svgText(cx, cy, CELL * 0.45, String(isl.count)));
    }
  }
  parts.push(...overlay, '</svg>');
  return parts.join('\n') + '\n';
}
