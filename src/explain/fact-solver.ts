/**
 * A small CDCL solver for the explainer's questions: "do these facts, these decided cells and this
 * negated value have a solution?", and when not, which of them the refutation used (a core).
 *
 * Why not the engine: the engine is incremental, so its cores depend on everything it learnt from
 * earlier calls (and on its heuristics, which change with the engine build), and every call assigns
 * every variable of the whole puzzle even when the question concerns a handful of facts. Here each
 * call starts from the same state — no learnt clauses kept, activities at zero, the same phases —
 * and looks only at the clauses of the facts it was given. So a call's answer
 * *and its core* are a function of the question alone (the facts, the assumptions and their order),
 * and an explanation, hence a grade, depends only on the puzzle and this code.
 *
 * The formula is the explain formula: each fact's clauses (on only when the fact is listed) and the
 * always-on clauses. A fact is a selector variable, assumed at level 1; its clauses do not contain
 * the selector's literal (so listing a fact costs nothing until its clauses are touched), but
 * conflict analysis adds it wherever one of its clauses is used, so learnt clauses and cores name
 * the facts they rest on, exactly as if every clause carried it.
 *
 * Propagation scans each clause whose literal turned false (occurrence lists, not watched literals:
 * watches move literals inside clauses, which would carry state from one call to the next).
 *
 * Every call tries each variable first at the same value (the phases: the solution's, for cells),
 * and decides the puzzle's own variables (cells) before auxiliary ones (counters) when activities tie.
 *
 * A connectivity rule (`Fact.connects`, Hashi's "all islands are connected") is propagated as a
 * graph (cut-finder.ts) in place of its clauses: at each fixpoint where an edge turned false, a
 * split is a conflict and a bridge among the usable edges is forced, with the cut's false edges as
 * the reason. Reasons are kept as clauses owned by the fact, so analysis and cores treat them as
 * the fact's own clauses. Searching through the eager distance clauses instead took most of a
 * Hashi grade's time, and their probes made "the only way out of this group" a probing step.
 * A no-loops rule (`Fact.forest`, Tatham's `L`) is propagated the same way (loop-finder.ts), at
 * each fixpoint where an edge turned true: a loop is a conflict and an edge whose ends are already
 * joined is forced false, with the joining path as the reason. Its clauses (depths along parent
 * links) needed a search for what is a glance at the grid.
 */
import type { Clause, Lit } from '../sat/types.js';
import type { Technique } from './technique.js';
import { CutFinder } from './cut-finder.js';
import { LoopFinder } from './loop-finder.js';
import type { EdgeGraph } from './edge-graph.js';

/**
 * A fact that means "the edges whose literal is true connect all `vertices`" (`Fact.connects`), or
 * with `forest`, "the edges whose literal is true close no loop" (`Fact.forest`): the solver
 * propagates it on its edge literals (cut-finder.ts, loop-finder.ts) in place of its clauses.
 */
export interface FactGraph {
  vertices: number;
  edges: readonly { u: number; v: number; lit: Lit }[];
  forest?: boolean;
}

/** The facts and assumption literals a refutation used. */
export interface FactCore {
  facts: number[];
  lits: Lit[];
}

const NO_REASON = -1;

/** Clauses longer than this do not make their variables neighbours for the probing order (see `technique`). */
const NEIGHBOUR_CLAUSE = 16;

/** Conflicts before the first restart; later ones follow the Luby sequence in this unit. */
const RESTART_UNIT = 100;

export class FactSolver {
  /** Formula variables are local 1..own; fact f's selector is selector0 + f. */
  private readonly selector0: number;
  private readonly localOf: Int32Array;
  private readonly globalOf: Int32Array;
  /** Static clauses: lits[start[c] .. start[c + 1]) as literal codes (2x, 2x + 1 for ¬x); owner fact or -1. */
  private readonly start: Int32Array;
  private readonly lits: Int32Array;
  private readonly owner: Int32Array;
  private readonly clauseCount: number;
  /** occ[occStart[code] .. occStart[code + 1]): the static clauses containing literal `code`. */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  /** Per occurrence, for a binary clause its other literal (else -1). */
  private readonly occOther: Int32Array;
  /** Per clause, a literal of it last seen true (only where a scan starts: any start finds the same). */
  private readonly blocker: Int32Array;
  /**
   * A literal's occurrences come in runs of one owner each (clauses are numbered fact by fact):
   * run r covers occ[runBegin[r] .. runBegin[r + 1]), owned by runOwner[r]; literal `code`'s runs
   * are runOff[code] .. runOff[code + 1]. Propagation skips a fact that is off one run at a time.
   */
  private readonly runOff: Int32Array;
  private readonly runBegin: Int32Array;
  private readonly runOwner: Int32Array;
  /** Per fact, its clauses' variables and its unit clauses; the same for the always-on clauses. */
  private readonly factVars: Int32Array[];
  private readonly factUnits: Int32Array[];
  private readonly baseVars: Int32Array;
  private readonly baseUnits: Int32Array;

  // Per-call state.
  private readonly value: Int8Array;
  /** The same per literal code: 1 true, -1 false, 0 open. */
  private readonly litValue: Int8Array;
  private readonly level: Int32Array;
  private readonly reason: Int32Array;
  private readonly trail: Int32Array;
  private trailLength = 0;
  private qhead = 0;
  /** Where each decision level starts on the trail (levels 1..levels; level 0 is empty). */
  private readonly levelStart: Int32Array;
  private levels = 0;
  private readonly activity: Float64Array;
  /**
   * Set to 1 by every call (`begin`). Starts as a fraction so that V8 stores the field as a double
   * from the first object on: started at the small integer 1, the first conflict's growth (which a
   * Bridges grade may meet only after hundreds of calls) changed the field's representation, which
   * discards the class's hidden map and with it every optimized method of the solver (a cold
   * `generate` recompiled them all).
   */
  private activityInc = 0.5;
  private readonly phase: Int8Array;
  private readonly initialPhase: Int8Array;
  private readonly heap: Int32Array;
  private readonly heapPos: Int32Array;
  private heapSize = 0;
  private heapBuilt = false;
  /** Per active variable, its place in this call's order (ties in activity go to the earlier). */
  private readonly rank: Int32Array;
  private readonly seen: Uint8Array;
  private readonly factStamp: Int32Array;
  private readonly varStamp: Int32Array;
  private stamp = 0;
  private facts: readonly number[] = [];
  /** Learnt clauses of the current call: lits in learntLits[learntStart[k] .. learntStart[k + 1]). */
  private learntLits = new Int32Array(64);
  private learntStart = new Int32Array(16);
  private learntCount = 0;
  /** Learnt occurrences, as linked lists per literal code (reset per call through `touched`). */
  private readonly learntHead: Int32Array;
  private learntNext = new Int32Array(64);
  private learntClause = new Int32Array(64);
  private learntOccCount = 0;
  private readonly touched: number[] = [];

