/**
 * Simon Tatham's Bridges game IDs: `<params>:<description>`.
 *  params: `WxH`, then optionally `i<island %>`, `e<expansion %>`, `m<1-4>` (max bridges per
 *          connection, default 2), `L` (loops forbidden), `d<difficulty>`.
 *  description, row by row: `1`–`9` island with that count, `A`–`G` count 10–16,
 *          `a`–`z` a run of 1–26 empty cells.
 * Example: `7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2`.
 */
import { ParseError } from '../../../src/util/errors.js';
import { cellLabel } from '../../../src/util/cells.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import { checkedHashi } from '../check.js';
import { MAX_BRIDGES_LIMIT, type HashiPuzzle, type Island } from '../puzzle.js';
import { islandLabel } from '../render.js';

const PARAMS = /^(\d+)x(\d+)((?:i\d+|e\d+|m\d+|L|d\d+)*)$/;

function parseParams(params: string): { rows: number; cols: number; maxBridges: number; noLoops: boolean } {
  const m = PARAMS.exec(params);
  if (!m) throw new ParseError(`bad Bridges parameters '${params}' (expected WxH[i..e..m..L d..])`, { line: 1, column: 1 });
  const cols = Number(m[1]);
  const rows = Number(m[2]);
  if (rows < 1 || cols < 1 || rows * cols > 1_000_000) {
    throw new ParseError(`grid size ${cols}x${rows} out of range`, { line: 1, column: 1 });
  }
  const opts = m[3]!;
  const mm = /m(\d+)/.exec(opts);
  const maxBridges = mm ? Number(mm[1]) : 2;
  if (maxBridges < 1 || maxBridges > MAX_BRIDGES_LIMIT) {
    throw new ParseError(`max bridges m${maxBridges} out of range 1..${MAX_BRIDGES_LIMIT}`, { line: 1, column: params.indexOf('m') + 1 });
  }
  return { rows, cols, maxBridges, noLoops: opts.includes('L') };
}

export function parseTatham(text: string): HashiPuzzle {
  const id = text.trim();
  const colon = id.indexOf(':');
  if (colon < 0) throw new ParseError(`a Bridges game ID needs '<params>:<description>'`, { line: 1, column: 1 });
  const lead = text.length - text.trimStart().length;
  const { rows, cols, maxBridges, noLoops } = parseParams(id.slice(0, colon));
  const desc = id.slice(colon + 1);
  const islands: Island[] = [];
  let pos = 0;
  for (let i = 0; i < desc.length; i++) {
    const ch = desc[i]!;
    const column = lead + colon + 2 + i;
    const cell: [number, number] = [Math.floor(pos / cols), pos % cols];
    let run = 0;
    let count: number | null = null;
    if (ch >= 'a' && ch <= 'z') run = ch.charCodeAt(0) - 96;
    else if (ch >= '1' && ch <= '9') count = Number(ch);
    else if (ch >= 'A' && ch <= 'G') count = ch.charCodeAt(0) - 55;
    else throw new ParseError(`unexpected character '${ch}' in the description`, { line: 1, column, cell });
    if (count !== null) {
      if (pos >= rows * cols) throw new ParseError(`the description has more than ${rows * cols} cells`, { line: 1, column });
      const [r, c] = cell;
      const touching = islands.find((isl) => (isl.row === r && isl.col === c - 1) || (isl.row === r - 1 && isl.col === c));
      if (touching) {
        throw new ParseError(`island ${cellLabel(r, c)} touches island ${cellLabel(touching.row, touching.col)}; Tatham's Bridges never has adjacent islands`, { line: 1, column, cell });
      }
      islands.push({ row: r, col: c, count });
      pos += 1;
    } else {
      pos += run;
      if (pos > rows * cols) throw new ParseError(`the description has more than ${rows * cols} cells`, { line: 1, column });
    }
  }
  if (pos !== rows * cols) {
    throw new ParseError(`the description covers ${pos} cells, expected ${rows * cols} (${cols}x${rows})`, { line: 1, column: lead + id.length });
  }
  if (islands.length < 2) throw new ParseError(`the description has ${islands.length} island${islands.length === 1 ? '' : 's'}; Tatham's Bridges needs at least 2`, { line: 1, column: lead + colon + 2 });
  return { rows, cols, maxBridges, noLoops, islands };
}

/**
 * The game ID as Tatham's programs print it: short params `WxHm<n>[L]` (the generator's `i`/`e`/`d`
 * are not part of the puzzle), empty runs cut at 26 (`z`), counts `1`–`9`, `A`–`G`.
 */
export function writeTatham(p: HashiPuzzle): string {
  if (p.rows < 3 || p.cols < 3) {
    throw new FormatLimitError('tatham', `the grid is ${p.cols}x${p.rows}; Tatham's Bridges needs at least 3x3 (its validator rejects smaller grids)`);
  }
  if (p.islands.length < 2) throw new FormatLimitError('tatham', `Tatham's Bridges needs at least 2 islands; this puzzle has ${p.islands.length}`);
  const at = new Map(p.islands.map((isl) => [isl.row * p.cols + isl.col, isl.count]));
  for (const isl of p.islands) {
    const neighbour = isl.col + 1 < p.cols && at.has(isl.row * p.cols + isl.col + 1) ? [isl.row, isl.col + 1]
      : isl.row + 1 < p.rows && at.has((isl.row + 1) * p.cols + isl.col) ? [isl.row + 1, isl.col] : null;
    if (neighbour) {
      throw new FormatLimitError('tatham', `islands ${cellLabel(isl.row, isl.col)} and ${cellLabel(neighbour[0]!, neighbour[1]!)} are adjacent; Tatham's Bridges never has adjacent islands (its validator rejects them)`);
    }
    if (isl.count === null || isl.count < 1 || isl.count > 16) {
      throw new FormatLimitError('tatham', `island ${cellLabel(isl.row, isl.col)} has ${isl.count === null ? 'an unknown number' : `number ${isl.count}`}; Tatham's Bridges writes only 1-16`);
    }
  }
  let desc = '';
  let run = 0;
  const flush = (): void => {
    while (run > 0) {
      const n = Math.min(run, 26);
      desc += String.fromCharCode(96 + n);
      run -= n;
    }
  };
  for (let i = 0; i < p.rows * p.cols; i++) {
    const count = at.get(i);
    if (count === undefined) { run++; continue; }
    flush();
    desc += islandLabel(count);
  }
  flush();
  return `${p.cols}x${p.rows}m${p.maxBridges}${p.noLoops ? 'L' : ''}:${desc}`;
}

export const tathamFormat: PuzzleFormat<HashiPuzzle> = {
  name: 'tatham',
  // Bridges IDs always carry `m<n>` (Tatham writes it even in short form); Light Up IDs never do.
  matchLine: (line) => /^\s*\d+x\d+(?:i\d+|e\d+|L|d\d+)*m\d+(?:i\d+|e\d+|m\d+|L|d\d+)*:[a-zA-G1-9]+\s*$/.test(line),
  parse: (input) => checkedHashi(parseTatham(String(input)), 'Tatham game ID'),
  write: writeTatham,
};
