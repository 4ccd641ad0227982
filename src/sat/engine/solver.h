/*
 * The engine's interface (solver_*, implemented by strategy.c, which picks the search strategy)
 * and the CDCL solver's (cdcl_*, solver.c). Internal literals are 2*v + s for 0-based variable v
 * and sign s (1 = negated). One solver per wasm instance, so the state is a single global.
 */
#ifndef GS_SOLVER_H
#define GS_SOLVER_H
#include "types.h"

#define RESULT_UNKNOWN 0
#define RESULT_SAT 10
#define RESULT_UNSAT 20

/* Search strategy: AUTO picks look-ahead for uniform k-SAT (k >= 3) solved without assumptions. */
#define STRATEGY_AUTO 0
#define STRATEGY_CDCL 1
#define STRATEGY_LOOKAHEAD 2
#define LOOKAHEAD_MAX_VARS 2000

typedef struct {
  u64 conflicts, decisions, propagations, restarts, learned_clauses;
  u64 lookahead_solves;  /* solves decided (or stopped) by the look-ahead strategy */
  u64 probe_rounds, probe_failed, probe_hbrs;  /* failed-literal probing: rounds, failed literals, hyper-binary resolvents */
} solver_stats;

void solver_init(void);
/* Back to an empty solver; call after mem_reset() (every pointer in the state is forgotten). */
void solver_reset(void);
u32 solver_num_vars(void);
/* Makes sure variables 0..n-1 exist. */
void solver_reserve_vars(u32 n);
/* Adds a clause of internal literals (the array may be reordered). Returns 0 once the formula is UNSAT. */
int solver_add_clause(u32 *lits, u32 n);
/* Room, before a batch of clauses is added, for nclauses more clauses of nlits literals in all:
 * saves regrowing the clause arena clause by clause. Optional; changes nothing but memory. */
void solver_reserve_clauses(u32 nclauses, u32 nlits);
/* Room in the watch lists, before the 0-terminated DIMACS clauses ints[0..n) are added: each list
 * grows once to what the batch can put on it, not watcher by watcher. Optional; changes nothing but
 * memory (the watchers still go on in the same order). */
void solver_reserve_watches(const i32 *ints, u32 n);

/* Per-call budgets; a negative value means "no limit". The deadline is in env.now() milliseconds. */
void solver_set_limits(i64 conflicts, i64 propagations, double deadline);
void solver_set_strategy(int strategy);
int solver_solve(const u32 *assumptions, u32 n);

/* After SAT: model[v] for v = 1..num_vars (DIMACS numbering) is 1 or 0. */
const u8 *solver_model(u32 *size);
/* After UNSAT: assumption literals (internal encoding) that together are contradictory. */
const u32 *solver_failed(u32 *size);
void solver_get_stats(solver_stats *out);

/* ---------- the CDCL solver (solver.c), as strategy.c uses it ---------- */

void cdcl_init(void);
void cdcl_reset(void);
int cdcl_add_clause(u32 *lits, u32 n);
void cdcl_reserve_clauses(u32 nclauses, u32 nlits);
void cdcl_reserve_watches(const i32 *ints, u32 n);
/* Starts a solve: takes the assumptions and this call's budgets. Returns RESULT_UNSAT or
 * RESULT_UNKNOWN when that is already the answer, else -1; then exactly one of cdcl_solve() or
 * another strategy (with cdcl_adopt) finishes the call. */
int cdcl_begin(const u32 *assumptions, u32 n);
int cdcl_solve(void);
void cdcl_get_stats(solver_stats *out);

/* The original clauses (learnt ones excluded), as they stand after level-0 simplification. */
u32 cdcl_original_count(void);
const u32 *cdcl_original(u32 i, u32 *size);
/* Propagates at level 0 and copies the original clauses not yet satisfied, without their false
 * literals, into mem_alloc'd arrays (clause c is lits[starts[c] .. starts[c+1])). Returns 0, and
 * marks the formula UNSAT, when that propagation fails. */
int cdcl_level0_clauses(u32 **starts, u32 **lits, u32 *nclauses);
/* What is left of this call's budgets (negative = none). */
void cdcl_limits_left(i64 *conflicts, i64 *propagations, double *deadline);
/* The model array (index v+1 for variable v), sized for the current variables. */
u8 *cdcl_model_buffer(void);
/* Takes another strategy's answer: its counters; for SAT, the level-0 values into the model
 * (the rest the strategy wrote); for UNSAT, the formula is UNSAT from now on. */
void cdcl_adopt(int status, u64 conflicts, u64 decisions, u64 propagations);

/* ---------- what the connectivity propagator (connectivity.c) uses ---------- */

/* Per internal literal: 1 true, -1 false, 0 unassigned (valid until variables are added). */
const i8 *cdcl_values(void);
/* Whether an assigned literal was assigned at decision level 0 (fixed for good). */
int cdcl_fixed(u32 lit);
const u32 *cdcl_trail(u32 *size);
/* Propagates at decision level 0 (after a constraint was added there); 0 once UNSAT. */
int cdcl_settle(void);
/* lits[0] becomes true, implied by the clause lits[0..n) whose other literals are all false; the
 * clause joins the learnt clauses (at level 0 nothing is kept: level-0 facts need no reason). */
void cdcl_imply(u32 *lits, u32 n);
/* The clause lits[0..n), every literal false, as a conflict: joins the learnt clauses; returns its
 * reference. When every literal is false below the current level, backtracks to the highest. */
u32 cdcl_conflict(u32 *lits, u32 n);

#endif
