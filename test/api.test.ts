import { describe, expect, it } from 'vitest';
import { count, parse, render, solve, verify, ParseError } from '../src/index.js';

describe('library API', () => {
  it('parses, solves, counts, verifies and renders a puzz.link Star Battle', () => {
    const [p] = parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk');
    expect(p!.type.id).toBe('starbattle');
    const solved = solve<boolean[][]>(p!);
    expect(solved.status).toBe('solved');
    expect(verify(p!, solved.solution)).toEqual([]);
    // FORMATS.md: the only solution has stars at (0,1) (1,4) (2,2) (3,0) (4,5) (5,3).
    const stars = solved.solution!.flatMap((row, r) => row.flatMap((s, c) => (s ? [[r, c]] : [])));
    expect(stars).toEqual([[0, 1], [1, 4], [2, 2], [3, 0], [4, 5], [5, 3]]);
    expect(count(p!).status).toBe('unique');
    expect(render(p!, solved.solution)).toContain('*');
    expect(render(p!, solved.solution, 'svg')).toMatch(/^<svg/);
  });

  it('verify rejects a broken solution', () => {
    const [p] = parse('https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk');
    const solution = solve<boolean[][]>(p!).solution!;
    const broken = solution.map((row) => [...row]);
    broken[0]![0] = true;
    expect(verify(p!, broken).length).toBeGreaterThan(0);
  });

  it('throws a located ParseError for a malformed puzzle', () => {
    expect(() => parse('7x7:hB!!')).toThrow(ParseError);
    expect(() => parse('7x7:hB!!')).toThrow(/column|character|position/i);
  });
});
