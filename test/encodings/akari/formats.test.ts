/**
 * Akari formats: worked examples, detection, located errors on bad input, and writers checked
 * against something we did not write (the fixture and seed texts, Python). The puzz.link reader and
 * writer are checked against pzpr in pzpr.test.ts, the Tatham ones against sgt-lightup in
 * test/encodings/tatham-sgt.test.ts, janko against the published texts in collections.test.ts.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/util/errors.js';
import type { AkariCell, AkariPuzzle } from '../../../encodings/akari/puzzle.js';
import { parsePuzzlink, puzzlinkFormat } from '../../../encodings/akari/formats/puzzlink.js';
import { parseTatham, tathamFormat, writeTatham } from '../../../encodings/akari/formats/tatham.js';
import { jankoFormat, parseJanko, parseJankoSolution } from '../../../encodings/akari/formats/janko.js';
import { gridFormat, parseGrid, writeGrid } from '../../../encodings/akari/formats/grid.js';
import { parsePyList, pylistFormat, writePyList } from '../../../encodings/akari/formats/pylist.js';
import { jsonFormat, parseAkariJson, toAkariJson } from '../../../encodings/akari/formats/json.js';
import { akari } from '../../../encodings/akari/index.js';
import { verifyAkari } from '../../../encodings/akari/verify.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { readInputs } from '../../../src/formats/inputs.js';
import { AKARI_FIXTURES as FIXTURES, fixtureLines } from '../../helpers/akari.js';
import { FORMATS_MD, SEEDS, missing } from '../../helpers/paths.js';

/** Rows of `_` white, `#` black, digits (the notation FORMATS.md uses for decoded grids). */
function picture(p: AkariPuzzle): string[] {
  return p.cells.map((row) => row.map((c) => (c === 'white' ? '_' : c === 'black' ? '#' : String(c))).join(''));
}

function parseErrorOf(f: () => unknown): ParseError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('expected a ParseError');
}

const tathamIds = fs.readdirSync(FIXTURES).filter((f) => f.startsWith('tatham-')).flatMap((f) => fixtureLines(path.join(FIXTURES, f)));

describe('puzz.link lightup URLs', () => {
  const expected = [
    '__2_______',
    '________2_',
    '_______#__',
    '#___3_____',
    '_____#___#',
    '2___2_____',
    '_____3___#',
    '__#_______',
    '_2________',
    '_______#__',
  ];

  it('decodes the FORMATS.md worked example exactly', () => {
    for (const url of [
      'https://puzz.link/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h',
      'https://puzz.link/p?lightup/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h',
      'http://pzv.jp/p.html?lightup/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h',
      'https://pzprxs.vercel.app/p?akari/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h',
    ]) {
      expect(puzzlinkFormat.matchLine!(url)).toBe(true);
      expect(picture(parsePuzzlink(url)), url).toEqual(expected);
    }
  });

  it.skipIf(missing(FORMATS_MD))(`reads the worked example out of FORMATS.md itself ${missing(FORMATS_MD) ?? ''}`, () => {
    const md = fs.readFileSync(FORMATS_MD, 'utf8');
    const body = /`akari\/10\/10\/([^`]+)`/.exec(md)![1]!;
    const section = md.slice(md.indexOf(body));
    const grid = /```\n([\s\S]*?)```/.exec(section)![1]!.trim().split('\n');
    expect(picture(parsePuzzlink(`https://puzz.link/p?akari/10/10/${body}`))).toEqual(grid);
  });

  it('skips a flag segment', () => {
    expect(picture(parsePuzzlink('https://puzz.link/p?lightup/b/10/10/hcscl.h.idn.i.cgcndg.h.ncs.h'))).toEqual(expected);
  });

  it('decodes every character class', () => {
    // 3x3: clue 4 + 1 white, clue 0 + 2 whites, black, clue 2, run of 3 whites.
    expect(picture(parsePuzzlink('https://puzz.link/p?lightup/3/3/9a.2h'))).toEqual(['4_0', '__#', '2__']);
    expect(picture(parsePuzzlink('https://puzz.link/p?lightup/4/2/7.k'))).toEqual(['2_#_', '____']);
  });

  it('reports malformed URLs with the character position', () => {
    const url = 'https://puzz.link/p?lightup/3/3/9a.f';
    const bad = parseErrorOf(() => parsePuzzlink(url));
    expect(bad.location.column).toBe(url.indexOf('f', 30) + 1);
    expect(bad.message).toMatch(/column 36.*'f'/);
    const long = 'https://puzz.link/p?lightup/3/3/9a.2hg';
    const over = parseErrorOf(() => parsePuzzlink(long));
    expect(over.location.column).toBe(long.length);
    expect(over.reason).toMatch(/unexpected text 'g' after the body/);
    const run = 'https://puzz.link/p?lightup/3/3/9a.j';
    expect(parseErrorOf(() => parsePuzzlink(run))).toMatchObject({ location: { column: run.length, cell: [2, 0] } });
    const short = parseErrorOf(() => parsePuzzlink('https://puzz.link/p?lightup/3/3/9a.2'));
    expect(short.reason).toMatch(/covers 7 cells.*has 9/);
    const rows = parseErrorOf(() => parsePuzzlink('https://puzz.link/p?lightup/3/x3/9a.2i'));
    expect(rows.location.column).toBe('https://puzz.link/p?lightup/3/'.length + 1);
    expect(rows.reason).toMatch(/row count/);
  });
});

