/**
 * A small unit propagator over an explicit clause list, written apart from the explainer's fact
 * solver (src/explain/fact-solver.ts), which it once was: the reference the tests compare that
 * solver's techniques and propagation with (plain propagation, failed-literal probing on top of it,
 * or only deeper case analysis).
 */
import type { Clause, Lit } from '../../src/sat/types.js';
import type { Technique } from '../../src/explain/technique.js';

/**
 * Unit propagation over a fixed clause list, on typed arrays: the clauses flattened into one array,
 * for each literal the clauses it can make unit or empty (when it turns false), values by variable.
 * Explanations build one per step and probe every variable through it, so it must be cheap to build
 * and to undo. Variables are numbered locally (1..n, in order of first mention), so its arrays are
 * as long as its own clauses, not the whole encoding's variable count; literals in and out of its
 * methods are the encoding's.
 */
export class Propagator {
  /** Clause i is lits[start[i] .. start[i + 1]) (local literals). */
  private readonly lits: Int32Array;
  private readonly start: Int32Array;
  /** The clauses watching local literal l (those containing -l) are occ[occStart[slot(l)] .. occStart[slot(l) + 1]). */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  /** 1 true, -1 false, 0 open; indexed by local variable. */
  private readonly value: Int8Array;
  /** Assigned local variables, latest last (negative: the encoding's variable, outside the clauses). */
  private trail: Int32Array;
  /** Values of variables that no clause mentions (assumptions only), by the encoding's variable. */
  private readonly outside = new Map<number, number>();
  private trailLength = 0;
  private readonly queue: Int32Array;
  private queueLength = 0;
  /** The encoding's variable of each local one (index 0 unused), and back. */
  private readonly globalOf: Int32Array;
  private readonly localOf = new Map<number, number>();
  private readonly vars: number[];
  /** The unit clauses' literals. */
  private readonly units: Lit[] = [];
  /**
   * The assumptions in force below `baseMark` (with the units); `baseOk` false when they conflict.
   * A later call whose assumptions include these keeps that state and adds only the new ones.
   */
  private base: Set<Lit> | null = null;
  private baseMark = 0;
  private baseOk = true;
  /** Per local literal slot: the probing round in which a successful probe implied it. */
  readonly implied: Int32Array;
  round = 0;

  constructor(clauses: readonly Clause[]) {
    let size = 0;
    for (const c of clauses) size += c.length;
    const localLits = new Int32Array(size);
    this.vars = [];
    let k = 0;
    for (const c of clauses) {
      if (c.length === 1) this.units.push(c[0]!);
      for (const l of c) {
        const v = l > 0 ? l : -l;
        let x = this.localOf.get(v);
        if (x === undefined) { this.vars.push(v); x = this.vars.length; this.localOf.set(v, x); }
        localLits[k++] = l > 0 ? x : -x;
      }
    }
    const n = this.vars.length;
    this.globalOf = new Int32Array(n + 1);
    this.vars.forEach((v, i) => { this.globalOf[i + 1] = v; });
    this.lits = localLits;
    this.start = new Int32Array(clauses.length + 1);
    const slots = 2 * (n + 1);
    const count = new Int32Array(slots + 1);
    k = 0;
    for (let i = 0; i < clauses.length; i++) {
      this.start[i] = k;
      for (let j = clauses[i]!.length; j > 0; j--) count[slot(-localLits[k++]!) + 1]! += 1;
    }
    this.start[clauses.length] = k;
    for (let s = 0; s < slots; s++) count[s + 1]! += count[s]!;
    this.occStart = count.slice();
    this.occ = new Int32Array(size);
    for (let i = 0; i < clauses.length; i++) {
      // clause i may become unit or empty when l turns false, i.e. when -l is set
      for (let j = this.start[i]!, e = this.start[i + 1]!; j < e; j++) this.occ[count[slot(-localLits[j]!)]!++] = i;
    }
    this.value = new Int8Array(n + 1);
    this.trail = new Int32Array(n + 1);
    this.queue = new Int32Array(n + 1);
    this.implied = new Int32Array(slots);
  }

