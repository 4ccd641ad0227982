import { existsSync, readFileSync } from 'node:fs';
import { REPO } from '../../helpers/paths.js';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Model } from '../../../src/cnf/model.js';
import { count, valuation } from '../../../src/cnf/queries.js';
import { createSolver } from '../../../src/sat/index.js';
import type { EngineName } from '../../../src/sat/types.js';
import { jsonFormat, parseBlockPartyCollection } from '../../../encodings/blockparty/formats/json.js';
import { parseBlockPartyText } from '../../../encodings/blockparty/formats/text.js';
import { answer, blockParty, type BlockPartyPuzzle } from '../../../encodings/blockparty/index.js';
import { DISTANCE_VARIANTS } from '../../../encodings/blockparty/rules.js';
import { verifyBlockParty } from '../../../encodings/blockparty/verify.js';

const root = REPO;
const collectionPath = path.resolve(root, '../shared/collections/blockparty.json');
const present = existsSync(collectionPath);
if (!present) console.log(`blockparty collection tests skipped: ${collectionPath} is absent`);

/** Engines to run the collection on: minisat-js always, `wasm` too once it is registered. */
function engines(): EngineName[] {
  try {
    createSolver('wasm').dispose();
    return ['minisat-js', 'wasm'];
  } catch {
    return ['minisat-js'];
  }
}

/** Labels are display-only; compare what the puzzle says. */
const content = (p: BlockPartyPuzzle) => ({ rows: p.rows, cols: p.cols, regions: p.regions, givens: p.givens, answer: p.answer });

describe.skipIf(!present)('blockparty: Jane Street collection', () => {
  const text = present ? readFileSync(collectionPath, 'utf8') : '{}';
  const entries = present ? parseBlockPartyCollection(JSON.parse(text)) : [];

  it('holds the two published puzzles', () => {
    expect(entries.map((e) => e.id)).toEqual(['example-5x5', 'block-party-4']);
  });

  for (const engine of engines()) {
    for (const distance of DISTANCE_VARIANTS) {
      it(`every puzzle: solved, verified, unique, published answer matched (${engine}, ${distance})`, () => {
        for (const { id, puzzle } of entries) {
          const model = new Model(createSolver(engine));
          const encoded = blockParty.encode(model, puzzle, { variant: { distance } });
          const res = count(model, encoded.projection, { limit: 2 });
          model.solver.dispose();
          expect(res.exact, id).toBe(true);
          expect(res.count, id).toBe(1);
          const solution = encoded.decode(valuation(res.first!));
          expect(verifyBlockParty(puzzle, solution), id).toEqual([]);
          if (puzzle.answer !== undefined) expect(answer(solution), id).toBe(puzzle.answer);
        }
      });
    }
  }

  it('the text fixtures transcribe the JSON puzzles exactly', () => {
    const byId = new Map(entries.map((e) => [e.id, e.puzzle]));
    for (const [id, file] of [['example-5x5', 'example-5x5.txt'], ['block-party-4', 'block-party-4.txt']] as const) {
      const fromText = parseBlockPartyText(readFileSync(path.join(root, 'fixtures/blockparty', file), 'utf8'));
      expect(content(fromText), id).toEqual(content(byId.get(id)!));
    }
  });

  it('splits the collection file into single puzzles, with lines and ids', () => {
    const chunks = jsonFormat.split!(text);
    expect(chunks.map((c) => c.id)).toEqual(['example-5x5', 'block-party-4']);
    for (const chunk of chunks) {
      expect(text.split('\n')[chunk.line - 1]).toContain(`"${chunk.id}"`);
      expect(jsonFormat.parse(chunk.text)).toEqual(entries.find((e) => e.id === chunk.id)!.puzzle);
    }
    expect(() => jsonFormat.parse(JSON.parse(text))).toThrow(/holds 2 puzzles/);
  });
});
