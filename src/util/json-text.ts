/**
 * JSON text read with errors that say where: line and column, always. V8's JSON.parse gives a
 * position for some errors ("… in JSON at position 61") and only a snippet for others
 * ("Unexpected token 'x', "…" is not valid JSON"), so the position is found by a strict scan of
 * the JSON grammar (RFC 8259), run only once parsing has failed.
 */
import { ParseError } from './errors.js';

/** Parses JSON text; a syntax error is a ParseError at the line and column (1-based) of the fault. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw jsonSyntaxError(text, err);
  }
}

/** JSON.parse's error on `text`, located at the line and column of the fault. */
export function jsonSyntaxError(text: string, err: unknown): ParseError {
  const offset = jsonErrorOffset(text);
  const before = text.slice(0, offset);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return new ParseError(`invalid JSON: ${jsonReason(err instanceof Error ? err.message : String(err), text, offset)}`, { line, column });
}

/** V8's message without its position or source snippet, which the location replaces. */
function jsonReason(message: string, text: string, offset: number): string {
  if (offset >= text.length) return 'unexpected end of the text';
  const token = /^Unexpected token '(.+?)', /.exec(message);
  if (token) return `unexpected ${JSON.stringify(token[1])}`;
  return message.replace(/ in JSON at position \d+( \(line \d+ column \d+\))?/, '').replace(/ after JSON at position \d+.*$/, ' after the JSON value');
}

/** The offset of the first character that breaks the JSON grammar (text.length: it ended early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop { constructor(readonly at: number) {} }
  const fail = (at = i): never => { throw new Stop(at); };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const literal = (word: string) => {
    for (const ch of word) { if (text[i] !== ch) fail(); i++; }
  };
  const digits = () => {
    if (!/[0-9]/.test(text[i] ?? '')) fail();
    while (/[0-9]/.test(text[i] ?? '')) i++;
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') { i++; digits(); }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail();
      const ch = text[i]!;
      if (ch === '"') { i++; return; }
      if (ch.charCodeAt(0) < 0x20) fail();
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      } else i++;
    }
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string(); ws();
        if (text[i] !== ':') fail();
        i++; value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    }
    if (ch === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || /[0-9]/.test(ch ?? '')) return number();
    fail();
  };
  try {
    value(); ws();
    if (i < text.length) fail();
  } catch (e) {
    if (e instanceof Stop) return Math.min(e.at, text.length);
    throw e;
  }
  // JSON.parse failed but the scan did not: say the start rather than guess.
  return 0;
}
