/**
 * Tatham game IDs against Simon Tatham's own programs (Debian's sgt-puzzles):
 * - what the generators print (`--generate N PARAMS#seed`, every preset plus non-square, m1–m4 and
 *   L params), our reader reads and our writer gives back byte for byte;
 * - that freshly generated no-loops (L) puzzles solve as unique, with no loops kept in the engine
 *   and as a counter alike (Tatham makes unique puzzles);
 * - what our writer writes for puzzles from elsewhere (the janko collections, random boards), the
 *   programs load: `--print` reads game IDs from stdin and stops with an error naming the first ID
 *   its own validator rejects.
 * Skipped, with a message, when sgt-puzzles is not installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tathamFormat as lightUpTatham } from '../../encodings/akari/formats/tatham.js';
import { parseJanko as parseAkariJanko } from '../../encodings/akari/formats/janko.js';
import type { AkariPuzzle } from '../../encodings/akari/puzzle.js';
import { tathamFormat as bridgesTatham } from '../../encodings/hashi/formats/tatham.js';
import { parseJanko as parseHashiJanko } from '../../encodings/hashi/formats/janko.js';
import type { HashiPuzzle, HashiSolution } from '../../encodings/hashi/puzzle.js';
import { hashi } from '../../encodings/hashi/index.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { boardSizes, randomHashi, randomLightUp } from '../helpers/random-boards.js';
import { COLLECTIONS } from '../helpers/paths.js';

const LIGHTUP = '/usr/games/sgt-lightup';
const BRIDGES = '/usr/games/sgt-bridges';
const haveSgt = fs.existsSync(LIGHTUP) && fs.existsSync(BRIDGES);
if (!haveSgt) console.log(`skipping the Tatham game ID tests: ${LIGHTUP} / ${BRIDGES} not found (apt-get install sgt-puzzles)`);

function run(program: string, args: string[], input?: string): { code: number; out: string; err: string } {
  const r = spawnSync(program, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

function generate(program: string, count: number, params: string): string[] {
  const r = run(program, ['--generate', String(count), `${params}#gridsat`]);
  expect(r.code, `${program} --generate ${params}: ${r.err}`).toBe(0);
  return r.out.split('\n').filter((l) => l.trim() !== '');
}

/** Has the program load every ID (its own validation); returns its complaint, '' when all load. */
function rejected(program: string, ids: readonly string[]): string {
  const r = run(program, ['--print', '1x1'], ids.join('\n') + '\n');
  return r.code === 0 ? '' : r.err.trim() || `exit code ${r.code}`;
}

function presets(program: string): string[] {
  return run(program, ['--list-presets']).out.split('\n').map((l) => l.split(' ')[0]!).filter(Boolean);
}

function janko<P>(file: string, parse: (text: string) => P): P[] {
  const full = path.join(COLLECTIONS, file);
  if (!fs.existsSync(full)) { console.log(`${full} not found: its puzzles are not written for Tatham's program`); return []; }
  return Object.values((JSON.parse(fs.readFileSync(full, 'utf8')) as { data: Record<string, { problem: string }> }).data).map((e) => parse(e.problem));
}

describe.skipIf(!haveSgt)("Tatham's Light Up (sgt-lightup)", () => {
  it('reads every generated game ID and writes it back byte for byte (every preset, non-square grids)', () => {
    const params = [...presets(LIGHTUP), '9x5b20s0d1', '5x12b25s0d0', '40x3b5s0d0', '25x25b30s1d2'];
    expect(params.length).toBeGreaterThanOrEqual(10);
    for (const p of params) {
      for (const id of generate(LIGHTUP, 3, p)) {
        const puzzle = lightUpTatham.parse(id) as AkariPuzzle;
        expect(lightUpTatham.write!(puzzle), `${p}: ${id}`).toBe(id);
      }
    }
  });

  it('loads every game ID we write: janko collection, random boards 5-25, and long white runs', () => {
    const puzzles: AkariPuzzle[] = [
      ...janko('janko-akari.json', parseAkariJanko),
      ...boardSizes().map(([rows, cols], i) => randomLightUp(rows, cols, 500 + i)),
      { rows: 2, cols: 30, cells: [new Array(30).fill('white'), [...new Array(29).fill('white'), 'black']] },
    ];
    const ids = puzzles.map((p) => lightUpTatham.write!(p));
    expect(ids).toContain('30x2:zzgB');
    expect(rejected(LIGHTUP, ids)).toBe('');
  });

  it("the program's validator is a real check: it rejects a broken ID", () => {
    expect(rejected(LIGHTUP, ['7x7:hBBb1dBa3cBaBc1a4d2bBB'])).toMatch(/shorter than expected/);
  });

  it('our writer refuses the grids the program rejects (narrower than 2)', () => {
    for (const id of ['1x3:c', '30x1:zd']) {
      expect(rejected(LIGHTUP, [id]), id).toMatch(/at least 2/);
      expect(() => lightUpTatham.write!(lightUpTatham.parse(id) as AkariPuzzle), id).toThrow(/needs at least 2x2/);
    }
  });
});