describe('Tatham Light Up game IDs', () => {
  const expected = ['_______', '_##__1_', '___#_3_', '__#_#__', '_1_4___', '_2__##_', '_______'];

  it('decodes the FORMATS.md example, with short or full params', () => {
    for (const id of ['7x7:hBBb1dBa3cBaBc1a4d2bBBh', '7x7b20s4d0:hBBb1dBa3cBaBc1a4d2bBBh', '  7x7:hBBb1dBa3cBaBc1a4d2bBBh  ']) {
      expect(tathamFormat.matchLine!(id)).toBe(true);
      expect(picture(parseTatham(id)), id).toEqual(expected);
    }
    expect(writeTatham(parseTatham('7x7b20s4d0:hBBb1dBa3cBaBc1a4d2bBBh'))).toBe('7x7:hBBb1dBa3cBaBc1a4d2bBBh');
  });

  it('reads non-square grids as W x H and splits long white runs', () => {
    const p = parseTatham('3x2:bB0b');
    expect([p.cols, p.rows]).toEqual([3, 2]);
    expect(picture(p)).toEqual(['__#', '0__']);
    expect(parseTatham('30x1:zd').cells[0]!.every((c) => c === 'white')).toBe(true);
  });

  it('reports malformed IDs with the character position', () => {
    const bad = parseErrorOf(() => parseTatham('7x7:hBBb1dBa3cBaBQ1a4d2bBBh'));
    expect(bad.location.column).toBe('7x7:hBBb1dBa3cBaB'.length + 1);
    expect(bad.message).toMatch(/column 18.*'Q'/);
    const clue5 = parseErrorOf(() => parseTatham('2x2:a5b'));
    expect(clue5.location.column).toBe(6);
    const over = parseErrorOf(() => parseTatham('2x2:abBB'));
    expect(over.location.column).toBe(8);
    expect(over.reason).toMatch(/runs past the 2x2 grid/);
    const under = parseErrorOf(() => parseTatham('2x2:c'));
    expect(under.reason).toMatch(/covers 3 cells/);
    expect(parseErrorOf(() => parseTatham('7x7hBB')).reason).toMatch(/<params>:<description>/);
    expect(parseErrorOf(() => parseTatham('7y7:hBB')).reason).toMatch(/bad Light Up params/);
    expect(parseErrorOf(() => parseTatham('0x7:')).reason).toMatch(/no cells/);
  });

  it('does not claim other games\' IDs or URLs', () => {
    expect(tathamFormat.matchLine!('7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2')).toBe(false);
    expect(tathamFormat.matchLine!('https://puzz.link/p?lightup/3/3/9a.2i')).toBe(false);
    expect(puzzlinkFormat.matchLine!('https://puzz.link/p?hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2')).toBe(false);
  });
});

describe('janko text grids', () => {
  const problem = '3 4\n1 - - x\n- - 2 -\n- x - -\n';
  const solution = '3 4\n1 o - x\n- - 2 o\no x o -\n';

  it('parses a puzzle and its solution', () => {
    expect(jankoFormat.matchText!(problem)).toBe(true);
    const p = parseJanko(problem);
    expect(picture(p)).toEqual(['1__#', '__2_', '_#__']);
    const s = parseJankoSolution(solution, p);
    expect(s.bulbs.map((r) => r.map((b) => (b ? 'o' : '.')).join(''))).toEqual(['.o..', '...o', 'o.o.']);
    expect(verifyAkari(p, s)).toEqual([]);
  });

  it('names line, column and cell of a bad cell', () => {
    const e = parseErrorOf(() => parseJanko('3 4\n1 - - x\n- - 7 -\n- 0 - -\n'));
    expect(e.location).toMatchObject({ line: 3, column: 5, cell: [1, 2] });
    expect(parseErrorOf(() => parseJanko('3 4\n1 - - x\n- - -\n- 0 - -\n')).location).toMatchObject({ line: 3, cell: [1, 3] });
    expect(parseErrorOf(() => parseJanko('3 4\n1 - - x\n- - - -\n')).reason).toMatch(/expected 3 grid rows/);
    expect(parseErrorOf(() => parseJanko('3\n1 - - x\n')).reason).toMatch(/grid size/);
    expect(parseErrorOf(() => parseJankoSolution('3 4\no - - x\n- - 2 -\n- 0 - -\n', parseJanko(problem))).location)
      .toMatchObject({ line: 2, column: 1, cell: [0, 0] });
  });
});