  /**
   * Puts the units and these assumptions in force, propagated; false on a conflict. What is assigned
   * after this call (probes, derived literals) is undone by `reset`, which keeps this base state.
   * Unit propagation reaches the same fixpoint (or conflict) in any order, so a base state whose
   * assumptions are a subset of these is extended rather than rebuilt.
   */
  begin(assumptions: readonly Lit[]): boolean {
    if (this.base && this.baseOk && this.base.size <= assumptions.length) {
      const wanted = new Set(assumptions);
      let subset = true;
      for (const l of this.base) if (!wanted.has(l)) { subset = false; break; }
      if (subset) {
        this.undo(this.baseMark);
        const extra = assumptions.filter((l) => !this.base!.has(l));
        this.baseOk = this.assign(extra);
        this.base = wanted;
        this.baseMark = this.trailLength;
        return this.baseOk;
      }
    }
    this.undo(0);
    this.baseOk = this.assign(this.units) && this.assign(assumptions);
    this.base = new Set(assumptions);
    this.baseMark = this.trailLength;
    return this.baseOk;
  }

  /** Back to the state `begin` left. */
  reset(): void {
    this.undo(this.baseMark);
  }

  /** The clauses' variables (the encoding's), in order of first mention. */
  variables(): number[] {
    return this.vars;
  }

  /** How many variables the clauses mention: local variables are 1..count. */
  variableCount(): number {
    return this.vars.length;
  }

  valueOf(lit: Lit): boolean | undefined {
    const v = Math.abs(lit);
    const local = this.localOf.get(v);
    const x = local !== undefined ? this.value[local]! : this.outside.get(v) ?? 0;
    return x === 0 ? undefined : (x > 0) === (lit > 0);
  }

  /** The value of local variable v: 1 true, -1 false, 0 open. */
  localValue(v: number): number {
    return this.value[v]!;
  }

  mark(): number {
    return this.trailLength;
  }

  undo(mark: number): void {
    while (this.trailLength > mark) {
      const v = this.trail[--this.trailLength]!;
      if (v < 0) this.outside.delete(-v);
      else this.value[v] = 0;
    }
  }

  /** Calls f with every local literal assigned since `mark` (variables inside the clauses only). */
  forEachLocalSince(mark: number, f: (lit: number) => void): void {
    for (let i = mark; i < this.trailLength; i++) {
      const v = this.trail[i]!;
      if (v > 0) f(this.value[v]! > 0 ? v : -v);
    }
  }

  /** Sets a variable no clause mentions (an assumption): nothing propagates from it. */
  private setOutside(l: Lit): number {
    const v = Math.abs(l);
    const x = this.outside.get(v);
    if (x !== undefined) return (x > 0) === (l > 0) ? 0 : -1;
    this.outside.set(v, l > 0 ? 1 : -1);
    this.pushTrail(-v);
    return 1;
  }

  private pushTrail(entry: number): void {
    if (this.trailLength === this.trail.length) {
      const bigger = new Int32Array(2 * this.trail.length + 16);
      bigger.set(this.trail);
      this.trail = bigger;
    }
    this.trail[this.trailLength++] = entry;
  }

  /** Sets an encoding literal: 1 when set now, 0 when already true, -1 when false (a conflict). */
  private setGlobal(l: Lit): number {
    const local = this.localOf.get(l > 0 ? l : -l);
    if (local === undefined) return this.setOutside(l);
    return this.set(l > 0 ? local : -local);
  }

  /** Sets a local literal: 1 when set now, 0 when already true, -1 when false (a conflict). */
  private set(l: number): number {
    const v = l > 0 ? l : -l;
    const x = this.value[v]!;
    if (x !== 0) return (x > 0) === (l > 0) ? 0 : -1;
    this.value[v] = l > 0 ? 1 : -1;
    this.pushTrail(v);
    this.queue[this.queueLength++] = l;
    return 1;
  }

  /** Assigns the literals and propagates; false on a conflict (the assignment stays until `undo`). */
  assign(lits: readonly Lit[]): boolean {
    this.queueLength = 0;
    for (const l of lits) if (this.setGlobal(l) < 0) return false;
    return this.propagate();
  }

