/*
 * A look-ahead DPLL solver, the other search strategy of the engine. On uniform random k-SAT its
 * search trees are exponentially smaller than what CDCL explores (the reason satz, kcnfs and march
 * win the random categories), so the CDCL core hands such formulas to it. It is not incremental:
 * one call decides one static formula.
 */
#ifndef GS_LOOKAHEAD_H
#define GS_LOOKAHEAD_H
#include "types.h"

typedef struct {
  i64 conflicts, propagations;   /* budgets for this call; negative = none */
  double deadline;               /* env.now() milliseconds; negative = none */
} la_limits;

typedef struct {
  u64 conflicts;     /* failed nodes of the search tree */
  u64 decisions;     /* branching nodes */
  u64 propagations;  /* assignments propagated, look-ahead probes included */
} la_counters;

/*
 * Decides the clauses lits[starts[c] .. starts[c+1]) for c < nclauses, over variables 0..nvars-1
 * (internal literals 2v+s). Clauses must be free of duplicate literals and tautologies and hold at
 * least one literal. Returns RESULT_SAT (model[v] = 0/1 for every v), RESULT_UNSAT or
 * RESULT_UNKNOWN when a limit stopped it. Counters are added to *counters.
 */
int la_solve(u32 nvars, const u32 *lits, const u32 *starts, u32 nclauses, u8 *model,
             const la_limits *limits, la_counters *counters);

#endif
