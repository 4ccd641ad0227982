/**
 * compare's `--timeout` holds on every engine: logic-solver's MiniSat cannot be interrupted in its
 * thread, so under a limit it runs in a worker that is stopped (src/compare/stoppable.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combinations, parseEncodingChoice, parseEngineChoice } from '../../src/compare/combinations.js';
import { runCompare } from '../../src/compare/runner.js';
import { readInputs, type PuzzleEntry } from '../../src/formats/inputs.js';
import { puzzleTypes } from '../../encodings/registry.js';
import { REPO } from '../helpers/paths.js';

const worker = join(REPO, 'dist', 'src', 'compare', 'worker.js');
const built = existsSync(worker);
if (!built) console.warn(`skipping compare time limits: ${worker} is missing (run npm run build; npm test does)`);

/** An all-white 14×14 Akari: minisat-js needs about a minute for its uniqueness query, wasm milliseconds. */
function slowAkari(): PuzzleEntry[] {
  const text = JSON.stringify({ type: 'akari', rows: 14, cols: 14, grid: Array(14).fill('_'.repeat(14)) });
  return [...readInputs(['-'], { stdinText: text })];
}

describe.skipIf(!built)('compare --timeout on an engine that ignores deadlines', () => {
  it('stops minisat-js at the limit and reports it unknown, while wasm answers', () => {
    const entries = slowAkari();
    expect(entries[0]?.ok).toBe(true);
    const combos = combinations([parseEncodingChoice('sequential', puzzleTypes())], [parseEngineChoice('wasm'), parseEngineChoice('minisat-js')]);
    const started = Date.now();
    const result = runCompare(entries, combos, { timeoutMs: 500, warmUp: false });
    const elapsed = Date.now() - started;
    const byEngine = Object.fromEntries(result.rows.map((r) => [r.engine, r]));
    expect(byEngine['wasm']).toMatchObject({ status: 'multiple', solved: true });
    expect(byEngine['minisat-js']).toMatchObject({ status: 'unknown', solved: false, message: expect.stringContaining('time limit (500 ms)') });
    // The size columns still describe the combination's CNF.
    expect(byEngine['minisat-js']!.variables).toBeGreaterThan(500);
    // Without the worker this takes about a minute; the bound is loose for a loaded machine.
    expect(elapsed, 'compare ran far past its time limit').toBeLessThan(20_000);
  });

  it('gives the same answers through the worker as in-thread when the limit is not reached', () => {
    const entries = [...readInputs([join(REPO, 'fixtures', 'akari', 'tatham-7x7-d0.txt')])].slice(0, 3);
    const combos = combinations([parseEncodingChoice('sequential', puzzleTypes())], [parseEngineChoice('minisat-js')]);
    const limited = runCompare(entries, combos, { timeoutMs: 60_000, warmUp: false });
    const inThread = runCompare(entries, combos, { warmUp: false });
    expect(limited.rows.map((r) => [r.puzzle, r.status, r.variables, r.clauses])).toEqual(inThread.rows.map((r) => [r.puzzle, r.status, r.variables, r.clauses]));
    expect(limited.rows.every((r) => r.status === 'unique' && r.solved)).toBe(true);
  });
});
