/**
 * Step-by-step explanations: from a grid (empty, or the player's progress) to the solution, one
 * deduction at a time, each with the smallest set of puzzle facts that forces it.
 *
 * Every rule instance of the encoding is a *fact* with an activation literal (`Model.rule` in
 * explain mode). A value is forced by a set S of facts when S ∧ the decided cells ∧ ¬value is UNSAT
 * under assumptions; the failed assumptions are shrunk to a minimal set by deletion, incrementally
 * on one engine. Each step takes the cheapest reason (fewest facts; among single facts the easiest
 * kind: one the step settles, then one narrowed from empty cells only, then a bound step; among
 * several facts the easiest technique; then smallest area) and decides every cell that reason
 * forces as easily as the one it was found for. Single facts are tried first (their results are cached until a
 * cell they concern is decided); when none forces anything, each open cell gets the facts within a
 * growing neighbourhood (facts sharing cells, then their neighbours, …), and the first ring that
 * forces something is shrunk.
 */
import { createSolver } from '../sat/index.js';
import type { Clause, Lit, SatSolver } from '../sat/types.js';
import { backbone, valuation } from '../cnf/queries.js';
import type { Cell, Fact, Model } from '../cnf/model.js';
import type { AnyPuzzleType, EncodeOptions, Encoded } from '../puzzle/types.js';
import { encodePuzzle } from '../solve/encode.js';
import { TECHNIQUES, type Technique } from './technique.js';
import { FactSolver, type FactGraph } from './fact-solver.js';

/** One cell value in words. */
export interface StepValue {
  lit: Lit;
  value: boolean;
  text: string;
  cells: readonly Cell[];
}

export interface StepFact {
  index: number;
  text: string;
  cells: readonly Cell[];
}

export interface ExplainStep {
  /** What this step decides. */
  values: StepValue[];
  /** The puzzle facts of the reason (minimal: without any one of them, the values are not forced). */
  facts: StepFact[];
  /** Cells decided earlier that the reason uses (also minimal). */
  given: StepValue[];
  /** Cells the facts concern. */
  area: number;
  /**
   * The easiest technique that makes the deduction from the reason (propagation, probing, case
   * analysis), for every value of the step: the hardest that any one value needs.
   */
  technique: Technique;
  /**
   * Whether the step settles its facts: after it, every cell they concern is decided (a fill: the
   * facts had one completion left). False when it forces only part of what the facts leave open (a
   * narrowing deduction, e.g. "at least one bridge this way" while the island's count stays open).
   */
  settles: boolean;
  /**
   * Whether the reason uses more about a many-valued cell than that it is empty: a bound or a count
   * (a decided variable sharing its cells with others, not all of them false; Hashi: "fewer than 2
   * bridges" or "a bridge joins" on a connection). Cells with one variable each (stars, bulbs) never do.
   */
  bounds: boolean;
  /**
   * Whether no other open value has a reason with fewer facts (as found by shrinking every
   * candidate up to the lower bound); false when the shrinking was capped (SHRINK_PER_RADIUS).
   */
  cheapest: boolean;
}

export interface Alternative {
  /** Two solutions (decoded) that agree everywhere except on `cells`. */
  first: unknown;
  second: unknown;
  /** The values where they differ. */
  differences: { first: StepValue; second: StepValue }[];
  cells: Cell[];
}

export type ExplainStatus = 'solved' | 'stuck' | 'none' | 'unknown';

export interface Explanation {
  status: ExplainStatus;
  steps: ExplainStep[];
  /** The unique solution (status `solved`, or `stuck` before the alternative). */
  solution?: unknown;
  /** Not unique: two solutions that differ on a smallest area found. */
  alternative?: Alternative;
  message?: string;
  facts: number;
  /** The caller's `stopWhen` ended the explanation early (status `unknown`). */
  stopped?: true;
}

export interface ExplainOptions {
  encoding?: EncodeOptions;
  /** Decided cells to start from (hint): variable -> value. */
  start?: ReadonlyMap<number, boolean>;
  /** Stop after this many steps (hint: 1). */
  maxSteps?: number;
  /** Wall-clock budget in milliseconds: when spent, the explanation stops with status `unknown`. */
  timeoutMs?: number;
  /**
   * Asked after each step, with the cells still open: true when the caller has what it needs (a
   * grade already sure to be out of its range). The explanation then stops with status `unknown`
   * and `stopped` set.
   */
  stopWhen?: (steps: readonly ExplainStep[], open: number) => boolean;
}

/** The encoding variants an explanation needs: every rule written as clauses (no lazy cuts). */
export const EXPLAIN_VARIANTS: Readonly<Record<string, Record<string, string>>> = {
  // "at most one star in each 2×2 window" is one fact per window instead of one per touching pair.
  // Each count a rule on its own: `apart` counters lean on the no-touch rule, and the implied band
  // rule is a consequence of the rules, not one (encodings/starbattle/rules.ts).
  starbattle: { noTouch: 'window', count: 'plain', implied: 'none' },
  // Connectivity must be a fact the engine can switch on: the eager encoding is exact.
  // Isolation ("these islands would close on themselves") is explained from connectivity itself, not
  // from the implied small-group rules: a step that needs it then shows it (and grades harder).
  hashi: { connectivity: 'eager', implied: 'none' },
  'bridges-signs': { connectivity: 'eager' },
  // The cone literals are shared definitions; the direct rules state each cell's rule on its own.
  blockparty: { distance: 'direct' },
};

export function explainEncoding(type: AnyPuzzleType, encoding: EncodeOptions = {}): EncodeOptions {
  return { ...encoding, variant: { ...(EXPLAIN_VARIANTS[type.id] ?? {}), ...(encoding.variant ?? {}) } };
}

class OutOfTime extends Error {}

export interface Prepared {
  status: 'unique' | 'multiple' | 'none';
  model?: Uint8Array;
  second?: Uint8Array;
}

/**
 * At most this many cores (smallest first) are shrunk at one radius when none reaches the lower
 * bound: past it the step is the cheapest of those shrunk, not proved the cheapest of all.
 */
const SHRINK_PER_RADIUS = 24;

/**
 * Shrinking a core drops its facts in chunks when the question took the fact solver more than this
 * many conflicts (see shrink). Light Up and Bridges questions take under one conflict on average.
 */
const HARD_QUESTION_CONFLICTS = 500;

/** What a refutation used: its facts and its decided (or assumed) literals. */
interface Core { facts: Set<number>; lits: Set<Lit> }

/**
 * The conflict budget of each question `minimalGiven` asks. With few decided cells left in it, such
 * a question can be a hard counting argument: on a 15×15 Bridges puzzle with no loops (Tatham's
 * `15x15m4L`), "no loops" and "connected" with 14 decided cells took the fact solver 10 s (the wasm
 * engine: 6 s with 13), each cell fewer about three times as long, and 3 of 10 of Tatham's hard
 * ones hit the grade's 20 s cap. A cell whose removal the budget cannot settle stays in the step.
 * On those, budgets of 200 to 2,000 gave the same grades (8,000: one still hit the cap), naming a
 * few more decided cells than needed; with 500 (where shrinking goes in chunks too, see
 * HARD_QUESTION_CONFLICTS) Tatham's Light Up and Bridges fixtures, 12 janko 10×10 Star Battles,
 * Block Party 4 and the signs map explain step for step as without a budget but one (tatham-noloops
 * #24: the same grade, 8 more decided cells named, 0.57 → 0.16 s). Since the no-loops rule is
 * propagated as a graph (loop-finder.ts), Tatham's no-loops fixtures explain the same with no budget
 * too (explain-golden's hashi-noloops set); the budget stays for questions still hard.
 */
const MINIMAL_GIVEN_CONFLICTS = 500;

/**
 * A fact with more literals than this is a whole-grid rule too large for the fact solver's search
 * from scratch, and a puzzle that has one is explained on the engine, as before the fact solver
 * (see `refute`). Eager connectivity got there (Hashi's from 15×15, 19k–26k literals; the signs
 * map's 18k, where explaining on the fact solver took 34 s against 13–17 s) until the fact solver
 * propagated it as a graph instead (cut-finder.ts: the signs map then took 4–5 s on the fact
 * solver). No fact measured since has over 400 literals; the engine path stays for one that does.
 */
const FACT_SOLVER_LITERALS = 10000;

/** A cell's number is row × this + column: distinct for columns in ±2^21 (grids are far smaller). */
const CELL_KEY_ROW = 1 << 22;

/** Most literals the JS screen at radius 0 probes over (see `screenable`). */
const SCREEN_LITERALS = 4000;


/** Solutions kept per set of facts (the most recent first). */
const MODELS_PER_QUESTION = 16;

/** Solutions kept per literal for questions on fewer facts (see `wider`). */
const WIDER_PER_LITERAL = 32;

/**
 * `xs.map(f)`, the result built by push. The constructor below maps arrays that other maps made;
 * with `Array.prototype.map`, V8's optimized code (its inlined map makes packed arrays) met arrays
 * the builtin had made holey, and went back to the interpreter on every puzzle: hundreds of "wrong
 * map" deoptimizations in a thousand Bridges grades, and seconds before the code ran fast.
 */
function mapped<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}

/** The variables of clause c that `keep` accepts, in order, into `out` (emptied first; see `mapped`). */
function variablesOf(c: Clause, keep: (v: number) => boolean, out: number[]): void {
  out.length = 0;
  for (let i = 0; i < c.length; i++) {
    const l = c[i]!;
    const v = l < 0 ? -l : l;
    if (keep(v)) out.push(v);
  }
}

