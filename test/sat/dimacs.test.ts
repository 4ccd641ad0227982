import { describe, expect, it } from 'vitest';
import { Model } from '../../src/cnf/model.js';
import { ParseError } from '../../src/util/errors.js';
import { CnfCollector } from '../../src/sat/collector.js';
import { parseDimacs, writeDimacs } from '../../src/sat/dimacs.js';
import { createSolver } from '../../src/sat/index.js';
import { seededRandom } from '../../src/util/random.js';

/** The ParseError thrown by `fn` (fails the test when nothing or something else is thrown). */
function parseErrorOf(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ParseError);
    return err as ParseError;
  }
  throw new Error('expected a ParseError');
}


describe('parseDimacs', () => {
  it('wants the header keyword to be exactly "p"', () => {
    expect(parseErrorOf(() => parseDimacs('pc cnf 1 1\n1 0\n', 'h.cnf')).message).toMatch(/h\.cnf, line 1, column 1: bad header/);
  });

  it('reads comments anywhere, multi-line clauses, several clauses per line and the % end marker', () => {
    const text = [
      'c leading comment',
      'p cnf 4 4',
      '1 -2',
      '  3 0 -1 0',
      'c comment between clauses',
      '\t2 -3 4 0',
      '0',
      '%',
      '0',
      '',
    ].join('\r\n');
    const cnf = parseDimacs(text, 'x.cnf');
    expect(cnf.numVars).toBe(4);
    expect(cnf.clauses).toEqual([[1, -2, 3], [-1], [2, -3, 4], []]);
    expect(cnf.comments).toEqual(['leading comment', 'comment between clauses']);
    expect(cnf.warnings).toEqual([]);
  });

  it('ignores a byte-order mark', () => {
    expect(parseDimacs('\uFEFFp cnf 1 1\n-1 0\n').clauses).toEqual([[-1]]);
  });

  it('warns (or, with strictCounts, fails) when the clause count disagrees with the header', () => {
    const text = 'p cnf 2 3\n1 2 0\n-1 0\n';
    expect(parseDimacs(text).warnings[0]).toMatch(/declares 3 clauses but the file has 2/);
    expect(() => parseDimacs(text, 'f', { strictCounts: true })).toThrow(ParseError);
  });

  it('names the line and column of every malformed input', () => {
    const cases: [string, RegExp, number, number | undefined][] = [
      ['c only a comment\n', /missing "p cnf/, 1, undefined],
      ['p cnf 3\n1 0\n', /bad header/, 1, 1],
      ['p dnf 3 1\n1 0\n', /bad header/, 1, 1],
      ['p cnf x 1\n1 0\n', /bad header/, 1, 1],
      ['1 2 0\np cnf 2 1\n', /clause before/, 1, 1],
      ['p cnf 2 1\np cnf 2 1\n', /second "p cnf" header/, 2, 1],
      ['p cnf 3 2\n1 2 0\n1 two 0\n', /"two" is not an integer/, 3, 3],
      ['p cnf 3 1\n1 2.5 0\n', /"2.5" is not an integer/, 2, 3],
      ['p cnf 3 1\n1 - 0\n', /"-" is not an integer/, 2, 3],
      ['p cnf 3 2\n1 2 0\n  -1 4 0\n', /literal 4 exceeds the 3 declared variables/, 3, 6],
      ['p cnf 3 2\n1 2 0\n-1\n3\n', /not terminated by 0/, 3, undefined],
    ];
    for (const [text, reason, line, column] of cases) {
      const err = parseErrorOf(() => parseDimacs(text, 'bad.cnf'));
      expect(err.message, text).toMatch(reason);
      expect(err.location.source).toBe('bad.cnf');
      expect(err.location.line, text).toBe(line);
      expect(err.location.column, text).toBe(column);
      expect(err.message).toContain(`line ${line}`);
    }
  });
});

describe('writeDimacs', () => {
  it('round-trips clauses, comments and variable names through parseDimacs', () => {
    const clauses = [[1, -2], [3], [-1, 2, -3], []];
    const names = new Map([[2, 'cell r1 c2'], [1, 'x']]);
    const text = writeDimacs(3, clauses, { comments: ['made by a test', 'second\nline'], names });
    expect(text.split('\n').slice(0, 6)).toEqual([
      'c made by a test', 'c second', 'c line', 'c var 1 x', 'c var 2 cell_r1_c2', 'p cnf 3 4',
    ]);
    const back = parseDimacs(text);
    expect(back.clauses).toEqual(clauses);
    expect(back.numVars).toBe(3);
    expect([...back.names]).toEqual([[1, 'x'], [2, 'cell_r1_c2']]);
    expect(back.warnings).toEqual([]);
  });

  it('writes and re-reads a million clauses', () => {
    const random = seededRandom(7);
    const n = 100_000;
    const clauses: number[][] = [];
    for (let i = 0; i < 1_000_000; i++) {
      clauses.push([0, 0, 0].map(() => (1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1)));
    }
    const text = writeDimacs(n, clauses);
    const back = parseDimacs(text);
    expect(back.clauses.length).toBe(clauses.length);
    expect(back.clauses[123_456]).toEqual(clauses[123_456]);
    expect(back.clauses[999_999]).toEqual(clauses[999_999]);
  });
});

describe('CnfCollector', () => {
  it('records a Model and replays it into a real engine with the same answers', () => {
    const collector = new CnfCollector();
    const model = new Model(collector);
    const xs = [1, 2, 3, 4, 5].map((i) => model.newVar(`x${i}`));
    model.exactly(xs, 2);
    model.addClause([-xs[0]!, -xs[1]!]);
    expect(collector.numVars()).toBeGreaterThanOrEqual(5);
    expect(collector.numClauses()).toBe(collector.clauses().length);
    expect(() => collector.solve()).toThrow(/only records clauses/);

    // Exported DIMACS re-parses to the same clauses and keeps the names.
    const cnf = parseDimacs(collector.toDimacs({ names: model.names() }));
    expect(cnf.clauses).toEqual(collector.clauses());
    expect(cnf.names.get(xs[2]!)).toBe('x3');

    // Count models over x1..x5 by brute force on the projection, via the replayed engine.
    let count = 0;
    for (let mask = 0; mask < 32; mask++) {
      const solver = createSolver('minisat-js');
      collector.replayInto(solver);
      const assumptions = xs.map((x, i) => ((mask >> i) & 1 ? x : -x));
      if (solver.solve({ assumptions }) === 'sat') count++;
      solver.dispose();
    }
    // C(5,2) pairs minus the forbidden {x1,x2}.
    expect(count).toBe(9);
  });
});
