/**
 * Bridges with sum signs: map 1 of the 2018 MIT Mystery Hunt solved, verified and proven unique by
 * every encoding variant; hand-made counts; the verifier rejecting each broken rule; format and
 * rendering.
 */
import { COLLECTIONS, FIXTURES } from '../../helpers/paths.js';
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ParseError } from '../../../src/util/errors.js';
import { findPuzzleType } from '../../../encodings/registry.js';
import { solvePuzzle } from '../../../src/solve/pipeline.js';
import type { EncodeOptions } from '../../../src/puzzle/types.js';
import { bridgesSigns, type SignsPuzzle, type SignsSolution } from '../../../encodings/bridges-signs/index.js';
import { parseSignsJson, signsJsonFormat } from '../../../encodings/bridges-signs/formats/json.js';

const fixtures = path.join(FIXTURES, 'bridges-signs');
const map1 = parseSignsJson(JSON.parse(readFileSync(path.join(fixtures, 'map1.json'), 'utf8')));
const small = JSON.parse(readFileSync(path.join(fixtures, '../edge-cases/bridges-signs-small.json'), 'utf8')) as { puzzles: Record<string, unknown> };
const smallPuzzle = (name: string): SignsPuzzle => parseSignsJson(small.puzzles[name]);

const solve = (p: SignsPuzzle, encoding: EncodeOptions = {}, count = 10) =>
  solvePuzzle<SignsPuzzle, SignsSolution>(bridgesSigns, p, { count, encoding });
const bridgeKey = (s: SignsSolution): string => s.bridges.map((b) => `${b.a}-${b.b}x${b.count}`).sort().join(' ');

describe('map 1', () => {
  const shared = path.join(COLLECTIONS, 'bridges-signs-map1.json');
  it.skipIf(!existsSync(shared))('the fixture transcribed from seed 001 equals the shared map file', () => {
    const fromShared = parseSignsJson(JSON.parse(readFileSync(shared, 'utf8')));
    expect({ ...map1, about: undefined }).toEqual({ ...fromShared, about: undefined });
  });

  const reference = solve(map1);

  it('is solved, verified and unique (in-engine connectivity, the default)', () => {
    expect(reference.status).toBe('unique');
    expect(reference.countExact).toBe(true);
    expect(bridgesSigns.verify(map1, reference.solution!)).toEqual([]);
    expect(reference.solution!.values).toHaveLength(43);
  });

  it.each<EncodeOptions>([
    { variant: { connectivity: 'lazy' } },
    { variant: { connectivity: 'eager' } },
    { cardinality: 'totalizer' },
    { cardinality: 'cardnet', variant: { connectivity: 'eager' } },
  ])('gives the same unique solution with %j', (options) => {
    const r = solve(map1, options);
    expect(r.status).toBe('unique');
    if (options.variant?.connectivity === 'lazy') expect(r.cuts).toBeGreaterThan(0);
    expect(bridgeKey(r.solution!)).toBe(bridgeKey(reference.solution!));
    expect(r.solution!.values).toEqual(reference.solution!.values);
  });

  it('is unique on minisat-js too', () => {
    const r = solvePuzzle<SignsPuzzle, SignsSolution>(bridgesSigns, map1, { count: 2, engine: 'minisat-js' });
    expect(r.status).toBe('unique');
    expect(bridgeKey(r.solution!)).toBe(bridgeKey(reference.solution!));
  });

  it('renders text with a sign legend, and SVG diamonds with their numbers', () => {
    const text = bridgesSigns.renderText(map1, reference.solution);
    const grid = text.split('\n').slice(0, 8);
    expect(grid[2]![0]).toBe('A'); // sign [0,5] is on the third row from the top
    // The legend names each sign's cell as every message does, (row,col) from the top left (1,1),
    // and gives its [x,y] as the JSON writes it.
    expect(text).toContain('top left is (1,1), and [x,y] as in the JSON (bottom left [0,0])');
    expect(text).toContain('C at (6,5) [4,2]: N 15  S 5  E 9  W 6');
    expect(text).toContain('B at (5,2) [1,3]: N -  S -  E -  W -');
    // island [0,2] is row 5, column 0 (0-based); its value is the S sum of sign [0,5]
    expect(grid[5]![0]).toBe('1');
    const svg = bridgesSigns.renderSvg(map1, reference.solution);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 440 320"/);
    expect(svg.match(/<polygon/g)).toHaveLength(7);
    expect(svg.match(/<circle/g)).toHaveLength(43);
    const numbers = map1.signs.flatMap((s) => [s.N, s.S, s.E, s.W]).filter((n) => n > 0).length;
    const bridgeNumbers = reference.solution!.values.length;
    expect(svg.match(/<text/g)).toHaveLength(numbers + bridgeNumbers);
    expect(svg.match(/<line/g)).toHaveLength(reference.solution!.bridges.reduce((a, b) => a + b.count, 0));
  });

  it('the verifier rejects each broken rule', () => {
    const s = reference.solution!;
    const withValues = (values: number[]): SignsSolution => ({ ...s, values });
    expect(bridgesSigns.verify(map1, withValues(s.values.map((v, i) => (i === 0 ? v + 1 : v)))).join())
      .toMatch(/island \(6,1\) has value 2 but 1 bridges/); // [0,2] in the JSON
    // Dropping a bridge breaks the island values, a sign sum and maybe connectivity.
    const dropped = bridgesSigns.verify(map1, { ...s, bridges: s.bridges.slice(1) }).join();
    expect(dropped).toMatch(/has value \d but \d bridges/);
    // A bridge through a sign: [0,4] ... sign [0,5] ... no island above; use [4,1]-[4,4] through sign [4,2]
    expect(bridgesSigns.verify(map1, { ...s, bridges: [...s.bridges, { a: [4, 1], b: [4, 4], count: 1 }] }).join())
      .toMatch(/bridge \(7,5\)-\(4,5\) passes through the sign at \(6,5\)/);
  });
});

