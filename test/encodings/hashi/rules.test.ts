/**
 * Hashi rules: counts on hand-made puzzles (connectivity cuts, and the engine's connectivity
 * propagator, must coexist with blocking clauses),
 * the same solution sets from every encoding variant and cardinality encoding, the verifier
 * rejecting each broken rule, and rendering.
 */
import { FIXTURES } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSolver } from '../../../src/sat/index.js';
import { Model } from '../../../src/cnf/model.js';
import { count, enumerate, valuation } from '../../../src/cnf/queries.js';
import type { CardinalityEncoding } from '../../../src/cnf/cardinality.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import type { EncodeOptions } from '../../../src/puzzle/types.js';
import { hashi, type HashiPuzzle, type HashiSolution } from '../../../encodings/hashi/index.js';
import { parseHashiJson } from '../../../encodings/hashi/formats/json.js';
import { parseTatham } from '../../../encodings/hashi/formats/tatham.js';
import { parsePuzzlink } from '../../../encodings/hashi/formats/puzzlink.js';
import type { Bridge } from '../../../encodings/hashi/puzzle.js';
import { randomHashi } from '../../helpers/random-boards.js';

const fixtureDir = path.join(FIXTURES, 'hashi');
const handMade = JSON.parse(readFileSync(path.join(fixtureDir, '../edge-cases/hashi-connectivity.json'), 'utf8')) as {
  puzzles: Record<string, unknown>;
};
const puzzle = (name: string): HashiPuzzle => parseHashiJson(handMade.puzzles[name]);

const key = (b: Bridge): string => `${b.a}-${b.b}x${b.count}`;
const solutionKey = (s: HashiSolution): string => s.bridges.map(key).sort().join(' ');

const LAZY: EncodeOptions = { variant: { connectivity: 'lazy' } };
const IN_ENGINE: EncodeOptions = { variant: { connectivity: 'in-engine' } };

/** Every solution (as sorted keys), with or without the lazy cuts (default: lazy cuts). */
function allSolutions(p: HashiPuzzle, options: EncodeOptions = LAZY, useRefine = true): string[] {
  const model = new Model(createSolver());
  const enc = hashi.encode(model, p, options);
  const res = enumerate(model, enc.projection, { refine: useRefine ? enc.refine : undefined, limit: 5000 });
  expect(res.complete).toBe(true);
  return res.solutions.map((m) => {
    const s = enc.decode(valuation(m));
    if (useRefine) expect(hashi.verify(p, s)).toEqual([]);
    return solutionKey(s);
  }).sort();
}