  /** Variables decided before the others (the puzzle's own: cells, not counters). */
  private readonly first: Uint8Array;
  private hasFirst = false;

  /** Per literal code, the probing round in which a successful probe set it (see `technique`). */
  private readonly probed: Int32Array;
  private probeRound = 0;
  /** Per variable, the `neighboursOf` call that queued it. */
  private readonly queued: Int32Array;
  private queuedStamp = 0;

  /**
   * Per fact: its clause when it is its only one and there are no always-on clauses, else -1: then
   * what propagation forces from it is read off the clause (see forcedByClause).
   */
  private readonly soleClause: Int32Array;
  /** Per literal code: the stamp of the forcedByClause call whose assumptions make it true. */
  private readonly assumedTrue: Int32Array;
  private assumedStamp = 0;
  /** Off: forcedByPropagation always propagates (the reference the tests compare forcedByClause with). */
  clauseShortcut = true;

  /** Per fact: its graph's propagator when the fact is a graph rule (connectivity, no loops) propagated as such. */
  private readonly graphOf: (EdgeGraph | undefined)[];
  /**
   * Per literal code: 1 when its turning false may matter to some graph (an edge literal of a
   * connectivity rule, whose edge may split the graph; the negation of a no-loops rule's, whose
   * edge may close a loop).
   */
  private readonly edgeCode: Uint8Array;
  /** The graphs of the listed facts, and whether an edge changed since they were last checked. */
  private readonly activeGraphs: { finder: EdgeGraph; fact: number }[] = [];
  private graphDirty = false;
  /** Off while probes run without graph checks (see graphProbesQuiet). */
  private graphChecks = true;
  /**
   * Whether the always-on clauses are edge-local: the groups of variables they link (sharing a
   * clause, transitively) each hold at most one edge variable of the graphs, and no edge's variable
   * is another edge's (see graphProbesQuiet).
   */
  private readonly edgeLocal: boolean;
  /** Off: probes of a connectivity rule alone always run the graph check (the reference the tests compare with). */
  graphShortcut = true;
  /** Per learnt-store clause: the fact it is a reason of (a graph's cut), or -1 for a learnt clause. */
  private learntOwner = new Int32Array(16);
  /**
   * Per learnt clause, two of its literals looked at before its scan: `learntBlocker` the one the
   * last scan found true (or its first open one), `learntOther` that scan's second open one. When
   * the first is true, or both are not false, the scan would end "nothing to do" too, so it is
   * skipped: what a scan finds does not depend on where it starts, and the answers stay the same.
   */
  private learntBlocker = new Int32Array(16);
  private learntOther = new Int32Array(16);

  /** Calls made, conflicts met, and calls whose probes skipped the graph checks (graphProbesQuiet), for the bench and tests. */
  readonly stats = { calls: 0, conflicts: 0, quietGraphProbes: 0 };

  /**
   * `graphs[f]`, when given, is what fact f means as a connectivity rule: the solver then propagates
   * the rule on the edge literals (cut-finder.ts) and leaves the fact's clauses out (they may add
   * variables of their own, which nothing else mentions).
   */
  constructor(factClauses: readonly (readonly Clause[])[], base: readonly Clause[], graphs: readonly (FactGraph | undefined)[] = []) {
    const facts = factClauses.map((cs, f) => (graphs[f] ? [] : cs));
    let maxVar = 0;
    let size = 0;
    let count = 0;
    const measure = (c: Clause): void => {
      size += c.length;
      count += 1;
      for (const l of c) if (l > maxVar) maxVar = l; else if (-l > maxVar) maxVar = -l;
    };
    for (const c of base) measure(c);
    for (const cs of facts) for (const c of cs) measure(c);
    for (const g of graphs) if (g) for (const e of g.edges) maxVar = Math.max(maxVar, Math.abs(e.lit));
    this.localOf = new Int32Array(maxVar + 1);
    const globals: number[] = [0];

    this.clauseCount = count;
    this.start = new Int32Array(count + 1);
    this.lits = new Int32Array(size);
    this.owner = new Int32Array(count);
    let k = 0;
    let ci = 0;
    // Each list's variables once, in order of first mention (a stamp per list instead of a set).
    const listed = new Int32Array(maxVar + 2);
    let list = 0;
    const vars: number[] = [];
    const units: number[] = [];
    const add = (c: Clause, owner: number) => {
      this.start[ci] = k;
      this.owner[ci] = owner;
      for (const l of c) {
        const v = l < 0 ? -l : l;
        let x = this.localOf[v]!;
        if (x === 0) { x = globals.length; globals.push(v); this.localOf[v] = x; }
        this.lits[k++] = 2 * x + (l < 0 ? 1 : 0);
        if (listed[x] !== list) { listed[x] = list; vars.push(x); }
      }
      if (c.length === 1) units.push(ci);
      ci += 1;
    };
    list = 1;
    for (const c of base) add(c, -1);
    this.baseVars = Int32Array.from(vars);
    this.baseUnits = Int32Array.from(units);
    this.factUnits = [];
    this.soleClause = new Int32Array(facts.length).fill(-1);
    this.factVars = facts.map((cs, f) => {
      vars.length = 0;
      units.length = 0;
      list = f + 2;
      if (cs.length === 1 && cs[0]!.length > 0 && base.length === 0) this.soleClause[f] = ci;
      for (const c of cs) add(c, f);
      // A graph's variables are its edges' (numbered here when no clause mentioned them).
      for (const e of graphs[f]?.edges ?? []) {
        const v = Math.abs(e.lit);
        let x = this.localOf[v]!;
        if (x === 0) { x = globals.length; globals.push(v); this.localOf[v] = x; }
        if (listed[x] !== list) { listed[x] = list; vars.push(x); }
      }
      this.factUnits.push(Int32Array.from(units));
      return Int32Array.from(vars);
    });
    this.start[count] = k;
    this.blocker = new Int32Array(count);
    for (let c = 0; c < count; c++) this.blocker[c] = this.start[c] < k ? this.lits[this.start[c]!]! : 0;
    this.globalOf = Int32Array.from(globals);
    this.selector0 = globals.length;
    const nVars = this.selector0 + facts.length;

    const codes = 2 * nVars;
    const occCount = new Int32Array(codes + 1);
    for (let j = 0; j < size; j++) occCount[this.lits[j]! + 1]! += 1;
    for (let s = 0; s < codes; s++) occCount[s + 1]! += occCount[s]!;
    this.occStart = occCount.slice();
    this.occ = new Int32Array(size);
    this.occOther = new Int32Array(size);
    for (let c = 0; c < count; c++) {
      const s = this.start[c]!, e = this.start[c + 1]!;
      for (let j = s; j < e; j++) {
        const o = occCount[this.lits[j]!]!++;
        this.occ[o] = c;
        this.occOther[o] = e - s === 2 ? this.lits[j === s ? s + 1 : s]! : -1;
      }
    }
    const runOff = new Int32Array(codes + 1);
    const runBegin: number[] = [];
    const runOwner: number[] = [];
    for (let code = 0; code < codes; code++) {
      runOff[code] = runBegin.length;
      for (let o = this.occStart[code]!, e = this.occStart[code + 1]!; o < e; o++) {
        const f = this.owner[this.occ[o]!]!;
        if (o === this.occStart[code] || f !== runOwner[runOwner.length - 1]) { runBegin.push(o); runOwner.push(f); }
      }
    }
    runOff[codes] = runBegin.length;
    runBegin.push(size);
    this.runOff = runOff;
    this.runBegin = Int32Array.from(runBegin);
    this.runOwner = Int32Array.from(runOwner);

    this.value = new Int8Array(nVars);
    this.litValue = new Int8Array(2 * nVars);
    this.level = new Int32Array(nVars);
    this.reason = new Int32Array(nVars);
    this.trail = new Int32Array(nVars);
    this.levelStart = new Int32Array(nVars + 2);
    this.order = new Int32Array(nVars);
    this.activity = new Float64Array(nVars);
    this.phase = new Int8Array(nVars);
    this.initialPhase = new Int8Array(nVars).fill(-1);
    this.heap = new Int32Array(nVars);
    this.heapPos = new Int32Array(nVars).fill(-1);
    this.rank = new Int32Array(nVars);
    this.seen = new Uint8Array(nVars);
    this.markedVars = new Int32Array(nVars);
    this.factStamp = new Int32Array(facts.length);
    this.varStamp = new Int32Array(nVars);
    this.learntHead = new Int32Array(codes).fill(-1);
    this.first = new Uint8Array(nVars);
    this.probed = new Int32Array(codes);
    this.queued = new Int32Array(nVars);
    this.assumedTrue = new Int32Array(codes);
    this.edgeCode = new Uint8Array(codes);
    this.graphOf = facts.map((_, f) => {
      const g = graphs[f];
      if (!g) return undefined;
      const edges = g.edges.map((e) => {
        const x = this.localOf[Math.abs(e.lit)]!;
        const code = 2 * x + (e.lit < 0 ? 1 : 0);
        // An edge turning false may split a connectivity rule's graph; turning true (its negation
        // false), close a no-loops rule's loop.
        this.edgeCode[g.forest ? code ^ 1 : code] = 1;
        return { u: e.u, v: e.v, code };
      });
      return g.forest ? new LoopFinder(g.vertices, edges) : new CutFinder(g.vertices, edges);
    });
    this.edgeLocal = this.edgeLocality(base);
  }

