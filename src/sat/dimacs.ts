import { ParseError } from '../util/errors.js';
import type { Clause } from './types.js';

/** A CNF formula read from DIMACS text. */
export interface DimacsCnf {
  /** Variables declared in the `p cnf` header (every literal is within 1..numVars). */
  numVars: number;
  /** Clauses in file order; a clause is its literals without the terminating 0. */
  clauses: number[][];
  /** Comment lines, without the leading `c` and one following space. */
  comments: string[];
  /** Variable names declared by `c var <n> <name>` comments (as written by `writeDimacs`). */
  names: Map<number, string>;
  /** Non-fatal problems, e.g. a clause count that disagrees with the header. */
  warnings: string[];
}

export interface ParseDimacsOptions {
  /** Treat a clause count that disagrees with the header as an error instead of a warning. */
  strictCounts?: boolean;
}

const CR = 13, SPACE = 32, TAB = 9, MINUS = 45, ZERO = 48, NINE = 57;

function isBlank(ch: number): boolean {
  return ch === SPACE || ch === TAB || ch === CR || ch === 11 || ch === 12;
}

/**
 * Parses DIMACS CNF.
 *
 * Accepted: comment lines (`c …`) anywhere, clauses spanning several lines, several clauses on a line,
 * the SATLIB `%` end marker (everything after it is ignored), an empty clause (a lone `0`).
 * Errors (ParseError with line and column): missing or malformed `p cnf` header, a second header,
 * a clause before the header, a token that is not an integer, a literal beyond the declared variables,
 * a last clause without its terminating 0.
 * A clause count different from the header is only a warning (many generators get it wrong and the
 * clauses themselves are unambiguous) unless `strictCounts` is set.
 */
export function parseDimacs(text: string, source?: string, options: ParseDimacsOptions = {}): DimacsCnf {
  const comments: string[] = [];
  const names = new Map<number, string>();
  const clauses: number[][] = [];
  const warnings: string[] = [];
  let numVars = -1;
  let declaredClauses = 0;
  let pending: number[] = [];
  let pendingLine = 0;

  const fail = (reason: string, line: number, column?: number): never => {
    throw new ParseError(reason, { source, line, column });
  };

  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark some editors add
  let line = 0;
  scan: while (i < n) {
    line += 1;
    const lineStart = i;
    let end = text.indexOf('\n', i);
    if (end < 0) end = n;
    i = end + 1;
    let p = lineStart;
    while (p < end && isBlank(text.charCodeAt(p))) p++;
    if (p === end) continue;
    const first = text.charCodeAt(p);

    if (first === 99 /* c */) {
      const body = text.slice(p + 1, end).replace(/\r$/, '');
      const comment = body.startsWith(' ') ? body.slice(1) : body;
      comments.push(comment);
      const named = /^var\s+(\d+)\s+(.+)$/.exec(comment);
      if (named) names.set(Number(named[1]), named[2]!);
      continue;
    }
    if (first === 37 /* % */) break scan;
    if (first === 112 /* p */) {
      if (numVars >= 0) fail('second "p cnf" header', line, p - lineStart + 1);
      const fields = text.slice(p, end).trim().split(/\s+/);
      const [keyword, format, vars, count] = fields;
      if (fields.length !== 4 || keyword !== 'p' || format !== 'cnf' || !/^\d+$/.test(vars ?? '') || !/^\d+$/.test(count ?? '')) {
        fail(`bad header "${text.slice(p, end).trim()}", expected "p cnf <variables> <clauses>"`, line, p - lineStart + 1);
      }
      numVars = Number(vars);
      declaredClauses = Number(count);
      continue;
    }

    // A line of literals.
    if (numVars < 0) fail('clause before the "p cnf" header', line, p - lineStart + 1);
    while (p < end) {
      const ch = text.charCodeAt(p);
      if (isBlank(ch)) { p++; continue; }
      const tokenStart = p;
      let negative = false;
      if (ch === MINUS) { negative = true; p++; }
      let value = 0;
      let digits = 0;
      while (p < end) {
        const d = text.charCodeAt(p);
        if (d < ZERO || d > NINE) break;
        value = value * 10 + (d - ZERO);
        digits++;
        p++;
      }
      if (digits === 0 || (p < end && !isBlank(text.charCodeAt(p)))) {
        while (p < end && !isBlank(text.charCodeAt(p))) p++;
        fail(`"${text.slice(tokenStart, p)}" is not an integer literal`, line, tokenStart - lineStart + 1);
      }
      if (value === 0) {
        clauses.push(pending);
        pending = [];
        continue;
      }
      if (value > numVars) {
        fail(`literal ${negative ? '-' : ''}${value} exceeds the ${numVars} declared variables`, line, tokenStart - lineStart + 1);
      }
      if (pending.length === 0) pendingLine = line;
      pending.push(negative ? -value : value);
    }
  }

  if (numVars < 0) fail('missing "p cnf <variables> <clauses>" header', Math.max(line, 1));
  if (pending.length > 0) fail('last clause is not terminated by 0', pendingLine);
  if (clauses.length !== declaredClauses) {
    const msg = `header declares ${declaredClauses} clauses but the file has ${clauses.length}`;
    if (options.strictCounts) throw new ParseError(msg, { source });
    warnings.push(source ? `${source}: ${msg}` : msg);
  }
  return { numVars, clauses, comments, names, warnings };
}