/** What a fact means as a graph rule the fact solver propagates (connectivity, no loops), if it is one. */
export function factGraph(f: Fact): FactGraph | undefined {
  return f.connects ?? (f.forest && { ...f.forest, forest: true });
}

/** Explanation state for one puzzle on one incremental engine. */
export class Explainer {
  readonly model: Model;
  readonly encoded: Encoded<unknown>;
  /** The engine the encoding was written to; read through `solver`. */
  private readonly engine: SatSolver;
  /**
   * The engine holding every rule as clauses, each behind its fact's activation literal: asked for
   * the first solution when the connectivity engine cannot say it is unique, alternatives, entries
   * that cannot hold together, and every question on a puzzle `onEngine`. A connectivity rule's
   * clauses are written to it on first use (Model.connectedRule): a grade of a unique Hashi never
   * needs them (the fact solver and the connectivity engine propagate the rule as a graph).
   */
  private get solver(): SatSolver {
    this.model.writeDeferred();
    if (!this.engineConnects) return this.engine;
    return this.full ??= this.replayed();
  }
  /**
   * Whether `engine` holds the connectivity constraint itself (always on, Fact.connects) beside the
   * other rules' clauses: it then answers the questions that list the connectivity fact
   * (`satisfiable`, `uniqueOnConnectivityEngine`), and `solver` is another engine, made on first use
   * by replaying every rule's clauses behind their activation literals.
   */
  private readonly engineConnects: boolean;
  private full: SatSolver | undefined;

  /** A fresh engine with every recorded clause, each fact's behind its activation literal. */
  private replayed(): SatSolver {
    const engine = createSolver('wasm');
    while (engine.numVars() < this.engine.numVars()) engine.newVar();
    for (const { clause, fact } of this.model.recordedClauses()) {
      engine.addClause(fact < 0 ? clause : [-this.facts[fact]!.activation, ...clause]);
    }
    return engine;
  }
  /** Answers the explanation's questions (see fact-solver.ts: the same question gets the same core). */
  private readonly factSolver: FactSolver;
  private phased = false;
  private readonly facts: readonly Fact[];
  private readonly factClauses: Clause[][];
  private readonly baseClauses: Clause[] = [];
  /** Projection variables (positive). */
  private readonly vars: number[];
  /** Projection variables each fact's clauses mention (closed over always-on clauses). */
  private readonly scope: number[][];
  /** Per variable, the facts whose scope holds it (empty for most). */
  private readonly factsOfVar: (number[] | undefined)[];
  /** Facts that share a projection variable. */
  private readonly neighbours: number[][];
  private readonly area: number[];
  /** Per projection variable, the variables describing the same cells (a connection's "≥ 1", "≥ 2"). */
  private readonly sameCells = new Map<number, number[]>();
  /**
   * The value each variable must end with: the solution, or the backbone when not unique. Read-only
   * outside: `targetSign` mirrors it, so only setTarget writes it.
   */
  get target(): ReadonlyMap<number, boolean> { return this.targetValues; }
  /** The values decided so far (by steps, or `apply`). Read-only outside: `decidedSign` mirrors it. */
  get decided(): ReadonlyMap<number, boolean> { return this.decidedValues; }
  private readonly targetValues = new Map<number, boolean>();
  private readonly decidedValues = new Map<number, boolean>();
  /** Per fact: what it forces alone, given the decided cells in its scope; undefined = recompute. */
  private readonly single: ({ forced: number[]; given: Lit[] } | undefined)[];
  private deadline = Infinity;
  /** Neighbourhoods (keyed v × (facts + 1) + radius) found not to force v, with the number of decided cells in their scope then. */
  private readonly notForced = new Map<number, number>();
  /**
   * Per such neighbourhood, where the fact solver's solution (with v negated) differs from the
   * target: a solution that stays one while none of these cells is decided (decided cells take
   * their target values, and the facts do not change), so the neighbourhood still does not force v.
   */
  private readonly witness = new Map<number, number[]>();
  /**
   * The solution behind the last satisfiable answer of `refute`: the fact solver's, the
   * connectivity engine's (`satisfiable`), or a kept one (`models`), whichever gave the answer.
   */
  private lastSolution: (v: number) => boolean = () => false;
  private readonly factSolverValue = (v: number): boolean => this.factSolver.modelValue(v);
  /** When the last satisfiable answer came from a kept solution: that solution (by slot), read instead of `lastSolution`. */
  private lastModel: Int8Array | null = null;
  /**
   * Solutions the fact solver found, kept per set of facts (see factsKey): a solution of those facts
   * that makes a later question's literals true answers it (satisfiable) without a search. Only
   * satisfiable answers are taken from here: the solver's answer to them is null, whatever its path.
   */
  private readonly models = new Map<number, { facts: Int32Array; models: Int8Array[] }[]>();
  /**
   * The same solutions filed by literal: under each literal a solution makes true against the
   * target, the most recent WIDER_PER_LITERAL solutions with the facts they satisfy (a bit set). A
   * solution of a set of facts is one of any subset of them, so a question whose facts are among a
   * kept solution's and whose literals it makes true is satisfiable (the shrinking's questions are
   * subsets of earlier ones); only satisfiable answers are taken from here, as from `models`.
   */
  private readonly wider = new Map<number, { facts: Uint32Array; bloom: number; model: Int8Array }[]>();
  /**
   * The fact solver's refutations, by question (the facts and literals in order): its answer and
   * core depend on the question alone (fact-solver.ts), so a question asked again (a step's reason
   * checked by `forcedBy` after `minimalGiven` asked the same) gets the same core without a search.
   */
  private readonly cores = new Map<number, { facts: Int32Array; lits: Int32Array; core: Core }[]>();
  /** Two random numbers per fact, for `factsKey` (fixed: a hash only finds entries, which are then compared). */
  private readonly factHash: Int32Array;
  /** 1 + the index of each projection variable in `vars`, by variable (0: not one). */
  private readonly varIndex: Int32Array;
  /**
   * Per neighbourhood (keyed as `notForced`) that forced v: the facts of the core found the first
   * time it did (in ring order) and their cost. Decided cells only grow, so the core forces v ever
   * after, and the neighbourhood is not asked again (see nextStep). Part of what the explanation
   * is, not a cache: kept with `reuse` off too.
   */
  private readonly firstCores = new Map<number, { facts: number[]; cost: [number, number] }>();
  /** Per variable: the number of decided cells in its radius-0 scope when the JS screen last let it through. */
  private readonly screenPassed = new Map<number, number>();
  /** Minimal reasons found for open values, kept across steps (see reasonFor). */
  private readonly reasons = new Map<number, { facts: number[]; given: Lit[]; decided: number }>();
  /** Per variable, the facts within radius 0, 1, 2, … (see factsAround). */
  private readonly rings = new Map<number, number[][]>();
  /** Per fact, its cells as small numbers (for counting a set of facts' area without strings). */
  private readonly cellIds: number[][];
  /**
   * `decided` and `target` per variable (1 true, -1 false, 0 not there), for the loops over a
   * neighbourhood's cells; the maps stay the interface.
   */
  private readonly decidedSign: Int8Array;
  private readonly targetSign: Int8Array;
  /** Stamps for de-duplicating variables and cells without building sets. */
  private readonly varStamp: Int32Array;
  private readonly cellStamp: Int32Array;
  private stamp = 0;
  /** Stamps for de-duplicating facts (rings). */
  private readonly factStamp: Int32Array;
  private factStampNow = 0;
  /** The scope of each neighbourhood ring (rings never change, so neither do their scopes). */
  private readonly ringScopes = new WeakMap<readonly number[], number[]>();
  /** Whether a ring's clauses are few enough for the JS screen (see `screenable`), kept with the ring. */
  private readonly screenableRings = new WeakMap<readonly number[], boolean>();
  /**
   * Whether ring scopes and screen results are kept across steps (the default). Off, each is worked
   * out afresh where it is used: the reference the tests compare the kept ones against (same steps).
   */
  reuse = true;
  /**
   * Work done, for the bench: engine calls, their time, radii where the shrinking was capped,
   * questions the connectivity engine answered (satisfiable) in the fact solver's place, and cores
   * shrunk in chunks (hard questions, see shrink).
   */
  readonly stats = { engineCalls: 0, engineMs: 0, capped: 0, connectivitySat: 0, chunkedShrinks: 0 };
  /** Whether this puzzle's questions go to the engine (a fact over FACT_SOLVER_LITERALS literals, see `refute`). */
  readonly onEngine: boolean;
  /**
   * The fact whose meaning is connectivity (Hashi's "all islands are connected"), or -1. With
   * `quickCheck` on, the encoding's engine, which holds that constraint itself (engineConnects),
   * decides the satisfiability of questions listing it (see `satisfiable`). Off, every question goes
   * to the fact solver as it is: the reference the tests compare with (same steps).
   */
  private readonly connectivityFact: number;
  /** Variables the encoding allocated (every clause's and activation literal's). */
  private readonly encodedVars: number;
  quickCheck = true;

