/*
 * The exports the TypeScript binding calls. Data crosses the boundary in bulk through one
 * Int32 buffer in linear memory: 0-terminated DIMACS clauses, or a list of assumption literals.
 */
#include "alloc.h"
#include "solver.h"
#include "dimacs.h"
#include "connectivity.h"

static i32 *buffer;
static u32 buffer_cap;
static u32 *scratch;      /* one clause in internal literals */
static u32 scratch_cap;
static u8 *text;          /* DIMACS bytes for add_dimacs */
static u32 text_cap;
static i32 *failed;       /* failed assumptions, DIMACS */
static u32 failed_cap, failed_count;
static double stats[10];

static inline u32 to_internal(i32 lit) {
  return lit > 0 ? 2u * (u32)(lit - 1) : 2u * (u32)(-lit - 1) + 1u;
}
static inline i32 to_dimacs(u32 lit) {
  i32 v = (i32)(lit >> 1) + 1;
  return (lit & 1) ? -v : v;
}
static inline u32 var_count(i32 lit) { return (u32)(lit > 0 ? lit : -lit); }

EXPORT("init") void gs_init(void) { solver_init(); }

/* Empties the instance for a new formula, keeping its grown memory: cheaper than a new instance. */
EXPORT("reset") void gs_reset(void) {
  mem_reset();
  buffer = 0; buffer_cap = 0;
  text = 0; text_cap = 0;
  scratch = 0; scratch_cap = 0;
  failed = 0; failed_cap = 0; failed_count = 0;
  solver_reset();
  conn_reset();
}

/* A buffer of at least n ints; its address stays valid until the next call with a larger n. */
EXPORT("buffer") i32 *gs_buffer(u32 n) {
  if (n > buffer_cap) {
    mem_free(buffer);
    buffer = mem_alloc((u64)n * 4);
    buffer_cap = n;
  }
  return buffer;
}

EXPORT("new_var") u32 gs_new_var(void) {
  solver_reserve_vars(solver_num_vars() + 1);
  return solver_num_vars();
}

EXPORT("num_vars") u32 gs_num_vars(void) { return solver_num_vars(); }

/* Adds the 0-terminated clauses in ints[0..n). Returns 0 once the formula is known UNSAT. */
static int add_int_clauses(const i32 *ints, u32 n) {
  u32 max_var = 0;
  for (u32 i = 0; i < n; i++) if (var_count(ints[i]) > max_var) max_var = var_count(ints[i]);
  solver_reserve_vars(max_var);
  if (n >= 1024) {
    /* a large batch: room for it in the clause arena and the watch lists at once */
    u32 nclauses = 0;
    for (u32 i = 0; i < n; i++) if (ints[i] == 0) nclauses++;
    solver_reserve_clauses(nclauses, n - nclauses);
    solver_reserve_watches(ints, n);
  }
  int ok = 1;
  u32 start = 0;
  for (u32 i = 0; i < n; i++) {
    if (ints[i] != 0) continue;
    u32 len = i - start;
    if (len > scratch_cap) {
      mem_free(scratch);
      scratch = mem_alloc((u64)len * 4);
      scratch_cap = len;
    }
    for (u32 k = 0; k < len; k++) scratch[k] = to_internal(ints[start + k]);
    ok = solver_add_clause(scratch, len);
    start = i + 1;
  }
  return ok;
}

/* Adds the 0-terminated clauses in buffer[0..n). Returns 0 once the formula is known UNSAT. */
EXPORT("add_clauses") i32 gs_add_clauses(u32 n) { return add_int_clauses(buffer, n); }

/* A byte buffer of at least n bytes for add_dimacs (valid until the next call with a larger n). */
EXPORT("text_buffer") u8 *gs_text_buffer(u32 n) {
  if (n > text_cap) {
    mem_free(text);
    text = mem_alloc(n);
    text_cap = n;
  }
  return text;
}

/* declared variables, declared clauses, clauses read, error byte offset */
static u32 dimacs_info[4];
EXPORT("dimacs_info") const u32 *gs_dimacs_info(void) { return dimacs_info; }

/*
 * Parses the DIMACS text in text_buffer[0..n) and adds its clauses, all or none: returns 1, 0 when
 * the formula is then known UNSAT, or -code (dimacs.h) on malformed input, which adds nothing.
 */
EXPORT("add_dimacs") i32 gs_add_dimacs(u32 n) {
  dimacs_result r;
  int status = dimacs_parse(text, n, &r);
  dimacs_info[0] = r.declared_vars;
  dimacs_info[1] = r.declared_clauses;
  dimacs_info[2] = r.clauses;
  dimacs_info[3] = r.error_offset;
  if (status != DIMACS_OK) return -status;
  solver_reserve_vars(r.declared_vars);
  int ok = add_int_clauses(r.ints, r.nints);
  mem_free(r.ints);
  return ok;
}

/*
 * A connectivity constraint (connectivity.h): buffer[0..3*nedges) holds (u, v, DIMACS literal) per
 * edge, vertices 0..nvertices-1; the edges whose literal is true must connect every vertex.
 * Returns 0 once the formula is known UNSAT, -1 for an endpoint out of range (nothing added).
 */
EXPORT("add_connectivity") i32 gs_add_connectivity(u32 nvertices, u32 nedges) {
  u32 max_var = 0;
  for (u32 e = 0; e < nedges; e++) {
    if ((u32)buffer[3 * e] >= nvertices || (u32)buffer[3 * e + 1] >= nvertices || buffer[3 * e + 2] == 0) return -1;
    if (var_count(buffer[3 * e + 2]) > max_var) max_var = var_count(buffer[3 * e + 2]);
  }
  solver_reserve_vars(max_var);
  u32 *triples = mem_alloc((u64)(nedges ? nedges : 1) * 12);
  for (u32 e = 0; e < nedges; e++) {
    triples[3 * e] = (u32)buffer[3 * e];
    triples[3 * e + 1] = (u32)buffer[3 * e + 1];
    triples[3 * e + 2] = to_internal(buffer[3 * e + 2]);
  }
  i32 ok = conn_add(nvertices, nedges, triples);
  mem_free(triples);
  return ok;
}

