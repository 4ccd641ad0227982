import { readEngineFile } from './engine-file.js';
import type { Clause, ConnectivityEdge, ConnectivityOptions, Lit, SatSolver, SearchStrategy, SolveOptions, SolveResult, SolverStats } from './types.js';
import { literalValue } from './model.js';
import { parseDimacs } from './dimacs.js';
import { ParseError } from '../util/errors.js';

/** What `WasmSolver.addDimacs` read. */
export interface DimacsLoad {
  /** Variables declared by the `p cnf` header. */
  numVars: number;
  /** Clauses read. */
  numClauses: number;
  /** Non-fatal problems (a clause count that disagrees with the header). */
  warnings: string[];
}

/** The C engine's exports (src/sat/engine/api.c). Pointers are byte offsets into `memory` (read them `>>> 0`). */
interface EngineExports {
  memory: WebAssembly.Memory;
  init(): void;
  reset(): void;
  buffer(ints: number): number;
  new_var(): number;
  num_vars(): number;
  add_clauses(ints: number): number;
  text_buffer(bytes: number): number;
  add_dimacs(bytes: number): number;
  dimacs_info(): number;
  set_limits(conflicts: number, propagations: number, deadline: number): void;
  set_strategy(strategy: number): void;
  solve(assumptions: number): number;
  model(): number;
  model_size(): number;
  failed(): number;
  failed_count(): number;
  out_of_memory(): number;
  stats(): number;
  add_connectivity(vertices: number, edges: number): number;
  connectivity_capacity(vertices: number, edges: number, weights: number): number;
  connectivity_acyclic(): number;
  conn_stats(): number;
}

const STRATEGY_CODES: Record<SearchStrategy, number> = { auto: 0, cdcl: 1, lookahead: 2 };
const RESULT_SAT = 10;
const RESULT_UNSAT = 20;
/** Clauses are staged in chunks before crossing into the engine; chunks grow up to this many ints. */
const CHUNK_INTS = 1 << 16;
const FIRST_CHUNK_INTS = 256;
/** Keeps internal literals (2v+s) well inside 32 bits. */
const MAX_VAR = 0x0fffffff;

let compiled: WebAssembly.Module | undefined;

/**
 * Disposed instances wait here to be reset and reused: a batch creates a solver per puzzle, and a
 * reused instance skips instantiation and the page faults of fresh memory. Instances that grew
 * large are dropped instead, so an idle pool holds little memory.
 */
const idle: EngineExports[] = [];
const MAX_IDLE = 4;
const MAX_IDLE_BYTES = 32 * 2 ** 20;
/**
 * A disposed solver's clause staging buffer, for the next solver: a puzzle's clauses grow it to its
 * full chunk size (256 KiB), and a batch would otherwise allocate and zero that once per puzzle.
 */
let spareStaging: Int32Array | undefined;

/**
 * Gives the binding an already compiled engine. A web page compiles engine.wasm from its own URL
 * (src/web/worker.ts) and hands it over here; under Node nothing needs to call this, the engine is
 * read from the package the first time a solver is made.
 */
export function provideEngine(module: WebAssembly.Module): void {
  compiled = module;
}

/** The compiled engine, shared by every solver (instantiating it is cheap). */
function engineModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readEngineFile());
  return compiled;
}

function checkLit(lit: Lit): void {
  if (!Number.isInteger(lit) || lit === 0 || Math.abs(lit) > MAX_VAR) {
    throw new Error(`invalid literal ${String(lit)} (expected a non-zero integer with |lit| <= ${MAX_VAR})`);
  }
}

export interface WasmSolverOptions {
  strategy?: SearchStrategy;
}

/** Our engine (C compiled to wasm32: CDCL, plus look-ahead for random k-SAT), one WebAssembly instance per solver. */
export class WasmSolver implements SatSolver {
  readonly name = 'wasm';
  private engine: EngineExports | undefined;
  private clauseCount = 0;
  private solveCount = 0;
  private lastModel: Uint8Array | undefined;
  private modelValid = false;
  private failed: Lit[] = [];
  /** Variables handed out so far; the engine learns of them at the next flush. */
  private vars = 0;
  /**
   * Clauses wait here (0-terminated) and cross into the engine in one call per chunk: a Model adds
   * clauses one at a time, and a boundary crossing per clause would cost more than the clause.
   */
  private pending: Int32Array;
  private pendingInts = 0;
  private pendingClauses = 0;

  constructor(options: WasmSolverOptions = {}) {
    const strategy = options.strategy ?? 'auto';
    const code = STRATEGY_CODES[strategy];
    if (code === undefined) throw new Error(`unknown search strategy '${String(strategy)}' (expected auto, cdcl or lookahead)`);
    this.pending = spareStaging ?? new Int32Array(FIRST_CHUNK_INTS);
    spareStaging = undefined;
    const reused = idle.pop();
    if (reused) {
      reused.reset();
      this.engine = reused;
    } else {
      const instance = new WebAssembly.Instance(engineModule(), { env: { now: () => Date.now() } });
      this.engine = instance.exports as unknown as EngineExports;
      this.engine.init();
    }
    this.engine.set_strategy(code);
  }

