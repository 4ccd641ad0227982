/**
 * Small integer variables on a Model, linear sums over them and all-different.
 *
 * An IntVar over lo..hi has two views, each built when first needed and channelled to the other:
 * - one-hot: `eq(v)` literals, exactly one true;
 * - order:   `ge(v)` literals ("x >= v"), with ge(v+1) -> ge(v).
 * `eq`, `ge`, `le` always answer (the missing view is created on demand), and return the model's
 * TRUE/FALSE constants outside the domain. A domain of two values uses one variable for both views.
 */
import type { Lit } from '../sat/types.js';
import type { CardinalityEncoding } from './cardinality.js';
import type { Model } from './model.js';

export type IntEncoding = 'onehot' | 'order' | 'both';

export interface IntVarOptions {
  /** Which view to build up front (default `onehot`); the other appears lazily when asked for. */
  encoding?: IntEncoding;
  /** Variable names get this prefix (`name=3`, `name>=3`). */
  name?: string;
  /** Encoding of the one-hot view's exactly-one (default: the model's). */
  cardinality?: CardinalityEncoding;
}

export class IntVar {
  readonly lo: number;
  readonly hi: number;
  /** eqLits[v - lo] is "x = v" once the one-hot view exists. */
  private eqLits: Lit[] | undefined;
  /** geLits[v - lo - 1] is "x >= v" for v in lo+1..hi once the order view exists. */
  private geLits: Lit[] | undefined;

  constructor(private readonly model: Model, lo: number, hi: number, private readonly options: IntVarOptions = {}) {
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo > hi) {
      throw new Error(`integer domain ${lo}..${hi} is not a non-empty integer range`);
    }
    this.lo = lo;
    this.hi = hi;
    if (hi - lo === 1) {
      // Two values: one variable is both "x = hi" and "x >= hi".
      const b = model.newVar(options.name === undefined ? undefined : `${options.name}>=${hi}`);
      this.eqLits = [-b, b];
      this.geLits = [b];
      return;
    }
    const encoding = options.encoding ?? 'onehot';
    if (encoding !== 'order') this.oneHot();
    if (encoding !== 'onehot') this.order();
  }

  /** Number of values in the domain. */
  get size(): number {
    return this.hi - this.lo + 1;
  }

  /** "x = v" (FALSE outside the domain). */
  eq(v: number): Lit {
    if (!Number.isInteger(v) || v < this.lo || v > this.hi) return this.model.FALSE;
    if (this.lo === this.hi) return this.model.TRUE;
    return this.oneHot()[v - this.lo]!;
  }

  /** "x >= v" (TRUE below the domain, FALSE above it). */
  ge(v: number): Lit {
    const t = Math.ceil(v);
    if (t <= this.lo) return this.model.TRUE;
    if (t > this.hi) return this.model.FALSE;
    return this.order()[t - this.lo - 1]!;
  }

  /** "x <= v". */
  le(v: number): Lit {
    return -this.ge(Math.floor(v) + 1);
  }

  /** The value in a model. */
  value(valueOf: (lit: Lit) => boolean): number {
    if (this.lo === this.hi) return this.lo;
    if (this.eqLits) {
      const i = this.eqLits.findIndex((l) => valueOf(l));
      if (i >= 0) return this.lo + i;
    }
    let v = this.lo;
    for (const l of this.order()) if (valueOf(l)) v++;
    return v;
  }

  /** The one-hot literals, building and channelling them to the order view on first use. */
  private oneHot(): Lit[] {
    if (this.eqLits) return this.eqLits;
    const m = this.model;
    const eq: Lit[] = [];
    for (let v = this.lo; v <= this.hi; v++) eq.push(m.newVar(this.options.name === undefined ? undefined : `${this.options.name}=${v}`));
    this.eqLits = eq;
    if (this.geLits) {
      // x = v  <->  x >= v and not x >= v+1; exactly-one then follows from the order view.
      for (let v = this.lo; v <= this.hi; v++) {
        const e = eq[v - this.lo]!;
        const above = v > this.lo ? this.ge(v) : undefined;
        const beyond = v < this.hi ? this.ge(v + 1) : undefined;
        if (above !== undefined) m.addClause([-e, above]);
        if (beyond !== undefined) m.addClause([-e, -beyond]);
        m.addClause([e, ...(above !== undefined ? [-above] : []), ...(beyond !== undefined ? [beyond] : [])]);
      }
    } else {
      m.exactly(eq, 1, this.options.cardinality ? { encoding: this.options.cardinality } : {});
    }
    return eq;
  }

  /** The order literals, building and channelling them to the one-hot view on first use. */
  private order(): Lit[] {
    if (this.geLits) return this.geLits;
    const m = this.model;
    const ge: Lit[] = [];
    for (let v = this.lo + 1; v <= this.hi; v++) ge.push(m.newVar(this.options.name === undefined ? undefined : `${this.options.name}>=${v}`));
    this.geLits = ge;
    for (let i = 1; i < ge.length; i++) m.addClause([-ge[i]!, ge[i - 1]!]);
    if (this.eqLits) {
      // x >= v  <->  x >= v+1 or x = v (from the top down), and x = v excludes x >= v+1.
      const eq = this.eqLits;
      for (let v = this.lo + 1; v <= this.hi; v++) {
        const g = ge[v - this.lo - 1]!;
        const next = v < this.hi ? ge[v - this.lo] : undefined;
        const e = eq[v - this.lo]!;
        m.addClause([-e, g]);
        m.addClause(next === undefined ? [-g, e] : [-g, next, e]);
      }
      for (let v = this.lo; v < this.hi; v++) m.addClause([-eq[v - this.lo]!, -ge[v - this.lo]!]);
    }
    return ge;
  }
}

