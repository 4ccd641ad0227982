/**
 * How compare measures: warm-up first, contenders interleaved puzzle by puzzle in rotating order,
 * the CPU clock, and search counters only from engines that keep them.
 */
import { describe, expect, it } from 'vitest';
import { combinations, defaultEncodings, parseEncodingChoice, parseEngineChoice, type EncodingChoice } from '../../src/compare/combinations.js';
import { clockDescription, engineCountsSearch, measure, MeasuredSolver } from '../../src/compare/measure.js';
import { runCompare, WARM_UP } from '../../src/compare/runner.js';
import type { PuzzleEntry } from '../../src/formats/inputs.js';
import type { PuzzleType } from '../../src/puzzle/types.js';
import { findExternalSolvers } from '../../src/sat/external.js';
import { createSolver } from '../../src/sat/index.js';
import { puzzleTypes } from '../../encodings/registry.js';
import { readInputs } from '../../src/formats/inputs.js';

/** "Pick the clue cell out of n", recording which puzzle and encoding each run encodes. */
function recordingType(log: string[]): PuzzleType<{ n: number; clue: number; name: string }, number> {
  return {
    id: 'pick-one', aliases: [], formats: [], variants: { flavour: ['a', 'b', 'c'] },
    encode(model, puzzle, options) {
      log.push(`${puzzle.name}:${options.variant?.flavour ?? 'a'}`);
      const cells = Array.from({ length: puzzle.n }, (_, i) => model.newVar(`pick(${i})`));
      model.exactly(cells, 1);
      model.addClause([cells[puzzle.clue]!]);
      return { projection: cells, decode: (value) => cells.findIndex((c) => value(c)), renderDetermined: () => '' };
    },
    verify: (puzzle, picked) => (picked === puzzle.clue ? [] : ['wrong cell']),
    renderText: () => '', renderSvg: () => '<svg/>', toJson: (p) => p, solutionToJson: (s) => s, describe: (p) => `n=${p.n}`,
  };
}