describe('hand-made maps', () => {
  it('counts the two solutions of a line of three', () => {
    const p = smallPuzzle('line-of-three');
    const r = solve(p);
    expect(r).toMatchObject({ status: 'multiple', count: 2, countExact: true });
    const e = solve(p, { variant: { connectivity: 'eager' } });
    expect(e).toMatchObject({ count: 2, countExact: true });
    expect(solve(p, { variant: { connectivity: 'lazy' } })).toMatchObject({ count: 2, countExact: true });
  });

  it('forbids repeated values in a sum and bridges through signs', () => {
    expect(solve(smallPuzzle('twins')).status).toBe('none');
    expect(solve(smallPuzzle('blocked')).status).toBe('none');
    expect(solve(smallPuzzle('blocked'), { variant: { connectivity: 'eager' } }).status).toBe('none');
  });

  it('the verifier names a wrong sum and a repeated value', () => {
    const twins = smallPuzzle('twins');
    const both2: SignsSolution = { bridges: [{ a: [1, 0], b: [2, 0], count: 2 }], values: [2, 2] };
    expect(bridgesSigns.verify(twins, both2).join()).toMatch(/sign A at \(1,1\) E: a value repeats/);
    const one: SignsSolution = { bridges: [{ a: [1, 0], b: [2, 0], count: 1 }], values: [1, 1] };
    expect(bridgesSigns.verify(twins, one).join()).toMatch(/values 1\+1 = 2, needs 4/);
    const blocked = smallPuzzle('blocked');
    expect(bridgesSigns.verify(blocked, { bridges: [], values: [0, 0] }).join()).toMatch(/not all connected/);
  });
});

describe('JSON format and registry', () => {
  it('round-trips and reads the shared shape without a type', () => {
    const json = JSON.parse(JSON.stringify(bridgesSigns.toJson(map1)));
    expect(signsJsonFormat.matchJson!(json)).toBe(true);
    expect(parseSignsJson(json)).toEqual(map1);
    const { type: _t, ...untyped } = json as Record<string, unknown>;
    expect(signsJsonFormat.matchJson!(untyped)).toBe(true);
    expect(signsJsonFormat.matchJson!({ type: 'hashi' })).toBe(false);
    expect(findPuzzleType('signs')).toBe(bridgesSigns);
  });

  it('rejects bad maps with a clear place', () => {
    const base = { width: 3, height: 2, islands: [[0, 0]], signs: [{ at: [1, 1], N: 0, S: 3, E: 0, W: 0 }] };
    expect(() => parseSignsJson({ ...base, islands: [[3, 0]] })).toThrow(/outside the 3x2 map/);
    const clash = (() => { try { parseSignsJson({ ...base, islands: [[1, 1]] }); } catch (e) { return e; } })();
    expect(clash).toBeInstanceOf(ParseError);
    expect((clash as ParseError).location.cell).toEqual([0, 1]);
    expect(() => parseSignsJson({ ...base, signs: [{ at: [1, 1], N: -1 }] })).toThrow(/signs\[0\]\.N/);
    expect(() => signsJsonFormat.parse('{ nope')).toThrow(ParseError);
  });
});
