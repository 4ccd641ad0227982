/** Text and SVG pictures of a Star Battle puzzle, optionally with its stars. */
import { regionLabel, type StarBattlePuzzle, type StarBattleSolution } from './puzzle.js';

/** Shown for a cell that belongs to no region. */
const NO_REGION = '#';

/**
 * The region grid as text, one row per line, cells separated by a space and padded to the widest
 * label. `override(r,c)` may replace a cell's text (a star, `?`); undefined keeps the region label.
 */
export function renderCells(puzzle: StarBattlePuzzle, override: (r: number, c: number) => string | undefined = () => undefined): string {
  const text = puzzle.regions.map((row, r) => row.map((id, c) =>
    override(r, c) ?? (id === null ? NO_REGION : regionLabel(puzzle, id))));
  const width = Math.max(1, ...text.flat().map((t) => t.length));
  return text.map((row) => row.map((t) => t.padStart(width)).join(' ')).join('\n') + '\n';
}

/** The region grid with `*` on every star. */
export function renderText(puzzle: StarBattlePuzzle, solution?: StarBattleSolution | null): string {
  return renderCells(puzzle, (r, c) => (solution?.[r]?.[c] ? '*' : undefined));
}

const CELL = 36;
const MARGIN = 4;

/** A standalone SVG: light fill per region, thick walls between regions, stars drawn. */
export function renderSvg(puzzle: StarBattlePuzzle, solution?: StarBattleSolution | null): string {
  const { rows, cols, regions } = puzzle;
  const width = cols * CELL + 2 * MARGIN;
  const height = rows * CELL + 2 * MARGIN;
  const x = (c: number) => MARGIN + c * CELL;
  const y = (r: number) => MARGIN + r * CELL;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<title>Star Battle ${rows}x${cols}, ${puzzle.stars} star${puzzle.stars === 1 ? '' : 's'} per row, column and region</title>`,
  ];

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = regions[r]![c]!;
      const fill = id === null ? '#555' : regionFill(id);
      out.push(`<rect x="${x(c)}" y="${y(r)}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#bbb" stroke-width="1"/>`);
    }
  }

  // Thick walls wherever two neighbouring cells lie in different regions.
  const walls: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && regions[r]![c] !== regions[r]![c + 1]) walls.push(`M${x(c + 1)} ${y(r)}v${CELL}`);
      if (r + 1 < rows && regions[r]![c] !== regions[r + 1]![c]) walls.push(`M${x(c)} ${y(r + 1)}h${CELL}`);
    }
  }
  if (walls.length) out.push(`<path d="${walls.join('')}" stroke="#000" stroke-width="3" stroke-linecap="square" fill="none"/>`);
  out.push(`<rect x="${MARGIN}" y="${MARGIN}" width="${cols * CELL}" height="${rows * CELL}" fill="none" stroke="#000" stroke-width="4"/>`);

  if (solution) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (solution[r]?.[c]) out.push(`<path d="${starPath(x(c) + CELL / 2, y(r) + CELL / 2, CELL * 0.38)}" fill="#222"/>`);
      }
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** A light, well-spread colour per region (golden-angle hues). */
export function regionFill(id: number): string {
  const hue = Math.round((id * 137.508) % 360);
  return `hsl(${hue}, 70%, 88%)`;
}

/** A five-pointed star centred on (cx, cy) with outer radius `R`. */
function starPath(cx: number, cy: number, R: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? R : R * 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join('L')}Z`;
}