describe('compare measurement', () => {
  it('warms every combination up on the first puzzles, then interleaves puzzle by puzzle in rotating order', () => {
    const log: string[] = [];
    const type = recordingType(log);
    const entries: PuzzleEntry[] = ['p1', 'p2', 'p3'].map((name, i) => ({
      ok: true, id: name, origin: { input: name }, type, format: 'test', puzzle: { n: 4 + i, clue: i, name },
    }));
    const encodings: EncodingChoice[] = ['a', 'b', 'c'].map((f) => ({ label: `flavour=${f}`, options: { variant: { flavour: f } } }));
    const result = runCompare(entries, combinations(encodings, [parseEngineChoice('minisat-js')]), { repeat: 2 });
    // Warm-up, not measured: round-robin over the combinations on the type's first puzzles in turn,
    // WARM_UP.minRuns runs at least, until WARM_UP.ms of wall time (these runs take far less, so
    // up to WARM_UP.maxRuns each).
    const warm = log.length - 18;
    expect(warm % 3).toBe(0);
    expect(warm / 3).toBeGreaterThanOrEqual(WARM_UP.minRuns);
    expect(warm / 3).toBeLessThanOrEqual(WARM_UP.maxRuns);
    expect(log.slice(0, warm)).toEqual(Array.from({ length: warm }, (_, i) => `p${1 + (Math.floor(i / 3) % 3)}:${'abc'[i % 3]}`));
    expect(log.slice(warm)).toEqual([
      'p1:a', 'p1:b', 'p1:c', 'p1:b', 'p1:c', 'p1:a', // p1, repeats 1 and 2: each starts one further on
      'p2:b', 'p2:c', 'p2:a', 'p2:c', 'p2:a', 'p2:b',
      'p3:c', 'p3:a', 'p3:b', 'p3:a', 'p3:b', 'p3:c',
    ]);
    // Rows stay in combination order, one per puzzle × combination, each the median of its 2 repeats.
    expect(result.rows.map((r) => `${r.puzzle}:${r.encoding}:${r.repeats}`)).toEqual(
      ['p1', 'p2', 'p3'].flatMap((p) => ['a', 'b', 'c'].map((f) => `${p}:flavour=${f}:2`)));
    expect(result.rows.every((r) => r.status === 'unique' && r.solved)).toBe(true);
  });

  it('times in-process engines in process CPU time, which does not advance while the thread sleeps', () => {
    const { measured } = measure(() => {
      const until = Date.now() + 60;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60); // sleeps 60 ms without using the CPU
      return until;
    });
    expect(measured.wallMs).toBeGreaterThanOrEqual(55);
    expect(measured.timeMs).toBeLessThan(30);
    expect(clockDescription('wasm')).toMatch(/^process CPU time/);
    expect(clockDescription('external:minisat')).toMatch(/^minisat's own reported CPU time/);
  });

  const native = findExternalSolvers().find((b) => b.name === 'minisat' || b.name === 'cadical');
  it.skipIf(!native)(`takes a native solver's own reported CPU time, not its process wall time${native ? '' : ' (skipped: neither minisat nor cadical on the PATH)'}`, () => {
    let wrapped: MeasuredSolver | undefined;
    const { measured } = measure((instrument) => {
      wrapped = instrument(createSolver('external', { binary: native!.name })) as MeasuredSolver;
      wrapped.addClauses([[1, 2], [-1, 2], [1, -2]]);
      return wrapped.solve();
    });
    expect(wrapped!.native).toBe(true);
    expect(wrapped!.unreportedCalls).toBe(0);
    // A process start costs milliseconds of wall time; the solver's own CPU for 3 clauses is far less.
    expect(wrapped!.reportedCpuMs).toBeLessThan(measured.wallMs);
    expect(measured.timeMs).toBeLessThan(measured.wallMs);
  });

  it('reports conflicts and propagations for engines that count them, null for minisat-js', () => {
    // Norvig's board1 (10×10, 2 stars): every engine propagates; minisat-js cannot say how much.
    const [entry] = [...readInputs(['fixtures/starbattle/norvig-board1.txt'])];
    expect(entry!.ok).toBe(true);
    if (!entry!.ok) return;
    const encodings = [parseEncodingChoice('sequential', puzzleTypes())];
    const engines = ['wasm', 'minisat-js', ...(native ? [`external:${native.name}`] : [])].map(parseEngineChoice);
    const result = runCompare([entry!], combinations(encodings, engines), { warmUp: false });
    for (const row of result.rows) {
      if (engineCountsSearch(row.engine)) {
        expect(row.conflicts, row.engine).not.toBeNull();
        expect(row.propagations!, row.engine).toBeGreaterThan(0);
      } else {
        expect(row.engine).toBe('minisat-js');
        expect([row.conflicts, row.propagations]).toEqual([null, null]);
      }
    }
  });

  it('labels each encoding the way --encodings takes it, so a label parses back to the same encoding', () => {
    for (const spec of ['totalizer', 'noTouch=window', 'cardnet,noTouch=pairs', 'connectivity=eager', 'lazy']) {
      const choice = parseEncodingChoice(spec, puzzleTypes());
      expect(parseEncodingChoice(choice.label, puzzleTypes())).toEqual(choice);
    }
    expect(parseEncodingChoice('cardinality=cardnet,window', puzzleTypes()).label).toBe('cardnet,noTouch=window');
  });

  it('compares Hashi connectivity three ways by default (in-engine, lazy cuts, eager), other defaults once', () => {
    const hashi = puzzleTypes().find((t) => t.id === 'hashi')!;
    const labels = defaultEncodings([hashi]).map((c) => c.label);
    expect(labels.filter((l) => l.startsWith('connectivity='))).toEqual(['connectivity=in-engine', 'connectivity=lazy', 'connectivity=eager']);
    const starbattle = puzzleTypes().find((t) => t.id === 'starbattle')!;
    expect(defaultEncodings([starbattle]).map((c) => c.label)).not.toContain('noTouch=pairs');
  });

  it('the measuring wrapper passes the connectivity capability through, and only when the engine has it', () => {
    expect(new MeasuredSolver(createSolver('wasm')).addConnectivity).toBeTypeOf('function');
    expect(new MeasuredSolver(createSolver('minisat-js')).addConnectivity).toBeUndefined();
  });
});
