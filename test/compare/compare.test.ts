import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combinations, parseEngineChoice, type EncodingChoice } from '../../src/compare/combinations.js';
import { compareCsv, CSV_COLUMNS } from '../../src/compare/csv.js';
import { compareMarkdown } from '../../src/compare/markdown.js';
import { runCompare } from '../../src/compare/runner.js';
import { median } from '../../src/util/stats.js';
import type { PuzzleEntry } from '../../src/formats/inputs.js';
import type { PuzzleType } from '../../src/puzzle/types.js';
import { findExternalSolvers } from '../../src/sat/external.js';
import { runCli } from '../helpers/cli.js';

const STAR_FORMATS_EXAMPLE = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk'; // "its only solution" (FORMATS.md)
const STAR_TWO_SOLUTIONS = 'fixtures/starbattle/handmade-two-solutions.txt';
const LIGHTUP_7 = '7x7:h10b0f0i0f1b3Bh'; // Tatham generator: unique by construction
const BRIDGES_7 = '7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2';

/** Minimal RFC 4180 reader for the file we wrote (quoted fields may hold commas). */
function readCsv(text: string): Record<string, string>[] {
  const lines = text.trim().split('\n').map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1).map((m) => m[1]!.replace(/^"(.*)"$/, '$1').replace(/""/g, '"')));
  const [header, ...rows] = lines;
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

/** Marks of one kind (`line`, `symbol`, `rect`, `rule`, `text`) with the given role in an SVG. */
function marks(svg: string, kind: string): number {
  return (svg.match(new RegExp(`<g class="mark-${kind} role-mark`, 'g')) ?? []).length;
}