export interface WriteDimacsOptions {
  /** Free-form comment lines written first (each may contain newlines). */
  comments?: readonly string[];
  /** Readable names, written as `c var <n> <name>` lines. */
  names?: ReadonlyMap<number, string>;
}

const CHUNK_BYTES = 1 << 20;
/** Longest text of one literal: "-" + 10 digits + " ". */
const MAX_LITERAL_BYTES = 12;

/** Writes DIMACS CNF text. See `writeDimacsBytes`. */
export function writeDimacs(numVars: number, clauses: Iterable<Clause>, options: WriteDimacsOptions = {}): string {
  return new TextDecoder().decode(writeDimacsBytes(numVars, clauses, options));
}

/**
 * Writes DIMACS CNF as UTF-8 bytes (ready for a file). Literals are formatted straight into 1 MB
 * buffers, which is several times faster than building a string per clause: a million clauses take
 * well under a second. The header's variable count is the larger of `numVars` and the largest variable used.
 */
export function writeDimacsBytes(numVars: number, clauses: Iterable<Clause>, options: WriteDimacsOptions = {}): Uint8Array {
  const head: string[] = [];
  for (const comment of options.comments ?? []) {
    for (const l of comment.split('\n')) head.push(l.length ? `c ${l}` : 'c');
  }
  if (options.names) {
    const sorted = [...options.names].sort((a, b) => a[0] - b[0]);
    for (const [v, name] of sorted) head.push(`c var ${v} ${name.replace(/\s+/g, '_')}`);
  }

  const chunks: Buffer[] = [];
  let buf = Buffer.allocUnsafe(CHUNK_BYTES);
  let pos = 0;
  const digits = new Uint8Array(12);
  let count = 0;
  let maxVar = numVars;
  for (const clause of clauses) {
    if (pos + MAX_LITERAL_BYTES * (clause.length + 1) > buf.length) {
      chunks.push(buf.subarray(0, pos));
      buf = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, MAX_LITERAL_BYTES * (clause.length + 1)));
      pos = 0;
    }
    for (let k = 0; k < clause.length; k++) {
      let v = clause[k]!;
      if (v < 0) {
        buf[pos++] = 45; // '-'
        v = -v;
      }
      if (v > maxVar) maxVar = v;
      let d = 0;
      do {
        digits[d++] = 48 + (v % 10);
        v = Math.floor(v / 10);
      } while (v > 0);
      while (d > 0) buf[pos++] = digits[--d]!;
      buf[pos++] = 32; // ' '
    }
    buf[pos++] = 48; // '0'
    buf[pos++] = 10; // '\n'
    count++;
  }
  chunks.push(buf.subarray(0, pos));
  head.push(`p cnf ${maxVar} ${count}`);
  return Buffer.concat([Buffer.from(head.join('\n') + '\n', 'utf8'), ...chunks]);
}