/** A fresh integer variable over lo..hi. */
export function intVar(model: Model, lo: number, hi: number, options: IntVarOptions = {}): IntVar {
  return new IntVar(model, lo, hi, options);
}

// ---------------------------------------------------------------------------------------------
// Linear constraints

/** A term of a linear sum: an integer variable (coefficient 1), a scaled one, or a weighted literal (0 or coef). */
export type LinearTerm = IntVar | { coef: number; var: IntVar } | { coef: number; lit: Lit };

export type Comparison = '=' | '<=' | '>=';

export interface LinearOptions {
  /**
   * `cardinality`: only for coefficients +-1: each integer contributes its order literals, and the
   * sum becomes one cardinality constraint (size of the chosen cardinality encoding over
   * sum(hi-lo) literals). `dp`: a layered decision diagram over partial sums (any coefficients).
   * `auto` (default): `cardinality` when every coefficient is +-1, else `dp`.
   */
  method?: 'auto' | 'cardinality' | 'dp';
  /** Cardinality encoding for the `cardinality` method (default: the model's). */
  cardinality?: CardinalityEncoding;
}

/** One alternative of a term: it contributes `w` exactly when `when` holds. */
interface Choice { w: number; when: Lit }

interface NormalTerm { coef: number; var?: IntVar; lit?: Lit }

function normalize(terms: readonly LinearTerm[]): NormalTerm[] {
  return terms.map((t) => {
    if (t instanceof IntVar) return { coef: 1, var: t };
    if (!Number.isInteger(t.coef)) throw new Error(`linear coefficient must be an integer, got ${t.coef}`);
    return 'var' in t ? { coef: t.coef, var: t.var } : { coef: t.coef, lit: t.lit };
  }).filter((t) => t.coef !== 0);
}

function accepts(op: Comparison, sum: number, constant: number): boolean {
  return op === '=' ? sum === constant : op === '<=' ? sum <= constant : sum >= constant;
}

/** sum(terms) op constant. */
export function linear(model: Model, terms: readonly LinearTerm[], op: Comparison, constant: number, options: LinearOptions = {}): void {
  if (!Number.isInteger(constant)) throw new Error(`linear constant must be an integer, got ${constant}`);
  const normal = normalize(terms);
  const unit = normal.every((t) => t.coef === 1 || t.coef === -1);
  const method = options.method ?? 'auto';
  if (method === 'cardinality' && !unit) throw new Error("linear method 'cardinality' needs every coefficient to be +1 or -1");
  if (method === 'dp' || (method === 'auto' && !unit)) linearByDiagram(model, normal, op, constant);
  else linearByCardinality(model, normal, op, constant, options.cardinality);
}

