/**
 * Writing a puzzle in a chosen format: what `gridsat convert` and `solve --format url|…` print, and
 * what a web page offers as "copy as URL". Each format's own `write` does the work; this module
 * maps the names users type to formats, and turns "cannot" into a reason instead of a throw.
 */
import { FormatLimitError, type AnyPuzzleType } from '../puzzle/types.js';

/** The formats a puzzle can be written in, as `--to` / `--format` name them. */
export const WRITE_TARGETS = ['url', 'tatham', 'sbn', 'janko', 'text', 'json'] as const;
export type WriteTarget = (typeof WRITE_TARGETS)[number];

/** The `PuzzleFormat.name` each target writes with. */
const FORMAT_NAME: Record<WriteTarget, string> = {
  url: 'puzzlink',
  tatham: 'tatham',
  sbn: 'sbn',
  janko: 'janko',
  text: 'text',
  json: 'json',
};

/** The `PuzzleFormat.name` a target writes with (what reading the written text reports as its format). */
export function formatNameOf(target: WriteTarget): string {
  return FORMAT_NAME[target];
}

/** In words, for errors: "a puzz.link URL". */
const DESCRIBED: Record<WriteTarget, string> = {
  url: 'a puzz.link URL',
  tatham: 'a Tatham game ID',
  sbn: 'SBN (Star Battle Notation)',
  janko: 'janko text',
  text: "gridsat's text grid",
  json: 'JSON',
};

/** Targets whose output is one line (a file of them holds one puzzle per line). */
export function isOneLine(target: WriteTarget): boolean {
  return target !== 'janko' && target !== 'text';
}

/** The file extension a written puzzle gets. */
export function extensionOf(target: WriteTarget): string {
  return target === 'json' ? '.json' : '.txt';
}

/** The targets a type can be written in. */
export function writableTargets(type: AnyPuzzleType): WriteTarget[] {
  return WRITE_TARGETS.filter((t) => type.formats.some((f) => f.name === FORMAT_NAME[t] && f.write));
}

export type Written = { ok: true; text: string } | { ok: false; error: string };

/**
 * The puzzle in `target`'s format. A type without that writer, or a puzzle the format cannot hold
 * (FormatLimitError, e.g. m3 bridges as a puzz.link URL), is `{ ok: false }` with the reason.
 */
export function writePuzzle(type: AnyPuzzleType, puzzle: unknown, target: WriteTarget): Written {
  const format = type.formats.find((f) => f.name === FORMAT_NAME[target] && f.write);
  if (!format) {
    const can = writableTargets(type);
    return { ok: false, error: `gridsat cannot write ${type.id} as ${DESCRIBED[target]} (it writes ${type.id} as: ${can.length ? can.join(', ') : 'nothing yet'})` };
  }
  try {
    return { ok: true, text: format.write!(puzzle).replace(/\n+$/, '') };
  } catch (err) {
    if (err instanceof FormatLimitError) return { ok: false, error: err.message };
    return { ok: false, error: `writing ${type.id} as ${DESCRIBED[target]} failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}
