/**
 * The engine's own DIMACS reader (WasmSolver.addDimacs, C in src/sat/engine/dimacs.c) against the
 * TypeScript parser it must agree with: same acceptance, same counts, same formula, and malformed
 * input adds nothing and throws parseDimacs's located error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ParseError } from '../../src/util/errors.js';
import { parseDimacs, writeDimacs } from '../../src/sat/dimacs.js';
import { createSolver } from '../../src/sat/index.js';
import { loadDimacs } from '../../src/sat/load.js';
import { WasmSolver } from '../../src/sat/wasm.js';
import { seededRandom } from '../../src/util/random.js';
import { falsifiedClause, randomKSat } from '../helpers/cnf-gen.js';
import { minisatAvailable, nativeMinisatText } from '../helpers/native-minisat.js';

type Outcome = { ok: true; numVars: number; numClauses: number; warnings: string[] } | { ok: false; message: string };

function viaTypeScript(text: string): Outcome {
  try {
    const cnf = parseDimacs(text, 'f.cnf');
    return { ok: true, numVars: cnf.numVars, numClauses: cnf.clauses.length, warnings: cnf.warnings };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, message: err.message };
    throw err;
  }
}

function viaEngine(text: string, solver = new WasmSolver()): Outcome {
  try {
    const r = solver.addDimacs(Buffer.from(text, 'utf8'), 'f.cnf');
    return { ok: true, numVars: r.numVars, numClauses: r.numClauses, warnings: r.warnings };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, message: err.message };
    throw err;
  } finally {
    solver.dispose();
  }
}

/** Small random edits of valid DIMACS text: the characters the grammar cares about. */
function mutate(text: string, rand: () => number): string {
  const alphabet = ['0', '1', '9', '-', ' ', '\n', 'c', 'p', '%', 'x', '\t', '\r', '+', '00', ' 0', 'p cnf 3 1\n'];
  let out = text;
  const edits = 1 + Math.floor(rand() * 3);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rand() * (out.length + 1));
    const kind = rand();
    if (kind < 0.4) out = out.slice(0, at) + alphabet[Math.floor(rand() * alphabet.length)]! + out.slice(at);
    else if (kind < 0.8) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rand() * 3));
    else out = out.slice(0, at) + alphabet[Math.floor(rand() * alphabet.length)]! + out.slice(at + 1);
  }
  return out;
}

