/**
 * Text and SVG pictures of a Block Party grid: region walls drawn, givens and values shown.
 */
import { answer, type BlockPartyPuzzle, type BlockPartySolution } from './puzzle.js';

/** Whether a wall separates (r,c) from (r2,c2): different regions, or one side is off the grid. */
function wallBetween(puzzle: BlockPartyPuzzle, r: number, c: number, r2: number, c2: number): boolean {
  const a = puzzle.regions[r]?.[c];
  const b = puzzle.regions[r2]?.[c2];
  return a === undefined || b === undefined || a !== b;
}

/**
 * The grid in ASCII with region walls, each cell showing `cellText(r,c)`:
 *   +---+---+---+
 *   | 3   5 | 1 |
 *   +---+   +   +
 */
export function renderGrid(puzzle: BlockPartyPuzzle, cellText: (r: number, c: number) => string): string {
  const { rows, cols } = puzzle;
  const texts = puzzle.regions.map((row, r) => row.map((_, c) => cellText(r, c)));
  const width = Math.max(1, ...texts.flat().map((t) => t.length)) + 2;
  const lines: string[] = [];
  for (let r = 0; r <= rows; r++) {
    // Horizontal walls above row r, with a `+` wherever a wall (or the grid edge) meets the corner.
    let line = '';
    for (let c = 0; c <= cols; c++) {
      const corner = wallBetween(puzzle, r - 1, c - 1, r - 1, c) || wallBetween(puzzle, r, c - 1, r, c)
        || wallBetween(puzzle, r - 1, c - 1, r, c - 1) || wallBetween(puzzle, r - 1, c, r, c);
      line += corner ? '+' : ' ';
      if (c < cols) line += (wallBetween(puzzle, r - 1, c, r, c) ? '-' : ' ').repeat(width);
    }
    lines.push(line.trimEnd());
    if (r === rows) break;
    let cellsLine = '';
    for (let c = 0; c <= cols; c++) {
      cellsLine += wallBetween(puzzle, r, c - 1, r, c) ? '|' : ' ';
      if (c < cols) cellsLine += texts[r]![c]!.padStart(width - 1).padEnd(width);
    }
    lines.push(cellsLine.trimEnd());
  }
  return lines.join('\n');
}

/** The grid with the solution's values (or the givens, `.` for open cells) and, when solved, the answer figure. */
export function renderBlockPartyText(puzzle: BlockPartyPuzzle, solution?: BlockPartySolution | null): string {
  const grid = renderGrid(puzzle, (r, c) => {
    const v = solution?.[r]?.[c] ?? puzzle.givens[r]?.[c];
    return v === null || v === undefined ? '.' : String(v);
  });
  if (!solution) return grid;
  const published = puzzle.answer !== undefined ? ` (published: ${puzzle.answer})` : '';
  return `${grid}\nanswer (sum over rows of the row's product): ${answer(solution)}${published}`;
}

/**
 * A digit's baseline sits this far (in font sizes) below the cell centre, so the digit looks
 * centred: an explicit baseline, because renderers disagree on dominant-baseline (librsvg ignores it).
 */
const DIGIT_DROP = 0.35;

export const CELL = 40;
export const MARGIN = 8;

/** A standalone SVG: thin cell lines, thick region walls, givens bold, solved values in blue. */
export function renderBlockPartySvg(puzzle: BlockPartyPuzzle, solution?: BlockPartySolution | null): string {
  const { rows, cols } = puzzle;
  const w = cols * CELL + 2 * MARGIN;
  const h = rows * CELL + 2 * MARGIN;
  const x = (c: number) => MARGIN + c * CELL;
  const y = (r: number) => MARGIN + r * CELL;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`,
    `<rect x="0" y="0" width="${w}" height="${h}" fill="white"/>`,
  ];
  const thin: string[] = [];
  const thick: string[] = [];
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c < cols; c++) {
      (wallBetween(puzzle, r - 1, c, r, c) ? thick : thin).push(`M${x(c)} ${y(r)}H${x(c + 1)}`);
    }
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c <= cols; c++) {
      (wallBetween(puzzle, r, c - 1, r, c) ? thick : thin).push(`M${x(c)} ${y(r)}V${y(r + 1)}`);
    }
  }
  parts.push(`<path d="${thin.join('')}" stroke="#bbb" stroke-width="1" fill="none"/>`);
  parts.push(`<path d="${thick.join('')}" stroke="black" stroke-width="3" stroke-linecap="square" fill="none"/>`);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const given = puzzle.givens[r]?.[c];
      const value = given ?? solution?.[r]?.[c];
      if (value === null || value === undefined || value === 0) continue; // 0: not decided (a partial grid)
      const style = given !== null && given !== undefined ? 'font-weight="bold" fill="black"' : 'fill="#1f5fbf"';
      parts.push(`<text x="${x(c) + CELL / 2}" y="${y(r) + CELL / 2 + DIGIT_DROP * CELL * 0.5}" font-family="sans-serif" font-size="${CELL * 0.5}" `
        + `text-anchor="middle" ${style}>${value}</text>`);
    }
  }
  parts.push('</svg>');
  return parts.join('\n');
}
