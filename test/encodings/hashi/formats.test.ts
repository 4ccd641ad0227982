/**
 * Hashi formats: FORMATS.md worked examples, located errors, and writers checked against what others
 * wrote (sgt-bridges' game IDs here; pzpr in pzpr.test.ts; Tatham's programs in
 * test/encodings/tatham-sgt.test.ts; janko's published texts below).
 */
import { COLLECTIONS, FIXTURES } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ParseError } from '../../../src/util/errors.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { hashi, type HashiPuzzle } from '../../../encodings/hashi/index.js';
import { FormatLimitError } from '../../../src/puzzle/types.js';
import { parseTatham, tathamFormat } from '../../../encodings/hashi/formats/tatham.js';
import { parsePuzzlink, puzzlinkFormat } from '../../../encodings/hashi/formats/puzzlink.js';
import { jankoFormat, parseJanko, parseJankoSolution } from '../../../encodings/hashi/formats/janko.js';
import { hashiJsonFormat, parseHashiJson } from '../../../encodings/hashi/formats/json.js';

/** The FORMATS.md picture of a puzzle: numbers, `?` unknown island, `_` water. */
function picture(p: HashiPuzzle): string {
  const g = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => '_'));
  for (const i of p.islands) g[i.row]![i.col] = i.count === null ? '?' : String(i.count);
  return g.map((r) => r.join(' ')).join('\n');
}

function parseError(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a ParseError');
}

const tathamIds = readdirSync(path.join(FIXTURES, 'hashi'))
  .filter((f) => f.startsWith('tatham-'))
  .flatMap((f) => readFileSync(path.join(FIXTURES, 'hashi', f), 'utf8').split('\n'))
  .map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

describe('Tatham game IDs', () => {
  it('decodes the FORMATS.md worked example', () => {
    const p = parseTatham('7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2');
    expect(picture(p)).toBe([
      '4 _ _ _ _ _ 3',
      '_ 1 _ 5 _ 2 _',
      '4 _ _ _ _ _ _',
      '_ 1 _ 5 _ _ _',
      '2 _ _ _ 2 _ 4',
      '_ _ _ _ _ _ _',
      '2 _ _ 5 _ _ 2',
    ].join('\n'));
    expect(p.maxBridges).toBe(2);
    expect(p.noLoops).toBe(false);
  });

  it('reads full parameters, m1-m4, L and counts A-G', () => {
    const p = parseTatham('3x2i30e10m4Ld2:GaAc');
    expect(p).toMatchObject({ cols: 3, rows: 2, maxBridges: 4, noLoops: true });
    expect(p.islands).toEqual([{ row: 0, col: 0, count: 16 }, { row: 0, col: 2, count: 10 }]);
  });

  it('the writer gives back every game ID sgt-bridges printed, byte for byte (m1-m4, L)', () => {
    for (const id of tathamIds) {
      expect(tathamFormat.matchLine!(id)).toBe(true);
      expect(tathamFormat.write!(tathamFormat.parse(id) as HashiPuzzle)).toBe(id);
    }
  });

  it('refuses islands Tatham cannot write, naming the cell', () => {
    const unknown = parsePuzzlink('hashi/3/3/1g.i1h');
    expect(() => tathamFormat.write!(unknown)).toThrow(FormatLimitError);
    expect(() => tathamFormat.write!(unknown)).toThrow(/island \(1,3\) has an unknown number/);
    expect(() => tathamFormat.write!(parsePuzzlink('hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2'))).toThrow(/islands \(1,5\) and \(1,6\) are adjacent/);
  });

  it('names the column and cell of a bad character, and short or long descriptions', () => {
    const e = parseError(() => parseTatham('3x3m2:2a#f'));
    expect(e.location).toMatchObject({ line: 1, column: 9, cell: [0, 2] });
    expect(parseError(() => parseTatham('3x3m2:2a1')).message).toMatch(/covers 3 cells, expected 9/);
    expect(parseError(() => parseTatham('3x3m2:2h1')).message).toMatch(/more than 9 cells/);
    expect(parseError(() => parseTatham('3x3m7:2h')).message).toMatch(/m7 out of range/);
    expect(parseError(() => parseTatham('3by3:2h')).location.line).toBe(1);
    expect(parseError(() => parseTatham('no colon')).location.column).toBe(1);
  });
});

