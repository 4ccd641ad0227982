/**
 * A small unit propagator over an explicit clause list, used to say *how* a step's facts force its
 * cells: by plain propagation, by failed-literal probing on top of it, or only by deeper case
 * analysis. It runs on the few clauses of one step's facts, independently of the SAT engine (whose
 * learned clauses would make every later step look like propagation).
 */
import type { Clause, Lit } from '../sat/types.js';

export type Technique = 'propagation' | 'probing' | 'case analysis';

/** The ranking of techniques, easiest first. */
export const TECHNIQUES: readonly Technique[] = ['propagation', 'probing', 'case analysis'];

class Propagator {
  private readonly occurs = new Map<Lit, number[]>();
  private readonly value = new Map<number, boolean>();
  private readonly trail: number[] = [];

  constructor(private readonly clauses: readonly Clause[]) {
    clauses.forEach((c, i) => {
      for (const l of c) {
        let list = this.occurs.get(-l);
        if (!list) this.occurs.set(-l, (list = []));
        list.push(i); // clause i may become unit or empty when l turns false, i.e. when -l is set
      }
    });
  }

  variables(): number[] {
    const vars = new Set<number>();
    for (const c of this.clauses) for (const l of c) vars.add(Math.abs(l));
    return [...vars];
  }

  valueOf(lit: Lit): boolean | undefined {
    const v = this.value.get(Math.abs(lit));
    return v === undefined ? undefined : lit > 0 ? v : !v;
  }

  mark(): number {
    return this.trail.length;
  }

  undo(mark: number): void {
    while (this.trail.length > mark) this.value.delete(this.trail.pop()!);
  }

  /** Assigns the literals and propagates; false on a conflict (the assignment stays until `undo`). */
  assign(lits: readonly Lit[]): boolean {
    const queue: Lit[] = [];
    const set = (l: Lit): boolean => {
      const cur = this.valueOf(l);
      if (cur === true) return true;
      if (cur === false) return false;
      this.value.set(Math.abs(l), l > 0);
      this.trail.push(Math.abs(l));
      queue.push(l);
      return true;
    };
    for (const l of lits) if (!set(l)) return false;
    while (queue.length) {
      const l = queue.pop()!;
      for (const ci of this.occurs.get(l) ?? []) {
        const c = this.clauses[ci]!;
        let free: Lit | undefined;
        let freeCount = 0;
        let satisfied = false;
        for (const x of c) {
          const v = this.valueOf(x);
          if (v === true) { satisfied = true; break; }
          if (v === undefined) { free = x; freeCount++; if (freeCount > 1) break; }
        }
        if (satisfied || freeCount > 1) continue;
        if (freeCount === 0) return false;
        if (!set(free!)) return false;
      }
    }
    return true;
  }
}

/**
 * The easiest technique that refutes `assumptions` under `clauses`: a propagation conflict, a
 * conflict after failed-literal probing (each probe propagated; a failed probe's negation is kept,
 * to a fixpoint), or neither — deeper case analysis (the engine's search) was needed.
 */
export function techniqueFor(clauses: readonly Clause[], assumptions: readonly Lit[]): Technique {
  const p = new Propagator(clauses);
  const units = clauses.filter((c) => c.length === 1).map((c) => c[0]!);
  if (!p.assign([...units, ...assumptions])) return 'propagation';
  const vars = p.variables();
  for (let changed = true; changed;) {
    changed = false;
    for (const v of vars) {
      if (p.valueOf(v) !== undefined) continue;
      for (const lit of [v, -v]) {
        const m = p.mark();
        const ok = p.assign([lit]);
        p.undo(m);
        if (ok) continue;
        if (!p.assign([-lit])) return 'probing';
        changed = true;
        break;
      }
    }
  }
  return 'case analysis';
}

/**
 * The candidates whose negation propagates to a conflict under `clauses` ∧ `assumptions`: each is
 * implied (sound), and for encodings on which propagation is complete (the cardinality counters of a
 * single rule) these are all of them. Null when the assumptions themselves conflict.
 */
export function forcedByPropagation(clauses: readonly Clause[], assumptions: readonly Lit[], candidates: readonly Lit[]): Lit[] | null {
  const p = new Propagator(clauses);
  const units = clauses.filter((c) => c.length === 1).map((c) => c[0]!);
  if (!p.assign([...units, ...assumptions])) return null;
  return candidates.filter((lit) => {
    const v = p.valueOf(lit);
    if (v !== undefined) return v;
    const m = p.mark();
    const ok = p.assign([-lit]);
    p.undo(m);
    return !ok;
  });
}