describe('engine DIMACS reader', () => {
  it('accepts and rejects exactly what parseDimacs does, with the same counts, warnings and messages', () => {
    const rand = seededRandom(4711);
    let accepted = 0;
    let rejected = 0;
    for (let i = 0; i < 1500; i++) {
      const cnf = randomKSat(3 + Math.floor(rand() * 8), 1 + Math.floor(rand() * 6), 2, 100 + i);
      let text = writeDimacs(cnf.numVars, cnf.clauses, { comments: rand() < 0.5 ? ['made by a test'] : [] });
      if (rand() < 0.3) text = text.replace(/ 0\n/g, rand() < 0.5 ? ' 0 ' : '\n0\n'); // clauses across and within lines
      const input = i % 5 === 0 ? text : mutate(text, rand);
      const expected = viaTypeScript(input);
      expect(viaEngine(input), JSON.stringify(input)).toEqual(expected);
      if (expected.ok) accepted++;
      else rejected++;
    }
    expect(accepted).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(300);
  });

  it('reads the same formula: same answers, and engine models satisfy the TypeScript-parsed clauses', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const cnf = randomKSat(40, 150 + seed, 3, 9000 + seed);
      const text = writeDimacs(cnf.numVars, cnf.clauses);
      const parsed = parseDimacs(text);
      const engine = new WasmSolver();
      engine.addDimacs(text);
      const reference = createSolver('wasm', { strategy: 'cdcl' });
      reference.addClauses(parsed.clauses);
      const result = engine.solve();
      expect(result, `seed=${seed}`).toBe(reference.solve());
      if (result === 'sat') expect(falsifiedClause(parsed.clauses, engine.model())).toBeUndefined();
      expect(engine.numVars()).toBe(40);
      expect(engine.numClauses()).toBe(parsed.clauses.length);
      engine.dispose();
      reference.dispose();
    }
  });

  describe.skipIf(!minisatAvailable)(`against native minisat reading the same bytes${minisatAvailable ? '' : ' (skipped: minisat is not on the PATH)'}`, () => {
    const minisat = nativeMinisatText('gridsat-dimacs-');
    /** Layouts a DIMACS file may have: comments between clauses, tabs, CRLF, several clauses a line, a clause over lines, no final newline. */
    function layout(numVars: number, clauses: readonly (readonly number[])[], rand: () => number): string {
      const nl = rand() < 0.3 ? '\r\n' : '\n';
      const gap = () => (rand() < 0.2 ? '\t' : rand() < 0.2 ? '  ' : ' ');
      let out = `c a test file${nl}p cnf ${numVars} ${clauses.length}${nl}`;
      for (const c of clauses) {
        if (rand() < 0.1) out += `${out.endsWith('\n') ? '' : nl}c between clauses${nl}`;
        out += c.map((l) => `${l}${rand() < 0.1 ? nl : gap()}`).join('') + '0';
        out += rand() < 0.3 ? gap() : nl;
      }
      return rand() < 0.5 ? out.trimEnd() : out;
    }

    it('answers as minisat does on files laid out in every way the format allows, and its models satisfy minisat', () => {
      const rand = seededRandom(2718);
      const answers = { sat: 0, unsat: 0 };
      for (let i = 0; i < 60; i++) {
        // 3-SAT at the threshold: about as many of each answer
        const cnf = randomKSat(25, 106, 3, 7700 + i);
        const text = layout(cnf.numVars, cnf.clauses, rand);
        const engine = new WasmSolver();
        engine.addDimacs(text);
        const result = engine.solve();
        expect(result, JSON.stringify(text)).toBe(minisat(text, `f${i}`));
        if (result === 'sat') {
          // the engine's model as units on the same file: minisat, reading it itself, must agree
          const model = engine.model();
          const units = Array.from({ length: cnf.numVars }, (_, v) => `${model[v + 1] ? v + 1 : -(v + 1)} 0`).join('\n');
          const withModel = text.replace(/p cnf (\d+) (\d+)/, (_, v, c) => `p cnf ${v} ${Number(c) + cnf.numVars}`) + `\n${units}\n`;
          expect(minisat(withModel, `m${i}`), `model of file ${i}`).toBe('sat');
        }
        answers[result === 'sat' ? 'sat' : 'unsat']++;
        engine.dispose();
      }
      expect(answers.sat).toBeGreaterThan(10);
      expect(answers.unsat).toBeGreaterThan(10);
    });
  });

  it('adds nothing when the input is malformed, and the solver stays usable', () => {
    const solver = new WasmSolver();
    solver.addClause([1, 2]);
    expect(() => solver.addDimacs('p cnf 2 2\n-1 0\n-2 0\n3 0\n', 'bad.cnf')).toThrow(/bad\.cnf, line 4, column 1: literal 3 exceeds the 2 declared variables/);
    expect(solver.numClauses()).toBe(1);
    expect(solver.solve()).toBe('sat'); // the units before the bad line were not added
    solver.addDimacs('p cnf 2 2\n-1 0\n-2 0\n');
    expect(solver.solve()).toBe('unsat');
    solver.dispose();
  });

  it('keeps variables from newVar, takes the header count as the variable count, and mixes with addClause', () => {
    const solver = new WasmSolver();
    solver.newVar();
    solver.newVar();
    solver.newVar();
    const r = solver.addDimacs('c x\np cnf 10 1\n1 -2 0\n');
    expect(r).toEqual({ numVars: 10, numClauses: 1, warnings: [] });
    expect(solver.numVars()).toBe(10);
    solver.addClause([-1]);
    solver.addClause([2]);
    expect(solver.solve()).toBe('unsat');
    solver.dispose();
  });

  it('handles a UTF-8 byte-order mark, CRLF line ends, gzip-free bytes and a large file', () => {
    const solver = new WasmSolver();
    expect(solver.addDimacs('\ufeffp cnf 2 1\r\n1 2 0\r\n').numClauses).toBe(1);
    solver.dispose();
    const big = randomKSat(5000, 200_000, 3, 5);
    const text = writeDimacs(big.numVars, big.clauses);
    const engine = new WasmSolver({ strategy: 'cdcl' });
    const loaded = engine.addDimacs(text);
    expect(loaded.numClauses).toBe(200_000);
    expect(engine.numClauses()).toBe(200_000);
    engine.dispose();
  });

  describe('without Node\'s Buffer (a browser bundle has none)', () => {
    afterEach(() => { vi.unstubAllGlobals(); });

    it('reads text and UTF-8 bytes, and words a malformed file\'s error with its line and column', () => {
      vi.stubGlobal('Buffer', undefined);
      const text = 'c caf\u00e9 \u2713 made by hand\np cnf 3 2\n1 -2 0\n2 3 0\n';
      for (const input of [text, new TextEncoder().encode(text)]) {
        const solver = new WasmSolver();
        expect(solver.addDimacs(input)).toEqual({ numVars: 3, numClauses: 2, warnings: [] });
        solver.addClause([-1]);
        solver.addClause([-3]);
        expect(solver.solve()).toBe('unsat'); // -1 forces -2, then 2 3 fails
        solver.dispose();
      }
      const bad = new TextEncoder().encode('c \u00e9\np cnf 2 2\n-1 0\n-2 0\n3 0\n');
      const solver = new WasmSolver();
      expect(() => solver.addDimacs(bad, 'bad.cnf')).toThrow(/bad\.cnf, line 5, column 1: literal 3 exceeds the 2 declared variables/);
      solver.dispose();
    });
  });

  it('loadDimacs gives every engine the same formula', () => {
    const cnf = randomKSat(30, 120, 3, 77);
    const text = writeDimacs(cnf.numVars, cnf.clauses);
    const answers = (['wasm', 'minisat-js'] as const).map((engine) => {
      const solver = createSolver(engine);
      const r = loadDimacs(solver, text, 'x.cnf');
      expect(r.numClauses).toBe(120);
      const answer = solver.solve();
      if (answer === 'sat') expect(falsifiedClause(cnf.clauses, solver.model())).toBeUndefined();
      solver.dispose();
      return answer;
    });
    expect(answers[0]).toBe(answers[1]);
  });
});