describe('puzz.link hashikake URLs', () => {
  const expected = [
    '3 _ 1 _ 2 ?',
    '_ ? _ 2 _ _',
    '? _ 2 _ ? _',
    '_ ? _ 4 _ 3',
    '_ _ 4 _ ? _',
    '2 _ ? _ _ 2',
  ].join('\n');

  it('decodes the FORMATS.md worked example, with or without a host', () => {
    for (const url of [
      'hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2',
      'https://puzz.link/p?hashikake/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2',
      'http://pzv.jp/p.html?bridges/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2',
      'https://pzprxs.vercel.app/p?hashikake/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2',
    ]) {
      expect(puzzlinkFormat.matchLine!(url)).toBe(true);
      expect(picture(parsePuzzlink(url))).toBe(expected);
    }
  });

  it('reads two- and three-digit islands', () => {
    const p = parsePuzzlink('https://puzz.link/p?hashikake/4/1/-10g+00ag');
    expect(p.islands.map((i) => i.count)).toEqual([16, 10]);
  });

  it('names the column and cell of a bad character', () => {
    const e = parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/1g#'));
    expect(e.location).toMatchObject({ line: 1, column: 37, cell: [0, 2] });
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?lightup/3/3/1')).message).toMatch(/type 'lightup' is not hashi/);
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/1z')).message).toMatch(/column 36, cell \(1,2\).*runs past the 3x3 grid/);
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/-1')).message).toMatch(/2 hex digits/);
  });
});

describe('janko grids', () => {
  const text = '3 4\n2 - - 2\n- - - -\n1 - - 1\n';

  it('reads islands and water', () => {
    expect(jankoFormat.matchText!(text)).toBe(true);
    const p = parseJanko(text);
    expect(picture(p)).toBe('2 _ _ 2\n_ _ _ _\n1 _ _ 1');
  });

  it('refuses what janko cannot hold: unknown numbers, m1/m3/m4, L', () => {
    const p = parseJanko(text);
    expect(() => jankoFormat.write!({ ...p, maxBridges: 3 })).toThrow(/m3/);
    expect(() => jankoFormat.write!({ ...p, noLoops: true })).toThrow(/no-loops/);
    expect(() => jankoFormat.write!(parsePuzzlink('hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2'))).toThrow(FormatLimitError);
  });

  it('reads a published solution as bridges', () => {
    const p = parseJanko(text);
    const s = parseJankoSolution(p, '3 4\n- 2 2 -\na - - a\n- - - -\n');
    expect(s.bridges).toEqual([
      { a: [0, 0], b: [0, 3], count: 2 },
      { a: [0, 0], b: [2, 0], count: 1 },
      { a: [0, 3], b: [2, 3], count: 1 },
    ]);
  });

  it('names line, column and cell of a bad cell or a short row', () => {
    const e = parseError(() => parseJanko('2 3\n1 - 1\n- x -\n'));
    expect(e.location).toMatchObject({ line: 3, column: 3, cell: [1, 1] });
    expect(parseError(() => parseJanko('2 3\n1 - 1\n- -\n')).location).toMatchObject({ line: 3, cell: [1, 0] });
    expect(parseError(() => parseJanko('2 3\n1 - 1\n')).message).toMatch(/expected 2 rows/);
    expect(parseError(() => parseJanko('two three\n')).location.line).toBe(1);
  });
});

describe('gridsat JSON', () => {
  it('round-trips the fixtures and the worked examples losslessly', () => {
    const puzzles = [
      ...tathamIds.slice(0, 40).map(parseTatham),
      parsePuzzlink('hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2'),
    ];
    for (const p of puzzles) {
      const json = JSON.parse(JSON.stringify(hashi.toJson(p)));
      expect(hashiJsonFormat.matchJson!(json)).toBe(true);
      expect(parseHashiJson(json)).toEqual(p);
      expect(hashiJsonFormat.parse(JSON.stringify(json))).toEqual(p);
    }
  });

  it('rejects bad shapes, naming the island cell where there is one', () => {
    const ok = { type: 'hashi', rows: 2, cols: 2, maxBridges: 2, noLoops: false, islands: [[0, 0, 1], [0, 1, 1]] };
    expect(parseHashiJson(ok).islands).toHaveLength(2);
    expect(parseError(() => parseHashiJson({ ...ok, type: 'akari' })).message).toMatch(/type/);
    expect(parseError(() => parseHashiJson({ ...ok, islands: [[0, 2, 1]] })).message).toMatch(/outside/);
    expect(parseError(() => parseHashiJson({ ...ok, islands: [[1, 1, 99]] })).location.cell).toEqual([1, 1]);
    expect(parseError(() => parseHashiJson({ ...ok, islands: [[1, 1, 2], [1, 1, 2]] })).message).toMatch(/repeats/);
    expect(parseError(() => parseHashiJson({ ...ok, maxBridges: 5 })).message).toMatch(/maxBridges/);
    expect(parseError(() => hashiJsonFormat.parse('{\n  "type": "hashi",\n  oops\n}')).location.line).toBe(3);
  });
});

