/** Hashi input formats: FORMATS.md worked examples, round trips, and located errors. */
import { COLLECTIONS, FIXTURES } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ParseError } from '../../../src/util/errors.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { hashi, type HashiPuzzle } from '../../../encodings/hashi/index.js';
import { parseTatham, toTatham, tathamFormat } from '../../../encodings/hashi/formats/tatham.js';
import { parsePuzzlink, puzzlinkFormat, toPuzzlink } from '../../../encodings/hashi/formats/puzzlink.js';
import { jankoFormat, parseJanko, parseJankoSolution, toJanko } from '../../../encodings/hashi/formats/janko.js';
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

  it('round-trips every fixture ID', () => {
    for (const id of tathamIds) {
      expect(tathamFormat.matchLine!(id)).toBe(true);
      expect(toTatham(parseTatham(id))).toBe(id);
    }
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

  it('reads two- and three-digit islands and round-trips', () => {
    const p = parsePuzzlink('https://puzz.link/p?hashikake/4/1/-10g+00a');
    expect(p.islands.map((i) => i.count)).toEqual([16, 10]);
    const url = 'https://puzz.link/p?hashikake/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2';
    expect(toPuzzlink(parsePuzzlink(url))).toBe(url);
  });

  it('names the column and cell of a bad character', () => {
    const e = parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/1g#'));
    expect(e.location).toMatchObject({ line: 1, column: 37, cell: [0, 2] });
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?lightup/3/3/1')).message).toMatch(/not hashikake/);
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/1z')).message).toMatch(/more than 9 cells/);
    expect(parseError(() => parsePuzzlink('https://puzz.link/p?hashikake/3/3/-1')).message).toMatch(/2 hex digits/);
  });
});

describe('janko grids', () => {
  const text = '3 4\n2 - - 2\n- - - -\n1 - - 1\n';

  it('reads islands and water, and round-trips', () => {
    expect(jankoFormat.matchText!(text)).toBe(true);
    const p = parseJanko(text);
    expect(picture(p)).toBe('2 _ _ 2\n_ _ _ _\n1 _ _ 1');
    expect(toJanko(p)).toBe(text);
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

describe('registry', () => {
  it('finds hashi by its aliases', () => {
    for (const name of ['hashi', 'Bridges', 'hashikake']) expect(findPuzzleType(name)).toBe(hashi);
  });
});

const collection = path.join(COLLECTIONS, 'janko-hashi.json');
describe.skipIf(!existsSync(collection))('janko collection grids', () => {
  it('round-trip through toJanko', () => {
    const data = JSON.parse(readFileSync(collection, 'utf8')) as { data: Record<string, { problem: string }> };
    for (const { problem } of Object.values(data.data).slice(0, 100)) {
      const p = parseJanko(problem);
      expect(parseJanko(toJanko(p))).toEqual(p);
    }
  });
});
