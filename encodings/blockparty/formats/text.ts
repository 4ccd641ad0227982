/**
 * gridsat's text format for Block Party, made to be typed by hand:
 *
 *   # Block Party example (Jane Street, June 2022)    <- lines starting with # are comments
 *   blockparty                                        <- optional header naming the type
 *   answer: 430                                       <- optional: the published answer figure
 *   AABBB                                             <- one line per row: a region label per cell
 *   CAADB                                                (any character but . [ ] #; equal
 *   CEAFB                                                characters are the same region)
 *   CGGFF
 *   CCGHF
 *                                                     <- a blank line, then (optional) the givens:
 *   ....2                                             <- one line per row, a token per cell:
 *   ..4..                                                `.` open, a digit 1-9, or `[12]` for any number
 *   3....
 *   .....
 *   .....
 *
 * Spaces between cells are allowed in both grids (`A A B B B`, `. . 4 . .`).
 */
import { ParseError } from '../../../src/util/errors.js';
import { rowLabel } from '../../../src/util/cells.js';
import { FormatLimitError, type PuzzleFormat } from '../../../src/puzzle/types.js';
import { regionCount, regionLabel, type BlockPartyPuzzle } from '../puzzle.js';
import { buildPuzzle } from './build.js';

interface Token {
  text: string;
  /** 1-based column of the token's first character. */
  column: number;
}

interface GridLine {
  tokens: Token[];
  /** 1-based line number in the input. */
  line: number;
}

const HEADER = /^(blockparty|block-party)\s*$/i;
const ANSWER = /^answer\s*[:=]\s*(-?\d+)\s*$/i;
const LABEL = /^[^\s.[\]#]$/;

function isComment(line: string): boolean {
  return line.trimStart().startsWith('#');
}

/** Region labels: every non-space character is one cell. */
function labelTokens(text: string, line: number): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t') continue;
    if (!LABEL.test(ch)) {
      throw new ParseError(`'${ch}' cannot be a region label (use letters, digits or symbols other than . [ ] #)`, { line, column: i + 1 });
    }
    tokens.push({ text: ch, column: i + 1 });
  }
  return tokens;
}

/** Givens: `.`, a digit, or `[number]` per cell. */
function givenTokens(text: string, line: number): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t') continue;
    if (ch === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) throw new ParseError(`'[' without a closing ']'`, { line, column: i + 1 });
      const inner = text.slice(i + 1, end);
      if (!/^\d+$/.test(inner)) throw new ParseError(`expected a number inside [ ], got '${inner}'`, { line, column: i + 2 });
      tokens.push({ text: inner, column: i + 1 });
      i = end;
    } else if (ch === '.' || /\d/.test(ch)) {
      tokens.push({ text: ch, column: i + 1 });
    } else {
      throw new ParseError(`'${ch}' is not a given (expected '.', a digit or [n])`, { line, column: i + 1 });
    }
  }
  return tokens;
}

interface Sections {
  answer?: number;
  hasHeader: boolean;
  regionLines: { text: string; line: number }[];
  givenLines: { text: string; line: number }[];
}

/** Splits the text into header, region grid and givens grid (blank lines separate the grids). */
function sections(text: string): Sections {
  const out: Sections = { hasHeader: false, regionLines: [], givenLines: [] };
  let block: 'header' | 'regions' | 'gap' | 'givens' | 'done' = 'header';
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (isComment(raw)) return;
    if (trimmed === '') {
      if (block === 'regions') block = 'gap';
      else if (block === 'givens') block = 'done';
      return;
    }
    if (block === 'header') {
      if (HEADER.test(trimmed)) { out.hasHeader = true; return; }
      const answer = ANSWER.exec(trimmed);
      if (answer) { out.answer = Number(answer[1]); return; }
      block = 'regions';
    }
    if (block === 'gap') block = 'givens';
    if (block === 'done') throw new ParseError('unexpected text after the givens grid', { line, column: raw.search(/\S/) + 1 });
    (block === 'regions' ? out.regionLines : out.givenLines).push({ text: raw, line });
  });
  return out;
}

