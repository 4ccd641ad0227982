/**
 * How `generate` writes each puzzle: `json` (one NDJSON line: the type's JSON puzzle, its solution
 * and how it was found — a file `batch` reads back), `text` (the grid, then the solved grid), or a
 * one-line puzzle string through a format's writer (`url` = puzz.link, `tatham`, `sbn`, `janko`).
 */
import type { AnyPuzzleType } from '../puzzle/types.js';
import type { GeneratedPuzzle } from './generate.js';

/** `--format` names that are not the format's own name. */
const FORMAT_ALIASES: Record<string, string> = { url: 'puzzlink', puzzlink: 'puzzlink' };

export const OUTPUT_FORMATS = ['json', 'text', 'url', 'tatham', 'sbn', 'janko'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A message when `type` cannot be written as `format`, else null. */
export function outputProblem(type: AnyPuzzleType, format: OutputFormat): string | null {
  if (format === 'json' || format === 'text') return null;
  const name = FORMAT_ALIASES[format] ?? format;
  const f = type.formats.find((x) => x.name === name);
  if (!f) return `${type.id} has no ${format} format (try --format json or text)`;
  if (!f.write) return `no ${format} writer for ${type.id} puzzles yet (try --format json or text)`;
  return null;
}

/** The text printed for one generated puzzle (ending with a newline). */
export function formatGenerated(type: AnyPuzzleType, g: GeneratedPuzzle, format: OutputFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({
      ...(type.toJson(g.puzzle) as object),
      solution: type.solutionToJson(g.solution),
      generated: {
        seed: g.seed, index: g.index, status: g.status, clues: g.clues, kept: g.kept,
        attempts: g.attempts, repairs: g.repairs, solves: g.solves, ms: Math.round(g.ms * 10) / 10,
      },
    })}\n`;
  }
  if (format === 'text') {
    const head = `== ${type.id} ${type.describe(g.puzzle)} #${g.index + 1} (seed ${g.seed}): unique  [${g.ms.toFixed(1)} ms]`;
    return `${head}\n${type.renderText(g.puzzle)}\n-- solution:\n${type.renderText(g.puzzle, g.solution)}\n\n`;
  }
  const name = FORMAT_ALIASES[format] ?? format;
  return `${type.formats.find((x) => x.name === name)!.write!(g.puzzle)}\n`;
}
