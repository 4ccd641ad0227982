/** The checkout itself: what a merge or an editor can leave behind that no type checker sees. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers/paths.js';

function tracked(): string | undefined {
  try {
    return execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

describe.skipIf(tracked() === undefined)('tracked files', () => {
  it('hold no merge-conflict markers', () => {
    let hits = '';
    try {
      hits = execFileSync('git', ['grep', '-n', '-E', '^(<<<<<<< |>>>>>>> |=======$)', '--', '.', ':!*.wasm'], { cwd: REPO, encoding: 'utf8' });
    } catch {
      hits = ''; // git grep exits 1 when nothing matches
    }
    expect(hits).toBe('');
  });
});
