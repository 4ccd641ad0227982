/**
 * A quick pass over DIMACS bytes that finds the header and the largest variable the clauses use,
 * without building anything: so an engine is sized on the variables a formula actually uses, not
 * on a header that may declare a billion (`p cnf 1000000000 1`).
 */

export interface DimacsScan {
  /** Byte range of the `p cnf` line (without its newline). */
  headerStart: number;
  headerEnd: number;
  declaredVars: number;
  declaredClauses: number;
  /** Largest variable in any clause (0 when there are none). */
  maxVar: number;
}

const NL = 10, SPACE = 32, TAB = 9, CR = 13, MINUS = 45, ZERO = 48, NINE = 57;

/** Undefined when there is no well-formed header (the full parser then words the error). */
export function scanDimacs(bytes: Uint8Array): DimacsScan | undefined {
  const n = bytes.length;
  let header: DimacsScan | undefined;
  let maxVar = 0;
  let i = 0;
  while (i < n) {
    // Start of a line: skip blanks, look at the first character.
    let p = i;
    while (p < n && (bytes[p] === SPACE || bytes[p] === TAB || bytes[p] === CR)) p++;
    let end = bytes.indexOf(NL, p);
    if (end < 0) end = n;
    const first = bytes[p];
    if (first === 99 /* c */ || p === end) { i = end + 1; continue; }
    if (first === 37 /* % */) break;
    if (first === 112 /* p */) {
      if (header) return undefined;
      const m = /^p\s+cnf\s+(\d+)\s+(\d+)\s*$/.exec(Buffer.from(bytes.buffer, bytes.byteOffset + p, end - p).toString('latin1'));
      if (!m) return undefined;
      header = { headerStart: p, headerEnd: end, declaredVars: Number(m[1]), declaredClauses: Number(m[2]), maxVar: 0 };
      i = end + 1;
      continue;
    }
    // Literals: track the largest magnitude.
    while (p < end) {
      const ch = bytes[p]!;
      if (ch === MINUS || (ch >= ZERO && ch <= NINE)) {
        if (ch === MINUS) p++;
        let v = 0;
        while (p < end && bytes[p]! >= ZERO && bytes[p]! <= NINE) { v = v * 10 + (bytes[p]! - ZERO); p++; }
        if (v > maxVar) maxVar = v;
      } else {
        p++;
      }
    }
    i = end + 1;
  }
  if (!header) return undefined;
  header.maxVar = maxVar;
  return header;
}
