/**
 * Every message names rows, columns and cells counting from 1, the way `gridsat explain` and
 * `hint` do ("Rows and columns count from 1, top left is (1,1)"). Parse errors, `Location.cell`
 * and the verifiers counted from 0 with the same look: a Parks file whose 2nd grid row (file
 * line 3) was short said "bad1.txt, line 3, column 14, cell (1,4): row 1 has 4 cells, expected 5",
 * and a person reads "row 1" as the first row.
 *
 * Each malformed file below puts its mistake on a known line; the test checks that the cell and row
 * the message names are the ones a person counts there: the file line minus the header lines (and,
 * in grids written without separators, the file column). Data stays 0-based: `location.cell`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { parse, verify } from '../../src/api.js';
import { ParseError } from '../../src/util/errors.js';

const root = resolve(import.meta.dirname, '..', '..');
const bundled = existsSync(join(root, 'dist', 'gridsat.cjs'));
const dir = mkdtempSync(join(tmpdir(), 'gridsat-cells-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** `line L, column C, cell (R,K)` of a message, as numbers. */
function where(message: string): { line: number; column: number; row: number; col: number } {
  const m = /line (\d+), column (\d+), cell \((\d+),(\d+)\)/.exec(message);
  if (!m) throw new Error(`no located cell in: ${message}`);
  return { line: Number(m[1]), column: Number(m[2]), row: Number(m[3]), col: Number(m[4]) };
}

/** The Parks fixture (fixtures/starbattle/parks-5x5.txt) with its 2nd grid row, on line 3, one cell short. */
const SHORT_PARKS = 'm=1, n=5\n[0, 1, 1, 1, 1],\n[0, 0, 1, 1],\n[0, 2, 3, 1, 1],\n[0, 3, 3, 3, 4],\n[3, 3, 3, 4, 4],\n';

describe.skipIf(!bundled)('the real CLI (bin/gridsat.js, needs `npm run build`)', () => {
  const gridsat = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin', 'gridsat.js'), ...args], { cwd: dir, encoding: 'utf8' });

  it('a short row on file line 3 of a Parks grid is row 2, and its missing cell is (2,5)', () => {
    file('bad1.txt', SHORT_PARKS);
    const r = gridsat('solve', 'bad1.txt');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('bad1.txt, line 3, column 14, cell (2,5): row 2 has 4 cells, expected 5 (as in the first row)');
    // The explanation of the intact puzzle counts the same way.
    const ok = gridsat('explain', join(root, 'fixtures', 'starbattle', 'parks-5x5.txt'));
    expect(ok.stdout).toContain('Rows and columns count from 1, top left is (1,1).');
  });

  it('a bad Light Up cell at line 3, column 4 of a grid (no header, no separators) is the cell (3,4)', () => {
    file('bad-akari.txt', '_____\n_____\n___Q_\n_____\n');
    const r = gridsat('solve', 'bad-akari.txt', '--type', 'akari', '--format', 'json');
    expect(r.status).toBe(1);
    const row = JSON.parse(r.stdout) as { status: string; message: string };
    expect(row.status).toBe('error');
    expect(row.message).toContain("line 3, column 4, cell (3,4): unexpected character 'Q'");
  });
});