  constructor(readonly type: AnyPuzzleType, readonly puzzle: unknown, encoding: EncodeOptions = {}) {
    this.engine = createSolver('wasm');
    const { model, encoded } = encodePuzzle(type, puzzle, this.engine, explainEncoding(type, encoding), { explain: true });
    this.model = model;
    this.encoded = encoded;
    if (encoded.refine) throw new Error(`${type.id}: explain needs every rule as clauses, and this encoding adds some lazily`);
    this.facts = model.facts();
    this.factClauses = mapped(this.facts, () => []);
    for (const { clause, fact } of model.recordedClauses()) {
      if (fact < 0) this.baseClauses.push(clause);
      else this.factClauses[fact]!.push(clause);
    }
    // Every variable a clause mentions was allocated on the engine.
    this.encodedVars = this.engine.numVars();
    let varCount = this.encodedVars;
    this.vars = mapped(encoded.projection, (l) => Math.abs(l));
    for (const v of this.vars) if (v > varCount) varCount = v;
    // 1 + the index (0: not a projection variable), read for every literal a kept solution is checked on.
    this.varIndex = new Int32Array(varCount + 1);
    this.vars.forEach((v, i) => { this.varIndex[v] = i + 1; });
    const isVar = (v: number): boolean => this.varIndex[v] !== 0;
    // A connectivity or no-loops rule is propagated as a graph (cut-finder.ts, loop-finder.ts), not through its clauses.
    const graphs = mapped(this.facts, factGraph);
    this.factSolver = new FactSolver(this.factClauses, this.baseClauses, graphs);
    this.onEngine = this.factClauses.some((cs, f) => !graphs[f] && cs.reduce((n, c) => n + c.length, 0) > FACT_SOLVER_LITERALS);
    this.factSolver.decideFirst(this.vars);
    this.connectivityFact = this.facts.findIndex((f) => f.connects !== undefined);
    // The connectivity rule's clauses are not on the engine yet (deferred): the constraint goes there
    // instead, always on, which questions listing the rule may use (see engineConnects).
    // (Only with one such rule: `satisfiable` and the first proof rely on the engine holding every
    // rule but that one as clauses; with two, both stay deferred and the engine is the clause one.)
    const single = this.facts.filter((f) => f.connects !== undefined).length === 1;
    const connects = single ? this.facts[this.connectivityFact]!.connects! : undefined;
    this.engineConnects = connects !== undefined && this.engine.addConnectivity !== undefined;
    if (connects && this.engine.addConnectivity) this.engine.addConnectivity(connects.vertices, connects.edges);

    // Projection variables linked by always-on clauses (a connection's "≥ 2 bridges" and "≥ 1 bridge").
    const linked = new Map<number, Set<number>>();
    const vs: number[] = [];
    for (const c of this.baseClauses) {
      variablesOf(c, isVar, vs);
      for (const a of vs) for (const b of vs) if (a !== b) {
        let s = linked.get(a);
        if (!s) linked.set(a, (s = new Set()));
        s.add(b);
      }
    }
    const inScope = new Int32Array(varCount + 1);
    // What each fact's rule mentions: its clauses, or a connectivity rule's edges (its clauses are
    // written only if the main engine is asked a question: see `full`).
    const ruleClauses: Clause[][] = mapped(this.factClauses, (clauses, f) => {
      const connects = this.facts[f]!.connects;
      return connects && clauses.length === 0 ? [mapped(connects.edges, (e) => e.lit)] : clauses;
    });
    this.scope = mapped(ruleClauses, (clauses, f) => {
      const s: number[] = [];
      const mark = f + 1;
      for (const c of clauses) for (const l of c) {
        const v = l < 0 ? -l : l;
        if (this.varIndex[v] !== 0 && inScope[v] !== mark) { inScope[v] = mark; s.push(v); }
      }
      // Closed transitively: with up to 4 bridges a connection's "≥ 4" implies its "≥ 3", "≥ 2" and
      // "≥ 1" through a chain of always-on clauses. Closed one link deep, a rule that forces "≥ 4"
      // had "≥ 3" in its scope but not "≥ 2", which no rule's scope then reached from "≥ 3": it was
      // left to the all-facts fallback, whose reason had no facts (always-on clauses alone), so the
      // step decided nothing and the explanation looped (see test/explain/max-bridges.test.ts).
      // Breadth first, in order of mention (scope order is the order assumptions are passed in).
      if (linked.size) {
        for (let i = 0; i < s.length; i++) {
          const ws = linked.get(s[i]!);
          if (ws) for (const w of ws) if (inScope[w] !== mark) { inScope[w] = mark; s.push(w); }
        }
      }
      return s;
    });
    this.factsOfVar = new Array<number[] | undefined>(varCount + 1);
    this.scope.forEach((vs, f) => vs.forEach((v) => {
      const list = this.factsOfVar[v];
      if (list) list.push(f);
      else this.factsOfVar[v] = [f];
    }));
    // Facts are neighbours when they share a variable, directly or through always-on clauses (an
    // island's value is shared by its own rule and the signs that sum it; a connection's "≥ 2
    // bridges" implies its "≥ 1 bridge"). The model's TRUE constant links nothing.
    const linking = (v: number): boolean => model.constantValue(v) === undefined;
    // Variables linked by always-on clauses share a root (union-find; 0: a root itself).
    const parent = new Int32Array(varCount + 1);
    const root = (v: number): number => {
      let r = v;
      while (parent[r] !== 0) r = parent[r]!;
      for (let w = v; parent[w] !== 0 && parent[w] !== r;) { const next = parent[w]!; parent[w] = r; w = next; }
      return r;
    };
    for (const c of this.baseClauses) {
      variablesOf(c, linking, vs);
      for (let i = 1; i < vs.length; i++) {
        const a = root(vs[0]!), b = root(vs[i]!);
        if (a !== b) parent[b] = a;
      }
    }
    // Each fact's roots (once each, in the order met), how many facts each root has, and the
    // order in which roots were first met over all facts.
    const rootMark = new Int32Array(varCount + 1);
    const factCount = new Int32Array(varCount + 1);
    const rootsMet: number[] = [];
    const rootsOf: number[][] = mapped(ruleClauses, (clauses, f) => {
      const roots: number[] = [];
      const meet = (v: number): void => {
        const r = root(v);
        if (rootMark[r] === f + 1) return;
        rootMark[r] = f + 1;
        roots.push(r);
        if (factCount[r]++ === 0) rootsMet.push(r);
      };
      for (const c of clauses) for (const l of c) { const v = l < 0 ? -l : l; if (linking(v)) meet(v); }
      for (const v of this.scope[f]!) meet(v);
      return roots;
    });
    // The facts of each root shared by two or more, in fact order.
    const factsOfRoot: number[][] = [];
    rootsOf.forEach((roots, f) => { for (const r of roots) if (factCount[r]! >= 2) (factsOfRoot[r] ??= []).push(f); });
    // Per fact, its shared roots in the order roots were first met over all facts.
    const sharedRootsOf: number[][] = mapped(this.facts, () => []);
    for (const r of rootsMet) if (factCount[r]! >= 2) for (const f of factsOfRoot[r]!) sharedRootsOf[f]!.push(r);
    // Each fact's neighbours: the facts sharing a root with it, root by root in the order roots were
    // first met, each root's facts in fact order, each neighbour once (where first met).
    const mark = new Int32Array(this.facts.length).fill(-1);
    this.neighbours = mapped(sharedRootsOf, (roots, f) => {
      const out: number[] = [];
      mark[f] = f;
      for (const r of roots) for (const g of factsOfRoot[r]!) if (mark[g] !== f) { mark[g] = f; out.push(g); }
      return out;
    });
    // Cells as small numbers, numbered in order of first mention (a number per distinct row and column).
    const cellId = new Map<number, number>();
    const idOf = ([r, c]: Cell): number => {
      const key = r * CELL_KEY_ROW + c;
      let id = cellId.get(key);
      if (id === undefined) cellId.set(key, (id = cellId.size));
      return id;
    };
    this.cellIds = mapped(this.facts, (f) => mapped(f.cells, idOf));
    const cellMark = new Int32Array(cellId.size);
    this.area = mapped(this.cellIds, (ids, f) => {
      let n = 0;
      for (const id of ids) if (cellMark[id] !== f + 1) { cellMark[id] = f + 1; n += 1; }
      return n;
    });
    this.cellStamp = new Int32Array(cellId.size);
    let maxVar = 0;
    for (let f = 0; f < this.scope.length; f++) {
      const vs = this.scope[f]!;
      for (let i = 0; i < vs.length; i++) if (vs[i]! > maxVar) maxVar = vs[i]!;
    }
    for (let i = 0; i < this.vars.length; i++) if (this.vars[i]! > maxVar) maxVar = this.vars[i]!;
    this.varStamp = new Int32Array(maxVar + 1);
    this.decidedSign = new Int8Array(maxVar + 1);
    this.targetSign = new Int8Array(maxVar + 1);
    // Variables describing the same cells (the same list of cells, in any order).
    // Filed by a hash of the sorted cell numbers, then compared in full.
    // (Sorted by insertion into a plain array: cells are a handful per variable, and the typed
    // array's from-with-a-map and sort took a third of this constructor's own time.)
    const byCells = new Map<number, { ids: number[]; list: number[] }[]>();
    const groups: number[][] = [];
    const ids: number[] = [];
    for (const v of this.vars) {
      const cells = model.decision(v)?.cells;
      if (!cells?.length) continue;
      ids.length = 0;
      for (let i = 0; i < cells.length; i++) {
        const id = idOf(cells[i]!);
        let j = ids.length;
        for (; j > 0 && ids[j - 1]! > id; j--) ids[j] = ids[j - 1]!;
        ids[j] = id;
      }
      let h = ids.length;
      for (let i = 0; i < ids.length; i++) h = Math.imul(h ^ ids[i]!, 0x01000193) + 0x9e3779b9 | 0;
      let bucket = byCells.get(h);
      if (!bucket) byCells.set(h, (bucket = []));
      let group = bucket.find((g) => g.ids.length === ids.length && g.ids.every((id, i) => id === ids[i]));
      if (!group) { bucket.push((group = { ids: ids.slice(), list: [] })); groups.push(group.list); }
      group.list.push(v);
    }
    for (const list of groups) if (list.length > 1) for (const v of list) this.sameCells.set(v, list);
    this.single = mapped(this.facts, () => undefined);
    this.factStamp = new Int32Array(this.facts.length);
    this.factHash = new Int32Array(2 * this.facts.length);
    let h = 0x9e3779b9;
    for (let i = 0; i < this.factHash.length; i++) {
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + 0x297a2d39 | 0;
      this.factHash[i] = h ^ (h >>> 12);
    }
  }