describe('connectivity and counting', () => {
  // Without the clauses implied by connectivity (implied=none), so that cuts and propagator do the work.
  const LAZY = { variant: { connectivity: 'lazy', implied: 'none' } };
  const IN_ENGINE = { variant: { connectivity: 'in-engine', implied: 'none' } };
  const EAGER = { variant: { connectivity: 'eager', implied: 'none' } };

  it('rejects a puzzle whose only layouts are disconnected (lazy, in-engine and eager)', () => {
    const p = puzzle('two-pairs');
    expect(allSolutions(p, LAZY, false)).toHaveLength(2); // without the connectivity rule
    expect(allSolutions(p, LAZY)).toEqual([]);
    expect(allSolutions(p, IN_ENGINE)).toEqual([]);
    expect(allSolutions(p, EAGER)).toEqual([]);
    expect(solvePuzzle(hashi, p, { count: 2 }).status).toBe('none');
    // The default encoding's implied clauses (no two islands close on themselves) already exclude both layouts.
    expect(allSolutions(p, { variant: { connectivity: 'lazy' } }, false)).toEqual([]);
  });

  it('counts only the connected solution when disconnected layouts exist beside it', () => {
    const p = puzzle('square-of-twos');
    expect(allSolutions(p, LAZY, false)).toHaveLength(3);
    const lazy = allSolutions(p, LAZY);
    expect(lazy).toEqual(['0,0-0,2x1 0,0-2,0x1 0,2-2,2x1 2,0-2,2x1']);
    expect(allSolutions(p, EAGER)).toEqual(lazy);
    expect(allSolutions(p, IN_ENGINE)).toEqual(lazy);
    // The cuts found while counting stay valid next to the blocking clauses: exact count 1.
    const model = new Model(createSolver());
    const enc = hashi.encode(model, p, LAZY);
    const c = count(model, enc.projection, { limit: 10, refine: enc.refine });
    expect(c).toMatchObject({ count: 1, exact: true });
    expect(c.stats.cuts).toBeGreaterThan(0);
    expect(solvePuzzle(hashi, p, { count: 10 }).status).toBe('unique');
  });

  it('forbids the ring when loops are forbidden', () => {
    const p = { ...puzzle('square-of-twos'), noLoops: true };
    expect(allSolutions(p, LAZY)).toEqual([]);
    expect(allSolutions(p, EAGER)).toEqual([]);
    expect(allSolutions(p, IN_ENGINE)).toEqual([]);
  });

  it('keeps no loops inside the engine: the same solution sets as the counter on random boards, without the counter', () => {
    let withSolutions = 0, several = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const p = { ...randomHashi(6 + (seed % 4), 6 + ((seed >> 2) % 4), 7100 + seed, { hidden: 0.35 }), noLoops: true };
      const counter = allSolutions(p, LAZY);
      expect(allSolutions(p, IN_ENGINE), `seed ${seed}`).toEqual(counter);
      if (counter.length > 0) withSolutions++;
      if (counter.length > 1) several++;
    }
    expect(withSolutions).toBeGreaterThan(10);
    expect(several).toBeGreaterThan(5);
    // the counter "exactly n - 1 connections" is not written when the engine keeps the tree
    const p = { ...randomHashi(8, 8, 7101, { hidden: 0 }), noLoops: true };
    const sizes = (options: EncodeOptions) => { const m = new Model(createSolver()); hashi.encode(m, p, options); return m.solver.numClauses(); };
    expect(sizes(IN_ENGINE)).toBeLessThan(sizes(LAZY));
  });

  it('keeps no loops inside the engine on larger m4 boards: the same solutions as the counter, up to 150', () => {
    // 13×13 to 16×16, up to four bridges a connection, a tenth of the numbers hidden: many trees fit,
    // so the enumeration backtracks through large forests (the propagator keeps them incrementally).
    const solutionsOf = (p: HashiPuzzle, options: EncodeOptions) => {
      const model = new Model(createSolver());
      const enc = hashi.encode(model, p, options);
      const res = enumerate(model, enc.projection, { refine: enc.refine, limit: 150 });
      return { complete: res.complete, keys: res.solutions.map((m) => {
        const s = enc.decode(valuation(m));
        expect(hashi.verify(p, s)).toEqual([]);
        return solutionKey(s);
      }).sort() };
    };
    let complete = 0, many = 0;
    for (let seed = 1; seed <= 16; seed++) {
      const base = randomHashi(13 + (seed % 4), 13 + ((seed >> 2) % 4), 7300 + seed, { hidden: 0.1 });
      const p: HashiPuzzle = { ...base, maxBridges: 4, noLoops: true };
      const counter = solutionsOf(p, LAZY), engine = solutionsOf(p, IN_ENGINE);
      expect(engine.complete, `seed ${seed}`).toBe(counter.complete);
      if (counter.complete) { expect(engine.keys, `seed ${seed}`).toEqual(counter.keys); complete++; if (counter.keys.length > 1) many++; }
      else expect(engine.keys, `seed ${seed}`).toHaveLength(150);
    }
    expect(complete).toBeGreaterThan(6);
    expect(many).toBeGreaterThan(4);
    expect(complete).toBeLessThan(16);  // and some with more than 150
  });

  it('finds both solutions of a puzzle with two', () => {
    const p = puzzle('square-of-threes');
    const lazy = allSolutions(p, LAZY);
    expect(lazy).toHaveLength(2);
    expect(allSolutions(p, EAGER)).toEqual(lazy);
    expect(allSolutions(p, IN_ENGINE)).toEqual(lazy);
    const r = solvePuzzle(hashi, p, { count: 10 });
    expect(r).toMatchObject({ status: 'multiple', count: 2, countExact: true });
  });

  it('never lets bridges cross', () => {
    expect(allSolutions(puzzle('plus'), LAZY, false)).toEqual([]);
  });

  it('solves the puzz.link worked example with unknown islands uniquely', () => {
    const p = parsePuzzlink('hashi/6/6/3g1g2.g.g2h.g2g.h.g4g3h4g.g2g.h2');
    const r = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, p, { count: 2 });
    expect(r.status).toBe('unique');
    expect(hashi.verify(p, r.solution!)).toEqual([]);
  });
});