/*
 * Capacities for the connectivity constraint added last (connectivity.h): buffer holds the
 * nvertices demands (negative: unknown), then nedges counts, then the weight literals (DIMACS),
 * counts[e] of them for edge e in edge order. Returns 0 once the formula is known UNSAT, -1 when
 * the sizes do not match the last constraint (nothing set).
 */
EXPORT("connectivity_capacity") i32 gs_connectivity_capacity(u32 nvertices, u32 nedges, u32 nweights) {
  if (conn_count() == 0 || !conn_last_matches(nvertices, nedges)) return -1;
  u32 total = 0, max_var = 0;
  for (u32 e = 0; e < nedges; e++) { if (buffer[nvertices + e] < 0) return -1; total += (u32)buffer[nvertices + e]; }
  if (total != nweights) return -1;
  const i32 *w = buffer + nvertices + nedges;
  for (u32 i = 0; i < nweights; i++) { if (w[i] == 0) return -1; if (var_count(w[i]) > max_var) max_var = var_count(w[i]); }
  solver_reserve_vars(max_var);
  u32 *lits = mem_alloc((u64)(nweights ? nweights : 1) * 4);
  u32 *counts = mem_alloc((u64)(nedges ? nedges : 1) * 4);
  for (u32 i = 0; i < nweights; i++) lits[i] = to_internal(w[i]);
  for (u32 e = 0; e < nedges; e++) counts[e] = (u32)buffer[nvertices + e];
  i32 ok = conn_set_capacity(buffer, counts, lits);
  mem_free(lits);
  mem_free(counts);
  return ok;
}

/* The connectivity constraint added last also forbids cycles of true edges (connectivity.h).
 * Returns 0 once the formula is known UNSAT, -1 when there is no such constraint. */
EXPORT("connectivity_acyclic") i32 gs_connectivity_acyclic(void) {
  return conn_set_acyclic();
}

/* Connectivity propagator counters: checks, conflicts, edges forced. */
static double conn_numbers[3];
EXPORT("conn_stats") const double *gs_conn_stats(void) {
  conn_stats s;
  conn_get_stats(&s);
  conn_numbers[0] = (double)s.checks;
  conn_numbers[1] = (double)s.conflicts;
  conn_numbers[2] = (double)s.forced;
  return conn_numbers;
}

/* Limits for the following solves; negative = none. Deadline in env.now() milliseconds. */
EXPORT("set_limits") void gs_set_limits(double conflicts, double propagations, double deadline) {
  solver_set_limits(conflicts < 0 ? -1 : (i64)conflicts, propagations < 0 ? -1 : (i64)propagations, deadline);
}

/* 0 auto, 1 CDCL only, 2 look-ahead for every solve without assumptions (see solver.h). */
EXPORT("set_strategy") void gs_set_strategy(i32 strategy) { solver_set_strategy(strategy); }

/* Solves under the n assumptions in buffer[0..n). Returns 10 (SAT), 20 (UNSAT) or 0 (unknown). */
EXPORT("solve") i32 gs_solve(u32 n) {
  u32 max_var = 0;
  for (u32 i = 0; i < n; i++) if (var_count(buffer[i]) > max_var) max_var = var_count(buffer[i]);
  solver_reserve_vars(max_var);
  if (n > scratch_cap) {
    mem_free(scratch);
    scratch = mem_alloc((u64)n * 4);
    scratch_cap = n;
  }
  for (u32 i = 0; i < n; i++) scratch[i] = to_internal(buffer[i]);
  i32 result = solver_solve(scratch, n);

  failed_count = 0;
  if (result == RESULT_UNSAT) {
    u32 size;
    const u32 *conflict = solver_failed(&size);
    if (size > failed_cap) {
      mem_free(failed);
      failed = mem_alloc((u64)size * 4);
      failed_cap = size;
    }
    /* the engine stores negated assumptions */
    for (u32 i = 0; i < size; i++) failed[i] = to_dimacs(conflict[i] ^ 1);
    failed_count = size;
  }
  return result;
}

EXPORT("model") const u8 *gs_model(void) { u32 size; return solver_model(&size); }
EXPORT("model_size") u32 gs_model_size(void) { u32 size; solver_model(&size); return size; }
EXPORT("failed") const i32 *gs_failed(void) { return failed; }
EXPORT("failed_count") u32 gs_failed_count(void) { return failed_count; }
EXPORT("out_of_memory") i32 gs_out_of_memory(void) { return alloc_out_of_memory(); }

/* conflicts, decisions, propagations, restarts, learned clauses, peak memory bytes, look-ahead solves,
 * probing rounds, failed literals, hyper-binary resolvents */
EXPORT("stats") const double *gs_stats(void) {
  solver_stats s;
  solver_get_stats(&s);
  stats[0] = (double)s.conflicts;
  stats[1] = (double)s.decisions;
  stats[2] = (double)s.propagations;
  stats[3] = (double)s.restarts;
  stats[4] = (double)s.learned_clauses;
  stats[5] = (double)mem_peak_bytes();
  stats[6] = (double)s.lookahead_solves;
  stats[7] = (double)s.probe_rounds;
  stats[8] = (double)s.probe_failed;
  stats[9] = (double)s.probe_hbrs;
  return stats;
}