  dispose(): void {
    this.engine.dispose();
    this.full?.dispose();
  }

  private allActs(): Lit[] {
    return this.facts.map((f) => f.activation);
  }

  private readonly checkTime = (): void => this.check();

  private check(): void {
    if (this.deadline !== Infinity && Date.now() > this.deadline) throw new OutOfTime();
  }

  /** Questions asked (see `refute`: the clock is read at every 16th, a question takes microseconds). */
  private questions = 0;

  /**
   * Are these facts, with these literals (decided cells, a negated value), unsatisfiable? Then the
   * facts and literals the refutation used. Asked of the fact solver, whose answer and core depend
   * on the question only (fact-solver.ts); on a puzzle with a fact of more than FACT_SOLVER_LITERALS
   * literals (a whole-grid rule as large as the signs map's connectivity, where the fact solver's
   * search from scratch is slow), of the incremental engine, whose cores depend on its earlier calls.
   */
  private refute(facts: readonly number[], lits: readonly Lit[]): Core | null;
  /** With a conflict budget (see MINIMAL_GIVEN_CONFLICTS): 'unknown' when the search ran out of it. */
  private refute(facts: readonly number[], lits: readonly Lit[], maxConflicts: number): Core | null | 'unknown';
  private refute(facts: readonly number[], lits: readonly Lit[], maxConflicts = Infinity): Core | null | 'unknown' {
    if ((++this.questions & 15) === 0) this.check();
    if (!this.phased) this.setPhases();
    const t = performance.now();
    let core: Core | null | 'unknown';
    if (!this.onEngine) {
      const kept = this.reuse ? this.keptModels(facts) : undefined;
      const hit = kept?.models.find((m) => this.satisfies(m, lits));
      const found = hit ?? (this.reuse ? this.widerModel(facts, lits) : undefined);
      if (found) {
        this.lastModel = found;
        return null;
      }
      const key = this.reuse ? this.questionKey(facts, lits) : 0;
      const known = this.reuse ? this.knownCore(key, facts, lits) : undefined;
      if (known) core = known;
      else if (this.satisfiable(facts, lits)) {
        const value = valuation(this.engine.model());
        this.lastSolution = value;
        this.lastModel = null;
        if (this.reuse) this.keepModel(facts, kept, value);
        core = null;
      } else {
        const conflicts = this.factSolver.stats.conflicts;
        const c = this.factSolver.refuteWithin(facts, lits, maxConflicts, this.checkTime);
        if (c === 'unknown') {
          core = c; // out of its budget: no core and no model to keep
        } else {
          core = c && { facts: new Set(c.facts), lits: new Set(c.lits) };
          // Kept when it took a search (a refutation by propagation alone is as cheap to find again).
          if (core && this.reuse && this.factSolver.stats.conflicts > conflicts) this.keepCore(key, facts, lits, core);
          if (!c) { this.lastSolution = this.factSolverValue; this.lastModel = null; }
          if (!c && this.reuse) this.keepModel(facts, kept);
        }
      }
    } else {
      core = this.refuteOnEngine(facts, lits, maxConflicts);
    }
    this.stats.engineCalls += 1;
    this.stats.engineMs += performance.now() - t;
    return core;
  }

  /**
   * Whether a question listing the connectivity fact certainly has a solution, decided on the
   * encoding's engine, which holds the other facts' clauses (behind their activation literals) and
   * the connectivity constraint itself (always on: only questions that list it come here). The
   * constraint is what the fact means (`Fact.connects`), so the answer is the fact solver's; a
   * satisfiable question has no core, so nothing else is lost, and the fact solver, slower to find
   * a solution of many facts, is asked only when the answer is no (for its core). False whenever
   * the check does not apply.
   */
  private satisfiable(facts: readonly number[], lits: readonly Lit[]): boolean {
    if (!this.quickCheck || !this.engineConnects || !facts.includes(this.connectivityFact)) return false;
    const quick = this.engine;
    const assumptions: Lit[] = [];
    for (const f of facts) if (f !== this.connectivityFact) assumptions.push(this.facts[f]!.activation);
    for (const l of lits) assumptions.push(l);
    const r = quick.solve({ assumptions, limits: this.deadline < Infinity ? { deadline: this.deadline } : {} });
    if (r === 'unknown') throw new OutOfTime();
    if (r === 'sat') this.stats.connectivitySat += 1;
    return r === 'sat';
  }

  private refuteOnEngine(facts: readonly number[], lits: readonly Lit[], maxConflicts: number): Core | null | 'unknown' {
    const assumptions = [...facts.map((f) => this.facts[f]!.activation), ...lits];
    const limits = {
      ...(this.deadline < Infinity ? { deadline: this.deadline } : {}),
      ...(maxConflicts < Infinity ? { conflicts: maxConflicts } : {}),
    };
    const r = this.solver.solve({ assumptions, limits });
    if (r === 'unknown') {
      this.check(); // out of time; else out of the budget
      if (maxConflicts === Infinity) throw new OutOfTime();
      return 'unknown';
    }
    if (r === 'sat') return null;
    const failed = new Set(this.solver.failedAssumptions());
    return { facts: new Set(facts.filter((f) => failed.has(this.facts[f]!.activation))), lits: new Set(lits.filter((l) => failed.has(l))) };
  }

  /**
   * The fact solver tries every cell first at its target value (the solution), every auxiliary
   * variable (counters, connectivity) first false: phases that depend on the puzzle alone.
   */
  private setPhases(): void {
    this.phased = true;
    this.factSolver.setPhases((v) => this.target.get(v) ?? false);
  }

  /** Decided literals among these variables. */
  private givenOn(vars: readonly number[]): Lit[] {
    const out: Lit[] = [];
    const sign = this.decidedSign;
    for (let i = 0; i < vars.length; i++) { const v = vars[i]!; const d = sign[v]!; if (d !== 0) out.push(d > 0 ? v : -v); }
    return out;
  }

  /** How many of these variables are decided. */
  private countDecided(vars: readonly number[]): number {
    let n = 0;
    const sign = this.decidedSign;
    for (let i = 0; i < vars.length; i++) if (sign[vars[i]!] !== 0) n += 1;
    return n;
  }

  /** The variables the facts concern, in order of first mention (the order assumptions are passed in). */
  private scopeOf(facts: readonly number[]): number[] {
    const stamp = this.nextStamp();
    const out: number[] = [];
    for (let i = 0; i < facts.length; i++) {
      const vs = this.scope[facts[i]!]!;
      for (let j = 0; j < vs.length; j++) {
        const v = vs[j]!;
        if (this.varStamp[v] !== stamp) { this.varStamp[v] = stamp; out.push(v); }
      }
    }
    return out;
  }

  /** scopeOf for a neighbourhood ring, cached with the ring. */
  private ringScope(ring: readonly number[]): number[] {
    if (!this.reuse) return this.scopeOf(ring);
    let s = this.ringScopes.get(ring);
    if (!s) this.ringScopes.set(ring, (s = this.scopeOf(ring)));
    return s;
  }

  private nextFactStamp(): number {
    if (++this.factStampNow === 0x7fffffff) {
      this.factStampNow = 1;
      this.factStamp.fill(0);
    }
    return this.factStampNow;
  }

  private nextStamp(): number {
    if (++this.stamp === 0x7fffffff) {
      this.stamp = 1;
      this.varStamp.fill(0);
      this.cellStamp.fill(0);
    }
    return this.stamp;
  }

  /** The literal that contradicts the target value of variable v. */
  private negated(v: number): Lit {
    return this.target.get(v) ? -v : v;
  }

  private open(v: number): boolean {
    return this.targetSign[v] !== 0 && this.decidedSign[v] === 0;
  }

  /**
   * Deletion-based shrinking of the facts of an UNSAT assumption set. Decided cells cost nothing, so
   * they are only trimmed to the engine's cores here; `minimalGiven` makes them minimal for the
   * step that is taken.
   */
  private shrink(facts: number[], given: Lit[], neg: Lit, v: number): { facts: number[]; given: Lit[] } | null {
    const searched = this.factSolver.stats.conflicts;
    let core = this.refute(facts, [...given, neg]);
    if (!core) return null;
    const hard = this.factSolver.stats.conflicts - searched > HARD_QUESTION_CONFLICTS;
    if (hard) this.stats.chunkedShrinks += 1;
    const inCore = (c: { facts: Set<number> }) => (f: number) => c.facts.has(f);
    // Try to drop the biggest facts and those farthest from the cell first: what stays is small.
    let rest = facts.filter(inCore(core)).sort((a, b) => {
      const na = this.scope[a]!.includes(v) ? 1 : 0;
      const nb = this.scope[b]!.includes(v) ? 1 : 0;
      return na - nb || this.area[b]! - this.area[a]! || a - b;
    });
    let givenRest = given.filter((l) => core!.lits.has(l));
    const keep: number[] = [];
    // A question the fact solver had to search hard for: its cores are nearly the whole question, so
    // dropping one fact a time took a hard refutation per fact dropped (a 10×10 2★ Star Battle's
    // first step: 47 of them, 14 s). There the facts go in chunks: a chunk that can go goes whole and
    // the next one is twice as big, one that cannot is halved; a single fact that cannot go is kept,
    // as below, so the reason is still minimal.
    for (let chunk = Math.max(1, rest.length >> 1); hard && rest.length;) {
      const n = Math.min(chunk, rest.length);
      const remaining = rest.slice(n);
      const c = this.refute([...keep, ...remaining], [...givenRest, neg]);
      if (c) {
        rest = remaining.filter(inCore(c));
        givenRest = givenRest.filter((l) => c.lits.has(l));
        chunk = n * 2;
      } else if (n === 1) {
        keep.push(rest[0]!);
        rest = remaining;
      } else {
        chunk = n >> 1;
      }
    }
    while (rest.length) {
      const f = rest.shift()!;
      const c = this.refute([...keep, ...rest], [...givenRest, neg]);
      if (c) {
        rest = rest.filter(inCore(c));
        givenRest = givenRest.filter((l) => c.lits.has(l));
      } else {
        keep.push(f);
      }
    }
    return { facts: keep, given: givenRest };
  }

