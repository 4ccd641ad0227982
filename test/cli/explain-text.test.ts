/**
 * `gridsat explain` text as a person reads it.
 * - Each step's mark grid (@ # o) stands 4 columns right of the grid. For Bridges with signs the
 *   grid is followed by a legend ("North is up; …", ~96 characters), and the mark grid was pushed
 *   past the legend's width, 100 columns right of a 4-column grid.
 * - Block Party's picture has a border line above and below every row of cells, and the mark grid
 *   stood beside its first lines: the @ of "(2,4) is 1" sat on the line of row 1.
 * - A puzzle with several solutions ended "no further cell is forced: the puzzle has more than one
 *   solution: no further cell is forced."
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('explain text', () => {
  it('puts the mark grid beside the grid rows, whatever follows them', async () => {
    const r = await runCli(['explain', 'fixtures/edge-cases/bridges-signs-small.json']);
    const lines = r.out.split('\n');
    const step1 = lines.indexOf(lines.find((l) => l.startsWith('Step 1 '))!);
    expect(lines[step1 + 2]).toBe('A o?o?o    .@@.');
  });

  it('puts each mark row beside its row of cells when the picture has border lines (Block Party)', async () => {
    const r = await runCli(['explain', 'fixtures/blockparty/example-5x5.txt']);
    const lines = r.out.split('\n');
    const step1 = lines.findIndex((l) => l.startsWith('Step 1 '));
    expect(lines[step1]).toContain('(2,4) is 1');
    expect(lines.slice(step1 + 2, step1 + 13)).toEqual([
      '+---+---+---+---+---+',
      '| ?   ? | ?   ?   ? |    .....',
      '+---+   +---+---+   +',
      '| ? | ?   ? | 1 | ? |    ...@.',
      '+   +---+   +---+   +',
      '| ? | ? | ? | ? | ? |    .....',
      '+   +---+---+   +---+',
      '| ? | ?   ? | ?   ? |    .....',
      '+   +---+   +---+   +',
      '| ?   ? | ? | ? | ? |    .....',
      '+---+---+---+---+---+',
    ]);
  });

  it('says once that no further cell is forced', async () => {
    const r = await runCli(['explain', 'fixtures/starbattle/handmade-two-solutions.txt']);
    expect(r.code).toBe(1);
    expect(r.out.match(/no further cell is forced/g)).toHaveLength(1);
    expect(r.out).toMatch(/After \d+ steps no further cell is forced: the puzzle has more than one solution\.\n/);
  });
});