describe('every encoding variant gives the same solution set', () => {
  // Tatham puzzles with every third island number hidden have many solutions to compare.
  const idsOf = (file: string): string[] => readFileSync(path.join(fixtureDir, file), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  const noLoops = idsOf('tatham-noloops.txt');
  const seven = idsOf('tatham-7x7.txt');
  const other = idsOf('tatham-maxbridges.txt');
  // m1L, m2L, m3L, two 7x7 m2, 7x7 m3, 7x7 m4
  const samples = [noLoops[0]!, noLoops[7]!, noLoops[13]!, seven[6]!, seven[36]!, other[12]!, other[26]!].map((id) => {
    const p = parseTatham(id);
    return { id, p: { ...p, islands: p.islands.map((isl, i) => (i % 3 === 1 ? { ...isl, count: null } : isl)) } };
  });
  const variants: EncodeOptions[] = [
    { variant: { connectivity: 'eager' } },
    IN_ENGINE,
    ...(['sequential', 'totalizer', 'cardnet', 'pairwise'] as CardinalityEncoding[]).map((cardinality) => ({ cardinality })),
    { cardinality: 'totalizer', variant: { connectivity: 'eager' } },
    { cardinality: 'cardnet', variant: { connectivity: 'in-engine' } },
    { variant: { implied: 'none' } },
    { variant: { connectivity: 'in-engine', implied: 'none' } },
  ];

  it.each(samples)('$id', ({ p }) => {
    const reference = allSolutions(p);
    expect(reference.length).toBeGreaterThan(1);
    for (const options of variants) expect(allSolutions(p, options), JSON.stringify(options)).toEqual(reference);
  }, 30_000);
});

describe('verifier', () => {
  const p = parseTatham('7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2');
  const solved = solvePuzzle<HashiPuzzle, HashiSolution>(hashi, p, { count: 1 }).solution!;
  const with_ = (bridges: Bridge[]): HashiSolution => ({ bridges });

  it('accepts the solution', () => {
    expect(hashi.verify(p, solved)).toEqual([]);
  });

  it('rejects each broken rule, naming the cells (counting from 1, as explain does)', () => {
    const b = solved.bridges;
    const first = b[0]!;
    const other = first.count === 1 ? 2 : 1;
    expect(hashi.verify(p, with_([{ ...first, count: other }, ...b.slice(1)])).join()).toMatch(/island \(1,1\) has \d bridges, needs 4/);
    expect(hashi.verify(p, with_([{ ...first, count: 3 }, ...b.slice(1)])).join()).toMatch(/has 3 bridges \(allowed 1\.\.2\)/);
    expect(hashi.verify(p, with_(b.slice(1))).join()).toMatch(/not all connected/);
    expect(hashi.verify(p, with_([...b, { ...first }])).join()).toMatch(/listed twice/);
    expect(hashi.verify(p, with_([...b, { a: [0, 0], b: [1, 1], count: 1 }])).join()).toMatch(/not horizontal or vertical/);
    expect(hashi.verify(p, with_([...b, { a: [0, 0], b: [0, 2], count: 1 }])).join()).toMatch(/does not join two islands/);
    expect(hashi.verify(p, with_([...b, { a: [1, 1], b: [1, 5], count: 1 }])).join()).toMatch(/bridge \(2,2\)-\(2,6\) passes over the island at \(2,4\)/);
    const cross = puzzle('plus');
    expect(hashi.verify(cross, with_([{ a: [0, 1], b: [2, 1], count: 1 }, { a: [1, 0], b: [1, 2], count: 1 }])).join())
      .toMatch(/cross at \(2,2\)/);
    const ring = puzzle('square-of-twos');
    const ringBridges: Bridge[] = [
      { a: [0, 0], b: [0, 2], count: 1 }, { a: [0, 0], b: [2, 0], count: 1 },
      { a: [0, 2], b: [2, 2], count: 1 }, { a: [2, 0], b: [2, 2], count: 1 },
    ];
    expect(hashi.verify(ring, with_(ringBridges))).toEqual([]);
    expect(hashi.verify({ ...ring, noLoops: true }, with_(ringBridges)).join()).toMatch(/bridge \(3,1\)-\(3,3\) closes a loop/);
  });
});

describe('rendering', () => {
  const p = puzzle('square-of-threes');
  const s: HashiSolution = { bridges: [
    { a: [0, 0], b: [0, 2], count: 1 }, { a: [0, 0], b: [2, 0], count: 2 },
    { a: [0, 2], b: [2, 2], count: 2 }, { a: [2, 0], b: [2, 2], count: 1 },
  ] };

  it('draws bridges as text', () => {
    expect(hashi.renderText(p, s)).toBe('3---3\n" . "\n3---3\n');
    expect(hashi.renderText(p)).toBe('3 . 3\n. . .\n3 . 3\n');
  });

  it('draws an SVG with one circle per island and one line per bridge', () => {
    const svg = hashi.renderSvg(p, s);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 120 120"/);
    expect(svg.match(/<circle/g)).toHaveLength(4);
    expect(svg.match(/<line/g)).toHaveLength(6);
  });

  it('marks undetermined connections with ? (backbone of a two-solution puzzle)', () => {
    const r = solvePuzzle(hashi, p, { count: 2, determined: true });
    expect(r.determined!.text).toBe('3???3\n? . ?\n3???3\n');
  });
});
