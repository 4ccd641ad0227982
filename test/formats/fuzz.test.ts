/**
 * Bad input never crashes the tool and never gives a confident wrong answer. Every format's texts
 * (fixtures and FORMATS.md examples) are mutated at random — a character deleted, inserted or
 * replaced, a line dropped or doubled, the text cut short — and each result goes through reading,
 * detection and solving as `gridsat solve` does. Each must end as an error that says where, or
 * as an answer whose solution the type's verifier accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/formats/inputs.js';
import { solveEntry } from '../../src/solve/readings.js';
import { seededRandom } from '../../src/util/random.js';
import { FIXTURES } from '../helpers/paths.js';

function lines(file: string): string[] {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

/** One text per format: single-line IDs and URLs, and whole multi-line files. */
const seeds: { name: string; text: string }[] = [
  ...lines('hashi/examples.txt').map((text, i) => ({ name: `hashi example ${i + 1}`, text })),
  ...lines('akari/tatham-7x7-d1.txt').slice(0, 2).map((text, i) => ({ name: `akari tatham ${i + 1}`, text })),
  { name: 'starbattle puzz.link', text: 'https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk' },
  { name: 'akari puzz.link', text: 'https://puzz.link/p?akari/5/5/h.1g..k2g1h' },
  ...['starbattle/norvig-board1.txt', 'starbattle/parks-5x5.txt', 'blockparty/example-5x5.txt', 'bridges-signs/map1.json',
    'edge-cases/hashi-connectivity.json', 'edge-cases/blockparty-malformed-regions.json']
    .map((file) => ({ name: file, text: readFileSync(join(FIXTURES, file), 'utf8') })),
];

const ALPHABET = '0123456789abcxyz.#_-*+|/:,;{}[]"\n \t?=&';

function mutate(text: string, rand: () => number): string {
  const at = Math.floor(rand() * (text.length + 1));
  const ch = ALPHABET[Math.floor(rand() * ALPHABET.length)]!;
  const rows = text.split('\n');
  const row = Math.floor(rand() * rows.length);
  switch (Math.floor(rand() * 6)) {
    case 0: return text.slice(0, at) + text.slice(at + 1);
    case 1: return text.slice(0, at) + ch + text.slice(at);
    case 2: return text.slice(0, at) + ch + text.slice(at + 1);
    case 3: return rows.filter((_, i) => i !== row).join('\n');
    case 4: return [...rows.slice(0, row + 1), ...rows.slice(row)].join('\n');
    default: return text.slice(0, at);
  }
}

describe('mutated inputs', () => {
  it('end as located errors or verified answers, never as a crash', () => {
    const rand = seededRandom(20261122);
    const tally = { errors: 0, answers: 0 };
    for (let n = 0; n < 1200; n++) {
      const seed = seeds[n % seeds.length]!;
      let text = mutate(seed.text, rand);
      if (rand() < 0.3) text = mutate(text, rand);
      const where = `${seed.name}, mutation ${n}: ${JSON.stringify(text.slice(0, 300))}`;
      let entries;
      try {
        entries = [...readInputs(['-'], { stdinText: text })];
      } catch (err) {
        throw new Error(`reading threw on ${where}: ${(err as Error).stack}`);
      }
      for (const entry of entries) {
        if (!entry.ok) {
          tally.errors++;
          // The row names the input (origin); the message says what, in words, not a stray value.
          expect(entry.origin.input, where).toBe('<stdin>');
          expect(entry.error.length, where).toBeGreaterThan(5);
          expect(entry.error, where).not.toMatch(/undefined|NaN|\[object |null/);
          continue;
        }
        let decision;
        try {
          decision = solveEntry(entry, { count: 2, conflicts: 20_000 });
        } catch (err) {
          throw new Error(`solving threw on ${where}: ${(err as Error).stack}`);
        }
        if (!decision.ok) { tally.errors++; continue; }
        const { report, entry: taken } = decision;
        if (report.status === 'error') {
          tally.errors++;
          expect(report.message, where).toBeTruthy();
          expect(report.message, where).not.toMatch(/undefined|NaN|\[object |TypeError|RangeError/);
          continue;
        }
        tally.answers++;
        if (report.solution !== undefined) {
          expect(taken.type.verify(taken.puzzle as never, report.solution as never), where).toEqual([]);
        }
      }
    }
    // The mutations exercised both outcomes.
    expect(tally.errors).toBeGreaterThan(100);
    expect(tally.answers).toBeGreaterThan(100);
  });
});
