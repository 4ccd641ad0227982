/**
 * Reading a player's partly solved grid (for `gridsat hint --progress`), in the cell notation of the
 * solution and determined-cells output:
 * - Star Battle: cells separated by spaces; `*` a star, `?` not decided yet, anything else (the
 *   region's label, `x`, `.`) no star.
 * - Akari: one character per cell; `*` a bulb, `+` or `x` no bulb, `.` or `?` not decided yet;
 *   black cells as in the puzzle (`#`, `0`–`4`).
 * - Hashi and bridges with signs: the solution picture (`-` `=` between islands in a row, `|` `"`
 *   in a column): a drawn connection has exactly that many bridges; connections left blank are not
 *   decided yet.
 * - Block Party: the solution grid (with or without its region walls `+---+` and `|`), one number
 *   per cell, `?` or `.` not decided yet.
 */
import type { Explainer } from './explain.js';

export class ProgressError extends Error {
  override name = 'ProgressError';
}

type Reader = (ex: Explainer, lines: string[]) => Map<number, boolean>;

/** The variable whose decision concerns exactly this one cell. */
function cellVariables(ex: Explainer): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of ex.variables()) {
    const d = ex.model.decision(v);
    if (d && d.cells.length === 1) out.set(`${d.cells[0]![0]},${d.cells[0]![1]}`, v);
  }
  return out;
}

function gridLines(text: string): string[] {
  return text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('==') && !l.startsWith('--'));
}

const readStarBattle: Reader = (ex, lines) => {
  const p = ex.puzzle as { rows: number; cols: number };
  if (lines.length !== p.rows) throw new ProgressError(`progress has ${lines.length} rows, the puzzle ${p.rows}`);
  const vars = cellVariables(ex);
  const out = new Map<number, boolean>();
  lines.forEach((line, r) => {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== p.cols) throw new ProgressError(`progress line ${r + 1}: ${cells.length} cells, the puzzle has ${p.cols} columns`);
    cells.forEach((t, c) => {
      if (t === '?') return;
      const v = vars.get(`${r},${c}`);
      if (v !== undefined) out.set(v, t === '*');
    });
  });
  return out;
};

const readAkari: Reader = (ex, lines) => {
  const p = ex.puzzle as { rows: number; cols: number; cells: unknown[][] };
  if (lines.length !== p.rows) throw new ProgressError(`progress has ${lines.length} rows, the puzzle ${p.rows}`);
  const vars = cellVariables(ex);
  const out = new Map<number, boolean>();
  lines.forEach((line, r) => {
    const chars = [...line.trimEnd()];
    if (chars.length !== p.cols) throw new ProgressError(`progress line ${r + 1}: ${chars.length} cells, the puzzle has ${p.cols} columns`);
    chars.forEach((ch, c) => {
      const v = vars.get(`${r},${c}`);
      if (v === undefined) {
        if (!/[#0-4]/.test(ch)) throw new ProgressError(`progress line ${r + 1}, column ${c + 1}: '${ch}' where the puzzle has a black cell`);
        return;
      }
      if (ch === '*') out.set(v, true);
      else if (ch === '+' || ch === 'x' || ch === 'X') out.set(v, false);
      else if (ch !== '.' && ch !== '?') throw new ProgressError(`progress line ${r + 1}, column ${c + 1}: '${ch}' on a white cell (use * bulb, + no bulb, . undecided)`);
    });
  });
  return out;
};

const HORIZONTAL = ['-', '=', '≡', '≣'];
const VERTICAL = ['|', '"', '⦀', '⁞'];

const readHashi: Reader = (ex, lines) => {
  const out = new Map<number, boolean>();
  for (const v of ex.variables()) {
    const m = /^bridges\((\d+),(\d+)\)-\((\d+),(\d+)\)>=(\d+)$/.exec(ex.model.nameOf(v) ?? '');
    if (!m) continue;
    const [r1, c1, r2, c2, k] = m.slice(1).map(Number) as [number, number, number, number, number];
    // Islands in adjacent rows (bridges with signs allow them) have no line between them to draw on.
    if (r2 === r1 + 1) continue;
    const ch = r1 === r2 ? [...(lines[r1] ?? '')][c1 * 2 + 1] : [...(lines[r1 + 1] ?? '')][c1 * 2];
    const count = (r1 === r2 ? HORIZONTAL : VERTICAL).indexOf(ch ?? ' ') + 1;
    if (count > 0) out.set(v, count >= k);
    else if (ch !== undefined && ch !== ' ' && ch !== '.' && ch !== '?' && !/[-=|"]/.test(ch)) {
      throw new ProgressError(`progress line ${(r1 === r2 ? r1 : r1 + 1) + 1}: '${ch}' where a bridge from (${r1 + 1},${c1 + 1}) to (${r2 + 1},${c2 + 1}) would be drawn`);
    }
  }
  return out;
};

/** Block Party: the value grid; a cell's number decides all its values (it is that number, no other). */
const readBlockParty: Reader = (ex, lines) => {
  const p = ex.puzzle as { rows: number; cols: number };
  const rows = lines.filter((l) => !/^\s*\+/.test(l)).map((l) => l.split(/[\s|]+/).filter((t) => t !== ''));
  if (rows.length !== p.rows) throw new ProgressError(`progress has ${rows.length} rows, the puzzle ${p.rows}`);
  const byCell = new Map<string, { v: number; k: number }[]>();
  for (const v of ex.variables()) {
    const m = /^holds\((\d+),(\d+),(\d+)\)$/.exec(ex.model.nameOf(v) ?? '');
    if (!m) continue;
    const key = `${m[1]},${m[2]}`;
    let list = byCell.get(key);
    if (!list) byCell.set(key, (list = []));
    list.push({ v, k: Number(m[3]) });
  }
  const out = new Map<number, boolean>();
  rows.forEach((tokens, r) => {
    // A row of single characters may be written without spaces ("52134").
    const cells = tokens.length === 1 && tokens[0]!.length === p.cols && p.cols > 1 ? [...tokens[0]!] : tokens;
    if (cells.length !== p.cols) throw new ProgressError(`progress row ${r + 1}: ${cells.length} cells, the puzzle has ${p.cols} columns`);
    cells.forEach((t, c) => {
      if (t === '?' || t === '.') return;
      const n = Number(t);
      const values = byCell.get(`${r},${c}`) ?? [];
      if (!/^\d+$/.test(t) || n < 1) throw new ProgressError(`progress row ${r + 1}, column ${c + 1}: '${t}' is not a number (use ? for undecided)`);
      if (!values.some((x) => x.k === n)) throw new ProgressError(`progress row ${r + 1}, column ${c + 1}: ${n} is larger than the cell's region`);
      for (const x of values) out.set(x.v, x.k === n);
    });
  });
  return out;
};

const READERS: Record<string, Reader> = {
  starbattle: readStarBattle, akari: readAkari, hashi: readHashi, 'bridges-signs': readHashi, blockparty: readBlockParty,
};

/** Reads the player's grid as decided values (variable -> value); throws ProgressError naming the line. */
export function readProgress(ex: Explainer, text: string): Map<number, boolean> {
  const reader = READERS[ex.type.id];
  if (!reader) throw new ProgressError(`hints are not available for ${ex.type.id} yet`);
  return reader(ex, gridLines(text));
}