describe('a malformed file names the cell a person counts on that line, for every puzzle type', () => {
  const cases: { name: string; text: string; args?: string[]; headerLines: number; line: number; reason: RegExp; sameColumn?: boolean }[] = [
    { name: 'starbattle parks', text: SHORT_PARKS, headerLines: 1, line: 3, reason: /row 2 has 4 cells, expected 5/ },
    { name: 'starbattle picture', text: 'stars: 1\nABBCC\nABBC\nADDCE\nDDDEE\nDDEEE\n', headerLines: 1, line: 3, reason: /row 2 has 4 cells, expected 5/ },
    { name: 'starbattle janko', text: '5 5 1\n1 2 2 3 3\n1 2 ? 3 3\n1 4 4 3 5\n4 4 4 5 5\n4 4 5 5 5\n', headerLines: 1, line: 3, reason: /'\?' is not a region number/ },
    { name: 'akari grid', text: '_____\n_____\n___Q_\n_____\n', args: ['--type', 'akari'], headerLines: 0, line: 3, reason: /unexpected character 'Q'/, sameColumn: true },
    { name: 'akari janko', text: '3 4\n- - - -\n- 2 - q\n- - - -\n', args: ['--type', 'akari'], headerLines: 1, line: 3, reason: /unexpected cell 'q'/ },
    { name: 'hashi janko', text: '3 4\n2 - - 2\n- - z -\n2 - - 2\n', args: ['--type', 'hashi'], headerLines: 1, line: 3, reason: /unexpected cell 'z'/ },
    { name: 'blockparty text', text: 'blockparty\nAAB\nAB\nCCC\n', headerLines: 1, line: 3, reason: /row 2 has 2 cells, the first row has 3/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const path = file(`${c.name.replace(' ', '-')}.txt`, c.text);
      const r = await runCli(['solve', path, ...(c.args ?? [])]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(c.reason);
      const at = where(r.err);
      expect(at.line).toBe(c.line);
      expect(at.row, r.err).toBe(c.line - c.headerLines);
      if (c.sameColumn) expect(at.col, r.err).toBe(at.column);
      // A "row N" in the reason is that same row.
      const named = /\brow (\d+)/.exec(r.err.slice(r.err.indexOf(': ', r.err.indexOf('cell ('))));
      if (named) expect(Number(named[1])).toBe(at.row);
    });
  }

  it('Bridges (Tatham ID): the island named in the reason is the located cell, the 4th of the top row', async () => {
    const r = await runCli(['solve', '6x6m2:b32e1d42p2c']);
    expect(r.err).toContain('cell (1,4): island (1,4) touches island (1,3)');
  });

  it('Block Party JSON: the duplicated [0,1] is quoted as written and named as the cell (1,2)', async () => {
    const path = file('bp.json', '{"type":"blockparty","rows":2,"cols":2,\n "regions":[[[0,0],[0,1]],\n   [[1,0],[0,1]]]}\n');
    const r = await runCli(['solve', path]);
    expect(r.err).toContain('cell (1,2): regions[1][1]: [0,1] is already in regions[0]');
  });

  it('bridges with signs: a sign on an island is named as the cell (row,col) from the top left', async () => {
    // [x, y] = [0, 1] on a map 2 high is the top row, first column.
    const path = file('bs.json', '{"type":"bridges-signs","width":3,"height":2,\n "islands":[[0,0],[2,0],[0,1]],\n "signs":[{"at":[0,1],"E":3}]}\n');
    const r = await runCli(['solve', path]);
    expect(r.err).toContain('cell (1,1): signs[0].at [0,1] is on the same cell as islands[2]');
  });

  it('Location.cell stays 0-based data; the message counts from 1', () => {
    const e = new ParseError('a reason', { line: 3, column: 14, cell: [1, 4] });
    expect(e.location.cell).toEqual([1, 4]);
    expect(e.message).toBe('line 3, column 14, cell (2,5): a reason');
  });
});

describe('verifier messages count from 1', () => {
  it('Light Up: each unlit white cell, as (row,col)', () => {
    const [p] = parse('{"type":"akari","grid":["___","_#_","___"]}');
    // One bulb in the top-left corner lights the top row and the left column only.
    const bulbs = [[true, false, false], [false, false, false], [false, false, false]];
    expect(verify(p!, { bulbs })).toEqual(['white cell (2,3) is not lit', 'white cell (3,2) is not lit', 'white cell (3,3) is not lit']);
  });

  it('Star Battle: the rows and columns that lack a star', () => {
    const [p] = parse(SHORT_PARKS.replace('[0, 0, 1, 1],', '[0, 0, 1, 1, 1],'));
    const stars = Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => r === 0 && c === 0));
    const problems = verify(p!, stars);
    expect(problems).toContain('row 5 has 0 stars, needs 1');
    expect(problems).toContain('column 5 has 0 stars, needs 1');
    expect(problems).not.toContain('row 1 has 0 stars, needs 1'); // the top row has its star
  });

  it('Hashi: an island short of bridges', () => {
    const [p] = parse('{"type":"hashi","rows":3,"cols":3,"islands":[[0,0,1],[0,2,1]]}');
    expect(verify(p!, { bridges: [] })).toContain('island (1,3) has 0 bridges, needs 1');
  });

  it('Block Party: a broken given', () => {
    const [p] = parse('blockparty\nAB\nAB\n\n..\n.1\n');
    expect(verify(p!, [[1, 1], [2, 2]])).toContain('given: cell (2,2) must hold 1, holds 2');
  });
});