describe('fixtures/hashi/examples.txt', () => {
  it('holds the two worked examples, each a one-line puzzle its format recognises', () => {
    const lines = readFileSync(path.join(FIXTURES, 'hashi/examples.txt'), 'utf8')
      .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    expect(lines).toHaveLength(2);
    expect(tathamFormat.matchLine!(lines[0]!)).toBe(true);
    expect(parseTatham(lines[0]!).islands).toHaveLength(14);
    expect(puzzlinkFormat.matchLine!(lines[1]!)).toBe(true);
    expect(picture(parsePuzzlink(lines[1]!))).toBe(picture(parsePuzzlink('hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2')));
  });
});

describe('readings are checked before solving', () => {
  it('every format refuses an island that cannot get its bridges, naming the cell and what was read', () => {
    const readings: [string, () => unknown, [number, number] | undefined, RegExp][] = [
      ['tatham corner', () => tathamFormat.parse('3x3m1:3a1c1b'), [0, 0], /Tatham game ID \(3x3, 3 islands, m1\): island 3 at \(1,1\) sees 2 islands, so it can take at most 2 bridges \(1 per pair\)/],
      ['janko border', () => jankoFormat.parse('3 3\n- 5 -\n- - -\n1 - 4'), [0, 1], /janko grid \(3x3, 3 islands, m2\): island 5 at \(1,2\) sees 0 islands|island 5 at \(1,2\) has no island in sight/],
      ['janko alone', () => jankoFormat.parse('3 3\n2 - -\n- - -\n- - 2'), [0, 0], /island 2 at \(1,1\) has no island in sight in any direction/],
      ['json odd', () => hashiJsonFormat.parse({ type: 'hashi', rows: 1, cols: 3, islands: [[0, 0, 2], [0, 2, 1]] }), undefined, /add up to 3, an odd total/],
      ['json single', () => hashiJsonFormat.parse({ type: 'hashi', rows: 1, cols: 3, islands: [[0, 1, 2]] }), [0, 1], /only island/],
      ['puzzlink', () => puzzlinkFormat.parse('hashi/3/1/9g1'), [0, 0], /puzz.link URL \(3x1, 2 islands, m2\): island 9 at \(1,1\) sees 1 island, so it can take at most 2/],
    ];
    for (const [name, read, cell, message] of readings) {
      const e = parseError(read);
      expect(e.location.cell, name).toEqual(cell);
      expect(e.reason, name).toMatch(message);
    }
  });

  it('accepts every fixture (the janko collection is read through its checks in the tests above)', () => {
    for (const id of tathamIds) expect(() => tathamFormat.parse(id), id).not.toThrow();
  });
});

describe('registry', () => {
  it('finds hashi by its aliases', () => {
    for (const name of ['hashi', 'Bridges', 'hashikake']) expect(findPuzzleType(name)).toBe(hashi);
  });
});

const collection = path.join(COLLECTIONS, 'janko-hashi.json');
describe.skipIf(!existsSync(collection))('janko collection grids', () => {
  const entries = () => Object.entries((JSON.parse(readFileSync(collection, 'utf8')) as { data: Record<string, { problem: string }> }).data);

  it('the janko writer gives back all 728 published problem texts (up to spaces at line ends)', () => {
    const trimmed = (t: string) => t.split('\n').map((l) => l.trimEnd()).join('\n');
    const all = entries();
    expect(all.length).toBe(728);
    for (const [name, { problem }] of all) expect(jankoFormat.write!(jankoFormat.parse(problem) as HashiPuzzle), name).toBe(trimmed(problem));
  });

  it('the JSON writer writes one line listing exactly the published islands', () => {
    for (const [name, { problem }] of entries()) {
      const line = hashiJsonFormat.write!(parseJanko(problem));
      expect(line, name).not.toContain('\n');
      const [size, ...rows] = problem.trim().split('\n');
      const islands = rows.flatMap((row, r) => row.trim().split(/ +/).flatMap((t, c) => (t === '-' ? [] : [[r, c, Number(t)]])));
      const [R, C] = size!.split(' ').map(Number);
      expect(JSON.parse(line), name).toEqual({ type: 'hashi', rows: R, cols: C, maxBridges: 2, noLoops: false, islands });
      expect(hashiJsonFormat.parse(line), name).toEqual(parseJanko(problem));
    }
  });
});