  /**
   * The decided cells among `given` that the facts need to force `neg`'s variable (deletion). Each
   * question has a conflict budget: a cell whose removal the fact solver cannot settle within it is
   * kept, so the reason still forces the cell but may name a decided cell it could do without.
   * Its facts, which the grade counts, stay minimal; the grade could still move through what the
   * step reads off its decided cells (its technique, `bounds`, the other cells it forces), though
   * on no puzzle measured did it (see MINIMAL_GIVEN_CONFLICTS).
   */
  private minimalGiven(facts: readonly number[], given: Lit[], neg: Lit): Lit[] {
    let rest = [...given];
    const keep: Lit[] = [];
    while (rest.length) {
      const l = rest.shift()!;
      const c = this.refute(facts, [...keep, ...rest, neg], MINIMAL_GIVEN_CONFLICTS);
      if (c && c !== 'unknown') rest = rest.filter((x) => c.lits.has(x));
      else keep.push(l);
    }
    return keep;
  }

  /**
   * A minimal reason for v, shrunk from a core. A reason found at an earlier step still forces v
   * (decided cells stay decided): when no cell in its scope was decided since, it is still minimal
   * and is taken as it is; otherwise it is shrunk again from itself when it is no larger than the
   * core (cheaper than shrinking the core, and as honest: both give a minimal reason).
   */
  private reasonFor(v: number, facts: number[], given: Lit[]): { facts: number[]; given: Lit[] } {
    const cached = this.reasons.get(v);
    if (cached) {
      const scope = this.scopeOf(cached.facts);
      const decidedNow = this.givenOn(scope);
      if (decidedNow.length === cached.decided) return cached;
      const s = cached.facts.length <= facts.length ? this.shrink(cached.facts, decidedNow, this.negated(v), v) : null;
      if (s) {
        this.reasons.set(v, { ...s, decided: this.givenOn(this.scopeOf(s.facts)).length });
        return s;
      }
    }
    const s = this.shrink(facts, given, this.negated(v), v)!;
    this.reasons.set(v, { ...s, decided: this.givenOn(this.scopeOf(s.facts)).length });
    return s;
  }

  /**
   * Open variables that the facts and given cells force: those propagation over the facts' own
   * clauses forces (sound), and the rest each checked by the engine under assumptions; with
   * `searchOnly`, only those of the rest (propagation's are all kept).
   */
  private forcedBy(facts: readonly number[], given: readonly Lit[], searchOnly?: readonly number[]): number[] {
    const candidates = this.scopeOf(facts).filter((v) => this.open(v));
    const propagated = new Set((this.forcedOn(facts, given, candidates.map((v) => -this.negated(v))) ?? []).map(Math.abs));
    return candidates.filter((v) => propagated.has(v)
      || ((!searchOnly || searchOnly.includes(v)) && this.refute(facts, [...given, this.negated(v)]) !== null));
  }

  /**
   * What one fact forces on its own, given the decided cells it concerns (cached until one of its
   * cells is decided). Found by propagation over the fact's own clauses, which is complete for one
   * cardinality rule; what only search finds in a single fact is left to the neighbourhood search,
   * which asks the engine.
   */
  private singleFact(f: number): { forced: number[]; given: Lit[] } {
    const cached = this.single[f];
    if (cached) return cached;
    const scope = this.scope[f]!;
    const given = this.givenOn(scope);
    const candidates: Lit[] = [];
    for (let i = 0; i < scope.length; i++) {
      const v = scope[i]!;
      if (this.open(v)) candidates.push(this.targetSign[v]! > 0 ? v : -v);
    }
    let forced: number[] = [];
    if (candidates.length) {
      const lits = this.forcedOn([f], given, candidates);
      if (lits === null) throw new Error(`fact "${this.facts[f]!.text}" contradicts the decided cells`);
      forced = lits.map(Math.abs);
    }
    const result = { forced, given };
    this.single[f] = result;
    return result;
  }

  /**
   * A decided literal that tells more about a many-valued cell than that it is empty (see
   * ExplainStep.bounds): a bound, or a count above the least.
   */
  private isBound(l: Lit): boolean {
    const group = this.sameCells.get(Math.abs(l));
    return group !== undefined && !group.every((w) => this.decided.get(w) === false);
  }

  /** What fact f forces from these decided cells alone (propagation, as in singleFact). */
  private forcedOnWhole(f: number, given: readonly Lit[]): number[] {
    const candidates = this.scope[f]!.filter((v) => this.open(v)).map((v) => (this.target.get(v) ? v : -v));
    return (this.forcedOn([f], given, candidates) ?? []).map(Math.abs);
  }

  /** Whether the JS screen may probe these facts: not a whole-grid rule's thousands of clauses. */
  private screenable(facts: readonly number[]): boolean {
    let known = this.screenableRings.get(facts);
    if (known === undefined) this.screenableRings.set(facts, (known = this.countLiterals(facts) <= SCREEN_LITERALS));
    return known;
  }

  private countLiterals(facts: readonly number[]): number {
    let literals = 0;
    for (const f of facts) for (const c of this.factClauses[f]!) literals += c.length;
    return literals;
  }

  /**
   * The candidates that unit propagation over the facts' clauses (and the always-on ones) implies
   * from the given literals; null when the given literals conflict with them.
   */
  private forcedOn(facts: readonly number[], given: readonly Lit[], candidates: readonly Lit[]): Lit[] | null {
    return this.factSolver.forcedByPropagation(facts, given, candidates);
  }

  private cost(facts: readonly number[]): [number, number] {
    if (facts.length === 1) return [1, this.area[facts[0]!]!];
    const stamp = this.nextStamp();
    let cells = 0;
    for (let i = 0; i < facts.length; i++) {
      const ids = this.cellIds[facts[i]!]!;
      for (let j = 0; j < ids.length; j++) {
        const id = ids[j]!;
        if (this.cellStamp[id] !== stamp) { this.cellStamp[id] = stamp; cells += 1; }
      }
    }
    return [facts.length, cells];
  }

  /** Facts within `radius` fact-neighbourhood steps of the facts concerning variable v (cached: the neighbourhoods never change). */
  private factsAround(v: number, radius: number): number[] {
    let rings = this.rings.get(v);
    if (!rings) this.rings.set(v, (rings = [this.factsOfVar[v] ?? []]));
    while (rings.length <= radius) {
      // The next ring: this one, then the neighbours of its facts in order of discovery. Only the
      // facts the last ring added can have neighbours outside it (those of older ones are in it).
      const last = rings[rings.length - 1]!;
      const from = rings.length > 1 && rings[rings.length - 2] !== last ? rings[rings.length - 2]!.length : 0;
      const stamp = this.nextFactStamp();
      for (const f of last) this.factStamp[f] = stamp;
      const next = last.slice();
      for (let i = from; i < last.length; i++) {
        for (const g of this.neighbours[last[i]!]!) {
          if (this.factStamp[g] !== stamp) { this.factStamp[g] = stamp; next.push(g); }
        }
      }
      rings.push(next.length === last.length ? last : next);
    }
    return rings[radius]!;
  }