export function parseBlockPartyText(text: string): BlockPartyPuzzle {
  const { answer, regionLines, givenLines } = sections(text);
  if (regionLines.length === 0) throw new ParseError('no region grid found');
  const regionRows: GridLine[] = regionLines.map(({ text: t, line }) => ({ tokens: labelTokens(t, line), line }));
  const rows = regionRows.length;
  const cols = regionRows[0]!.tokens.length;
  for (const [r, row] of regionRows.entries()) {
    if (row.tokens.length !== cols) {
      // The first cell too many, or the end of a row too short: where cell (r, min(length, cols)) is.
      const column = row.tokens[cols]?.column ?? regionLines[r]!.text.trimEnd().length + 1;
      throw new ParseError(`${rowLabel(r)} has ${row.tokens.length} cells, the first row has ${cols}`, { line: row.line, column, cell: [r, Math.min(row.tokens.length, cols)] });
    }
  }

  const givens: (number | null)[][] = Array.from({ length: rows }, () => new Array<number | null>(cols).fill(null));
  const givenAt: { line: number; column: number }[][] = Array.from({ length: rows }, () => []);
  if (givenLines.length > 0) {
    if (givenLines.length !== rows) {
      const bad = givenLines[Math.min(rows, givenLines.length - 1)]!;
      throw new ParseError(`the givens grid has ${givenLines.length} rows, the region grid ${rows}`, { line: bad.line, column: 1 });
    }
    givenLines.forEach(({ text: t, line }, r) => {
      const tokens = givenTokens(t, line);
      if (tokens.length !== cols) {
        const column = tokens[Math.min(tokens.length, cols)]?.column ?? t.length + 1;
        throw new ParseError(`givens ${rowLabel(r)} has ${tokens.length} cells, the grid has ${cols} columns`, { line, column, cell: [r, Math.min(tokens.length, cols)] });
      }
      tokens.forEach((tok, c) => {
        givenAt[r]![c] = { line, column: tok.column };
        if (tok.text !== '.') givens[r]![c] = Number(tok.text);
      });
    });
  }

  return buildPuzzle(
    {
      rows,
      cols,
      regionKeys: regionRows.map((row) => row.tokens.map((t) => t.text)),
      givens,
      labelOf: (key) => String(key),
      answer,
    },
    (r, c) => ({ location: { ...givenAt[r]![c]!, cell: [r, c] } }),
  );
}

const FALLBACK_LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/<=>?@^_~';

/** Writes the text format. Regions keep their labels when those are distinct single characters. */
export function blockPartyToText(puzzle: BlockPartyPuzzle, comment?: string): string {
  const n = regionCount(puzzle);
  let labels = Array.from({ length: n }, (_, id) => regionLabel(puzzle, id));
  if (labels.some((l) => !LABEL.test(l)) || new Set(labels).size !== n) {
    if (n > FALLBACK_LABELS.length) throw new FormatLimitError('text', `${n} regions do not fit in one character each (at most ${FALLBACK_LABELS.length})`);
    labels = [...FALLBACK_LABELS.slice(0, n)];
  }
  const lines: string[] = [];
  if (comment) lines.push(...comment.split('\n').map((l) => `# ${l}`));
  lines.push('blockparty');
  if (puzzle.answer !== undefined) lines.push(`answer: ${puzzle.answer}`);
  for (const row of puzzle.regions) lines.push(row.map((id) => labels[id]).join(''));
  lines.push('');
  for (const row of puzzle.givens) {
    lines.push(row.map((v) => (v === null ? '.' : v < 10 ? String(v) : `[${v}]`)).join(''));
  }
  return `${lines.join('\n')}\n`;
}

export const textFormat: PuzzleFormat<BlockPartyPuzzle> = {
  name: 'text',
  // The header line, or a region grid followed by a grid of givens (a bare region grid would be
  // indistinguishable from other types' pictures, so auto-detection needs one of the two).
  matchText(text) {
    try {
      const s = sections(text);
      if (s.hasHeader) return true;
      return s.givenLines.length > 0 && s.givenLines.length === s.regionLines.length
        && s.givenLines.every(({ text: t }) => /^(\s*(\.|\d|\[\d+\]))+\s*$/.test(t))
        && s.givenLines.some(({ text: t }) => t.includes('.'));
    } catch {
      return false;
    }
  },
  parse(input) {
    if (typeof input !== 'string') throw new ParseError('the blockparty text format reads text');
    return parseBlockPartyText(input);
  },
  write: (puzzle) => blockPartyToText(puzzle),
};
