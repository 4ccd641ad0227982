/**
 * JSON syntax errors are located at a line and column, always. Judged against V8's own JSON.parse:
 * where V8 prints a position, ours is the same; where it prints none, the text up to our offset is
 * still a valid beginning of JSON for V8, and one character more is not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/util/errors.js';
import { jsonErrorOffset, parseJsonText } from '../../src/util/json-text.js';
import { seededRandom } from '../../src/util/random.js';
import { FIXTURES } from '../helpers/paths.js';

/** V8's verdict on a text: fine, ran out early (a valid beginning), or broken at a position (if it says). */
function v8(text: string): { kind: 'ok' } | { kind: 'early' } | { kind: 'broken'; position?: number } {
  try {
    JSON.parse(text);
    return { kind: 'ok' };
  } catch (e) {
    const message = (e as Error).message;
    const at = /at position (\d+)/.exec(message);
    const position = at ? Number(at[1]) : undefined;
    if (/end of JSON input/.test(message) || position === text.length) return { kind: 'early' };
    return position === undefined ? { kind: 'broken' } : { kind: 'broken', position };
  }
}

const generated = join(FIXTURES, 'generated');
const jsonFixtures = ['akari-30x30-b5-s1.json', 'hashi-25x25-sparse-unknown-s2.json', 'starbattle-17x17-4star-random-s2.json']
  .map((n) => readFileSync(join(generated, n), 'utf8'));
const seeds = [
  '{"type": "akari", "rows": 3,\n "cols": 4, "grid": ["_2__", "#___", "__0_"]}',
  '[1, -2.5e+3, true, false, null, "a\\u00e9\\n", {"k": [[]]}]',
  ...jsonFixtures.map((t) => t.slice(0, 2000)),
];

describe('JSON syntax errors', () => {
  it('are found where V8 finds them, on thousands of corrupted texts', () => {
    const rand = seededRandom(7);
    const alphabet = '{}[]",:01-.e +tfnu\\x\n';
    let positioned = 0;
    let unpositioned = 0;
    for (let n = 0; n < 3000; n++) {
      const base = seeds[n % seeds.length]!;
      const at = Math.floor(rand() * base.length);
      const ch = alphabet[Math.floor(rand() * alphabet.length)]!;
      const op = n % 3;
      const text = op === 0 ? base.slice(0, at) + base.slice(at + 1) : op === 1 ? base.slice(0, at) + ch + base.slice(at) : base.slice(0, at) + ch + base.slice(at + 1);
      const verdict = v8(text);
      if (verdict.kind === 'ok') continue;
      const offset = jsonErrorOffset(text);
      if (verdict.kind === 'broken' && verdict.position !== undefined) {
        positioned++;
        expect(offset, JSON.stringify(text)).toBe(verdict.position);
      } else {
        unpositioned++;
        expect(v8(text.slice(0, offset)).kind, `before the fault in ${JSON.stringify(text)}`).not.toBe('broken');
        if (verdict.kind === 'early') expect(offset).toBe(text.length);
        else expect(v8(text.slice(0, offset + 1)).kind, `at the fault in ${JSON.stringify(text)}`).toBe('broken');
      }
    }
    // Both kinds of V8 message were met.
    expect(positioned).toBeGreaterThan(100);
    expect(unpositioned).toBeGreaterThan(100);
  });

  it('name the line and column, with or without a position from V8', () => {
    const error = (text: string) => { try { parseJsonText(text); } catch (e) { return e as ParseError; } throw new Error('parsed'); };
    expect(error('{"type":"akari",\n "rows": 3,\n "cols": x}')).toMatchObject({ reason: 'invalid JSON: unexpected "x"', location: { line: 3, column: 10 } });
    expect(error('{"a": 1,}')).toMatchObject({ reason: 'invalid JSON: Expected double-quoted property name', location: { line: 1, column: 9 } });
    expect(error('[1,\n')).toMatchObject({ reason: 'invalid JSON: unexpected end of the text', location: { line: 2, column: 1 } });
    expect(parseJsonText('{"ok": [1]}')).toEqual({ ok: [1] });
  });
});