  /**
   * The cheapest next step (fewest facts, then for single facts the easiest kind and for several the
   * easiest technique, then smallest area), or null when nothing more is forced.
   *
   * Why the search can stop early and still be honest: a minimal reason is connected (its facts,
   * the decided cells it uses and the negated value share variables; a part sharing none with the
   * rest would be satisfiable on its own, since the puzzle has a solution), so a reason of k facts
   * for v lies within k − 1 neighbourhood steps of v's own facts. A value not forced by the facts
   * within radius r − 1 therefore needs at least r + 1 facts: that lower bound orders the search.
   * Cores are shrunk smallest first; the search stops once the best reason found has no more facts
   * than the lower bound of everything not yet shrunk.
   *
   * A neighbourhood that forced v once is not asked again: its first core (`firstCores`) orders the
   * shrinking, which starts from that core's facts with every cell decided now. Asking again after
   * each step (for a core that may use the newly decided cells) was half of a 25×25 Light Up grade:
   * every open cell's neighbourhood was refuted anew whenever a cell in it was decided. The grades
   * did not move (Tatham's Light Up d1 and d2 and ours, mean within 0.03; Bridges the same), see
   * CALIBRATED_HARD in src/generate/generate.ts.
   */
  nextStep(): ExplainStep | null {
    const open = this.vars.filter((v) => this.open(v));
    if (!open.length) return null;

    // 1. One fact alone (the cheapest possible), by propagation over the fact's own clauses. Easiest
    // kind first: a fact the step settles (every open cell it concerns is forced), then one narrowed
    // from cells known empty only, last one narrowed using what other many-valued cells hold or may
    // hold (a bound step, which the grade counts).
    let single: { facts: number[]; given: Lit[]; forced: number[]; rank: [number, number] } | null = null;
    for (let f = 0; f < this.facts.length; f++) {
      const r = this.singleFact(f);
      if (!r.forced.length) continue;
      const area = this.area[f]!;
      let candidate = { facts: [f], given: r.given, forced: r.forced, rank: [2, area] as [number, number] };
      if (this.scope[f]!.every((v) => !this.open(v) || r.forced.includes(v))) candidate.rank = [0, area];
      else if (single?.rank[0] === 0) continue;
      else {
        const whole = r.given.filter((l) => !this.isBound(l));
        if (whole.length === r.given.length) candidate.rank = [1, area];
        else {
          const forced = this.forcedOnWhole(f, whole);
          if (forced.length) candidate = { facts: [f], given: whole, forced, rank: [1, area] };
        }
      }
      const b = single?.rank;
      if (!b || candidate.rank[0] < b[0] || (candidate.rank[0] === b[0] && candidate.rank[1] < b[1])) single = candidate;
    }
    if (single) {
      // Keep only the decided cells that all the values this kind of step forces need (by
      // propagation, which is complete for one cardinality rule; the replay test checks minimality
      // on the engine): a step that settles its fact stays one that settles it.
      const lits = single.forced.map((v) => -this.negated(v));
      let given = single.given;
      for (const g of single.given) {
        const without = given.filter((x) => x !== g);
        if (this.forcedOn(single.facts, without, lits)?.length === lits.length) given = without;
      }
      return this.makeStep(single.facts, given, single.forced);
    }

    // 2. Growing neighbourhoods of facts around each open cell.
    // Fewest facts, then the easiest technique (see easiestOf), then the smallest area. Without the
    // technique, which of two 2-fact reasons a step took came down to the order of the variables,
    // so a puzzle turned on the page could take a probing step where a propagating one was there.
    let best: { v: number; facts: number[]; given: Lit[]; cost: [number, number]; technique: number } | null = null;
    const better = (cost: [number, number], technique: number) => !best || cost[0] < best.cost[0]
      || (cost[0] === best.cost[0] && (technique < best.technique || (technique === best.technique && cost[1] < best.cost[1])));
    /** Whether nothing left to shrink, needing at least `lowerBound` facts, can beat the best: it has fewer, or as many and propagates. */
    const unbeatable = (lowerBound: number) => best !== null && (best.cost[0] < lowerBound || (best.cost[0] === lowerBound && best.technique === 0));
    let cheapest = true;
    /** Values already forced (and their cores shrunk) at a smaller radius. */
    const shrunk = new Set<number>();
    for (let radius = 0; radius <= this.facts.length; radius++) {
      // Everything first forced at this radius needs at least radius + 1 facts (1 at radius 0:
      // a single fact that forces only by search is found here).
      const lowerBound = radius + 1;
      if (unbeatable(lowerBound)) break;
      const cores: { v: number; facts: number[]; given: Lit[] | undefined; scope: readonly number[]; cost: [number, number] }[] = [];
      let grew = false;
      for (const v of open) {
        if (shrunk.has(v)) continue;
        const around = this.factsAround(v, radius);
        if (radius > 0 && around.length === this.factsAround(v, radius - 1).length) continue;
        grew = true;
        const scope = this.ringScope(around);
        const key = v * (this.facts.length + 1) + radius;
        const first = this.firstCores.get(key);
        if (first) {
          // Forced here before, so forced still: its first core, with every cell decided now in
          // the neighbourhood (the shrinking starts by asking for a core of those facts and cells;
          // they are listed only for the cores that get shrunk).
          cores.push({ v, facts: first.facts, given: undefined, scope, cost: first.cost });
          continue;
        }
        // Decided cells only grow: with as many decided in the scope as last time, it is still not forced.
        const decidedThen = this.notForced.get(key);
        const decidedNow = this.countDecided(scope);
        if (decidedThen !== undefined && decidedThen === decidedNow) continue;
        if (this.reuse && decidedThen !== undefined && this.stillUnforced(key)) { this.notForced.set(key, decidedNow); continue; }
        const given = this.givenOn(scope);
        /** The answer to the screen's question, when it was asked of the fact solver (null: satisfiable). */
        let screened: Core | null | undefined;
        // Nearest facts: propagation with failed-literal probing over their clauses screens the
        // cells first (in JS, cheaper than the engine); what needs search inside them is found
        // one ring further out (the lower bound there, 2, holds: no single fact forced anything).
        // Whole-grid rules (eager connectivity) are left to the engine: probing them costs seconds.
        // A screen passed with as many decided cells in the scope (the same cells) passes again.
        if (radius === 0 && this.screenPassed.get(v) !== given.length && this.screenable(around)) {
          // A satisfiable question is not refuted by probing either: its technique is case analysis.
          const question = [...given, this.negated(v)];
          let satisfiable = this.satisfiable(around, question);
          if (!satisfiable && this.reuse && !this.onEngine) {
            // Asked first, since the answer is nearly always "satisfiable" here (single facts
            // forced all they could): cheaper than probing, and its solution is kept as a witness,
            // so a later step need not ask again. The fact solver's answer depends on the question
            // only, so asking before the screen changes nothing but the time (not so on the engine).
            screened = this.refute(around, question);
            satisfiable = screened === null;
          }
          if (satisfiable || this.factSolver.technique(around, question) === 'case analysis') {
            this.notForced.set(key, given.length);
            if (screened === null) this.witness.set(key, this.flips(scope));
            continue;
          }
          if (this.reuse) this.screenPassed.set(v, given.length);
        }
        const core = screened ?? this.refute(around, [...given, this.negated(v)]);
        if (!core) {
          this.notForced.set(key, given.length);
          if (this.reuse && !this.onEngine) this.witness.set(key, this.flips(scope));
          continue;
        }
        const facts = around.filter((f) => core.facts.has(f));
        const cost = this.cost(facts);
        this.firstCores.set(key, { facts, cost });
        cores.push({ v, facts, given: given.filter((l) => core.lits.has(l)), scope, cost });
      }
      cores.sort((a, b) => a.cost[0] - b.cost[0] || a.cost[1] - b.cost[1]);
      for (const [i, c] of cores.entries()) {
        // A core is an upper bound on its value's reason; nothing here beats a best at the bound that propagates.
        if (unbeatable(lowerBound)) break;
        if (i >= SHRINK_PER_RADIUS) { this.stats.capped += 1; cheapest = false; break; }
        const s = this.reasonFor(c.v, c.facts, c.given ?? this.givenOn(c.scope));
        shrunk.add(c.v);
        // Other candidates this reason forces by propagation start their own shrinking from it.
        const others = cores.filter((x) => !shrunk.has(x.v) && x.facts.length > s.facts.length).map((x) => -this.negated(x.v));
        if (others.length) {
          const given = this.givenOn(this.scopeOf(s.facts));
          for (const l of this.forcedOn(s.facts, given, others) ?? []) {
            this.reasons.set(Math.abs(l), { facts: s.facts, given, decided: -1 });
          }
        }
        const cost = this.cost(s.facts);
        if (!best || cost[0] <= best.cost[0]) {
          const technique = this.techniqueRank(s.facts, s.given, c.v);
          if (better(cost, technique)) best = { v: c.v, ...s, cost, technique };
        }
      }
      if (!grew) break;
    }
    if (best) return this.makeStep(best.facts, this.minimalGiven(best.facts, best.given, this.negated(best.v)), [best.v], cheapest);
    // Nothing local: all facts together (a cell forced only by the whole puzzle, e.g. via base clauses).
    for (const v of open) {
      const s = this.shrink(this.facts.map((f) => f.index), this.givenOn(this.vars), this.negated(v), v);
      if (s) return this.makeStep(s.facts, this.minimalGiven(s.facts, s.given, this.negated(v)), [v]);
    }
    return null;
  }

  /** A hash of a question: its facts and literals, in order (the fact solver's answer depends on the order). */
  private questionKey(facts: readonly number[], lits: readonly Lit[]): number {
    let h = Math.imul(facts.length, 0x9e3779b1) ^ lits.length;
    for (let i = 0; i < facts.length; i++) h = Math.imul(h ^ facts[i]!, 0x01000193) + 0x7f4a7c15 | 0;
    h = Math.imul(h ^ 0x55555555, 0x85ebca6b);
    for (let i = 0; i < lits.length; i++) h = Math.imul(h ^ lits[i]!, 0x01000193) + 0x7f4a7c15 | 0;
    return h;
  }