/** sum(terms) = constant. */
export function sumEquals(model: Model, terms: readonly LinearTerm[], constant: number, options: LinearOptions = {}): void {
  linear(model, terms, '=', constant, options);
}

export function sumAtMost(model: Model, terms: readonly LinearTerm[], constant: number, options: LinearOptions = {}): void {
  linear(model, terms, '<=', constant, options);
}

export function sumAtLeast(model: Model, terms: readonly LinearTerm[], constant: number, options: LinearOptions = {}): void {
  linear(model, terms, '>=', constant, options);
}

/**
 * Unit coefficients: x = lo + sum over v in lo+1..hi of [x >= v], and -x = -hi + sum of [x < v],
 * so the sum is a constant plus a count of literals.
 */
function linearByCardinality(model: Model, terms: readonly NormalTerm[], op: Comparison, constant: number, encoding?: CardinalityEncoding): void {
  let offset = 0;
  const lits: Lit[] = [];
  for (const t of terms) {
    if (t.var) {
      const x = t.var;
      offset += t.coef > 0 ? x.lo : -x.hi;
      for (let v = x.lo + 1; v <= x.hi; v++) lits.push(t.coef > 0 ? x.ge(v) : -x.ge(v));
    } else {
      if (t.coef < 0) offset -= 1;
      lits.push(t.coef > 0 ? t.lit! : -t.lit!);
    }
  }
  const k = constant - offset;
  const card = encoding ? { encoding } : {};
  if (op === '=') model.exactly(lits, k, card);
  else if (op === '<=') model.atMost(lits, k, card);
  else model.atLeast(lits, k, card);
}

/**
 * Decision diagram over partial sums. Layer i holds the partial sums of the first i terms that are
 * reachable from 0 and can still reach an accepted total; node (i, s) is a variable "the first i
 * terms sum to s". Clauses: node(i,s) & term_i = v -> node(i+1, s + c v) (or a conflict when that
 * sum is dead), which makes the encoding exact on the terms; plus support clauses node(i+1,t) ->
 * some predecessor node / some value of term_i that leads to t, for propagation backwards.
 * Size: one variable per live node (at most n * number of distinct partial sums) and
 * O(nodes * domain) clauses. Integer terms use their one-hot view.
 */
/** Largest number of partial-sum nodes one diagram may have before `linear` refuses (clear error, no blow-up). */
export const DIAGRAM_MAX_NODES = 200_000;

