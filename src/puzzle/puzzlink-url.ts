/**
 * The frame of a puzz.link / pzprjs URL, as pzpr splits it: `[<anything>?]<type>/[<flag>/]<cols>/<rows>/<body>[/]`.
 *
 * - Any host (`https://puzz.link/p?`, `http://pzv.jp/p.html?`, `https://pzprxs.vercel.app/p?`) or none
 *   (FORMATS.md writes examples as `akari/2/2/ia`).
 * - A first segment that is not a number (not even a signed one) is a flag (pzpr's `pflag`).
 * - pzpr ends a URL whose last character is not a letter or digit with one `/` (`akari/2/1/g./`); that
 *   `/` is not part of the body.
 * Each type's body decoder lives with the type; this module only cuts the frame and writes it back.
 */
import { ParseError } from '../util/errors.js';

export interface PuzzlinkFrame {
  /** The type name as written (`akari`, `lightup`, `hashi`, …). */
  type: string;
  flag: string | null;
  cols: number;
  rows: number;
  body: string;
  /** 1-based column of the body's first character in the original text. */
  bodyColumn: number;
}

/** `[host?]type/` at the start of a line, for the given type names (case-insensitive). */
export function puzzlinkLineMatcher(types: readonly string[]): (line: string) => boolean {
  const re = new RegExp(`^\\s*(?:[^?\\s]*\\?)?(?:${types.join('|')})/(?:[^/\\s]+/)?\\d+/\\d+(?:/|$)`, 'i');
  return (line) => re.test(line);
}

/**
 * Cuts a URL into type, size and body, with located errors. `types` are the names pzpr accepts for
 * this puzzle (the first is used in messages).
 */
export function readPuzzlinkFrame(text: string, types: readonly string[]): PuzzlinkFrame {
  const lead = text.length - text.trimStart().length;
  const url = text.trim();
  const query = url.indexOf('?');
  const start = query >= 0 && !/\s/.test(url.slice(0, query)) ? query + 1 : 0;
  const segments: { value: string; column: number }[] = [];
  let column = lead + start + 1;
  for (const value of url.slice(start).split('/')) {
    segments.push({ value, column });
    column += value.length + 1;
  }
  const type = segments.shift()!;
  if (segments.length === 0 || !types.includes(type.value.toLowerCase())) {
    throw new ParseError(
      segments.length === 0
        ? `not a puzz.link URL (expected …?${types[0]}/<cols>/<rows>/<body>)`
        : `puzz.link type '${type.value}' is not ${types.join(' / ')}`,
      { line: 1, column: type.column },
    );
  }
  // A signed or otherwise malformed number (`-5`) is a bad size, not a flag.
  const flag = segments.length > 0 && !/^[-+]?\d+$/.test(segments[0]!.value) ? segments.shift()!.value : null;
  const [colsSeg, rowsSeg] = segments;
  for (const [seg, what] of [[colsSeg, 'column count'], [rowsSeg, 'row count']] as const) {
    if (!seg || !/^[1-9]\d*$/.test(seg.value)) {
      throw new ParseError(`expected the ${what} (a positive number)`, { line: 1, column: seg?.column ?? lead + url.length + 1 });
    }
  }
  const cols = Number(colsSeg!.value);
  const rows = Number(rowsSeg!.value);
  if (rows * cols > 1_000_000) throw new ParseError(`grid size ${cols}x${rows} is too large`, { line: 1, column: colsSeg!.column });
  const rest = segments.slice(2);
  // pzpr drops one empty last segment: the `/` it appends after a body ending in `.` (or nothing).
  if (rest.length > 1 && rest[rest.length - 1]!.value === '') rest.pop();
  const body = rest.map((s) => s.value).join('/');
  const bodyColumn = rest[0]?.column ?? lead + url.length + 1;
  return { type: type.value, flag, cols, rows, body, bodyColumn };
}

/** A URL as pzpr's getURL() writes it (after the host): `type/cols/rows/body`, `/` added after a non-alphanumeric end. */
export function writePuzzlinkUrl(type: string, cols: number, rows: number, body: string): string {
  const tail = `${type}/${cols}/${rows}/${body}`;
  return `https://puzz.link/p?${tail}${/[a-zA-Z0-9]$/.test(tail) ? '' : '/'}`;
}