  /** See `edgeLocal`: union-find over the always-on clauses' variables, then edges counted per group. */
  private edgeLocality(base: readonly Clause[]): boolean {
    const n = this.selector0;
    const parent = new Int32Array(n);
    for (let x = 0; x < n; x++) parent[x] = x;
    const root = (x: number): number => {
      while (parent[x] !== x) { parent[x] = parent[parent[x]!]!; x = parent[x]!; }
      return x;
    };
    for (const c of base) {
      const first = this.localOf[Math.abs(c[0] ?? 0)] ?? 0;
      for (let i = 1; i < c.length; i++) {
        const a = root(first), b = root(this.localOf[Math.abs(c[i]!)]!);
        if (a !== b) parent[b] = a;
      }
    }
    const edges = new Int32Array(n);
    // Only connectivity rules' edges count: the quiet probes are theirs alone (graphProbesQuiet).
    for (const finder of this.graphOf) {
      if (!(finder instanceof CutFinder)) continue;
      for (let i = 0; i < finder.codes.length; i++) if (++edges[root(finder.codes[i]! >> 1)]! > 1) return false;
    }
    return true;
  }

  /** The variables to decide first, before any other (ties in activity only). */
  decideFirst(vars: readonly number[]): void {
    for (const v of vars) {
      const x = v < this.localOf.length ? this.localOf[v]! : 0;
      if (x !== 0) this.first[x] = 1;
    }
    this.hasFirst = true;
    const split = (list: Int32Array): [Int32Array, Int32Array] => [list.filter((x) => this.first[x] === 1), list.filter((x) => this.first[x] !== 1)];
    [this.baseFirst, this.baseOther] = split(this.baseVars);
    this.factFirst = [];
    this.factOther = [];
    for (const list of this.factVars) {
      const [a, b] = split(list);
      this.factFirst.push(a);
      this.factOther.push(b);
    }
  }

  /** With `decideFirst`: each var list split into the variables decided first and the others (same order). */
  private baseFirst: Int32Array = new Int32Array(0);
  private baseOther: Int32Array = new Int32Array(0);
  private factFirst: Int32Array[] = [];
  private factOther: Int32Array[] = [];

  /** Every later call tries each variable first at its value here. */
  setPhases(value: (v: number) => boolean): void {
    const phases = new Int8Array(this.selector0);
    for (let x = 1; x < this.selector0; x++) phases[x] = value(this.globalOf[x]!) ? 1 : -1;
    this.backtrack(0);
    this.initialPhase.set(phases);
  }

  /** The solver's own numbers for these encoding variables (0 for one no clause mentions), for `modelSigns`. */
  localVariables(vars: readonly number[]): Int32Array {
    return Int32Array.from(vars, (v) => (v < this.localOf.length ? this.localOf[v]! : 0));
  }

  /** Each variable's value (given by `localVariables`) in the last call's model, in order: 1 true, -1 false, 0 unassigned (or unknown here). */
  modelSigns(locals: Int32Array): Int8Array {
    const out = new Int8Array(locals.length);
    for (let i = 0; i < locals.length; i++) { const x = locals[i]!; out[i] = x === 0 ? 0 : this.value[x]!; }
    return out;
  }

  /** The value of an encoding variable in the last call's model (after a satisfiable answer). */
  modelValue(v: number): boolean {
    const x = v < this.localOf.length ? this.localOf[v]! : 0;
    if (x === 0) return false;
    return this.value[x]! > 0;
  }

  /**
   * Solves the listed facts' clauses and the always-on ones under the assumptions. Null when they
   * have a solution; otherwise the facts and assumptions the refutation used (in the order they
   * were put in force). `check` is called now and then during a long search (it throws to stop).
   */
  refute(facts: readonly number[], assumptions: readonly Lit[], check?: () => void): FactCore | null {
    return this.refuteWithin(facts, assumptions, Infinity, check) as FactCore | null;
  }

