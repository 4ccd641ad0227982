/** Small helpers the text formats share: numbered lines and the `stars: N` header. */
import { ParseError } from '../../../src/util/errors.js';

export interface SourceLine {
  /** 1-based line number in the text. */
  line: number;
  text: string;
}

/** The non-blank lines of a text, with their line numbers (trailing whitespace removed). */
export function nonBlankLines(text: string): SourceLine[] {
  return text.split(/\r?\n/)
    .map((t, i) => ({ line: i + 1, text: t.replace(/\s+$/, '') }))
    .filter((l) => l.text.trim() !== '');
}

/** A header line giving the star count: `stars: 2`, `S=2`, `m = 2` (Parks); keys chosen by the format. */
export function starsHeader(line: string, keys: readonly string[]): number | undefined {
  const m = /^\s*([A-Za-z]+)\s*[:=]\s*(\d+)\s*$/.exec(line);
  if (!m || !keys.includes(m[1]!.toLowerCase())) return undefined;
  return Number(m[2]);
}

/** Checks a star count read from the input. */
export function checkStars(stars: number, where: { line?: number; column?: number }): number {
  if (!Number.isInteger(stars) || stars < 1) throw new ParseError(`stars per unit must be a positive integer, got ${stars}`, where);
  return stars;
}

/** 1-based column of the `index`-th whitespace-separated token of a line. */
export function tokenColumn(text: string, index: number): number {
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text)) !== null) {
    if (i === index) return m.index + 1;
    i++;
  }
  return text.length + 1;
}
