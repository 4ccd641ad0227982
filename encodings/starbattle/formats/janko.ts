/**
 * janko.at text grids, as in /work/shared/collections/janko-starbattle.json: a first line
 * `R C S` (rows, columns, stars per unit), then R lines of C cells separated by spaces. A cell is
 * a region number, or `@` / `#` for a cell in no region. Solutions use the same first line and
 * `x` for a star, `-` for an empty cell.
 *
 *     6 6 1
 *     1 2 2 2 2 2
 *     1 1 1 1 2 2
 *     ...
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import type { PuzzleFormat } from '../../../src/puzzle/types.js';
import { puzzleFromLabels, type StarBattlePuzzle, type StarBattleSolution } from '../puzzle.js';
import { checkReading } from '../sanity.js';
import { checkStars, nonBlankLines, tokenColumn, type SourceLine } from './lines.js';

const SIZE_LINE = /^\s*(\d+)\s+(\d+)\s+(\d+)\s*$/;
const NO_REGION = new Set(['@', '#']);

export const jankoFormat: PuzzleFormat<StarBattlePuzzle> = {
  name: 'janko',
  matchText(text) {
    const lines = nonBlankLines(text);
    return lines.length >= 2 && SIZE_LINE.test(lines[0]!.text) && /^[\s\d@#]+$/.test(lines[1]!.text);
  },
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('janko format expects text');
    const { rows, cols, stars, cells, sizeLine } = readGrid(input, 'R C S');
    const header = { line: sizeLine, column: 1 };
    checkStars(stars, header);
    const labels = cells.map((row, r) => row.map(({ token, line, column }, c) => {
      if (NO_REGION.has(token)) return null;
      if (!/^\d+$/.test(token)) {
        throw new ParseError(`'${token}' is not a region number, '@' or '#'`, { line, column, cell: [r, c] });
      }
      return String(Number(token));
    }));
    const puzzle: StarBattlePuzzle = { ...puzzleFromLabels(labels, stars), rows, cols };
    if (labels.some((row) => row.includes(null))) {
      puzzle.noRegionMarks = cells.map((row) => row.map(({ token }) => (NO_REGION.has(token) ? token : null)));
    }
    return checkReading(puzzle, { says: 'janko grid has', size: header, stars: header, regions: header });
  },
  /**
   * The janko text: `R C S`, then the region numbers (the source's numbers when it had them, else
   * 1..k), `@`/`#` as the source wrote them for cells in no region (`#` by default). No final newline.
   */
  write(puzzle) {
    const numeric = puzzle.labels !== undefined && puzzle.labels.every((l) => /^\d+$/.test(l));
    const lines = puzzle.regions.map((row, r) => row.map((id, c) => {
      if (id === null) {
        const mark = puzzle.noRegionMarks?.[r]?.[c];
        return mark !== null && mark !== undefined && NO_REGION.has(mark) ? mark : '#';
      }
      return numeric ? puzzle.labels![id]! : String(id + 1);
    }).join(' '));
    return [`${puzzle.rows} ${puzzle.cols} ${puzzle.stars}`, ...lines].join('\n');
  },
};

/**
 * Reads a janko solution grid with the same `R C S` first line: `x` is a star, `-` an empty cell.
 * Any other single letter also means "no star" (one published grid, 119_11x11, has an `h` there).
 */
export function parseJankoSolution(text: string): StarBattleSolution {
  const { cells } = readGrid(text, 'R C S');
  return cells.map((row, r) => row.map(({ token, line, column }, c) => {
    if (token === 'x') return true;
    if (token === '-' || /^[a-z]$/i.test(token)) return false;
    throw new ParseError(`'${token}' is not 'x' (star), '-' (empty) or a letter`, { line, column, cell: [r, c] });
  }));
}

interface GridCell {
  token: string;
  line: number;
  column: number;
}

/** The size line and an R×C grid of space-separated tokens, checked for shape. */
function readGrid(text: string, what: string): { rows: number; cols: number; stars: number; cells: GridCell[][]; sizeLine: number } {
  const lines = nonBlankLines(text);
  const first = lines[0];
  const size = first && SIZE_LINE.exec(first.text);
  if (!first || !size) throw new ParseError(`expected a first line '${what}' (three numbers)`, { line: first?.line ?? 1, column: 1 });
  const [rows, cols, stars] = [Number(size[1]), Number(size[2]), Number(size[3])];
  if (rows < 1 || cols < 1) throw new ParseError(`grid size ${rows}x${cols} is empty`, { line: first.line, column: 1 });
  const body = lines.slice(1);
  if (body.length < rows) {
    throw new ParseError(`expected ${rows} rows, found ${body.length}`, { line: (body.at(-1) ?? first).line + 1, cell: [body.length, 0] });
  }
  if (body.length > rows) throw new ParseError(`expected ${rows} rows, found more`, { line: body[rows]!.line, column: 1 });
  return { rows, cols, stars, cells: body.map((l, r) => rowCells(l, r, cols)), sizeLine: first.line };
}

function rowCells({ text, line }: SourceLine, r: number, cols: number): GridCell[] {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length !== cols) {
    const column = tokens.length > cols ? tokenColumn(text, cols) : text.length + 1;
    throw new ParseError(`${rowLabel(r)} has ${tokens.length} cells, expected ${cols}`, { line, column, cell: [r, Math.min(tokens.length, cols)] });
  }
  return tokens.map((token, c) => ({ token, line, column: tokenColumn(text, c) }));
}