  /**
   * `refute` with a conflict budget: 'unknown' once the search has met that many conflicts without
   * an answer. A budget in conflicts, not time, so the same question always gets the same answer.
   */
  refuteWithin(facts: readonly number[], assumptions: readonly Lit[], maxConflicts: number, check?: () => void): FactCore | null | 'unknown' {
    this.stats.calls += 1;
    const setUp = this.setUp(facts, assumptions);
    if (setUp !== null) return setUp === 'unit' ? this.coreOfConflict(this.failed) : this.coreOfLiteral(this.failed);
    let confl = this.propagate();
    if (confl !== NO_REASON) return this.coreOfConflict(confl);
    let conflicts = 0;
    let restarts = 0;
    let restartAt = RESTART_UNIT;
    for (;;) {
      if (confl === NO_REASON) {
        if (conflicts >= restartAt) {
          restarts += 1;
          restartAt = conflicts + RESTART_UNIT * luby(restarts + 1);
          this.backtrack(1);
        }
        const x = this.pickBranch();
        if (x === 0) return null;
        this.newLevel();
        this.enqueue(2 * x + (this.phase[x]! > 0 ? 0 : 1), NO_REASON);
      } else {
        conflicts += 1;
        this.stats.conflicts += 1;
        if ((conflicts & 255) === 0) check?.();
        if (conflicts > maxConflicts) return 'unknown';
        if (!this.heapBuilt) this.buildHeap();
        const learnt = this.analyze(confl);
        let back = 1;
        for (let i = 1; i < learnt.length; i++) back = Math.max(back, this.level[learnt[i]! >> 1]!);
        this.backtrack(back);
        const ref = this.addLearnt(learnt);
        this.enqueue(learnt[0]!, ref);
        if (this.levels === 1) {
          // Asserted at level 1 (under the assumptions only).
          confl = this.propagate();
          if (confl !== NO_REASON) return this.coreOfConflict(confl);
          continue;
        }
      }
      confl = this.propagate();
    }
  }

  /** What failed in `setUp`: a unit clause, or an assumption's literal code. */
  private failed = 0;

  /**
   * Starts a call: level 1 holds the listed facts' selectors, the unit clauses and the assumptions
   * (not yet propagated). Null, or what was already false: a unit clause or an assumption (`failed`).
   */
  private setUp(facts: readonly number[], assumptions: readonly Lit[]): 'unit' | 'assumption' | null {
    this.begin(facts);
    this.newLevel();
    // The selectors are true at level 1 but kept off the trail: no clause of the formula holds them
    // (only learnt ones, made later), so propagating them would do nothing; cores read them in
    // the facts' order, the order the trail would have had them in (see collect).
    const { value, litValue, level, reason } = this;
    for (let i = 0; i < facts.length; i++) {
      const x = this.selector0 + facts[i]!;
      if (value[x] !== 0) continue;
      value[x] = 1;
      litValue[2 * x] = 1;
      litValue[2 * x + 1] = -1;
      level[x] = 1;
      reason[x] = NO_REASON;
    }
    const baseUnits = this.baseUnits;
    for (let i = 0; i < baseUnits.length; i++) {
      const u = baseUnits[i]!;
      if (!this.enqueue(this.lits[this.start[u]!]!, u)) { this.failed = u; return 'unit'; }
    }
    for (let i = 0; i < facts.length; i++) {
      const units = this.factUnits[facts[i]!]!;
      for (let j = 0; j < units.length; j++) {
        const u = units[j]!;
        if (!this.enqueue(this.lits[this.start[u]!]!, u)) { this.failed = u; return 'unit'; }
      }
    }
    for (let i = 0; i < assumptions.length; i++) {
      const c = this.codeOf(assumptions[i]!);
      if (c < 0) continue; // no clause mentions it: it cannot take part
      if (!this.enqueue(c, NO_REASON)) { this.failed = c; return 'assumption'; }
    }
    return null;
  }

  /** The local literal code of an encoding literal, or -1 when no clause mentions its variable. */
  private codeOf(l: Lit): number {
    const v = Math.abs(l);
    const x = v < this.localOf.length ? this.localOf[v]! : 0;
    return x === 0 ? -1 : 2 * x + (l < 0 ? 1 : 0);
  }

  /**
   * The candidates that unit propagation over the listed facts' clauses, the always-on ones and
   * the assumptions implies (each candidate's negation propagates to a conflict); null when the
   * assumptions themselves conflict. Unit propagation reaches the same fixpoint in any order, so
   * this is `forcedOn` (test/helpers/propagate-reference.ts) over a Propagator of the same clauses.
   */
  forcedByPropagation(facts: readonly number[], assumptions: readonly Lit[], candidates: readonly Lit[]): Lit[] | null {
    if (facts.length === 1 && this.clauseShortcut) {
      const clause = this.soleClause[facts[0]!]!;
      if (clause >= 0) return this.forcedByClause(clause, assumptions, candidates);
    }
    if (this.setUp(facts, assumptions) !== null || this.propagate() !== NO_REASON) return null;
    // A connectivity rule alone: its probes need no graph check when they cannot matter (see graphProbesQuiet).
    const alone = facts.length === 1 ? this.graphOf[facts[0]!] : undefined;
    const quiet = this.graphShortcut && alone instanceof CutFinder && this.graphProbesQuiet(alone);
    const out: Lit[] = [];
    try {
      if (quiet) { this.graphChecks = false; this.stats.quietGraphProbes += 1; }
      for (let i = 0; i < candidates.length; i++) {
        const lit = candidates[i]!;
        const c = this.codeOf(lit);
        if (c < 0) continue;
        const v = this.litValue[c]!;
        if (v !== 0) {
          if (v > 0) out.push(lit);
          continue;
        }
        if (!this.holds(c ^ 1)) out.push(lit);
      }
    } finally {
      this.graphChecks = true;
    }
    return out;
  }

