/**
 * `gridsat hint FILE` where the file holds several puzzles (Tatham's 7x7 set: 15) gave the hint for
 * the first without a word, so a grid meant for another puzzle of the same size got a confident
 * "Wrong: 7 entries contradict the solution". It now says which puzzle the hint is for.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const START = ['???????', '?10??0?', '?????0?', '???????', '?0?????', '?1??3#?', '???????'].join('\n');

describe('gridsat hint on a file of several puzzles', () => {
  it('names the puzzle it answers for', async () => {
    const several = await runCli(['hint', 'fixtures/akari/tatham-7x7-d0.txt', '--progress', '-'], START);
    expect(several.code).toBe(0);
    expect(several.err).toBe('gridsat hint: fixtures/akari/tatham-7x7-d0.txt holds 15 puzzles; this hint is for fixtures/akari/tatham-7x7-d0.txt:3 (give another by itself, e.g. its game ID)\n');
    const one = await runCli(['hint', '7x7:h10b0f0i0f1b3Bh', '--progress', '-'], START);
    expect(one.code).toBe(0);
    expect(one.err).toBe('');
  });
});
