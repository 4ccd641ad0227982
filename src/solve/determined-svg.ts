/**
 * `solve --determined --format svg`: the solved picture with every cell that solutions disagree on
 * shaded and marked `?`, drawn over the type's own SVG at the cell geometry it declares (`svgCell`).
 */
import type { AnyPuzzleType } from '../puzzle/types.js';

/** The SVG with the undetermined cells marked, or undefined when the type declares no cell geometry. */
export function drawUndetermined(type: AnyPuzzleType, svg: string, cells: readonly (readonly [number, number])[]): string | undefined {
  const geometry = type.svgCell;
  if (!geometry) return undefined;
  const { size, margin } = geometry;
  const marks = cells.map(([r, c]) => {
    const x = margin + c * size;
    const y = margin + r * size;
    // In the cell's top-right corner, small: the middle keeps what the picture draws there (a Block
    // Party value, a Hashi island's number, a star), which a large central mark covered.
    return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#f5b700" fill-opacity="0.35"/>`
      + `<text x="${x + size * 0.86}" y="${y + size * 0.36}" font-family="sans-serif" font-size="${Math.round(size * 0.34)}" font-weight="bold" text-anchor="middle" fill="#8a5a00">?</text>`;
  });
  const overlay = `<g class="undetermined"><title>${cells.length} undetermined cell(s): solutions disagree here</title>${marks.join('')}</g>`;
  return svg.replace(/<\/svg>\s*$/, `${overlay}\n</svg>\n`);
}