  /**
   * Whether, with only this graph's fact listed and its level-1 propagation done (every bridge of
   * the usable edges already forced), no probe's graph check can change its outcome, so probes may
   * skip the check. It holds when the always-on clauses are edge-local (`edgeLocal`: each group of
   * variables they link holds at most one edge) and no open edge, set true, conflicts with its own
   * group (a probe at level 1, clauses only). Then a probe's clause propagation stays in its group
   * and turns at most one edge false; that edge is not a bridge, so the graph stays connected; the
   * bridges it leaves are forced true, each in another group, where true does not conflict, and
   * true edges split nothing. So the probe conflicts exactly when its clauses do. (Hashi: each
   * group is one connection's "≥ 1", "≥ 2" bridges, and "≥ 1" true forces nothing.)
   */
  private graphProbesQuiet(finder: CutFinder): boolean {
    if (!this.edgeLocal) return false;
    const codes = finder.codes;
    this.graphChecks = false;
    try {
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i]!;
        if (this.litValue[c] === 0 && !this.holds(c)) return false;
      }
    } finally {
      this.graphChecks = true;
    }
    return true;
  }

  /**
   * forcedByPropagation for a fact of one clause and no always-on clauses, without assigning
   * anything: exactly what setUp, propagate and the probes do there, read off the clause. The clause
   * is visited once a literal of it is false; it conflicts when none of its literals is true or open,
   * and forces its one open literal (occurrences counted: the scan stops at a second open one, even
   * the same literal again). A probe of ¬c conflicts when the clause is unsatisfied and every open
   * occurrence is c. Assumptions that contradict each other fail, as in setUp.
   */
  private forcedByClause(clause: number, assumptions: readonly Lit[], candidates: readonly Lit[]): Lit[] | null {
    const mark = this.assumedTrue;
    if (++this.assumedStamp === 0x7fffffff) { this.assumedStamp = 1; mark.fill(0); }
    const stamp = this.assumedStamp;
    for (let i = 0; i < assumptions.length; i++) {
      const c = this.codeOf(assumptions[i]!);
      if (c < 0) continue;
      if (mark[c ^ 1] === stamp) return null;
      mark[c] = stamp;
    }
    const { lits } = this;
    const from = this.start[clause]!, to = this.start[clause + 1]!;
    let satisfied = false;
    let open = 0;
    let openLit = -1;
    for (let j = from; j < to; j++) {
      const x = lits[j]!;
      if (mark[x] === stamp) { satisfied = true; break; }
      if (mark[x ^ 1] !== stamp) { open += 1; openLit = x; }
    }
    if (!satisfied && open === 0) return null;
    const forced = !satisfied && open === 1 ? openLit : -1;
    const out: Lit[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const lit = candidates[i]!;
      const c = this.codeOf(lit);
      if (c < 0) continue;
      if (mark[c] === stamp || c === forced) { out.push(lit); continue; }
      if (mark[c ^ 1] === stamp || (c ^ 1) === forced || satisfied || forced >= 0) continue;
      // Probing ¬c: a conflict when c is the clause's every open occurrence (¬c in it would be true).
      let occurrences = 0;
      let other = false;
      for (let j = from; j < to; j++) {
        const x = lits[j]!;
        if (x === c) occurrences += 1;
        else if (mark[x ^ 1] !== stamp) { other = true; break; }
      }
      if (!other && occurrences === open) out.push(lit);
    }
    return out;
  }

  /** Whether literal code c can be set at a new level without a propagation conflict (undone after). */
  private holds(c: number): boolean {
    this.newLevel();
    const ok = this.enqueue(c, NO_REASON) && this.propagate() === NO_REASON;
    this.backtrack(1);
    return ok;
  }

  /** Whether unit propagation alone refutes the assumptions under the listed facts (technique 'propagation'). */
  propagates(facts: readonly number[], assumptions: readonly Lit[]): boolean {
    return this.setUp(facts, assumptions) !== null || this.propagate() !== NO_REASON;
  }

  /**
   * The easiest technique that refutes the assumptions under the listed facts: a propagation
   * conflict, a conflict after failed-literal probing to a fixpoint, or neither (case analysis).
   * The answer does not depend on the order of the probes, so it is `techniqueOn` (test/helpers/propagate-reference.ts)
   * over a Propagator of the same clauses.
   */
  technique(facts: readonly number[], assumptions: readonly Lit[]): Technique {
    if (this.propagates(facts, assumptions)) return 'propagation';
    const vars: number[] = [];
    const stamp = this.stamp;
    const add = (list: Int32Array) => {
      for (let i = 0; i < list.length; i++) {
        const x = list[i]!;
        if (this.varStamp[x] !== stamp) { this.varStamp[x] = stamp; vars.push(x); }
      }
    };
    add(this.baseVars);
    for (const f of facts) add(this.factVars[f]!);
    // The probes sweep the variables round and round until a whole circle finds no failed literal
    // (the fixpoint) or the state conflicts. The answer does not depend on the order of the probes,
    // so after a failed literal the variables that share a clause with it are probed first: where
    // the next failed literal nearly always is (a connectivity rule's counters fail one after the
    // other, layer by layer, which a plain sweep met one or two per pass of thousands of probes).
    // A literal that a successful probe set cannot fail (its consequences are a subset of the
    // probe's) until the next failed literal changes the state: `probed` marks them per round.
    const n = vars.length;
    const urgent: number[] = [];
    let round = ++this.probeRound;
    let at = 0;
    for (let clean = 0; clean < n;) {
      let x: number;
      if (urgent.length) x = urgent.pop()!;
      else {
        x = vars[at]!;
        at = at + 1 === n ? 0 : at + 1;
        clean += 1;
      }
      if (this.value[x] !== 0) continue;
      for (let k = 0; k < 2; k++) {
        const c = 2 * x + k;
        if (this.probed[c] === round) continue;
        const mark = this.trailLength;
        this.newLevel();
        const ok = this.enqueue(c, NO_REASON) && this.propagate() === NO_REASON;
        if (ok) for (let i = mark; i < this.trailLength; i++) this.probed[this.trail[i]!] = round;
        this.backtrack(1);
        if (ok) continue;
        if (!this.enqueue(c ^ 1, NO_REASON) || this.propagate() !== NO_REASON) return 'probing';
        round = ++this.probeRound;
        clean = 0;
        this.neighboursOf(x, urgent);
        break;
      }
    }
    return 'case analysis';
  }

  /**
   * Pushes the open variables of the listed facts' clauses (and the always-on ones) that contain
   * variable x, each once per call, clauses longer than NEIGHBOUR_CLAUSE left out (a hint for the
   * order of probes only).
   */
  private neighboursOf(x: number, out: number[]): void {
    const { runOff, runBegin, runOwner, occ, start, lits, factStamp, value, queued } = this;
    const stamp = this.stamp;
    if (++this.queuedStamp === 0x7fffffff) { this.queuedStamp = 1; queued.fill(0); }
    const mark = this.queuedStamp;
    for (let code = 2 * x; code <= 2 * x + 1; code++) {
      for (let r = runOff[code]!, rEnd = runOff[code + 1]!; r < rEnd; r++) {
        const f = runOwner[r]!;
        if (f >= 0 && factStamp[f] !== stamp) continue;
        for (let o = runBegin[r]!, end = runBegin[r + 1]!; o < end; o++) {
          const c = occ[o]!;
          const from = start[c]!, to = start[c + 1]!;
          if (to - from > NEIGHBOUR_CLAUSE) continue;
          for (let j = from; j < to; j++) {
            const y = lits[j]! >> 1;
            if (y === x || value[y] !== 0 || queued[y] === mark) continue;
            queued[y] = mark;
            out.push(y);
          }
        }
      }
    }
  }

  /** Resets to an empty assignment and marks the listed facts active. */
  private begin(facts: readonly number[]): void {
    // The heap is emptied here: the backtrack need not put the trail's variables back into it.
    this.heapBuilt = false;
    this.backtrack(0);
    const previous = this.facts;
    for (let i = 0; i < previous.length; i++) {
      const x = this.selector0 + previous[i]!;
      this.value[x] = 0;
      this.litValue[2 * x] = 0;
      this.litValue[2 * x + 1] = 0;
    }
    this.qhead = 0;
    for (let i = 0; i < this.heapSize; i++) this.heapPos[this.heap[i]!] = -1;
    this.heapSize = 0;
    for (const c of this.touched) this.learntHead[c] = -1;
    this.touched.length = 0;
    this.learntCount = 0;
    this.learntOccCount = 0;
    this.activityInc = 1;
    if (++this.stamp === 0x7fffffff) {
      this.stamp = 1;
      this.factStamp.fill(0);
      this.varStamp.fill(0);
    }
    for (let i = 0; i < facts.length; i++) this.factStamp[facts[i]!] = this.stamp;
    this.facts = facts;
    this.activeGraphs.length = 0;
    for (let i = 0; i < facts.length; i++) {
      const finder = this.graphOf[facts[i]!];
      if (finder) this.activeGraphs.push({ finder, fact: facts[i]! });
    }
    this.graphDirty = true;
    this.orderLength = 0;
    this.lastPick = -1;
    this.cursorIndex = 0;
    this.cursorPos = 0;
    this.cursorList = this.orderList(0);
  }

  /**
   * The decision heap, built at the first decision (many calls end before one): the variables of
   * the always-on clauses, then of each listed fact in order, each at zero activity and its first
   * phase; with equal activities, the earlier one is decided first.
   */
  /**
   * The variable lists in decision order: the always-on clauses', then each listed fact's, first the
   * `first` variables of each, then the others (see decideFirst); null past the last.
   */
  private orderList(i: number): Int32Array | null {
    const n = this.facts.length;
    if (!this.hasFirst) {
      if (i === 0) return this.baseVars;
      return i <= n ? this.factVars[this.facts[i - 1]!]! : null;
    }
    if (i === 0) return this.baseFirst;
    if (i <= n) return this.factFirst[this.facts[i - 1]!]!;
    if (i === n + 1) return this.baseOther;
    return i <= 2 * n + 1 ? this.factOther[this.facts[i - n - 2]!]! : null;
  }

  /**
   * Ranks the next variable of the decision order (each once, the first time it is met), at zero
   * activity and its first phase; returns it, or 0 when the order is exhausted.
   */
  private rankNext(): number {
    const { varStamp, order } = this;
    const stamp = this.stamp;
    for (;;) {
      const list = this.cursorList;
      if (list === null) return 0;
      while (this.cursorPos < list.length) {
        const x = list[this.cursorPos++]!;
        if (varStamp[x] === stamp) continue;
        varStamp[x] = stamp;
        this.activity[x] = 0;
        this.phase[x] = this.initialPhase[x]!;
        this.rank[x] = this.orderLength;
        order[this.orderLength++] = x;
        return x;
      }
      this.cursorPos = 0;
      this.cursorList = this.orderList(++this.cursorIndex);
    }
  }

  /**
   * Until the first conflict every activity is zero, so the heap would hand out the variables in
   * rank order: decisions walk the order instead (`rankNext`), without a heap. At the first
   * conflict the heap is built holding exactly what it would hold had it been built at the first
   * decision (the variables open then, less those popped: all ranked up to the last decision).
   */
  private buildHeap(): void {
    while (this.rankNext() !== 0);
    this.heapBuilt = true;
    const { order, value, level, heap, heapPos } = this;
    let size = this.heapSize;
    for (let i = this.lastPick + 1; i < this.orderLength; i++) {
      const x = order[i]!;
      if (value[x] !== 0 && level[x] < 2) continue;
      heap[size] = x;
      heapPos[x] = size++;
    }
    this.heapSize = size;
  }

  /** The decision order: its variables in rank order, and the walk through its lists. */
  private readonly order: Int32Array;
  private orderLength = 0;
  private cursorIndex = 0;
  private cursorList: Int32Array | null = null;
  private cursorPos = 0;
  /** The rank of the last decision taken by walking the order (-1: none yet). */
  private lastPick = -1;

  private newLevel(): void {
    this.levelStart[this.levels++] = this.trailLength;
  }

  /** Assigns literal code c (true) at the current level; false when it is already false. */
  private enqueue(c: number, reason: number): boolean {
    const x = c >> 1;
    const val = this.value[x]!;
    if (val !== 0) return (val > 0) === ((c & 1) === 0);
    this.value[x] = (c & 1) === 0 ? 1 : -1;
    this.litValue[c] = 1;
    this.litValue[c ^ 1] = -1;
    this.level[x] = this.levels;
    this.reason[x] = reason;
    this.trail[this.trailLength++] = c;
    return true;
  }

  private backtrack(lvl: number): void {
    if (this.levels <= lvl) return;
    const to = this.levelStart[lvl]!;
    const stamp = this.stamp;
    for (let i = this.trailLength - 1; i >= to; i--) {
      const c = this.trail[i]!;
      const x = c >> 1;
      this.phase[x] = this.value[x]!;
      this.value[x] = 0;
      this.litValue[c] = 0;
      this.litValue[c ^ 1] = 0;
      if (this.heapBuilt && this.heapPos[x]! < 0 && this.varStamp[x] === stamp) this.heapInsert(x);
    }
    this.trailLength = to;
    this.qhead = Math.min(this.qhead, to);
    this.levels = lvl;
  }

  /**
   * Propagates the trail through the clauses and, at each fixpoint where an edge changed since the
   * last check (see edgeCode), the listed graphs' rules; the conflicting clause's reference, or NO_REASON.
   */
  private propagate(): number {
    const confl = this.propagateClauses();
    if (confl !== NO_REASON || !this.graphDirty || !this.graphChecks || this.activeGraphs.length === 0) return confl;
    return this.propagateGraphs();
  }

  /** `propagate` past a clause fixpoint where a listed graph's edge changed (see edgeCode): the graphs' checks, then clauses again, until neither adds anything. */
  private propagateGraphs(): number {
    for (;;) {
      this.graphDirty = false;
      const before = this.trailLength;
      for (const { finder, fact } of this.activeGraphs) {
        const split = finder.check(this.litValue);
        const { reasonLits, reasonStart } = finder;
        if (split) return this.addReason(reasonLits, 0, reasonStart[1]!, fact);
        for (let k = 0; k < finder.reasonCount; k++) {
          const from = reasonStart[k]!;
          // Skipped when already set: each check reads the values earlier checks left, so only to the forced value.
          if (this.litValue[reasonLits[from]!] === 0) this.enqueue(reasonLits[from]!, this.addReason(reasonLits, from, reasonStart[k + 1]!, fact));
        }
      }
      if (this.trailLength === before) return NO_REASON;
      const confl = this.propagateClauses();
      if (confl !== NO_REASON || !this.graphDirty) return confl;
    }
  }

  /** Propagates the trail through the clauses; the conflicting clause's reference, or NO_REASON. */
  private propagateClauses(): number {
    const { lits, start, occ, runOff, runBegin, runOwner, occOther, litValue, factStamp, value, level, reason, trail, blocker, learntHead } = this;
    const stamp = this.stamp;
    const lvl = this.levels;
    let qhead = this.qhead;
    let trailLength = this.trailLength;
    let conflict = NO_REASON;
    // Only a listed graph cares which edges turned false (most puzzles have none).
    const edgeCode = this.activeGraphs.length > 0 ? this.edgeCode : null;
    search: while (qhead < trailLength) {
      const falseCode = trail[qhead++]! ^ 1;
      if (edgeCode !== null && edgeCode[falseCode] === 1) this.graphDirty = true;
      for (let r = runOff[falseCode]!, rEnd = runOff[falseCode + 1]!; r < rEnd; r++) {
        const f = runOwner[r]!;
        if (f >= 0 && factStamp[f] !== stamp) continue;
        for (let o = runBegin[r]!, end = runBegin[r + 1]!; o < end; o++) {
          let free = occOther[o]!;
          const c = occ[o]!;
          if (free >= 0) {
            // A binary clause: its other literal is true (done), open (implied) or false (conflict).
            const v = litValue[free]!;
            if (v > 0) continue;
            if (v < 0) { conflict = c; break search; }
          } else {
            // What the scan finds (a true literal, two open ones, one, none) does not depend on
            // where it starts: the literal last found true is looked at first.
            if (litValue[blocker[c]!]! > 0) continue;
            let done = false;
            for (let j = start[c]!, e = start[c + 1]!; j < e; j++) {
              const l = lits[j]!;
              const v = litValue[l]!;
              if (v > 0) { blocker[c] = l; done = true; break; }
              if (v === 0) {
                if (free >= 0) { done = true; break; }
                free = l;
              }
            }
            if (done) continue;
            if (free < 0) { conflict = c; break search; }
          }
          // enqueue(free, c), inline: free is open.
          const x = free >> 1;
          value[x] = (free & 1) === 0 ? 1 : -1;
          litValue[free] = 1;
          litValue[free ^ 1] = -1;
          level[x] = lvl;
          reason[x] = c;
          trail[trailLength++] = free;
        }
      }
      if (learntHead[falseCode]! < 0) continue;
      const ll = this.learntLits;
      const ls = this.learntStart;
      const next = this.learntNext;
      const clauseOf = this.learntClause;
      const lb = this.learntBlocker;
      const lo = this.learntOther;
      for (let node = learntHead[falseCode]!; node >= 0; node = next[node]!) {
        const k = clauseOf[node]!;
        // What the scan finds does not depend on where it starts (see learntBlocker).
        const b = lb[k]!, bv = litValue[b]!;
        if (bv > 0) continue;
        const o = lo[k]!;
        if (bv === 0 && o !== b && litValue[o]! >= 0) continue;
        let free = -1;
        let done = false;
        for (let j = ls[k]!, e = ls[k + 1]!; j < e; j++) {
          const l = ll[j]!;
          const v = litValue[l]!;
          if (v > 0) { lb[k] = l; done = true; break; }
          if (v === 0) {
            if (free >= 0) { lb[k] = free; lo[k] = l; done = true; break; }
            free = l;
          }
        }
        if (done) continue;
        const ref = this.clauseCount + k;
        if (free < 0) { conflict = ref; break search; }
        const x = free >> 1;
        value[x] = (free & 1) === 0 ? 1 : -1;
        litValue[free] = 1;
        litValue[free ^ 1] = -1;
        level[x] = lvl;
        reason[x] = ref;
        trail[trailLength++] = free;
      }
    }
    this.qhead = qhead;
    this.trailLength = trailLength;
    return conflict;
  }

  /** First-UIP conflict analysis: the learnt clause, asserting literal first. */
  private analyze(confl: number): number[] {
    const seen = this.seen;
    const learnt: number[] = [0];
    this.markedCount = 0;
    let pending = 0;
    let p = -1;
    let index = this.trailLength - 1;
    let ref = confl;
    for (;;) {
      pending += this.analyzeClause(ref, p, learnt);
      while (!seen[this.trail[index]! >> 1]) index -= 1;
      p = this.trail[index]!;
      index -= 1;
      pending -= 1;
      if (pending === 0) break;
      ref = this.reason[p >> 1]!;
    }
    learnt[0] = p ^ 1;
    for (let i = 0; i < this.markedCount; i++) seen[this.markedVars[i]!] = 0;
    this.markedCount = 0;
    // The literal of the highest level after the asserting one goes second.
    let best = 1;
    for (let i = 2; i < learnt.length; i++) if (this.level[learnt[i]! >> 1]! > this.level[learnt[best]! >> 1]!) best = i;
    if (learnt.length > 2) [learnt[1], learnt[best]] = [learnt[best]!, learnt[1]!];
    this.activityInc *= 1 / 0.95;
    return learnt;
  }

  /**
   * One resolution step of `analyze`: takes each literal of clause `ref` (static refs are clause
   * indices, learnt ones follow them; a fact's clause has its selector's literal too) but p; marks
   * and bumps its variable, and adds it to the learnt clause unless it is of the current level.
   * Returns how many current-level variables it marked.
   */
  private analyzeClause(ref: number, p: number, learnt: number[]): number {
    let pending = 0;
    const take = (c: number): void => {
      if (c === p) return;
      const x = c >> 1;
      if (this.seen[x]) return;
      this.seen[x] = 1;
      this.markedVars[this.markedCount++] = x;
      if (x < this.selector0) this.bump(x);
      if (this.level[x] === this.levels) pending += 1;
      else learnt.push(c);
    };
    if (ref < this.clauseCount) {
      for (let j = this.start[ref]!, e = this.start[ref + 1]!; j < e; j++) take(this.lits[j]!);
      const o = this.owner[ref]!;
      if (o >= 0) take(2 * (this.selector0 + o) + 1);
    } else {
      const k = ref - this.clauseCount;
      for (let j = this.learntStart[k]!, e = this.learntStart[k + 1]!; j < e; j++) take(this.learntLits[j]!);
      const o = this.learntOwner[k]!;
      if (o >= 0) take(2 * (this.selector0 + o) + 1);
    }
    return pending;
  }

  /**
   * Stores a graph's reason (or conflict) clause for fact `owner` among the learnt clauses, without
   * occurrences (it is not propagated as a clause: the graph check finds it again); analysis reads it
   * with the fact's selector, as a fact's own clause.
   */
  private addReason(codes: Int32Array, from: number, to: number, owner: number): number {
    const ref = this.addLearnt(codes, false, from, to);
    this.learntOwner[ref - this.clauseCount] = owner;
    return ref;
  }

  /** Stores learnt[from .. to) as a clause of the current call (watched: with occurrences, propagated). */
  private addLearnt(learnt: ArrayLike<number>, watched = true, from = 0, to = learnt.length): number {
    const k = this.learntCount++;
    if (this.learntStart.length < k + 2) this.learntStart = grow(this.learntStart, k + 2);
    if (this.learntOwner.length < k + 1) this.learntOwner = grow(this.learntOwner, k + 1);
    this.learntOwner[k] = -1;
    if (this.learntBlocker.length < k + 1) {
      this.learntBlocker = grow(this.learntBlocker, k + 1);
      this.learntOther = grow(this.learntOther, k + 1);
    }
    this.learntBlocker[k] = learnt[from]!;
    this.learntOther[k] = learnt[from]!;
    const at = this.learntStart[k]!;
    const length = to - from;
    if (this.learntLits.length < at + length) this.learntLits = grow(this.learntLits, at + length);
    for (let i = 0; i < length; i++) {
      const c = learnt[from + i]!;
      this.learntLits[at + i] = c;
      if (!watched) continue;
      if (this.learntNext.length <= this.learntOccCount) {
        this.learntNext = grow(this.learntNext, this.learntOccCount + 1);
        this.learntClause = grow(this.learntClause, this.learntOccCount + 1);
      }
      const node = this.learntOccCount++;
      if (this.learntHead[c] === -1) this.touched.push(c);
      this.learntNext[node] = this.learntHead[c]!;
      this.learntClause[node] = k;
      this.learntHead[c] = node;
    }
    this.learntStart[k + 1] = at + length;
    return this.clauseCount + k;
  }


  /** The assumptions (facts' selectors included) behind a conflict at level 1 on clause `confl`. */
  private coreOfConflict(confl: number): FactCore {
    this.markedCount = 0;
    this.markClause(confl);
    return this.collect();
  }

  /** The core when assumption literal code c is already false. */
  private coreOfLiteral(c: number): FactCore {
    const x = c >> 1;
    this.markedCount = 0;
    this.seen[x] = 1;
    this.markedVars[this.markedCount++] = x;
    const core = this.collect();
    // c itself is an assumption: it belongs to the core beside what set its variable the other way.
    const l = this.globalLit(c);
    if (!core.lits.includes(l)) core.lits.push(l);
    return core;
  }

  /** Variables marked `seen` by markClause (cleared by collect). */
  private readonly markedVars: Int32Array;
  private markedCount = 0;

  /** Marks the variables of clause `ref` (a fact's clause marks its selector too). */
  private markClause(ref: number): void {
    const { seen, markedVars } = this;
    let n = this.markedCount;
    if (ref < this.clauseCount) {
      const lits = this.lits;
      for (let j = this.start[ref]!, e = this.start[ref + 1]!; j < e; j++) {
        const x = lits[j]! >> 1;
        if (!seen[x]) { seen[x] = 1; markedVars[n++] = x; }
      }
      const o = this.owner[ref]!;
      if (o >= 0) {
        const x = this.selector0 + o;
        if (!seen[x]) { seen[x] = 1; markedVars[n++] = x; }
      }
    } else {
      const k = ref - this.clauseCount;
      const ll = this.learntLits;
      for (let j = this.learntStart[k]!, e = this.learntStart[k + 1]!; j < e; j++) {
        const x = ll[j]! >> 1;
        if (!seen[x]) { seen[x] = 1; markedVars[n++] = x; }
      }
      const o = this.learntOwner[k]!;
      if (o >= 0) {
        const x = this.selector0 + o;
        if (!seen[x]) { seen[x] = 1; markedVars[n++] = x; }
      }
    }
    this.markedCount = n;
  }

  /**
   * Walks the trail back from its end: a marked variable with a reason marks that clause's
   * literals; one without is an assumption (a fact's selector or an assumed literal) of the core.
   */
  private collect(): FactCore {
    const facts: number[] = [];
    const lits: Lit[] = [];
    const { trail, seen, reason } = this;
    for (let i = this.trailLength - 1; i >= 0; i--) {
      const c = trail[i]!;
      const x = c >> 1;
      if (!seen[x]) continue;
      const r = reason[x]!;
      if (r !== NO_REASON) this.markClause(r);
      else lits.push(this.globalLit(c));
    }
    for (const f of this.facts) {
      const x = this.selector0 + f;
      if (seen[x]) { seen[x] = 0; facts.push(f); }
    }
    for (let i = 0; i < this.markedCount; i++) seen[this.markedVars[i]!] = 0;
    this.markedCount = 0;
    lits.reverse();
    return { facts, lits };
  }

  private globalLit(c: number): Lit {
    const v = this.globalOf[c >> 1]!;
    return c & 1 ? -v : v;
  }

  private bump(x: number): void {
    if ((this.activity[x]! += this.activityInc) > 1e100) {
      for (let i = 0; i < this.heapSize; i++) this.activity[this.heap[i]!]! *= 1e-100;
      for (let i = 0; i < this.trailLength; i++) this.activity[this.trail[i]! >> 1]! *= 1e-100;
      this.activityInc *= 1e-100;
    }
    const i = this.heapPos[x]!;
    if (i >= 0) this.siftUp(i);
  }

  private pickBranch(): number {
    if (!this.heapBuilt) {
      for (;;) {
        const x = this.rankNext();
        if (x === 0) return 0;
        if (this.value[x] === 0) { this.lastPick = this.rank[x]!; return x; }
      }
    }
    while (this.heapSize > 0) {
      const x = this.heapPop();
      if (this.value[x] === 0) return x;
    }
    return 0;
  }

  /** Heap order: higher activity first, then the earlier variable. */
  private before(a: number, b: number): boolean {
    const d = this.activity[a]! - this.activity[b]!;
    return d > 0 || (d === 0 && this.rank[a]! < this.rank[b]!);
  }

  private heapInsert(x: number): void {
    this.heap[this.heapSize] = x;
    this.heapPos[x] = this.heapSize;
    this.siftUp(this.heapSize++);
  }

  private heapPop(): number {
    const top = this.heap[0]!;
    this.heapPos[top] = -1;
    const last = this.heap[--this.heapSize]!;
    if (this.heapSize > 0) {
      this.heap[0] = last;
      this.heapPos[last] = 0;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(i: number): void {
    const x = this.heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const y = this.heap[parent]!;
      if (!this.before(x, y)) break;
      this.heap[i] = y;
      this.heapPos[y] = i;
      i = parent;
    }
    this.heap[i] = x;
    this.heapPos[x] = i;
  }

  private siftDown(i: number): void {
    const x = this.heap[i]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.heapSize) break;
      if (child + 1 < this.heapSize && this.before(this.heap[child + 1]!, this.heap[child]!)) child += 1;
      const y = this.heap[child]!;
      if (!this.before(y, x)) break;
      this.heap[i] = y;
      this.heapPos[y] = i;
      i = child;
    }
    this.heap[i] = x;
    this.heapPos[x] = i;
  }
}

function grow(a: Int32Array<ArrayBuffer>, min: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(min, 2 * a.length));
  b.set(a);
  return b;
}

/** The Luby sequence 1, 1, 2, 1, 1, 2, 4, … (its i-th element, i ≥ 1 an integer). */
function luby(i: number): number {
  let k = 1;
  while ((1 << k) - 1 < i) k += 1;
  while (i !== (1 << k) - 1) {
    i -= (1 << (k - 1)) - 1;
    k = 1;
    while ((1 << k) - 1 < i) k += 1;
  }
  return 1 << (k - 1);
}