  newVar(): number {
    this.live();
    this.vars += 1;
    return this.vars;
  }

  /** Kept in JavaScript, so it can still be read after dispose() or a trap (for the report). */
  numVars(): number {
    return this.vars;
  }

  numClauses(): number {
    return this.clauseCount + this.pendingClauses;
  }

  addClause(clause: Clause): void {
    this.live();
    const n = clause.length;
    if (this.pendingInts + n + 1 > this.pending.length) this.makeRoom(n + 1);
    const buf = this.pending;
    let at = this.pendingInts;
    let maxVar = this.vars;
    for (let k = 0; k < n; k++) {
      const lit = clause[k]!;
      checkLit(lit);
      const v = lit < 0 ? -lit : lit;
      if (v > maxVar) maxVar = v;
      buf[at++] = lit;
    }
    buf[at++] = 0;
    this.pendingInts = at;
    this.pendingClauses += 1;
    this.vars = maxVar; // clauses allocate the variables they mention
  }

  addClauses(clauses: Iterable<Clause>): void {
    for (const clause of clauses) this.addClause(clause);
  }

  /**
   * Reads DIMACS CNF (text or UTF-8 bytes) straight into the engine, which parses it in C: for a
   * large file this avoids building a JS array per clause. Malformed input adds nothing and throws
   * the ParseError `parseDimacs` gives (same rules, with line and column).
   */
  addDimacs(input: string | Uint8Array, source?: string): DimacsLoad {
    this.live();
    this.flush();
    const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
    const status = this.call((e) => {
      const ptr = e.text_buffer(Math.max(bytes.length, 1)) >>> 0;
      new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
      return e.add_dimacs(bytes.length);
    });
    const [declaredVars, declaredClauses, clauses, errorOffset] = this.call((e) => Array.from(new Uint32Array(e.memory.buffer, e.dimacs_info() >>> 0, 4)));
    if (status < 0) {
      const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
      parseDimacs(text, source); // words the error with its line and column
      throw new ParseError(`malformed DIMACS (engine code ${-status}) at byte ${errorOffset!}`, { source });
    }
    this.vars = Math.max(this.vars, declaredVars!);
    this.clauseCount += clauses!;
    const warnings: string[] = [];
    if (clauses !== declaredClauses) {
      const msg = `header declares ${declaredClauses!} clauses but the file has ${clauses!}`;
      warnings.push(source ? `${source}: ${msg}` : msg);
    }
    return { numVars: declaredVars!, numClauses: clauses!, warnings };
  }

  /** Flushes a full staging buffer, or grows it for one very long clause. */
  private makeRoom(need: number): void {
    if (this.pendingInts > 0 && this.pendingInts + need > CHUNK_INTS) this.flush();
    if (this.pendingInts + need > this.pending.length) {
      const grown = new Int32Array(Math.max(this.pendingInts + need, Math.min(this.pending.length * 4, CHUNK_INTS)));
      grown.set(this.pending.subarray(0, this.pendingInts));
      this.pending = grown;
    }
  }

  /** Hands the staged clauses and any new variables to the engine. */
  private flush(): void {
    const ints = this.pendingInts;
    if (ints > 0) {
      const staged = this.pendingClauses;
      this.pendingInts = 0;
      this.pendingClauses = 0;
      this.buffer(ints).set(this.pending.subarray(0, ints));
      this.call((e) => e.add_clauses(ints));
      this.clauseCount += staged;
    }
    // Variables from newVar() that no clause mentions yet still belong in the model.
    this.call((e) => { for (let n = e.num_vars(); n < this.vars; n++) e.new_var(); });
  }

  solve(options: SolveOptions = {}): SolveResult {
    const assumptions = options.assumptions ?? [];
    for (const lit of assumptions) {
      checkLit(lit);
      if (Math.abs(lit) > this.vars) this.vars = Math.abs(lit);
    }
    this.flush();
    const limits = options.limits ?? {};
    this.solveCount += 1;
    this.modelValid = false;
    this.lastModel = undefined;
    this.failed = [];
    const result = this.call((e) => {
      e.set_limits(limits.conflicts ?? -1, limits.propagations ?? -1, limits.deadline ?? -1);
      this.buffer(Math.max(assumptions.length, 1)).set(assumptions);
      return e.solve(assumptions.length);
    });
    if (result === RESULT_SAT) {
      this.modelValid = true;
      return 'sat';
    }
    if (result === RESULT_UNSAT) {
      this.failed = this.call((e) => Array.from(new Int32Array(e.memory.buffer, e.failed() >>> 0, e.failed_count())));
      return 'unsat';
    }
    return 'unknown';
  }

  value(lit: Lit): boolean {
    return literalValue(this.model(), lit);
  }

  model(): Uint8Array {
    if (!this.modelValid) throw new Error('no model: the last solve did not return sat');
    this.lastModel ??= this.call((e) => new Uint8Array(e.memory.buffer, e.model() >>> 0, e.model_size()).slice());
    return this.lastModel;
  }

