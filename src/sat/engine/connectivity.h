/*
 * Graph connectivity as a constraint inside the CDCL search: a graph whose edges each carry a
 * literal, and the chosen edges (literal true) must connect every vertex. connectivity.c checks the
 * edges that are not yet false after every unit-propagation fixpoint at which an edge literal became
 * false: when they leave the vertices split it reports a conflict (the clause of the false edges
 * across the cut), and an edge that is a bridge of them (the only non-false edge across some cut)
 * is forced true (reason: that edge or one of the other, false, edges of the cut). Both are
 * ordinary clauses, implied by the constraint, added to the learnt clauses.
 */
#ifndef GS_CONNECTIVITY_H
#define GS_CONNECTIVITY_H
#include "types.h"

#define CONN_QUIET 0     /* nothing new: the fixpoint stands */
#define CONN_FORCED 1    /* edges were forced true: propagate again */
#define CONN_CONFLICT 2  /* *conflict holds the conflict clause's reference */

typedef struct {
  u64 checks, conflicts, forced;
} conn_stats;

/* Adds a graph: edges as (u, v, internal literal) triples, vertices 0..nvertices-1. Call at
 * decision level 0 (between solves). Returns 0 when the formula is then UNSAT. */
int conn_add(u32 nvertices, u32 nedges, const u32 *triples);
/* Capacities for the graph added last (call right after conn_add): demands[v] is the sum of the
 * weights at vertex v in every model (negative: unknown); edge e's weight is how many of its
 * weight literals lits[counts[0] + .. + counts[e-1] ..][counts[e]] are true (internal encoding;
 * each over a variable the graph's edge literals use), and it is the edge's own literal that says
 * whether it has any (it is one of them). The propagator then also forbids one more unit of
 * weight inside a component of weighted edges whose vertices have 2 left to give, or on an edge
 * between two with 1 left each, when that would close them off from the other vertices. Returns
 * 0 when the formula is then UNSAT. */
int conn_set_capacity(const i32 *demands, const u32 *counts, const u32 *lits);
/* The graph added last must also close no cycle: its true edges form a forest (with connectivity, a
 * spanning tree). A true edge closing a cycle is a conflict (the clause: that edge and the path of
 * true edges between its ends); an open edge whose ends the true edges join is forced false (the
 * path is its reason). Call at decision level 0, right after conn_add (and conn_set_capacity).
 * Returns 0 when the formula is then UNSAT, -1 when there is no graph. */
int conn_set_acyclic(void);
/* Whether the graph added last has these sizes and no capacities yet. */
int conn_last_matches(u32 nvertices, u32 nedges);
/* How many graphs were added (0: the solver is plain CNF). */
u32 conn_count(void);
/* After unit propagation reached a fixpoint: CONN_QUIET, CONN_FORCED or CONN_CONFLICT. */
int conn_propagate(u32 *conflict);
/* The trail was cut back to trail_size literals. */
void conn_backtrack(u32 trail_size);
/* Forgets every graph; call after mem_reset(). */
void conn_reset(void);
void conn_get_stats(conn_stats *out);

#endif
