import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodePuzzleCnf } from '../../src/solve/encode.js';
import { parseEncoding } from '../../src/solve/encoding-option.js';
import { valuation } from '../../src/cnf/queries.js';
import { readInputs } from '../../src/formats/inputs.js';
import { parseDimacs } from '../../src/sat/dimacs.js';
import { findExternalSolvers } from '../../src/sat/external.js';
import { solvePuzzle } from '../../src/solve/pipeline.js';
import { runCli } from '../helpers/cli.js';

const STAR_FORMATS_EXAMPLE = 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk';
/** FORMATS.md: "Its only solution has stars at (row, col) (0,1) (1,4) (2,2) (3,0) (4,5) (5,3)". */
const STAR_PUBLISHED = [[0, 1], [1, 4], [2, 2], [3, 0], [4, 5], [5, 3]];
const LIGHTUP_7 = '7x7:h10b0f0i0f1b3Bh';
const BRIDGES_7 = '7x7m2:4e3a1a5a2a4g1a5c2c2a4g2b5b2';

const minisat = findExternalSolvers().find((s) => s.name === 'minisat');

function onlyPuzzle(input: string) {
  const entry = readInputs([input]).next().value;
  if (!entry?.ok) throw new Error(`fixture did not parse: ${input}`);
  return entry;
}

/** Runs native minisat on a CNF file; returns its model (index v = 1/0) or null when UNSAT. */
function minisatModel(cnfFile: string): Uint8Array | null {
  const resultFile = `${cnfFile}.out`;
  const run = spawnSync(minisat!.path, [cnfFile, resultFile], { encoding: 'utf8' });
  if (run.status === 20) return null;
  expect(run.status, run.stdout + run.stderr).toBe(10);
  const [status, lits = ''] = readFileSync(resultFile, 'utf8').split('\n');
  expect(status).toBe('SAT');
  const values = lits.trim().split(/\s+/).map(Number).filter((l) => l !== 0);
  const model = new Uint8Array(Math.max(...values.map(Math.abs)) + 1);
  for (const l of values) if (l > 0) model[l] = 1;
  return model;
}

async function writeCnf(input: string, encoding: string[] = []): Promise<{ file: string; text: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'gridsat-dimacs-')), 'puzzle.cnf');
  const r = await runCli(['dimacs', input, ...(encoding.length ? ['--encoding', ...encoding] : []), '-o', file]);
  expect(r.code, r.err).toBe(0);
  return { file, text: readFileSync(file, 'utf8') };
}

describe('gridsat dimacs', () => {
  for (const [name, input, encoding] of [
    ['Star Battle', STAR_FORMATS_EXAMPLE, ['totalizer']],
    ['Akari', LIGHTUP_7, []],
    ['Hashi (eager connectivity)', BRIDGES_7, ['eager']],
  ] as const) {
    it(`writes a ${name} CNF that names its puzzle and equals the encoding rebuilt on a collector`, async () => {
      const entry = onlyPuzzle(input);
      const { file, text } = await writeCnf(input, [...encoding]);
      const cnf = parseDimacs(text, file, { strictCounts: true });
      expect(cnf.comments).toContain('gridsat dimacs');
      expect(cnf.comments).toContain(`type: ${entry.type.id} (${entry.type.describe(entry.puzzle)})`);
      expect(cnf.comments.some((c) => c.startsWith('NOTE'))).toBe(false);

      // Rebuilding the encoding on a collector gives the same variables, names and clauses.
      const options = parseEncoding([...encoding], [entry.type]);
      const rebuilt = encodePuzzleCnf(entry.type, entry.puzzle, options);
      expect(cnf.numVars).toBe(rebuilt.collector.numVars());
      expect(cnf.clauses).toEqual(rebuilt.collector.clauses());
      expect(cnf.names).toEqual(new Map([...rebuilt.model.names()].map(([v, n]) => [v, n.replace(/\s+/g, '_')])));
      for (const lit of rebuilt.encoded.projection) expect(cnf.names.has(lit)).toBe(true);
    });

    it.skipIf(!minisat)(`writes a ${name} CNF whose native minisat model decodes to the verified solution${minisat ? '' : ' (skipped: minisat not on the PATH)'}`, async () => {
      const entry = onlyPuzzle(input);
      const { file } = await writeCnf(input, [...encoding]);
      const options = parseEncoding([...encoding], [entry.type]);
      const rebuilt = encodePuzzleCnf(entry.type, entry.puzzle, options);
      const model = minisatModel(file);
      expect(model).not.toBeNull();
      const solution = rebuilt.encoded.decode(valuation(model!));
      expect(entry.type.verify(entry.puzzle, solution)).toEqual([]);
      // These puzzles are unique, so the native solver found the pipeline's solution.
      const piped = solvePuzzle(entry.type, entry.puzzle, { engine: 'minisat-js', encoding: options, count: 2 });
      expect(piped.status).toBe('unique');
      expect(solution).toEqual(piped.solution);
      if (entry.type.id === 'starbattle') {
        const stars = (solution as boolean[][]).flatMap((row, r) => row.flatMap((s, c) => (s ? [[r, c]] : [])));
        expect(stars).toEqual(STAR_PUBLISHED);
      }
    });
  }

  it('says in the file that lazily added connectivity cuts are missing', async () => {
    const { text } = await writeCnf(BRIDGES_7);
    const cnf = parseDimacs(text);
    expect(cnf.comments.find((c) => c.startsWith('NOTE'))).toMatch(/lazily/);
    expect(cnf.comments.join('\n')).toContain('connectivity=in-engine|lazy|eager');
  });

  it('writes to standard output without -o', async () => {
    const r = await runCli(['dimacs', LIGHTUP_7]);
    expect(r.code).toBe(0);
    const cnf = parseDimacs(r.out, '<stdout>', { strictCounts: true });
    const entry = onlyPuzzle(LIGHTUP_7);
    expect(cnf.numVars).toBe(encodePuzzleCnf(entry.type, entry.puzzle).collector.numVars());
    expect(cnf.names.get(1)).toBe('bulb(0,0)');
  });

  it('reports a malformed puzzle with its position (exit 1) and an unknown encoding as a usage error (exit 2)', async () => {
    const bad = await runCli(['dimacs', '7x7:hB!!']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/7x7:hB!!/);
    const usage = await runCli(['dimacs', LIGHTUP_7, '--encoding', 'nonsense']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("unknown encoding 'nonsense'");
  });
});