function linearByDiagram(model: Model, terms: readonly NormalTerm[], op: Comparison, constant: number): void {
  const choices: Choice[][] = terms.map((t) => {
    if (t.lit !== undefined) return [{ w: 0, when: -t.lit }, { w: t.coef, when: t.lit }];
    const x = t.var!;
    const out: Choice[] = [];
    for (let v = x.lo; v <= x.hi; v++) out.push({ w: t.coef * v, when: x.eq(v) });
    return out;
  });
  const n = choices.length;
  // Forward: reachable partial sums; backward: keep those that can still end accepted.
  const reach: Set<number>[] = [new Set([0])];
  for (let i = 0; i < n; i++) {
    const next = new Set<number>();
    for (const s of reach[i]!) for (const c of choices[i]!) next.add(s + c.w);
    if (next.size > DIAGRAM_MAX_NODES) {
      throw new Error(`linear sum too large for a decision diagram: more than ${DIAGRAM_MAX_NODES} partial sums after ${i + 1} terms`);
    }
    reach.push(next);
  }
  const live: Set<number>[] = new Array(n + 1);
  live[n] = new Set([...reach[n]!].filter((s) => accepts(op, s, constant)));
  for (let i = n - 1; i >= 0; i--) {
    live[i] = new Set([...reach[i]!].filter((s) => choices[i]!.some((c) => live[i + 1]!.has(s + c.w))));
  }
  if (!live[0]!.has(0)) { model.addClause([model.FALSE]); return; }
  // Node literals for the inner layers; layer 0 is the constant sum 0 and the last layer is implicit.
  const node: Map<number, Lit>[] = [];
  for (let i = 0; i <= n; i++) {
    const layer = new Map<number, Lit>();
    if (i > 0 && i < n) for (const s of live[i]!) layer.set(s, model.newVar());
    node.push(layer);
  }
  const lit = (i: number, s: number): Lit[] => (i === 0 ? [] : [node[i]!.get(s)!]);
  for (let i = 0; i < n; i++) {
    for (const s of live[i]!) {
      const from = lit(i, s).map((l) => -l);
      for (const c of choices[i]!) {
        const t = s + c.w;
        if (!live[i + 1]!.has(t)) model.addClause([...from, -c.when]);
        else if (i + 1 < n) model.addClause([...from, -c.when, node[i + 1]!.get(t)!]);
      }
    }
    if (i === 0) continue;
    // Support: a node on layer i+1 needs a predecessor and a value of term i that lead to it.
    for (const [t, target] of node[i + 1]!) {
      const preds = new Set<Lit>();
      const values = new Set<Lit>();
      for (const c of choices[i]!) {
        const pred = node[i]!.get(t - c.w);
        if (pred !== undefined) { preds.add(pred); values.add(c.when); }
      }
      model.addClause([-target, ...preds]);
      model.addClause([-target, ...values]);
    }
  }
  // Layer 1 nodes are reached from the constant 0: node(1, w) needs term 0 to contribute w.
  if (n > 1) {
    for (const [t, target] of node[1]!) {
      model.addClause([-target, ...choices[0]!.filter((c) => c.w === t).map((c) => c.when)]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// All-different

export interface AllDifferentOptions {
  /**
   * Extra redundant constraints that strengthen propagation:
   * - `none`: only "at most one variable takes each value";
   * - `pigeonhole` (default): also "every value is taken" when there are exactly as many values as
   *   variables, and a conflict when there are fewer;
   * - `hall`: additionally, for every interval [a,b] of values, at most b-a+1 variables lie in it
   *   (Bessiere et al. 2009; bounds consistency; O(n d^2) auxiliary gates).
   */
  strengthen?: 'none' | 'pigeonhole' | 'hall';
  cardinality?: CardinalityEncoding;
}

/** No two of `vars` take the same value. */
export function allDifferent(model: Model, vars: readonly IntVar[], options: AllDifferentOptions = {}): void {
  const strengthen = options.strengthen ?? 'pigeonhole';
  const card = options.cardinality ? { encoding: options.cardinality } : {};
  if (vars.length < 2) return;
  const lo = Math.min(...vars.map((x) => x.lo));
  const hi = Math.max(...vars.map((x) => x.hi));
  const values: number[] = [];
  for (let v = lo; v <= hi; v++) if (vars.some((x) => x.lo <= v && v <= x.hi)) values.push(v);
  for (const v of values) {
    const takers = vars.filter((x) => x.lo <= v && v <= x.hi).map((x) => x.eq(v));
    if (takers.length >= 2) model.atMost(takers, 1, card);
  }
  if (strengthen === 'none') return;
  if (vars.length > values.length) { model.addClause([model.FALSE]); return; }
  if (vars.length === values.length) {
    for (const v of values) model.addClause(vars.filter((x) => x.lo <= v && v <= x.hi).map((x) => x.eq(v)));
  }
  if (strengthen !== 'hall') return;
  for (let a = lo; a <= hi; a++) {
    for (let b = a + 1; b <= hi; b++) {
      const meeting = vars.filter((x) => x.lo <= b && a <= x.hi);
      if (meeting.length <= b - a + 1) continue; // cannot overflow
      const inside = meeting.map((x) => model.and([x.ge(a), x.le(b)].filter((l) => model.constantValue(l) !== true)));
      model.atMost(inside, b - a + 1, card);
    }
  }
}