  /** The core the fact solver gave when this very question was asked before (see `cores`), if any. */
  private knownCore(key: number, facts: readonly number[], lits: readonly Lit[]): Core | undefined {
    const bucket = this.cores.get(key);
    if (!bucket) return undefined;
    const same = (a: Int32Array, b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    return bucket.find((e) => same(e.facts, facts) && same(e.lits, lits))?.core;
  }

  private keepCore(key: number, facts: readonly number[], lits: readonly Lit[], core: Core): void {
    let bucket = this.cores.get(key);
    if (!bucket) this.cores.set(key, (bucket = []));
    bucket.push({ facts: Int32Array.from(facts), lits: Int32Array.from(lits), core });
  }

  /** The solutions kept for this set of facts (see `models`), if any. */
  private keptModels(facts: readonly number[]): { facts: Int32Array; models: Int8Array[] } | undefined {
    const bucket = this.models.get(this.factsKey(facts));
    if (!bucket) return undefined;
    const stamp = this.nextFactStamp();
    for (let i = 0; i < facts.length; i++) this.factStamp[facts[i]!] = stamp;
    return bucket.find((e) => e.facts.length === facts.length && e.facts.every((f) => this.factStamp[f] === stamp));
  }

  /**
   * A kept solution of a superset of these facts that makes these literals true (see `wider`), if
   * any: the last literal is looked up (a question's negated value; its bucket holds the solutions
   * that have that variable away from its target), then the facts, then the other literals.
   */
  private widerModel(facts: readonly number[], lits: readonly Lit[]): Int8Array | undefined {
    if (!lits.length) return undefined;
    const last = lits[lits.length - 1]!;
    const bucket = this.wider.get(last);
    if (!bucket) return undefined;
    const bloom = factBloom(facts);
    for (let k = bucket.length - 1; k >= 0; k--) {
      const e = bucket[k]!;
      if ((bloom & ~e.bloom) !== 0) continue;
      let all = true;
      for (let i = 0; i < facts.length; i++) {
        const f = facts[i]!;
        if ((e.facts[f >> 5]! & (1 << (f & 31))) === 0) { all = false; break; }
      }
      if (all && this.satisfies(e.model, lits)) return e.model;
    }
    return undefined;
  }

  /** Files a solution of these facts under every literal it holds away from the target (see `wider`). */
  private keepWider(facts: readonly number[], model: Int8Array): void {
    const bits = new Uint32Array((this.facts.length + 31) >> 5);
    for (const f of facts) bits[f >> 5]! |= 1 << (f & 31);
    const entry = { facts: bits, bloom: factBloom(facts), model };
    for (let i = 0; i < model.length; i++) {
      const m = model[i]!;
      const v = this.vars[i]!;
      const t = this.targetSign[v]!;
      if (m === 0 || t === 0 || m === t) continue;
      const l = m > 0 ? v : -v;
      let bucket = this.wider.get(l);
      if (!bucket) this.wider.set(l, (bucket = []));
      if (bucket.push(entry) > WIDER_PER_LITERAL) bucket.shift();
    }
  }

  /** Keeps the last solution (the fact solver's, or `value`) for this set of facts (`kept`: its entry, if any). */
  private keepModel(facts: readonly number[], kept: { facts: Int32Array; models: Int8Array[] } | undefined, value?: (v: number) => boolean): void {
    const model = value ? Int8Array.from(this.vars, (v) => (value(v) ? 1 : -1)) : this.projectedModel();
    this.keepWider(facts, model);
    if (kept) {
      if (kept.models.unshift(model) > MODELS_PER_QUESTION) kept.models.pop();
      return;
    }
    const key = this.factsKey(facts);
    let bucket = this.models.get(key);
    if (!bucket) this.models.set(key, (bucket = []));
    bucket.push({ facts: Int32Array.from(facts), models: [model] });
  }

  /** A hash of a set of facts (any order): sums and exclusive ors of random numbers per fact. */
  private factsKey(facts: readonly number[]): number {
    let sum = 0, xor = 0;
    for (let i = 0; i < facts.length; i++) {
      const f = facts[i]!;
      sum = (sum + this.factHash[2 * f]!) | 0;
      xor ^= this.factHash[2 * f + 1]!;
    }
    return (sum >>> 0) * 0x200000 + (xor & 0x1fffff);
  }

  /** The last solution of the fact solver on the projection variables (1 true, -1 false, 0 unassigned), by index in `vars`. */
  private projectedModel(): Int8Array {
    return this.factSolver.modelSigns(this.localVars ??= this.factSolver.localVariables(this.vars));
  }

  /** The fact solver's numbers for the projection variables (see projectedModel). */
  private localVars: Int32Array | undefined;

  /** 1 + v's index in `vars`, or 0 when v is not a projection variable. */
  private slotOf(v: number): number {
    return v < this.varIndex.length ? this.varIndex[v]! : 0;
  }

  /** Whether a kept solution makes all these literals true (each on a projection variable it assigned). */
  private satisfies(model: Int8Array, lits: readonly Lit[]): boolean {
    // From the end: the negated value comes last, and a kept solution of other questions fails on it first.
    for (let k = lits.length - 1; k >= 0; k--) {
      const l = lits[k]!;
      const i = this.slotOf(l < 0 ? -l : l);
      if (i === 0 || model[i - 1] !== (l > 0 ? 1 : -1)) return false;
    }
    return true;
  }

  /** The cells of `scope` where the last solution found (see `lastSolution`) differs from the target. */
  private flips(scope: readonly number[]): number[] {
    const out: number[] = [];
    const model = this.lastModel;
    for (const w of scope) {
      const t = this.targetSign[w]!;
      if (t === 0) continue;
      if (model) {
        const i = this.slotOf(w);
        if ((i > 0 && model[i - 1]! > 0) !== t > 0) out.push(w);
      } else if (this.lastSolution(w) !== t > 0) out.push(w);
    }
    return out;
  }

  /** Whether the solution kept for this neighbourhood (see `witness`) still agrees with every decided cell. */
  private stillUnforced(key: number): boolean {
    const flips = this.witness.get(key);
    return flips !== undefined && flips.every((w) => !this.decided.has(w));
  }

  private value(v: number, value: boolean): StepValue {
    const d = this.model.decision(v);
    const name = this.model.nameOf(v) ?? `x${v}`;
    return {
      lit: value ? v : -v,
      value,
      text: d ? (value ? d.yes : d.no) : `${name} = ${value}`,
      cells: d?.cells ?? [],
    };
  }

  /**
   * The step these facts make: it decides the values they force as easily as `targets` (see
   * easiestOf), the values the reason was found for, all forced the same way.
   */
  private makeStep(facts: number[], given: Lit[], targets: readonly number[], cheapest = true): ExplainStep {
    const { forced, technique } = this.easiestOf(facts, given, targets);
    const step: ExplainStep = {
      values: forced.map((v) => this.value(v, this.target.get(v)!)),
      facts: facts.map((f) => ({ index: f, text: this.facts[f]!.text, cells: this.facts[f]!.cells })),
      given: given.map((l) => this.value(Math.abs(l), l > 0)),
      area: this.cost(facts)[1],
      technique,
      settles: false,
      bounds: given.some((l) => this.isBound(l)),
      cheapest,
    };
    this.apply(forced);
    step.settles = this.scopeOf(facts).every((v) => !this.open(v));
    return step;
  }

  /**
   * Of the values a reason forces, those it forces as easily as the first of `targets` (propagation, probing, case
   * analysis), and that technique. One reason may force values in different ways: a Star Battle
   * region of 5 cells needing 3 stars, 3 of its cells in one 2×2 window, rules out a star beside the
   * window by propagation (it would leave the region 2 cells), while its stars outside the window
   * follow only from counting (probing). Judged on whichever value came first in the fact's order,
   * a puzzle and its mirror image graded up to 2 points apart; the harder values now wait for a step
   * of their own, which may find them more easily once the easy ones are in.
   */
  private easiestOf(facts: readonly number[], given: readonly Lit[], targets: readonly number[]): { forced: number[]; technique: Technique } {
    const t = this.techniqueRank(facts, given, targets[0]!);
    // By propagation: a propagation step keeps what propagation forces (forcedBy's probes ask what
    // `propagates` asks), so the search forcedBy runs for every other open value would only find
    // values dropped here (on Bridges grades, about half the time a step took to make). Only a
    // target forced by search alone still needs it.
    if (t === 0) return { forced: this.forcedBy(facts, given, targets), technique: TECHNIQUES[0]! };
    const forced = this.forcedBy(facts, given);
    // Every value is forced by case analysis at worst: then all go, without probing each.
    if (t === TECHNIQUES.length - 1) return { forced, technique: TECHNIQUES[t]! };
    const kept = forced.filter((v) => targets.includes(v) || this.techniqueRank(facts, given, v) <= t);
    return { forced: kept, technique: TECHNIQUES[t]! };
  }

  /** How hard it is to find that these facts and decided cells force v: its technique's rank in TECHNIQUES. */
  private techniqueRank(facts: readonly number[], given: readonly Lit[], v: number): number {
    return TECHNIQUES.indexOf(this.factSolver.technique(facts, [...given, this.negated(v)]));
  }

  /** Decides variables at their target values and forgets cached results that concern them. */
  apply(vars: readonly number[]): void {
    for (const v of vars) {
      this.decidedValues.set(v, this.target.get(v)!);
      this.decidedSign[v] = this.targetSign[v]!;
      for (const f of this.factsOfVar[v] ?? []) this.single[f] = undefined;
    }
  }

  /** Solves with every fact on: the first solution, whether it is unique, and the targets. */
  prepare(): Prepared {
    const unique = this.uniqueOnConnectivityEngine();
    if (unique) return unique;
    const acts = this.allActs();
    if (this.solver.solve({ assumptions: acts }) !== 'sat') return { status: 'none' };
    const first = this.solver.model().slice();
    const value = valuation(first);
    // Is there another solution? Block this one on the projection, behind a selector.
    const selector = this.solver.newVar();
    this.solver.addClause([-selector, ...this.vars.map((v) => (value(v) ? -v : v))]);
    const r = this.solver.solve({ assumptions: [...acts, selector] });
    this.solver.addClause([-selector]);
    if (r !== 'sat') {
      for (const v of this.vars) this.setTarget(v, value(v));
      return { status: 'unique', model: first };
    }
    const second = this.solver.model().slice();
    const bb = backbone(this.model, this.vars, { assumptions: acts });
    for (const [v, val] of bb.determined) this.setTarget(v, val);
    return { status: 'multiple', model: first, second };
  }

  /**
   * `prepare` on the connectivity engine (see `satisfiable`), which a puzzle with a connectivity
   * fact builds for its questions anyway, so the main engine need not load the eager encoding and
   * solve it. Its clauses mean the same constraint, so it finds the same answer: no solution, or one
   * (then the targets are that solution, whichever engine found it). With several solutions,
   * undefined: the main engine's first solution is the one an explanation shows, so `prepare` asks it.
   */
  private uniqueOnConnectivityEngine(): Prepared | undefined {
    if (!this.quickCheck || !this.engineConnects || this.onEngine) return undefined;
    const quick = this.engine;
    const acts: Lit[] = [];
    for (const f of this.facts) if (f.index !== this.connectivityFact) acts.push(f.activation);
    const r = quick.solve({ assumptions: acts });
    if (r === 'unsat') return { status: 'none' };
    if (r !== 'sat') return undefined;
    const first = quick.model().slice();
    const value = valuation(first);
    const selector = quick.newVar();
    quick.addClause([-selector, ...this.vars.map((v) => (value(v) ? -v : v))]);
    const again = quick.solve({ assumptions: [...acts, selector] });
    quick.addClause([-selector]);
    if (again !== 'unsat') return undefined;
    for (const v of this.vars) this.setTarget(v, value(v));
    return { status: 'unique', model: first };
  }

  private setTarget(v: number, value: boolean): void {
    this.targetValues.set(v, value);
    this.targetSign[v] = value ? 1 : -1;
  }

  setDeadline(ms: number | undefined): void {
    this.deadline = ms === undefined ? Infinity : Date.now() + ms;
  }

  /** Every variable as decided so far, for renderers: true/false where decided, undefined elsewhere. */
  fixed(): (lit: Lit) => boolean | undefined {
    return (lit) => {
      const v = this.decided.get(Math.abs(lit));
      return v === undefined ? undefined : lit > 0 ? v : !v;
    };
  }

  /** Decodes the decided values as a (partial) solution: undecided variables read false. */
  decodeDecided(): unknown {
    return this.encoded.decode((lit) => this.fixed()(lit) === true);
  }

  /**
   * Two solutions that agree on every decided cell and differ on as few projection variables as
   * this finds: start from two solutions, then repeatedly try to confine the difference to all but
   * one of the variables where they differ.
   */
  alternative(first: Uint8Array): { second: Uint8Array; diff: number[] } | null {
    const acts = this.allActs();
    const val1 = valuation(first);
    const agree = (vs: Iterable<number>) => [...vs].map((v) => (val1(v) ? v : -v));
    const diffOf = (m: Uint8Array) => this.vars.filter((v) => valuation(m)(v) !== val1(v));
    let best: Uint8Array | null = null;
    let diff: number[] = [];
    // A solution differing on some open variable, as close to `first` as the engine's phases make it.
    for (const v of this.vars) {
      if (this.decided.has(v) || this.target.has(v)) continue;
      this.check();
      if (this.solver.solve({ assumptions: [...acts, val1(v) ? -v : v] }) === 'sat') {
        const m = this.solver.model().slice();
        const d = diffOf(m);
        if (!best || d.length < diff.length) { best = m; diff = d; }
      }
    }
    if (!best) return null;
    for (let improved = true; improved && diff.length > 1;) {
      improved = false;
      for (const x of diff) {
        this.check();
        // Agree with `first` outside diff \ {x}, yet differ somewhere in it.
        const inside = new Set(diff.filter((y) => y !== x));
        const outside = this.vars.filter((v) => !inside.has(v));
        const selector = this.solver.newVar();
        this.solver.addClause([-selector, ...[...inside].map((v) => (val1(v) ? -v : v))]);
        const r = this.solver.solve({ assumptions: [...acts, ...agree(outside), selector] });
        const m = r === 'sat' ? this.solver.model().slice() : null;
        this.solver.addClause([-selector]);
        if (m) { best = m; diff = diffOf(m); improved = true; break; }
      }
    }
    return { second: best, diff };
  }

  /** Entries that no solution has together (a minimal such set), or [] when some solution has them all. */
  inconsistent(entries: ReadonlyMap<number, boolean>): number[] {
    const lits = [...entries].map(([v, value]) => (value ? v : -v));
    const acts = this.allActs();
    if (this.solver.solve({ assumptions: [...acts, ...lits] }) !== 'unsat') return [];
    let rest = lits.filter((l) => this.solver.failedAssumptions().includes(l));
    const keep: Lit[] = [];
    while (rest.length) {
      const l = rest.shift()!;
      if (this.solver.solve({ assumptions: [...acts, ...keep, ...rest] }) === 'unsat') {
        const core = new Set(this.solver.failedAssumptions());
        rest = rest.filter((x) => core.has(x));
      } else keep.push(l);
    }
    return keep.map(Math.abs);
  }

  stepValue(v: number, value: boolean): StepValue {
    return this.value(v, value);
  }

  variables(): readonly number[] {
    return this.vars;
  }

  factCount(): number {
    return this.facts.length;
  }

  /** For tests: a model of these facts and given literals (the engine's), or null when there is none. */
  solveUnder(factIndices: readonly number[], given: readonly Lit[]): ((v: number) => boolean) | null {
    const acts = factIndices.map((f) => this.facts[f]!.activation);
    if (this.solver.solve({ assumptions: [...acts, ...given] }) !== 'sat') return null;
    return valuation(this.solver.model().slice());
  }

  /** For replaying steps: does this set of facts and given literals force `lit`? */
  forces(factIndices: readonly number[], given: readonly Lit[], lit: Lit): boolean {
    const acts = factIndices.map((f) => this.facts[f]!.activation);
    return this.solver.solve({ assumptions: [...acts, ...given, -lit] }) === 'unsat';
  }
}

/** One bit per fact (its index mod 32): a set's bits lie within a superset's, a quick test before the full one. */
function factBloom(facts: readonly number[]): number {
  let bits = 0;
  for (let i = 0; i < facts.length; i++) bits |= 1 << (facts[i]! & 31);
  return bits;
}

/** Explains a puzzle from the empty grid (or `options.start`) as far as deductions go. */
export function explainPuzzle(type: AnyPuzzleType, puzzle: unknown, options: ExplainOptions = {}): Explanation {
  const ex = new Explainer(type, puzzle, options.encoding);
  try {
    return runExplainer(ex, options);
  } finally {
    ex.dispose();
  }
}

export function runExplainer(ex: Explainer, options: ExplainOptions = {}, prepared?: Prepared): Explanation {
  const prep = prepared ?? ex.prepare();
  if (prep.status === 'none') return { status: 'none', steps: [], message: 'the puzzle has no solution', facts: ex.factCount() };
  const solution = ex.encoded.decode(valuation(prep.model!));
  const problems = ex.type.verify(ex.puzzle, solution);
  if (problems.length) throw new Error(`the engine's solution fails verification: ${problems.join('; ')}`);
  if (options.start) ex.apply([...options.start.keys()].filter((v) => ex.target.get(v) === options.start!.get(v)));
  ex.setDeadline(options.timeoutMs);
  const steps: ExplainStep[] = [];
  try {
    while (options.maxSteps === undefined || steps.length < options.maxSteps) {
      const step = ex.nextStep();
      if (!step) break;
      // A step that decides nothing would be taken again and again (no decided cell changes what
      // the next step finds): stop with an answer instead of looping while memory grows.
      if (!step.values.length) {
        return { status: 'unknown', steps, message: 'stopped: the explainer found a reason that decides nothing new (a bug in the explainer)', facts: ex.factCount() };
      }
      steps.push(step);
      if (options.stopWhen?.(steps, ex.variables().length - ex.decided.size)) return { status: 'unknown', steps, message: 'stopped by the caller', facts: ex.factCount(), stopped: true };
    }
  } catch (err) {
    if (!(err instanceof OutOfTime)) throw err;
    return { status: 'unknown', steps, message: 'the time limit stopped the explanation', facts: ex.factCount() };
  }
  const done = ex.variables().every((v) => ex.decided.has(v));
  if (prep.status === 'unique') {
    return { status: done || options.maxSteps !== undefined ? 'solved' : 'stuck', steps, solution, facts: ex.factCount() };
  }
  if (options.maxSteps !== undefined && steps.length >= options.maxSteps) return { status: 'stuck', steps, facts: ex.factCount() };
  let alternative: Alternative | undefined;
  try {
    const alt = ex.alternative(prep.model!);
    if (alt) {
      const v1 = valuation(prep.model!);
      const v2 = valuation(alt.second);
      const differences = alt.diff.map((v) => ({ first: ex.stepValue(v, v1(v)), second: ex.stepValue(v, v2(v)) }));
      const cells = new Map<string, Cell>();
      for (const d of differences) for (const c of d.first.cells) cells.set(`${c[0]},${c[1]}`, c);
      alternative = { first: solution, second: ex.encoded.decode(v2), differences, cells: [...cells.values()] };
    }
  } catch (err) {
    if (!(err instanceof OutOfTime)) throw err;
  }
  return {
    status: 'stuck', steps, facts: ex.factCount(),
    message: 'the puzzle has more than one solution',
    ...(alternative ? { alternative } : {}),
  };
}
