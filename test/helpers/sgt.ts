/** Simon Tatham's programs (Debian's sgt-puzzles) as an independent check of game IDs we write. */
import { spawnSync } from 'node:child_process';
import type { AnyPuzzleType } from '../../src/puzzle/types.js';
import { writePuzzle } from '../../src/solve/write.js';

export const SGT = { akari: '/usr/games/sgt-lightup', hashi: '/usr/games/sgt-bridges' } as const;
export const sgtAvailable = spawnSync(SGT.akari, ['--version']).error === undefined && spawnSync(SGT.hashi, ['--version']).error === undefined;
export const SGT_SKIPPED = ' (skipped: sgt-puzzles is not installed)';

/**
 * Writes the puzzles as Tatham game IDs and has his program load them all (`--print`, which runs his
 * own validation): '' when it accepts every one, else what it said.
 */
export function tathamRejects(type: AnyPuzzleType, puzzles: readonly unknown[]): string {
  const program = SGT[type.id as keyof typeof SGT];
  if (!program) throw new Error(`no Tatham program for ${type.id}`);
  const ids = puzzles.map((puzzle) => {
    const w = writePuzzle(type, puzzle, 'tatham');
    if (!w.ok) throw new Error(w.error);
    return w.text;
  });
  const run = spawnSync(program, ['--print', '1x1'], { input: `${ids.join('\n')}\n`, encoding: 'utf8' });
  return run.status === 0 ? '' : run.stderr.trim() || `exit ${run.status}`;
}