  failedAssumptions(): Lit[] {
    return [...this.failed];
  }

  /** The engine's connectivity propagator (src/sat/engine/connectivity.c) over these edges. */
  addConnectivity(vertices: number, edges: readonly ConnectivityEdge[], demands?: readonly (number | null)[], options: ConnectivityOptions = {}): void {
    this.live();
    if (!Number.isInteger(vertices) || vertices < 0) throw new Error(`invalid vertex count ${String(vertices)}`);
    if (demands && demands.length !== vertices) throw new Error(`${demands.length} demands for ${vertices} vertices`);
    for (const d of demands ?? []) if (d !== null && (!Number.isInteger(d) || d < 0)) throw new Error(`invalid demand ${String(d)}`);
    const endpoint = (x: number): void => {
      if (!Number.isInteger(x) || x < 0 || x >= vertices) throw new Error(`edge endpoint ${String(x)} is not a vertex (0..${vertices - 1})`);
    };
    const literal = (l: Lit): void => {
      checkLit(l);
      if (Math.abs(l) > this.vars) this.vars = Math.abs(l);
    };
    for (const e of edges) {
      checkLit(e.lit);
      endpoint(e.u);
      endpoint(e.v);
      literal(e.lit);
      if (demands && e.weights) for (const l of e.weights) literal(l);
    }
    this.flush();
    const ints = this.buffer(Math.max(3 * edges.length, 1));
    edges.forEach((e, i) => { ints[3 * i] = e.u; ints[3 * i + 1] = e.v; ints[3 * i + 2] = e.lit; });
    const r = this.call((e) => e.add_connectivity(vertices, edges.length));
    if (r < 0) throw new Error('the engine rejected the connectivity constraint');
    if (demands) this.addDemands(vertices, edges, demands);
    if (options.acyclic && this.call((e) => e.connectivity_acyclic()) < 0) throw new Error('the engine rejected the acyclicity constraint');
  }

  /** Capacities for the connectivity constraint just added (see `addConnectivity`). */
  private addDemands(vertices: number, edges: readonly ConnectivityEdge[], demands: readonly (number | null)[]): void {
    // demands, then per edge its weight count, then the weight literals (the edge literal alone by default)
    const weights = edges.map((e) => e.weights ?? [e.lit]);
    const total = weights.reduce((n, w) => n + w.length, 0);
    const buf = this.buffer(Math.max(vertices + edges.length + total, 1));
    demands.forEach((d, v) => { buf[v] = d ?? -1; });
    weights.forEach((w, i) => { buf[vertices + i] = w.length; });
    let at = vertices + edges.length;
    for (const w of weights) for (const l of w) buf[at++] = l;
    const c = this.call((e) => e.connectivity_capacity(vertices, edges.length, total));
    if (c < 0) throw new Error('the engine rejected the connectivity demands');
  }

  stats(): SolverStats {
    return this.call((e) => {
      const s = new Float64Array(e.memory.buffer, e.stats() >>> 0, 10);
      return {
        conflicts: s[0]!,
        decisions: s[1]!,
        propagations: s[2]!,
        restarts: s[3]!,
        learnedClauses: s[4]!,
        peakMemoryBytes: s[5]!,
        lookaheadSolves: s[6]!,
        probing: { rounds: s[7]!, failedLiterals: s[8]!, hyperBinaryResolvents: s[9]! },
        solves: this.solveCount,
        connectivity: this.connectivityStats(e),
      };
    });
  }

  private connectivityStats(e: EngineExports): SolverStats['connectivity'] {
    const c = new Float64Array(e.memory.buffer, e.conn_stats() >>> 0, 3);
    return { checks: c[0]!, conflicts: c[1]!, forced: c[2]! };
  }

  dispose(): void {
    const e = this.engine;
    if (e && idle.length < MAX_IDLE && e.memory.buffer.byteLength <= MAX_IDLE_BYTES) idle.push(e);
    this.engine = undefined;
    this.lastModel = undefined;
    if (this.pending.length > (spareStaging?.length ?? 0)) spareStaging = this.pending;
    this.pending = new Int32Array(0);
    this.pendingInts = 0;
  }

  private live(): EngineExports {
    if (!this.engine) throw new Error('wasm solver used after dispose()');
    return this.engine;
  }

  /** A view of the engine's staging buffer with room for `ints` values. */
  private buffer(ints: number): Int32Array {
    const e = this.live();
    const ptr = this.call(() => e.buffer(ints)) >>> 0;
    return new Int32Array(e.memory.buffer, ptr, ints);
  }

  /** Runs an engine call; a trap (e.g. out of memory) disables the solver with a clean Error. */
  private call<T>(f: (e: EngineExports) => T): T {
    const e = this.live();
    try {
      return f(e);
    } catch (err) {
      if (!(err instanceof WebAssembly.RuntimeError)) throw err;
      this.engine = undefined;
      const why = e.out_of_memory() ? 'out of memory (the 4 GiB wasm32 limit)' : err.message;
      throw new Error(`wasm engine failed: ${why}; this solver can no longer be used`);
    }
  }
}
