/**
 * Cardinality networks (Asín, Nieuwenhuis, Oliveras, Rodríguez-Carbonell 2011): an m-cardinality
 * network sorts its inputs far enough to know the m largest, built from half merges (HMerge),
 * half sorters (HSort) and simplified merges (SMerge, which keeps only the first m+1 outputs).
 * m is the needed bound (k+1 for atMost/exactly, k for atLeast) rounded up to a power of two and
 * the inputs are padded with false to a multiple of m.
 *
 * The network is first built symbolically: every comparator output is an OR or AND gate, constants
 * (the padding) are folded away and equal gates are shared. Clauses are then emitted on demand,
 * backwards from the outputs the constraint asserts, so gates that cannot influence them (the extra
 * outputs from rounding m up) cost nothing. Per comparator: 2 variables, 3 clauses per direction.
 */
import type { Lit } from '../../sat/types.js';
import type { ClauseSink } from './types.js';
import { counterEncoder, type Directions } from './common.js';

const FALSE = 0;
const TRUE = 1;

type Gate = { op: 'input'; lit: Lit } | { op: 'or' | 'and'; a: number; b: number };

/** Monotone OR/AND gates over the inputs, emitted as clauses only when asked for. */
class Circuit {
  private readonly gates: Gate[] = [{ op: 'input', lit: 0 }, { op: 'input', lit: 0 }]; // 0, 1: constants
  private readonly shared = new Map<string, number>();
  private readonly lits: (Lit | undefined)[] = [];
  private readonly emittedUp = new Set<number>();
  private readonly emittedDown = new Set<number>();

  constructor(private readonly sink: ClauseSink) {}

  input(lit: Lit): number {
    return this.intern(`i${lit}`, { op: 'input', lit });
  }

  or(a: number, b: number): number {
    if (a === TRUE || b === TRUE) return TRUE;
    if (a === FALSE || a === b) return b;
    if (b === FALSE) return a;
    return this.intern(`o${Math.min(a, b)},${Math.max(a, b)}`, { op: 'or', a, b });
  }

  and(a: number, b: number): number {
    if (a === FALSE || b === FALSE) return FALSE;
    if (a === TRUE || a === b) return b;
    if (b === TRUE) return a;
    return this.intern(`a${Math.min(a, b)},${Math.max(a, b)}`, { op: 'and', a, b });
  }

  /** A 2-comparator: [larger, smaller] of two bits. */
  compare(a: number, b: number): [number, number] {
    return [this.or(a, b), this.and(a, b)];
  }

  /** The literal of a wire, with the clauses that tie it to its inputs in the given directions. */
  emit(id: number, dirs: Directions): Lit | boolean {
    if (id === FALSE) return false;
    if (id === TRUE) return true;
    const g = this.gates[id]!;
    if (g.op === 'input') return g.lit;
    let out = this.lits[id];
    if (out === undefined) { out = this.sink.newVar(); this.lits[id] = out; }
    const needUp = dirs.up && !this.emittedUp.has(id);
    const needDown = dirs.down && !this.emittedDown.has(id);
    if (!needUp && !needDown) return out;
    if (needUp) this.emittedUp.add(id);
    if (needDown) this.emittedDown.add(id);
    const todo = { up: needUp, down: needDown };
    const a = this.emit(g.a, todo) as Lit; // children of a gate are never constants (folded above)
    const b = this.emit(g.b, todo) as Lit;
    if (g.op === 'or') {
      if (needUp) { this.sink.addClause([-a, out]); this.sink.addClause([-b, out]); }
      if (needDown) this.sink.addClause([-out, a, b]);
    } else {
      if (needUp) this.sink.addClause([-a, -b, out]);
      if (needDown) { this.sink.addClause([-out, a]); this.sink.addClause([-out, b]); }
    }
    return out;
  }

  private intern(key: string, gate: Gate): number {
    let id = this.shared.get(key);
    if (id === undefined) {
      id = this.gates.length;
      this.gates.push(gate);
      this.shared.set(key, id);
    }
    return id;
  }
}

const odds = (a: readonly number[]) => a.filter((_, i) => i % 2 === 0); // a1, a3, ... (1-based)
const evens = (a: readonly number[]) => a.filter((_, i) => i % 2 === 1); // a2, a4, ...

/** HMerge: merges two sorted sequences of equal power-of-two length into one of twice the length. */
function halfMerge(c: Circuit, a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 1) return c.compare(a[0]!, b[0]!);
  const d = halfMerge(c, odds(a), odds(b));
  const e = halfMerge(c, evens(a), evens(b));
  const out = [d[0]!];
  for (let i = 1; i < a.length; i++) out.push(...c.compare(d[i]!, e[i - 1]!));
  out.push(e[a.length - 1]!);
  return out;
}

/** HSort: sorts a power-of-two number of wires. */
function halfSort(c: Circuit, a: readonly number[]): number[] {
  if (a.length === 1) return [...a];
  const mid = a.length / 2;
  return halfMerge(c, halfSort(c, a.slice(0, mid)), halfSort(c, a.slice(mid)));
}

/** SMerge: the first m+1 wires of merging two sorted sequences of power-of-two length m. */
function simplifiedMerge(c: Circuit, a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 1) return c.compare(a[0]!, b[0]!);
  const d = simplifiedMerge(c, odds(a), odds(b));
  const e = simplifiedMerge(c, evens(a), evens(b));
  const out = [d[0]!];
  for (let i = 1; i <= a.length / 2; i++) out.push(...c.compare(d[i]!, e[i - 1]!));
  return out;
}

/** The m largest of a (length a multiple of m, m a power of two), sorted. */
function cardinalityNetwork(c: Circuit, a: readonly number[], m: number): number[] {
  if (a.length === m) return halfSort(c, a);
  const half = Math.ceil(a.length / m / 2) * m;
  const d = cardinalityNetwork(c, a.slice(0, half), m);
  const e = cardinalityNetwork(c, a.slice(half), m);
  return simplifiedMerge(c, d, e).slice(0, m);
}

export const cardnet = counterEncoder('cardnet', (sink, x, cap, dirs) => {
  const c = new Circuit(sink);
  let m = 1;
  while (m < cap) m *= 2;
  const wires = x.map((l) => c.input(l));
  while (wires.length % m !== 0) wires.push(FALSE);
  const sorted = cardinalityNetwork(c, wires, m);
  return (r) => c.emit(sorted[r - 1]!, dirs);
});