  /** Assigns one literal and propagates; false on a conflict. */
  assignOne(lit: Lit): boolean {
    this.queueLength = 0;
    return this.setGlobal(lit) >= 0 && this.propagate();
  }

  /** Assigns one local literal and propagates; false on a conflict. */
  assignLocal(lit: number): boolean {
    this.queueLength = 0;
    return this.set(lit) >= 0 && this.propagate();
  }

  private propagate(): boolean {
    const { lits: all, start, occ, occStart, value } = this;
    while (this.queueLength > 0) {
      const l = this.queue[--this.queueLength]!;
      const s = slot(l);
      for (let o = occStart[s]!, end = occStart[s + 1]!; o < end; o++) {
        const ci = occ[o]!;
        let free = 0;
        let freeCount = 0;
        let satisfied = false;
        for (let j = start[ci]!, e = start[ci + 1]!; j < e; j++) {
          const x = all[j]!;
          const val = value[x > 0 ? x : -x]!;
          if (val === 0) { free = x; if (++freeCount > 1) break; continue; }
          if ((val > 0) === (x > 0)) { satisfied = true; break; }
        }
        if (satisfied || freeCount > 1) continue;
        if (freeCount === 0 || this.set(free) < 0) { this.queueLength = 0; return false; }
      }
    }
    return true;
  }
}

/** The index of literal l among a propagator's per-literal lists. */
function slot(l: Lit): number {
  return l > 0 ? 2 * l : -2 * l + 1;
}

/**
 * The easiest technique that refutes `assumptions` under `clauses`: a propagation conflict, a
 * conflict after failed-literal probing (each probe propagated; a failed probe's negation is kept,
 * to a fixpoint), or neither — deeper case analysis (the engine's search) was needed.
 */
export function techniqueFor(clauses: readonly Clause[], assumptions: readonly Lit[]): Technique {
  return techniqueOn(new Propagator(clauses), assumptions);
}

/** `techniqueFor` on a propagator the caller keeps (built once over the same clause list; each call starts clean). */
export function techniqueOn(p: Propagator, assumptions: readonly Lit[]): Technique {
  if (!p.begin(assumptions)) return 'propagation';
  try {
    return probe(p);
  } finally {
    p.reset();
  }
}

/** Failed-literal probing to a fixpoint: 'probing' when it ends in a conflict, else 'case analysis'. */
function probe(p: Propagator): Technique {
  const n = p.variableCount();
  // A literal that a successful probe propagated cannot fail (its consequences are a subset of the
  // probe's) until the next failed literal changes the state: `implied` marks them for this round.
  const implied = p.implied;
  let round = ++p.round;
  const mark = (l: number) => { implied[slot(l)] = round; };
  for (let changed = true; changed;) {
    changed = false;
    for (let v = 1; v <= n; v++) {
      if (p.localValue(v) !== 0) continue;
      for (let k = 0; k < 2; k++) {
        const lit = k === 0 ? v : -v;
        if (implied[slot(lit)] === round) continue;
        const m = p.mark();
        const ok = p.assignLocal(lit);
        if (ok) p.forEachLocalSince(m, mark);
        p.undo(m);
        if (ok) continue;
        if (!p.assignLocal(-lit)) return 'probing';
        round = ++p.round;
        changed = true;
        break;
      }
    }
  }
  return 'case analysis';
}

/**
 * The candidates whose negation propagates to a conflict under the propagator's clauses ∧
 * `assumptions`: each is implied (sound), and for encodings on which propagation is complete (the
 * cardinality counters of a single rule) these are all of them. Null when the assumptions themselves
 * conflict. The propagator is the caller's, kept across calls; each call starts clean.
 */
export function forcedOn(p: Propagator, assumptions: readonly Lit[], candidates: readonly Lit[]): Lit[] | null {
  if (!p.begin(assumptions)) return null;
  try {
    return candidates.filter((lit) => {
      const v = p.valueOf(lit);
      if (v !== undefined) return v;
      const m = p.mark();
      const ok = p.assignOne(-lit);
      p.undo(m);
      return !ok;
    });
  } finally {
    p.reset();
  }
}