describe.skipIf(!haveSgt)("Tatham's Bridges (sgt-bridges)", () => {
  it('solves freshly generated no-loops (L) puzzles as the unique puzzles Tatham makes, with the engine keeping the tree and with the counter alike', () => {
    const params = ['15x15i30e10m2Ld2', '25x25i30e10m4Ld2', '20x20i30e10m3Ld1', '12x8i30e10m1Ld2'];
    let solved = 0;
    for (const p of params) {
      for (const id of generate(BRIDGES, 4, p)) {
        const puzzle = bridgesTatham.parse(id) as HashiPuzzle;
        expect(puzzle.noLoops, id).toBe(true);
        const inEngine = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, puzzle, { count: 2 });
        const counter = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, puzzle, { count: 2, encoding: { variant: { connectivity: 'lazy' } } });
        expect(inEngine.status, `${p}: ${id}`).toBe('unique');
        expect(counter.status, `${p}: ${id}`).toBe('unique');
        expect(inEngine.solution, id).toEqual(counter.solution);
        expect(hashi.verify(puzzle, inEngine.solution!), id).toEqual([]);
        expect(inEngine.clauses, id).toBeLessThan(counter.clauses); // no "exactly n - 1" written
        solved++;
      }
    }
    expect(solved).toBe(16);
  });

  it('reads every generated game ID and writes it back byte for byte (presets, m1-m4, L, non-square, long runs)', () => {
    const params = [...presets(BRIDGES), '9x5i30e10m1d0', '9x5i30e10m3Ld1', '6x12i30e10m4d2', '8x8i30e10m2Ld0', '30x5i15e10m2d0'];
    let longRuns = 0;
    for (const p of params) {
      for (const id of generate(BRIDGES, 3, p)) {
        const puzzle = bridgesTatham.parse(id) as HashiPuzzle;
        if (id.includes('z')) longRuns++;
        expect(bridgesTatham.write!(puzzle), `${p}: ${id}`).toBe(id);
      }
    }
    expect(longRuns).toBeGreaterThan(0);
  });

  it('loads every game ID we write: janko collection and random boards 5-25, as m1-m4 and L', () => {
    const random = boardSizes().map(([rows, cols], i) => randomHashi(rows, cols, 700 + i)).filter((p) => p.islands.every((isl) => isl.count !== null));
    const touching = (p: HashiPuzzle) => p.islands.some((a) => p.islands.some((b) => Math.abs(a.row - b.row) + Math.abs(a.col - b.col) === 1));
    // Tatham's format never holds adjacent islands (its validator rejects them): our writer refuses those.
    for (const p of random.filter(touching)) expect(() => bridgesTatham.write!(p)).toThrow(/adjacent/);
    // Boards of our own with no two islands side by side, so that the writer meets puzzles from
    // elsewhere even where ../shared (and its janko collection) is absent.
    const apart = boardSizes().map(([rows, cols], i) => randomHashi(rows, cols, 900 + i, { apart: true, hidden: 0 }));
    expect(apart.filter(touching)).toEqual([]);
    const base: HashiPuzzle[] = [...janko('janko-hashi.json', parseHashiJanko), ...random.filter((p) => !touching(p)), ...apart];
    expect(base.length).toBeGreaterThan(40);
    const ids = base.map((p) => bridgesTatham.write!(p));
    const variants = base.slice(0, 40).flatMap((p) => [
      bridgesTatham.write!({ ...p, maxBridges: 4 }),
      bridgesTatham.write!({ ...p, maxBridges: 3, noLoops: true }),
    ]);
    expect(variants.some((id) => /^\d+x\d+m3L:/.test(id))).toBe(true);
    expect(rejected(BRIDGES, [...ids, ...variants])).toBe('');
  });

  it("the program's validator is a real check: it rejects a broken ID", () => {
    expect(rejected(BRIDGES, ['7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b'])).toMatch(/shorter than expected/);
  });

  it('rejects what the program rejects: adjacent islands, fewer than 2 islands', () => {
    for (const [id, theirs, ours] of [
      ['6x6m2:b32e1d42p2c', /joined islands/, /island \(1,4\) touches island \(1,3\)/],
      ['3x3m2:1b1e', /joined islands/, /island \(2,1\) touches island \(1,1\)/],
      ['3x3m2:ah', /too few islands/, /needs at least 2/],
    ] as const) {
      expect(rejected(BRIDGES, [id]), id).toMatch(theirs);
      expect(() => bridgesTatham.parse(id), id).toThrow(ours);
    }
  });

  it('our writer refuses the grids the program rejects (narrower than 3)', () => {
    for (const id of ['3x2m2:1a1c', '2x5m1:1ab1ad']) {
      expect(rejected(BRIDGES, [id]), id).toMatch(/at least 3/);
      expect(() => bridgesTatham.write!(bridgesTatham.parse(id) as HashiPuzzle), id).toThrow(/needs at least 3x3/);
    }
  });
});