describe('gridsat compare', () => {
  const native = findExternalSolvers()[0];
  // Two in-process engines always; a native solver too where one is installed (its own test says so).
  const engines = ['wasm', 'minisat-js'];

  it.skipIf(!native)(`a native solver agrees with the in-process engines${native ? '' : ' (skipped: no native SAT solver on the PATH)'}`, async () => {
    const out = mkdtempSync(join(tmpdir(), 'gridsat-compare-'));
    const r = await runCli(['compare', STAR_FORMATS_EXAMPLE, STAR_TWO_SOLUTIONS, LIGHTUP_7, '--engines', 'wasm', `external:${native!.name}`, '--out', out]);
    expect(r.err).not.toContain('DISAGREEMENT');
    expect(r.code).toBe(0);
    const rows = readCsv(readFileSync(join(out, 'compare.csv'), 'utf8'));
    expect(new Set(rows.map((x) => x.engine)).size).toBe(2);
    for (const row of rows) expect(row.agrees).toBe('true');
    // The native solver's time is the CPU time it reports itself, and the report says so.
    for (const row of rows.filter((x) => x.engine.startsWith('external:'))) expect(row.clock).toBe('solver-reported-cpu+process-cpu');
    expect(readFileSync(join(out, 'compare.md'), 'utf8')).toContain(`- \`external:${native!.name}\` time: ${native!.name}'s own reported CPU time`);
  });

  it('writes Markdown, CSV, SVG charts and an HTML report for every puzzle x combination, and all statuses agree', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gridsat-compare-'));
    const r = await runCli([
      'compare', STAR_FORMATS_EXAMPLE, STAR_TWO_SOLUTIONS, LIGHTUP_7, BRIDGES_7,
      '--encodings', 'sequential', 'pairwise', 'noTouch=window',
      '--engines', ...engines,
      '--out', out,
    ]);
    expect(r.err).not.toContain('DISAGREEMENT');
    expect(r.code).toBe(0);

    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(r.out).toBe(md);
    expect(md).toContain('every combination agrees on every puzzle');
    for (const section of ['## Encodings', '## How it was measured', '## All puzzles', '## starbattle', '## akari', '## hashi']) expect(md).toContain(section);
    // One line per encoding, named as --encodings takes it, saying what it is and what it costs.
    expect(md).toMatch(/^- `sequential` — sequential counter \(Sinz 2005\).*Typical puzzle: .*starbattle: [\d,]+ variables, [\d,]+ clauses/m);
    expect(md).toMatch(/^- `pairwise` — binomial/m);
    expect(md).toMatch(/^- `noTouch=window` — Star Battle no-touch as "at most one star in every 2×2 window"/m);
    // Which clock each engine's time is.
    expect(md).toContain('- `wasm` time: process CPU time');
    expect(md).toContain('- `minisat-js` time: process CPU time');

    const rows = readCsv(readFileSync(join(out, 'compare.csv'), 'utf8'));
    // Cardinality encodings fit all 4 puzzles; the noTouch variant only the 2 Star Battles.
    expect(rows).toHaveLength((4 * 2 + 2) * engines.length);
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    for (const row of rows) {
      for (const col of ['variables', 'clauses', 'time_ms', 'wall_ms', 'repeats']) {
        expect(Number.isFinite(Number(row[col])), `${col}=${row[col]}`).toBe(true);
      }
      expect(row.clock).toBe('process-cpu');
      // minisat-js keeps no search counters: the field is empty, never a made-up 0.
      if (row.engine === 'minisat-js') expect([row.conflicts, row.propagations]).toEqual(['', '']);
      else expect(Number(row.propagations)).toBeGreaterThan(0);
      expect(Number(row.variables)).toBeGreaterThan(0);
      expect(Number(row.clauses)).toBeGreaterThan(0);
      expect(Number(row.time_ms)).toBeGreaterThan(0);
      expect(row.agrees).toBe('true');
    }
    expect(rows.filter((x) => x.encoding === 'noTouch=window').every((x) => x.type === 'starbattle')).toBe(true);

    const statusOf = (input: string) => new Set(rows.filter((x) => x.puzzle.startsWith(input)).map((x) => x.status));
    expect(statusOf(STAR_FORMATS_EXAMPLE)).toEqual(new Set(['unique']));
    expect(statusOf(STAR_TWO_SOLUTIONS)).toEqual(new Set(['multiple']));
    expect(statusOf(LIGHTUP_7)).toEqual(new Set(['unique']));
    expect(statusOf(BRIDGES_7).size).toBe(1);

    // The CNF depends on the encoding, not on the engine that solves it.
    for (const row of rows) {
      const same = rows.filter((x) => x.puzzle === row.puzzle && x.encoding === row.encoding);
      expect(new Set(same.map((x) => x.variables)).size, `${row.puzzle} ${row.encoding}`).toBe(1);
    }

    const svg = readFileSync(join(out, 'compare.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // Per type: a cactus plot (one line mark per combination), scatter points, box plots.
    const combos = (type: string) => new Set(rows.filter((x) => x.type === type).map((x) => `${x.encoding} @ ${x.engine}`)).size;
    for (const type of ['starbattle', 'akari', 'hashi']) {
      const cactus = readFileSync(join(out, 'charts', `${type}-cactus.svg`), 'utf8');
      // Vega draws a grouped line as one line mark per series.
      expect(marks(cactus, 'line'), `${type} cactus`).toBe(combos(type));
      const scatter = readFileSync(join(out, 'charts', `${type}-scatter.svg`), 'utf8');
      expect(marks(scatter, 'symbol')).toBe(combos(type) - 1);
      const boxes = readFileSync(join(out, 'charts', `${type}-distributions.svg`), 'utf8');
      expect(boxes).toContain('conflicts');
      expect(boxes).toContain('not counted by this engine');
    }
    const html = readFileSync(join(out, 'compare.html'), 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect((html.match(/<svg /g) ?? []).length).toBe(9);
    expect(html).not.toMatch(/<script|src="http|href="http/);
    expect(html).toContain('<h2>starbattle</h2>');
  });

  it('rejects an unknown encoding or engine as a usage error (exit 2) before writing anything', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gridsat-compare-')), 'never');
    const badEncoding = await runCli(['compare', LIGHTUP_7, '--encodings', 'sequential', 'bogus', '--out', out]);
    expect(badEncoding.code).toBe(2);
    expect(badEncoding.err).toContain("unknown encoding 'bogus'");
    const badEngine = await runCli(['compare', LIGHTUP_7, '--engines', 'gpu', '--out', out]);
    expect(badEngine.code).toBe(2);
    expect(badEngine.err).toContain("unknown engine 'gpu'");
    const badBaseline = await runCli(['compare', LIGHTUP_7, '--encodings', 'sequential', 'totalizer', '--engines', 'minisat-js', '--baseline', 'cardnet', '--out', out]);
    expect(badBaseline.code).toBe(2);
    expect(badBaseline.err).toContain("--baseline 'cardnet' is not compared; choose one of: 'sequential @ minisat-js', 'totalizer @ minisat-js'");
    const badLimit = await runCli(['compare', LIGHTUP_7, '--limit', '0', '--out', out]);
    expect(badLimit.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it('--sample takes puzzles evenly spaced through the input, and --baseline names what the others are tested against', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gridsat-compare-'));
    const r = await runCli(['compare', STAR_FORMATS_EXAMPLE, LIGHTUP_7, STAR_TWO_SOLUTIONS, BRIDGES_7, '--sample', '2', '--encodings', 'sequential', 'totalizer',
      '--engines', 'minisat-js', '--baseline', 'totalizer', '--out', out]);
    expect(r.code).toBe(0);
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(md).toContain('2 puzzle(s) (starbattle; 2 of 4, evenly spaced through the input)');
    expect(md).toContain('against the baseline `totalizer @ minisat-js`');
    expect(md).toMatch(/^\| totalizer \| minisat-js \| 2\/2 \|.*\| baseline \|/m);
    const rows = readCsv(readFileSync(join(out, 'compare.csv'), 'utf8'));
    expect(new Set(rows.map((x) => x.puzzle))).toEqual(new Set([STAR_FORMATS_EXAMPLE, STAR_TWO_SOLUTIONS].map((p) => rows.find((x) => x.puzzle.startsWith(p))!.puzzle)));
  });

  it('reports an unreadable input and exits 1, still comparing the rest', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gridsat-compare-'));
    const r = await runCli(['compare', LIGHTUP_7, '7x7:hB!!', '--encodings', 'sequential', '--engines', 'minisat-js', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('unreadable');
    expect(readCsv(readFileSync(join(out, 'compare.csv'), 'utf8'))).toHaveLength(1);
  });
});

/**
 * A tiny puzzle type with a deliberately wrong variant: "pick the clue cell out of n". The `broken`
 * variant forgets the clue, so it finds n solutions where the correct one finds a unique one.
 */
const pickOne: PuzzleType<{ n: number; clue: number }, number> = {
  id: 'pick-one',
  aliases: [],
  formats: [],
  variants: { clue: ['kept', 'broken'] },
  encode(model, puzzle, options) {
    const cells = Array.from({ length: puzzle.n }, (_, i) => model.newVar(`pick(${i})`));
    model.exactly(cells, 1, { encoding: options.cardinality });
    if (options.variant?.clue !== 'broken') model.addClause([cells[puzzle.clue]!]);
    return {
      projection: cells,
      decode: (value) => cells.findIndex((c) => value(c)),
      renderDetermined: () => '',
    };
  },
  verify: (puzzle, picked) => (picked >= 0 && picked < puzzle.n ? [] : ['nothing picked']),
  renderText: () => '',
  renderSvg: () => '<svg/>',
  toJson: (p) => p,
  solutionToJson: (s) => s,
  describe: (p) => `n=${p.n}`,
};

describe('compare status check', () => {
  it('marks every row of a puzzle whose combinations disagree, in the result, Markdown and CSV', () => {
    const entry: PuzzleEntry = { ok: true, id: 'pick#1', origin: { input: 'pick' }, type: pickOne, format: 'test', puzzle: { n: 4, clue: 2 } };
    const encodings: EncodingChoice[] = [
      { label: 'kept', options: { cardinality: 'sequential' } },
      { label: 'broken', options: { variant: { clue: 'broken' } } },
    ];
    const result = runCompare([entry], combinations(encodings, [parseEngineChoice('minisat-js')]));
    expect(result.rows.map((r) => r.status)).toEqual(['unique', 'multiple']);
    expect(result.rows.every((r) => !r.agrees)).toBe(true);
    expect(result.disagreements).toEqual([{
      puzzle: 'pick#1', type: 'pick-one', statuses: { 'kept @ minisat-js': 'unique', 'broken @ minisat-js': 'multiple' },
    }]);
    const md = compareMarkdown(result, { repeat: 1 });
    expect(md).toContain('STATUS DISAGREEMENT on 1 puzzle');
    expect(md).toMatch(/^\| kept \| minisat-js \| 1\/1 \|.*\| 1 unique \*\*1 disagree ⚠\*\* \|$/m);
    expect(readCsv(compareCsv(result.rows)).map((r) => r.agrees)).toEqual(['false', 'false']);
  });

  it('runs each combination --repeat times and reports the median', () => {
    const entry: PuzzleEntry = { ok: true, id: 'pick#2', origin: { input: 'pick' }, type: pickOne, format: 'test', puzzle: { n: 3, clue: 0 } };
    const result = runCompare([entry], combinations([{ label: 'kept', options: {} }], [parseEngineChoice('minisat-js')]), { repeat: 3 });
    expect(result.rows[0]).toMatchObject({ status: 'unique', repeats: 3, agrees: true });
    expect(result.disagreements).toEqual([]);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
