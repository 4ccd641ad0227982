/**
 * Text and SVG pictures of an Akari puzzle and solution.
 *
 * Text, one character per cell: `#` black, `0`–`4` clue, `*` bulb, `+` lit white cell, `.` white cell
 * (unlit, or no solution given), `?` a cell whose bulb is not determined (renderDeterminedGrid).
 */
import { ORTHOGONAL } from '../../src/geometry/grid.js';
import type { AkariPuzzle, AkariSolution } from './puzzle.js';

function blackChar(cell: AkariPuzzle['cells'][number][number]): string {
  return typeof cell === 'number' ? String(cell) : '#';
}

/** Which white cells some bulb lights (including the bulbs' own cells). */
function litCells(puzzle: AkariPuzzle, solution: AkariSolution): boolean[][] {
  const lit = puzzle.cells.map((row) => row.map(() => false));
  const white = (r: number, c: number) => r >= 0 && r < puzzle.rows && c >= 0 && c < puzzle.cols && puzzle.cells[r]![c] === 'white';
  puzzle.cells.forEach((row, r) => row.forEach((_, c) => {
    if (!solution.bulbs[r]?.[c] || !white(r, c)) return;
    lit[r]![c] = true;
    for (const [dr, dc] of ORTHOGONAL) {
      for (let rr = r + dr, cc = c + dc; white(rr, cc); rr += dr, cc += dc) lit[rr]![cc] = true;
    }
  }));
  return lit;
}

export function renderAkariText(puzzle: AkariPuzzle, solution?: AkariSolution | null): string {
  const lit = solution ? litCells(puzzle, solution) : null;
  return puzzle.cells.map((row, r) => row.map((cell, c) => {
    if (cell !== 'white') return blackChar(cell);
    if (solution?.bulbs[r]?.[c]) return '*';
    return lit?.[r]![c] ? '+' : '.';
  }).join('')).join('\n') + '\n';
}

/** The grid with `*` where every solution has a bulb, `+` where none has, `?` where they differ. */
export function renderDeterminedGrid(puzzle: AkariPuzzle, bulbFixed: (r: number, c: number) => boolean | undefined): string {
  return puzzle.cells.map((row, r) => row.map((cell, c) => {
    if (cell !== 'white') return blackChar(cell);
    const b = bulbFixed(r, c);
    return b === undefined ? '?' : b ? '*' : '+';
  }).join('')).join('\n') + '\n';
}

/**
 * A digit's baseline sits this far (in font sizes) below the cell centre, so the digit looks
 * centred: an explicit baseline, because renderers disagree on dominant-baseline (librsvg ignores it).
 */
const DIGIT_DROP = 0.35;

const CELL = 32;

export function renderAkariSvg(puzzle: AkariPuzzle, solution?: AkariSolution | null): string {
  const { rows, cols } = puzzle;
  const w = cols * CELL;
  const h = rows * CELL;
  const lit = solution ? litCells(puzzle, solution) : null;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${w + 4} ${h + 4}" width="${w + 4}" height="${h + 4}">`,
    `<rect x="0" y="0" width="${w}" height="${h}" fill="#ffffff"/>`,
  ];
  puzzle.cells.forEach((row, r) => row.forEach((cell, c) => {
    const x = c * CELL;
    const y = r * CELL;
    if (cell !== 'white') {
      parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#222222"/>`);
      if (typeof cell === 'number') {
        parts.push(`<text x="${x + CELL / 2}" y="${y + CELL / 2 + DIGIT_DROP * CELL * 0.6}" fill="#ffffff" font-family="sans-serif" font-size="${CELL * 0.6}" font-weight="bold" text-anchor="middle">${cell}</text>`);
      }
      return;
    }
    if (lit?.[r]![c]) parts.push(`<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="#fff4a8"/>`);
    if (solution?.bulbs[r]?.[c]) {
      parts.push(`<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="${CELL * 0.32}" fill="#f2c200" stroke="#5a4500" stroke-width="1.5"/>`);
    }
  }));
  const lines: string[] = [];
  for (let r = 0; r <= rows; r++) lines.push(`M0 ${r * CELL}H${w}`);
  for (let c = 0; c <= cols; c++) lines.push(`M${c * CELL} 0V${h}`);
  parts.push(`<path d="${lines.join('')}" stroke="#888888" stroke-width="1" fill="none"/>`);
  parts.push(`<rect x="0" y="0" width="${w}" height="${h}" fill="none" stroke="#222222" stroke-width="2"/>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