describe('seed 004 grids (rows and Python lists)', () => {
  const seedFile = fs.existsSync(SEEDS) ? fs.readdirSync(SEEDS).find((f) => f.startsWith('004_')) : undefined;
  const noSeed = seedFile ? undefined : `skipped: seed 004 not found in ${SEEDS}`;

  it('reads every seed board fixture as a grid', () => {
    for (let n = 0; n <= 10; n++) {
      const text = fs.readFileSync(path.join(FIXTURES, `seed004/board_${n}.txt`), 'utf8');
      expect(gridFormat.matchText!(text)).toBe(true);
      const p = parseGrid(text);
      // The writer gives back the fixture's own rows (without its comment lines).
      expect(writeGrid(p)).toBe(text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).join('\n') + '\n');
    }
  });

  it.skipIf(noSeed)(`the seed board fixtures equal the Python lists of the seed document ${noSeed ?? ''}`, () => {
    const seedText = fs.readFileSync(path.join(SEEDS, seedFile!), 'utf8');
    for (let n = 0; n <= 10; n++) {
      const p = parseGrid(fs.readFileSync(path.join(FIXTURES, `seed004/board_${n}.txt`), 'utf8'));
      // The last assignment to board_N in the document is the one the notebook solves.
      const lines = seedText.split('\n').filter((l) => new RegExp(`^board_${n}\\s*=`).test(l));
      const line = lines[lines.length - 1]!;
      expect(pylistFormat.matchText!(line)).toBe(true);
      expect(parsePyList(line), `board_${n}`).toEqual(p);
    }
  });

  it('accepts spaces, commas and comments; names the bad character', () => {
    expect(picture(parseGrid('# a comment\n_ X 0\n1,_,_\n'))).toEqual(['_#0', '1__']);
    expect(parseErrorOf(() => parseGrid('_X0\n_Y_\n')).location).toMatchObject({ line: 2, column: 2, cell: [1, 1] });
    expect(parseErrorOf(() => parseGrid('_X0\n__\n')).reason).toMatch(/row 2 has 2 cells/);
  });

  const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'skipped: python3 not found';
  it.skipIf(noPython)(`the Python-list writer writes what Python itself reads as the same board ${noPython ?? ''}`, () => {
    const boards = Array.from({ length: 11 }, (_, n) => parseGrid(fs.readFileSync(path.join(FIXTURES, `seed004/board_${n}.txt`), 'utf8')));
    const script = 'import ast, sys\nfor line in sys.stdin:\n    print("/".join("".join(row) for row in ast.literal_eval(line)))';
    const out = spawnSync('python3', ['-c', script], { input: boards.map(writePyList).join('\n') + '\n', encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout.trim().split('\n')).toEqual(boards.map((p) => picture(p).join('/').replace(/#/g, 'X')));
  });

  it('Python lists: double quotes, trailing commas, located errors', () => {
    expect(picture(parsePyList('[["_","X"],["2","_"],]'))).toEqual(['_#', '2_']);
    const e = parseErrorOf(() => parsePyList("b = [['_','X'],\n ['5','_']]"));
    expect(e.location).toMatchObject({ line: 2, column: 4, cell: [1, 0] });
    expect(parseErrorOf(() => parsePyList("[['_','X'],['_']]")).reason).toMatch(/row 2 has 1 cells/);
    expect(parseErrorOf(() => parsePyList("[['_','X']")).reason).toMatch(/expected '\['|expected a quoted/);
  });
});

describe('gridsat JSON', () => {
  it('round-trips every Tatham fixture through toJson and the json format', () => {
    for (const id of tathamIds.slice(0, 60)) {
      const p = parseTatham(id);
      const json = JSON.parse(JSON.stringify(akari.toJson(p)));
      expect(jsonFormat.matchJson!(json)).toBe(true);
      expect(parseAkariJson(json)).toEqual(p);
    }
  });

  it('accepts the aliases and text input; names the bad cell', () => {
    const grid = ['_2_', '#__'];
    const want: AkariCell[][] = [['white', 2, 'white'], ['black', 'white', 'white']];
    expect(parseAkariJson({ type: 'lightup', grid }).cells).toEqual(want);
    expect((jsonFormat.parse(JSON.stringify({ type: 'akari', rows: 2, cols: 3, grid })) as AkariPuzzle).cells).toEqual(want);
    expect(toAkariJson(parseAkariJson({ type: 'akari', grid }))).toEqual({ type: 'akari', rows: 2, cols: 3, grid });
    expect(parseErrorOf(() => parseAkariJson({ type: 'akari', grid: ['_2_', '#5_'] })).location.cell).toEqual([1, 1]);
    expect(parseErrorOf(() => parseAkariJson({ type: 'akari', grid: ['_2_', '#_'] })).reason).toMatch(/grid\[1\] \(row 2\) has 2 cells/);
    expect(parseErrorOf(() => parseAkariJson({ type: 'akari', rows: 3, grid })).reason).toMatch(/"rows"/);
    expect(parseErrorOf(() => parseAkariJson({ type: 'akari' })).reason).toMatch(/"grid"/);
    expect(parseErrorOf(() => jsonFormat.parse('{"type": "akari",')).reason).toMatch(/invalid JSON/);
  });
});

describe('readings are checked before solving', () => {
  it('every format refuses a clue with more bulbs than white neighbours, naming the cell and what was read', () => {
    const readings: [string, () => unknown, [number, number], RegExp][] = [
      ['tatham', () => tathamFormat.parse('3x3:a4a4e'), [0, 1], /Tatham game ID \(3x3\): clue 4 at \(1,2\) has only 3 white neighbours \(and 1 more problem\)/],
      ['grid', () => gridFormat.parse('_4_\n'), [0, 1], /grid \(3x1\): clue 4 at \(1,2\) has only 2 white neighbours/],
      ['janko', () => jankoFormat.parse('2 2\n3 -\n- -'), [0, 0], /janko grid \(2x2\): clue 3 at \(1,1\) has only 2/],
      ['json', () => jsonFormat.parse({ type: 'akari', grid: ['#1'] }), [0, 1], /JSON \(2x1\): clue 1 at \(1,2\) has only 0 white neighbours/],
      ['pylist', () => pylistFormat.parse("[['2','_']]"), [0, 0], /Python list \(2x1\): clue 2 at \(1,1\) has only 1 white neighbour$/],
      ['puzzlink', () => puzzlinkFormat.parse('akari/3/1/g0g'), [0, 0], /white cell \(1,1\) can never be lit/],
    ];
    for (const [name, read, cell, message] of readings) {
      const e = parseErrorOf(read);
      expect(e.location.cell, name).toEqual(cell);
      expect(e.reason, name).toMatch(message);
    }
  });

  it('a file of such puzzles gives error rows naming file, line and cell, never "none"', () => {
    const [row] = [...readInputs(['3x3:a4a4e'])];
    expect(row!.ok).toBe(false);
    expect(!row!.ok && row!.error).toMatch(/^3x3:a4a4e, cell \(1,2\): impossible Light Up puzzle.*clue 4 at \(1,2\)/);
  });

  it('accepts every Tatham fixture and seed board (the published ones are checked in collections.test.ts)', () => {
    for (const id of tathamIds) expect(() => tathamFormat.parse(id), id).not.toThrow();
    for (let n = 0; n <= 10; n++) expect(() => gridFormat.parse(fs.readFileSync(path.join(FIXTURES, `seed004/board_${n}.txt`), 'utf8'))).not.toThrow();
  });
});

describe('the registered type', () => {
  it('is found by id and aliases and lists its formats', () => {
    for (const name of ['akari', 'lightup', 'Light-Up']) expect(findPuzzleType(name)).toBe(akari);
    expect(akari.formats.map((f) => f.name).sort()).toEqual(['grid', 'janko', 'json', 'puzzlink', 'pylist', 'tatham']);
    expect(akari.describe(parseTatham('3x2:bB0b'))).toBe('3x2 2 black');
  });
});

describe('through the generic input reader (--type akari)', () => {
  it('reads every fixture file, skipping # comment lines', () => {
    const files = fs.readdirSync(FIXTURES).filter((f) => f.startsWith('tatham-')).map((f) => path.join(FIXTURES, f));
    const entries = [...readInputs(files, { type: akari })];
    expect(entries.every((e) => e.ok)).toBe(true);
    expect(entries.length).toBe(tathamIds.length);
    for (let n = 0; n <= 10; n++) {
      const file = path.join(FIXTURES, `seed004/board_${n}.txt`);
      const [entry, ...rest] = [...readInputs([file], { type: akari })];
      expect(rest).toEqual([]);
      expect(entry!.ok && entry!.format, file).toBe('grid');
      expect(entry!.ok && entry!.puzzle).toEqual(parseGrid(fs.readFileSync(file, 'utf8')));
    }
  });
});
