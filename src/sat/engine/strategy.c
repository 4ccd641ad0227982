/*
 * The engine's two search strategies and the choice between them: CDCL (solver.c, incremental,
 * every solve under assumptions) and look-ahead DPLL (lookahead.c) for formulas that look like
 * uniform random k-SAT. This file owns what the choice needs: the shape of the clauses added, the
 * strategy option, and the count of look-ahead solves; solver.c is the CDCL solver alone.
 */
#include "solver.h"
#include "alloc.h"
#include "lookahead.h"
#include "connectivity.h"

static struct {
  int strategy;                            /* STRATEGY_* */
  u32 min_len, max_len, added;             /* lengths of the clauses given to solver_add_clause */
  u32 shape_checked_at; int looks_random;  /* clauses_look_random() when `added` was that */
  u64 lookahead_solves;
} T;

/*
 * Whether the original clauses look unstructured: in random k-SAT two clauses rarely share their
 * variable set (about m^2 / 2C(n,k) pairs, under 1% of m from n = 100 on), while XOR chains and other
 * crafted uniform formulas, where look-ahead without learning is exponential but CDCL is not, write
 * several clauses over each variable set. Hashes of the sorted variable sets go in a small table.
 */
static int clauses_look_random(void) {
  u32 m = cdcl_original_count();
  if (m == 0) return 1;
  u32 cap = 16;
  while (cap < 2 * m) cap *= 2;
  u64 *table = mem_alloc((u64)cap * 8);
  for (u32 i = 0; i < cap; i++) table[i] = 0;
  u32 nvars = solver_num_vars();
  u8 *seen = mem_alloc(nvars ? nvars : 1);
  for (u32 v = 0; v < nvars; v++) seen[v] = 0;
  u32 shared = 0, used_vars = 0;
  for (u32 i = 0; i < m; i++) {
    u32 n;
    const u32 *lits = cdcl_original(i, &n);
    for (u32 k = 0; k < n; k++) {
      if (!seen[lits[k] >> 1]) { seen[lits[k] >> 1] = 1; used_vars++; }
    }
    /* order-independent hash of the variable set: sum and xor of mixed variable numbers */
    u64 sum = 0, mix = 0;
    for (u32 k = 0; k < n; k++) {
      u64 x = (u64)(lits[k] >> 1) * 0x9E3779B97F4A7C15ull;
      x ^= x >> 29;
      sum += x;
      mix ^= x * 0xBF58476D1CE4E5B9ull;
    }
    u64 h = (sum ^ (mix << 1) ^ n) | 1; /* 0 marks an empty slot */
    u32 at = (u32)(h >> 32) & (cap - 1);
    while (table[at] != 0 && table[at] != h) at = (at + 1) & (cap - 1);
    if (table[at] == h) shared++;
    else table[at] = h;
  }
  mem_free(table);
  mem_free(seen);
  /* chance collisions: m(m-1)/2 pairs, each sharing a set with probability 1/C(n,k) */
  double sets = 1;
  u32 k = T.min_len;
  for (u32 i = 0; i < k; i++) sets = sets * (double)(used_vars - i) / (double)(i + 1);
  double expected = sets > 0 ? (double)m * (double)(m - 1) / 2.0 / sets : (double)m;
  return (double)shared <= (double)m / 100.0 + 3.0 * expected + 2.0;
}

/*
 * Uniform random k-SAT is the family where look-ahead beats CDCL by orders of magnitude, and the
 * one a formula of clauses all of one length k >= 3 and no repeated variable sets most likely
 * comes from: structured encodings (every puzzle gridsat writes) carry binary clauses. Assumptions
 * need CDCL's failed-literal analysis, so solves under assumptions always use CDCL; look-ahead's
 * per-node cost grows with the variable count, hence the cap.
 */
static int lookahead_suits(u32 nassumptions) {
  if (nassumptions > 0 || T.strategy == STRATEGY_CDCL) return 0;
  if (conn_count() > 0) return 0;  /* look-ahead sees clauses only, not the connectivity constraints */
  if (T.strategy == STRATEGY_LOOKAHEAD) return 1;
  if (!(T.added > 0 && T.min_len == T.max_len && T.min_len >= 3 && solver_num_vars() <= LOOKAHEAD_MAX_VARS)) return 0;
  if (T.shape_checked_at != T.added) {
    T.shape_checked_at = T.added;
    T.looks_random = clauses_look_random();
  }
  return T.looks_random;
}

/* Runs look-ahead on the original clauses as simplified at level 0 (learnt clauses are left out). */
static int solve_by_lookahead(void) {
  u32 *starts, *lits, nclauses;
  if (!cdcl_level0_clauses(&starts, &lits, &nclauses)) return RESULT_UNSAT;
  u8 *model = cdcl_model_buffer();
  la_limits limits;
  cdcl_limits_left(&limits.conflicts, &limits.propagations, &limits.deadline);
  la_counters counters = {0, 0, 0};
  T.lookahead_solves++;
  int status = la_solve(solver_num_vars(), lits, starts, nclauses, model + 1, &limits, &counters);
  mem_free(starts);
  mem_free(lits);
  cdcl_adopt(status, counters.conflicts, counters.decisions, counters.propagations);
  return status;
}

int solver_solve(const u32 *assumptions, u32 n) {
  int decided = cdcl_begin(assumptions, n);
  if (decided >= 0) return decided;
  if (lookahead_suits(n)) return solve_by_lookahead();
  return cdcl_solve();
}

int solver_add_clause(u32 *lits, u32 n) {
  if (T.added++ == 0 || n < T.min_len) T.min_len = n;
  if (n > T.max_len) T.max_len = n;
  return cdcl_add_clause(lits, n);
}

void solver_reserve_clauses(u32 nclauses, u32 nlits) { cdcl_reserve_clauses(nclauses, nlits); }
void solver_reserve_watches(const i32 *ints, u32 n) { cdcl_reserve_watches(ints, n); }

void solver_set_strategy(int strategy) { T.strategy = strategy; }

void solver_init(void) { cdcl_init(); }

void solver_reset(void) {
  __builtin_memset(&T, 0, sizeof T);
  cdcl_reset();
}

void solver_get_stats(solver_stats *out) {
  cdcl_get_stats(out);
  out->lookahead_solves = T.lookahead_solves;
}
