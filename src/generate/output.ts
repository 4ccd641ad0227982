/**
 * How `generate` writes each puzzle: `json` (one NDJSON line: the type's JSON puzzle, its solution
 * and how it was found — a file `batch` reads back), `text` (the grid, then the solved grid), or a
 * one-line puzzle string through the formats' writers (`url` = puzz.link, `tatham`, `sbn`), via
 * the solve layer's `writePuzzle`.
 */
import type { AnyPuzzleType } from '../puzzle/types.js';
import { writableTargets, writePuzzle, type WriteTarget } from '../solve/write.js';
import type { GeneratedPuzzle } from './generate.js';

export const OUTPUT_FORMATS = ['json', 'text', 'url', 'tatham', 'sbn', 'janko'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A message when `type` has no writer for `format`, else null. */
export function outputProblem(type: AnyPuzzleType, format: OutputFormat): string | null {
  if (format === 'json' || format === 'text') return null;
  if (writableTargets(type).includes(format as WriteTarget)) return null;
  const can = writableTargets(type).filter((t) => t !== 'json' && t !== 'text');
  return `cannot write ${type.id} puzzles as ${format} (it writes them as json, text${can.length ? `, ${can.join(', ')}` : ''})`;
}

/** The text printed for one generated puzzle (ending with a newline); throws when the format cannot hold it. */
export function formatGenerated(type: AnyPuzzleType, g: GeneratedPuzzle, format: OutputFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({
      ...(type.toJson(g.puzzle) as object),
      solution: type.solutionToJson(g.solution),
      generated: {
        seed: g.seed, index: g.index, status: g.status, clues: g.clues, kept: g.kept,
        method: g.method, attempts: g.attempts, repairs: g.repairs, ...(g.method === 'anneal' ? { moves: g.moves } : {}), solves: g.solves, ms: Math.round(g.ms * 10) / 10,
        ...(g.difficulty ? { difficulty: g.difficulty } : {}),
      },
    })}\n`;
  }
  if (format === 'text') {
    const grade = g.difficulty ? `, ${g.difficulty.level} (score ${g.difficulty.atLeast ? 'at least ' : ''}${g.difficulty.score})` : '';
    const head = `== ${type.id} ${type.describe(g.puzzle)} #${g.index + 1} (seed ${g.seed}): unique${grade}  [${g.ms.toFixed(1)} ms]`;
    return `${head}\n${type.renderText(g.puzzle)}\n-- solution:\n${type.renderText(g.puzzle, g.solution)}\n\n`;
  }
  const written = writePuzzle(type, g.puzzle, format);
  if (!written.ok) throw new Error(written.error);
  return `${written.text}\n`;
}
