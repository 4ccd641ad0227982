/*
 * A MiniSat-2.2-style CDCL solver: two watched literals with blocker literals (binary clauses
 * propagated straight from the watcher), VSIDS on a binary heap, phase saving, first-UIP learning
 * with recursive minimisation and shrinking, lucky assignments before the first conflict, restarts
 * cycling through a focused mode (LBD moving averages, Glucose), a stable mode (Luby) and the
 * focused mode with VMTF decisions (CaDiCaL's) in phases that start short and double, random decision
 * sequences after some focused restarts (Kissat's), with a VSIDS score
 * table for each VSIDS mode, target phases in stable mode,
 * rephasing (original, inverted, best), learned-clause reduction by activity that keeps low-LBD
 * ("glue") clauses (or, with TIER_REDUCE, in tiers as CaDiCaL does), failed-literal probing with
 * hyper-binary resolution between restarts of long searches (PROBE), a clause arena with garbage
 * collection, and level-0 simplification.
 * Incremental: clauses between solves, assumptions, failed-assumption analysis, budgets. The CDCL
 * solver alone: strategy.c decides when look-ahead runs instead.
 *
 * Measured with scripts/native-engine/vs-cadical.mjs (native builds, conflicts against cadical's):
 * on the bench's 42 puzzle CNFs the total fell from 88,838 to 21,292 (cadical 18,884); on 144
 * held-out Star Battle layouts from 112,605 to 64,478 (cadical 75,562), with instances needing > 5x
 * cadical's conflicts 8 -> 4. Then the doubling mode phases and shrinking: bench family 19,489 ->
 * 12,348 (cadical 17,256), a second held-out set of 145 layouts 159,018 -> 127,017 (cadical 122,946),
 * instances > 5x cadical's over 576 CNFs 14 -> 7. What was tried and dropped is in the README's
 * engine section. The knobs below are macros so that the native build can try other values.
 */
#include "solver.h"
#include "alloc.h"
#include "connectivity.h"

extern double env_now(void) __attribute__((import_module("env"), import_name("now")));

#define NOREF 0xFFFFFFFFu
#define LIT_UNDEF 0xFFFFFFFFu
#define BINARY_WATCH 0x80000000u

/* Clause arena layout: [activity][lbd] (learnt only) [header][lits...]; a cref points at the header.
 * header = size << 3 | flags. */
#define CL_LEARNT 1u
#define CL_DELETED 2u
#define CL_RELOCED 4u
#define CL_SIZE_SHIFT 3

#ifndef FOCUS_DECAY
#define FOCUS_DECAY VAR_DECAY
#endif
#ifndef VAR_DECAY
#define VAR_DECAY 0.95
#endif
#ifndef TIE_INDEX
#define TIE_INDEX 1
#endif
#ifndef LUCKY_BEST
#define LUCKY_BEST 1
#endif
#ifndef LUCKY_CONFLICTS
#define LUCKY_CONFLICTS 4
#endif
#ifndef DUAL_SCORES
#define DUAL_SCORES 1
#endif
#ifndef USE_TARGET
#define USE_TARGET 1
#endif
#ifndef REPHASE_INT
#define REPHASE_INT 1000
#endif
#ifndef INIT_PHASE
#define INIT_PHASE 1
#endif
/* Rephasing after the first two (O, I): this cycle of B best, O original, I inverted ("B" alone and
 * REPHASE_INT 250 were tried: no better over 5 perturbed runs). */
#ifndef REPHASE_SEQ
#define REPHASE_SEQ "BOBI"
#endif
#define CLAUSE_DECAY 0.999
#ifndef RESTART_FIRST
#define RESTART_FIRST 100
#endif
#define RESTART_INC 2.0
#define LEARNTSIZE_FACTOR (1.0 / 3.0)
#define LEARNTSIZE_INC 1.1
#define LEARNTSIZE_ADJUST_START 100.0
#define LEARNTSIZE_ADJUST_INC 1.5
#ifndef MIN_MAX_LEARNTS
#define MIN_MAX_LEARNTS 1000.0
#endif
#ifndef GLUE_LBD
#define GLUE_LBD 2
#endif
#define GC_FRACTION 0.20
/* Learnt-clause reduction in tiers (CaDiCaL's and Kissat's), off by default (TIER_REDUCE 0:
 * MiniSat's activity reduction when the learnt clauses outgrow a limit). The k-th reduction comes
 * REDUCE_INT * k conflicts after the one before. It keeps binary and glue clauses (LBD <= GLUE_LBD),
 * reasons, and clauses used in conflict analysis since the last reduction (LBD <= TIER2_LBD: since
 * the one before); of the rest, sorted by LBD, then size, then age, the worst REDUCE_FRACTION go. A
 * clause used in analysis gets its LBD recomputed. On the puzzle CNFs it moves conflict counts
 * little (the clauses it drops are rarely needed again): averaged over 5 perturbed runs (VAR_DECAY
 * 0.948-0.952) the totals fell 2.6% / 3.9% / 7.1% on three held-out Star Battle sets but not on the
 * bench family (14,135 against 14,131), whose slowest instance got worse (17x17 s2: 3,724 -> 4,274
 * conflicts); not proved, so not on (README). */
#ifndef TIER_REDUCE
#define TIER_REDUCE 0
#endif
#ifndef REDUCE_INT
#define REDUCE_INT 300
#endif
#ifndef REDUCE_FRACTION
#define REDUCE_FRACTION 0.75
#endif
#ifndef TIER2_LBD
#define TIER2_LBD 6
#endif
/* Restarts: moving averages of learnt-clause LBD over ~32 and ~4096 conflicts; restart when the
 * fast one exceeds the slow one by the margin, at least EMA_MIN conflicts after the last restart.
 * Measured on the puzzle CNFs (72 instances, conflicts to count 2): the total fell from 50,052 with
 * Luby alone to 35,691, the worst instance from 13,047 to 9,225. */
#ifndef EMA_FAST
#define EMA_FAST (1.0 / 32)
#endif
#define EMA_SLOW (1.0 / 4096)
#ifndef EMA_MARGIN
#define EMA_MARGIN 1.25
#endif
#ifndef EMA_MIN
#define EMA_MIN 50
#endif
/* Mode phases (focused: EMA restarts; stable: Luby, target phases; the cycle is MODE_CYCLE below):
 * the first lasts EMA_PHASE conflicts, each next one MODE_GROW times longer. The two modes solve
 * different instances fast (on held-out Star Battle layouts, stable alone needs 43 conflicts where
 * focused alone needs 5,320, and 8,080 where focused needs 2,002), so alternating early and often
 * bounds the tail: fixed 2,000-conflict phases left layouts at 2,000+ conflicts that the other mode
 * refutes in under 100. */
#ifndef EMA_PHASE
#define EMA_PHASE 250
#endif
/* The mode phases cycle through MODE_CYCLE: F focused (EMA restarts, VSIDS), S stable (Luby restarts,
 * VSIDS, target phases), V focused with VMTF decisions (CaDiCaL's focused mode: the variables of
 * each conflict move to the end of a queue, oldest first, and decisions take the last unassigned
 * one; no decay; reason-side bumping only with VMTF_REASON). A third way to search: over 10 perturbed
 * runs (VAR_DECAY 0.945-0.954), "FSV" against "FS" took the bench family and held-out sets 1-3 from
 * 14,668 / 68,488 / 137,023 / 112,520 conflicts to 13,443 / 63,413 / 121,152 / 96,017, and where
 * cadical needs >= 1,000 the 90th percentile of our conflicts over its from 1.74x to 1.54x (worst
 * 6.3x -> 4.5x); on a fourth set tuned on by nothing 115,838 -> 101,078. "FVS" cut the tail more on
 * sets 1-3 but cost large Hashi 10-19% more conflicts (it reaches the stable mode later; README). */
#ifndef MODE_CYCLE
#define MODE_CYCLE "FSV"
#endif
/* The cycle when no connectivity constraint is attached (MODE_CYCLE: when one is): F 250, V 500,
 * F 1,000, S 2,000, F 4,000, ... Most of the tail left after the random decision sequences was
 * instances that a focused mode refutes in ~200 conflicts when it gets them, but that fail the first
 * F phase and then wait out the 500 of S before V refutes them (~950-1,000 conflicts against
 * cadical's 100-350). Over 5 perturbed runs (VAR_DECAY 0.948-0.952) on the bench family and held-out
 * sets 1-4 (620 CNFs) "FVFS" against "FSV" took the total from 247,869 to 220,859 conflicts and the
 * instances needing > 3x cadical's conflicts from 14.8 to 6.2 per run, fewer on every set (README).
 * Large Hashi, whose first solve is satisfiable and wants the stable mode early, keeps "FSV": its
 * connectivity constraint is attached. */
#ifndef MODE_CYCLE_PLAIN
#define MODE_CYCLE_PLAIN "FVFS"
#endif
#ifndef VMTF_REASON
#define VMTF_REASON 0
#endif
/* The V mode's restart minimum and margin (CaDiCaL's 2 and 1.1 were tried: no better). */
#ifndef V_EMA_MIN
#define V_EMA_MIN EMA_MIN
#endif
#ifndef V_EMA_MARGIN
#define V_EMA_MARGIN EMA_MARGIN
#endif
#ifndef VMTF_REASON_LIMIT
#define VMTF_REASON_LIMIT 10
#endif
/* Restarts keep the decisions that would be taken again first (CaDiCaL's trail reuse). Tried,
 * off: no better on the held-out sets (README). */
#ifndef REUSE_TRAIL
#define REUSE_TRAIL 0
#endif
#ifndef SHRINK
#define SHRINK 1
#endif
#ifndef MODE_GROW
#define MODE_GROW 2.0
#endif
/* Mode phases after the first measured in propagation "ticks" (watchers visited, CaDiCaL's idea)
 * instead of conflicts: the first phase lasts EMA_PHASE conflicts, and the ticks it took set the
 * unit of the next ones (each MODE_GROW times longer), so every mode gets a like share of the time.
 * Tried, off: no better over 5 perturbed runs (> 3x cadical's conflicts 29.0 against 28.8). */
#ifndef MODE_TICKS
#define MODE_TICKS 0
#endif
/* Mode phase lengths EMA_PHASE times the Luby sequence (1 1 2 1 1 2 4 ...) instead of doubling.
 * Tried, off: no better over 5 perturbed runs (> 3x cadical's conflicts 28.2 against 28.8). */
#ifndef MODE_LUBY
#define MODE_LUBY 0
#endif
/* Random decision sequences in the focused modes (Kissat's randec): right after a restart, once
 * RANDEC_INT * (1 + log2 k) conflicts have passed since the k-th sequence began, the decisions of the
 * next RANDEC_LEN * (1 + log2 k) conflicts pick unassigned variables at random (phases as usual;
 * RANDEC 2: in the stable mode too), counted from the start of each solve call. It cuts the hard
 * tail: over 5 perturbed runs (VAR_DECAY 0.948-0.952) on the bench family and held-out sets 1-4
 * (620 CNFs) the instances needing > 3x cadical's conflicts fell from 28.8 to 14.8 per run and the
 * totals by 19-44% per set; on two unseen sets 39% and 33% (README).
 * Kissat's 500 / 10 did half as much; 250 / 10, 500 / 20, 250 / 20 in between, 50 / 20 fewer
 * conflicts but no better in time. */
#ifndef RANDEC
#define RANDEC 1
#endif
/* Random sequences also in solves without a connectivity constraint. Off since the thirty-second
 * session: with probing (which came after them) and Star Battle's new counts they cost conflicts
 * there. Over 5 perturbed runs, off against on: Star Battle's default CNFs (the bench's unique
 * puzzles and the held-out ones, 160 CNFs) 299,704 against 356,118 conflicts, every set fewer; the
 * bench's 17×17 and 21×21 ones and the held-out 21×21 written the old way (88) 474,740 against
 * 511,934; the bench's other puzzle CNFs (42) 2,746 against 2,784 (measurement log). Under a
 * connectivity constraint (large Hashi, where probing is off) they still pay: 131 conflicts a
 * puzzle with them, 154 without (twenty-fourth session). */
#ifndef RANDEC_PLAIN
#define RANDEC_PLAIN 0
#endif
#ifndef RANDEC_INT
#define RANDEC_INT 100
#endif
#ifndef RANDEC_LEN
#define RANDEC_LEN 20
#endif
/* Forced phases in some focused mode phases (Kissat's): of the focused phases (F and V), numbered
 * from 0, those with k % 8 == 1 decide INIT_PHASE and k % 8 == 3 its inverse, ignoring saved phases.
 * Tried, off: no better over 5 perturbed runs (> 3x cadical's conflicts 29.2 against 28.8). */
#ifndef FORCE_PHASE
#define FORCE_PHASE 0
#endif
/* Chronological backtracking (Nadel and Ryvchin, SAT 2018; CaDiCaL's chrono): when the backjump
 * would skip more than CHRONO_LEVELS levels, backtrack one level instead; with CHRONO_REUSE (CaDiCaL's
 * chronoreusetrail) a shorter jump stops at the level of the best-scored variable it would unassign.
 * The asserting literal is then assigned out of order (below the level it sits in on the trail), so
 * every assignment carries its own level, backtracking unassigns by level and keeps (and
 * re-propagates) the lower ones, and a conflict below the current level is analysed at its own
 * level. Only in search() and only without connectivity constraints (connectivity.c undoes its
 * state by trail position). Tried, off: over 5 perturbed runs on the bench family and held-out sets
 * 1-4 it only added conflicts (247,869 -> 274,452 with trail reuse; 245,969 with 100 levels alone,
 * which hardly ever fires here; 259,423 with 30; README). */
#ifndef CHRONO
#define CHRONO 0
#endif
#ifndef CHRONO_LEVELS
#define CHRONO_LEVELS 100
#endif
#ifndef CHRONO_REUSE
#define CHRONO_REUSE 1
#endif
/* Vivification of learnt clauses (Luo et al. 2017; CaDiCaL's vivify): every VIVIFY_INT * k conflicts,
 * at a restart, the clauses learnt since the last round with LBD <= VIVIFY_LBD (at most VIVIFY_MAX,
 * newest first) are tried literal by literal at level 0: each literal's negation is decided and
 * propagated; a conflict or a later literal implied true cuts the clause there, a later literal
 * implied false is dropped. Only without connectivity constraints. Tried, off: over 5 perturbed runs
 * on the bench family and held-out sets 1-4 it cut conflicts 6-8% (220,859 -> 207,576; with
 * VIVIFY_INT 150 and VIVIFY_MAX 500 203,567) but cost as much per conflict (23.4 -> 24.7 / 25.9 us),
 * and the time against cadical's did not move (README). */
#ifndef VIVIFY
#define VIVIFY 0
#endif
#ifndef VIVIFY_INT
#define VIVIFY_INT 300
#endif
#ifndef VIVIFY_LBD
#define VIVIFY_LBD 6
#endif
#ifndef VIVIFY_MAX
#define VIVIFY_MAX 200
#endif
/* Failed-literal probing with hyper-binary resolution (PrecoSAT's and CaDiCaL's, after Heule,
 * Jarvisalo and Biere 2011), at a restart once a solve call has had PROBE_INT conflicts, then
 * PROBE_INT * (k + 1) conflicts after the k-th round. Each round probes the roots of the binary
 * implication graph (literals whose negation is in a binary clause, learnt or not, and which are in
 * none themselves; most-implying first) at level 1 over the clauses learnt so far. A probe that
 * conflicts fixes the negation of its failed dominator at level 0; every literal a longer clause
 * implies during a probe yields the binary clause "its dominator implies it" (the hyper-binary
 * resolvent), which shortcuts the cardinality counters' chains in later search. Effort: at least
 * PROBE_MIN propagations a round, or PROBE_EFF per mille of the search's since the last round; a
 * round schedules the roots again (at most PROBE_GEN times) while units keep coming. Measured on the
 * puzzle CNFs with sequential counters (docs/measurement-log.md): 10-33% fewer conflicts on the
 * unique 17x17 to 25x25 Star Battles. Only
 * without connectivity constraints, whose propagator is not part of a probe's implication tree. */
#ifndef PROBE
#define PROBE 1
#endif
#ifndef PROBE_INT
#define PROBE_INT 200
#endif
#ifndef PROBE_MIN
#define PROBE_MIN 30000
#endif
#ifndef PROBE_EFF
#define PROBE_EFF 200
#endif
#ifndef PROBE_GEN
#define PROBE_GEN 3
#endif
#define CLOCK_EVERY_CONFLICTS 256
#define CLOCK_EVERY_PROPAGATIONS (1u << 20)

/*
 * Out of line (`__attribute__((noinline))`): the hot functions (propagate_clauses, analyze, learn,
 * search) stay small, and what they or cdcl_solve would otherwise inline but rarely run (minimising
 * and shrinking a learnt clause, reduction, simplification, probing, the lucky tries, rephasing) are
 * functions of their own. WebAssembly has no on-stack replacement: V8 runs a function's baseline
 * code until its next call, and optimises functions on a background thread in the order they get
 * hot. With those parts inlined, cdcl_solve, which runs once, was 9 KB that V8 optimised for 15 ms
 * for no call at all, and analyze 5.7 KB (6 ms), while the first solve of a fresh `gridsat sat` ran
 * on baseline code. Out of line, fresh solves took 0.95 and 0.96 of the time (geometric means over
 * 48 and 24 puzzle CNFs, medians of 5 and 7 alternating runs), and warm ones the same.
 */

typedef struct { u32 cref; u32 blocker; } watcher;
typedef struct { watcher *data; u32 size; } watch_list;
/* Beside each watch list, apart so that the lists' headers pack tighter: its capacity, and how many
 * live clauses (two literals or more) contain the literal. Each of those can put at most one
 * watcher on the list, so keeping cap >= occ (attach() does) means propagation never grows a list. */
typedef struct { u32 cap, occ; } watch_room;
typedef struct { u32 *data; u32 size, cap; } vec;
typedef struct { u32 reason; i32 level; } var_data;
typedef struct { float key; u32 cref; } sort_item;

static struct {
  u32 nvars, var_cap;
  i8 *vals;             /* per literal: 1 true, -1 false, 0 unassigned */
  var_data *vd;         /* per variable */
  double *activity;     /* VSIDS scores of the current mode (focused: EMA restarts, stable: Luby) */
  double *activity_other; /* the other mode's scores, swapped in when the mode changes */
  double var_inc_other;
  u8 *phase;            /* saved sign bit per variable */
  u8 *target;           /* sign bits of the longest conflict-free trail since the last rephase (stable mode) */
  u8 *best;             /* sign bits of the longest conflict-free trail since best phases were last used */
  u8 *seen;
  i32 *heap_index;      /* position in the VSIDS heap, -1 if absent */
  u8 *lit_mark;         /* per literal, scratch for duplicate detection */
  u8 *sweep_mark;       /* per literal: its watch list may hold a deleted clause's watcher (listed in S.to_sweep) */
  watch_list *watches;  /* watches[l]: clauses watching l, visited when l becomes false */
  watch_room *room;     /* room[l]: watches[l]'s capacity and bound */

  u32 *heap; double *heap_key; u32 heap_size, heap_cap;
  vec trail, trail_lim, clauses, learnts, assumptions, conflict;
  vec learnt_buf, to_clear, stack, shrink_marked, to_sweep;
  u32 *level_stamp; u32 level_stamp_cap; u32 stamp;
  u32 qhead;

  u32 *mem; u32 mem_size, mem_cap, mem_wasted;

  u8 *model; u32 model_size;

  double var_inc, cla_inc;
  double max_learnts, learntsize_adjust_confl;
  i64 learntsize_adjust_cnt;
  int ok;
  u32 simp_assigns;
  i64 simp_props;
  u64 clauses_literals, learnts_literals;

  u64 conflicts, decisions, propagations, restarts;

  i64 conflict_limit, propagation_limit; /* per call, -1 = none */
  double deadline; int has_deadline;
  i64 conflict_budget, propagation_budget; /* absolute counter values, -1 = none */
  u64 next_clock_conflicts, next_clock_props;
  int stop;
  u64 lucky_conflicts;             /* conflicts of the lucky tries (not in S.conflicts, which paces the search) */
  int lucky_done;                  /* lucky() ran (it runs once, before the first conflict) */
  double lbd_fast, lbd_slow;       /* moving averages of learnt-clause LBD (restart policy) */
  int restart_now, ema_active;
  int stable_scores;               /* S.activity holds the stable mode's scores */
  int tie_index;                   /* the heap breaks score ties by variable index */
  u32 target_assigned, best_assigned;  /* trail heights the target and best phases were taken at */
  u64 next_rephase; u32 rephases;
  u64 next_reduce; u32 reductions;  /* tiered reduction: conflict count of the next one, how many ran */
  u32 *q_prev, *q_next; u64 *q_stamp; u8 *q_mark; /* VMTF queue: a doubly linked list, newest last */
  u32 q_first, q_last, q_search; u64 q_stamps; /* q_search: no variable after it is unassigned */
  int vmtf;                        /* the V mode is on: decisions and bumps go to the queue */
  vec q_bumped;
  u32 *batch_occ; u32 batch_occ_cap; /* cdcl_reserve_watches' counts per literal */
  u64 mode_switch_at; double mode_len; u32 mode_phases; /* next mode switch, current phase length, phases begun */
  u64 ticks;                       /* watchers visited by propagation (MODE_TICKS) */
  u64 rng;                         /* RANDEC's generator */
  u64 randec_at; u32 randec, randec_seqs; /* RANDEC: next sequence's conflict count, conflicts left, sequences begun */
  u32 focused_phases; int forced_phase; /* FORCE_PHASE: focused mode phases begun, the phase forced now (-1: none) */
  u64 mode_ticks_at; double mode_ticks_len; /* MODE_TICKS: ticks of the next switch, current length in ticks */
  u64 next_vivify; u32 vivify_rounds, vivify_from; /* VIVIFY: next round's conflict count, rounds run, first learnt not yet tried */
  u64 vivified_lits;               /* VIVIFY: literals removed */
  u64 call_conflicts;              /* S.conflicts when this solve call began (PROBE waits for PROBE_INT more) */
  u64 next_probe; u32 probe_rounds; /* PROBE: conflict count of the next round, rounds run */
  u64 probe_props, probe_mark;     /* PROBE: propagations of probing, and of the search at the last round */
  u64 probe_failed, probe_hbrs;    /* PROBE: failed literals found, hyper-binary resolvents added */
  u32 *probe_parent, *probe_depth; /* PROBE: per variable, its dominator in the probe's implication tree, and depth */
  u32 *probe_noccs, *probe_seen;  /* PROBE: per literal, binary clauses holding it; trail height when probed */
  u64 *probe_list;                 /* PROBE: the schedule, as sort keys (see probe_schedule) */
  u32 probe_cap;                   /* PROBE: variables the arrays above are sized for */
  int ooo;                         /* CHRONO: the trail may hold literals below the level of their block */
  u64 chrono_backtracks;           /* CHRONO: backtracks that stopped above the jump level */

} S;

/* ---------- small vectors ---------- */

static void vec_reserve(vec *v, u32 n) {
  if (n <= v->cap) return;
  u32 cap = v->cap ? v->cap : 8;
  while (cap < n) cap *= 2;
  v->data = mem_realloc(v->data, (u64)cap * sizeof(u32));
  v->cap = cap;
}
static inline void vec_push(vec *v, u32 x) {
  if (v->size == v->cap) vec_reserve(v, v->size + 1);
  v->data[v->size++] = x;
}
/* For the scratch vectors of conflict analysis, which never hold more than a variable's worth plus
 * two (solver_reserve_vars reserves that): no call in the loops (a trap guards the bound). */
static inline void vec_push_room(vec *v, u32 x) {
  if (v->size >= v->cap) __builtin_trap();
  v->data[v->size++] = x;
}
static void wl_grow(u32 lit, u32 n) {
  watch_room *r = &S.room[lit];
  u32 cap = r->cap ? r->cap : 4;
  while (cap < n) cap *= 2;
  S.watches[lit].data = mem_realloc(S.watches[lit].data, (u64)cap * sizeof(watcher));
  r->cap = cap;
}
/* No growing here: attach() has made room (a trap, not a call, guards it: a call in propagation's
 * loop would make V8 keep the loop's values on the stack). */
static inline void wl_push(watch_list *w, const watch_room *r, u32 cref, u32 blocker) {
  if (w->size >= r->cap) __builtin_trap();
  w->data[w->size].cref = cref;
  w->data[w->size].blocker = blocker;
  w->size++;
}

/* ---------- literals, assignment ---------- */

static inline u32 var_of(u32 l) { return l >> 1; }
static inline i32 decision_level(void) { return (i32)S.trail_lim.size; }
static inline i32 level_of(u32 v) { return S.vd[v].level; }
static inline u32 reason_of(u32 v) { return S.vd[v].reason; }

static inline void assign_at(u32 lit, u32 reason, i32 level) {
  u32 v = var_of(lit);
  S.vals[lit] = 1;
  S.vals[lit ^ 1] = -1;
  S.vd[v].reason = reason;
  S.vd[v].level = level;
  S.trail.data[S.trail.size++] = lit;
  if (CHRONO && level < decision_level()) S.ooo = 1;
}
static inline void assign(u32 lit, u32 reason) { assign_at(lit, reason, decision_level()); }

/* ---------- clause arena ---------- */

static inline u32 *cl_lits(u32 cr) { return S.mem + cr + 1; }
static inline u32 cl_size(u32 cr) { return S.mem[cr] >> CL_SIZE_SHIFT; }
static inline int cl_learnt(u32 cr) { return S.mem[cr] & CL_LEARNT; }
/* The word before a learnt clause's header: its LBD (low 24 bits) and a "used" count (bits 24+),
 * set when the clause takes part in conflict analysis and counted down by each reduction. */
#define LBD_MASK 0xFFFFFFu
static inline u32 cl_lbd(u32 cr) { return S.mem[cr - 1] & LBD_MASK; }
static inline u32 cl_used(u32 cr) { return S.mem[cr - 1] >> 24; }
static inline void cl_set_lbd_used(u32 cr, u32 lbd, u32 used) { S.mem[cr - 1] = (lbd < LBD_MASK ? lbd : LBD_MASK) | used << 24; }
static inline float cl_activity(u32 cr) { float f; __builtin_memcpy(&f, S.mem + cr - 2, 4); return f; }
static inline void cl_set_activity(u32 cr, float f) { __builtin_memcpy(S.mem + cr - 2, &f, 4); }
static inline u32 cl_words(u32 cr) { return (cl_learnt(cr) ? 2 : 0) + 1 + cl_size(cr); }

static u32 arena_alloc(u32 words) {
  u32 need = S.mem_size + words;
  if (need > S.mem_cap) {
    u32 cap = S.mem_cap ? S.mem_cap : 1024;
    while (cap < need) cap += cap / 2 + 8;
    S.mem = mem_realloc(S.mem, (u64)cap * 4);
    S.mem_cap = cap;
  }
  u32 at = S.mem_size;
  S.mem_size = need;
  return at;
}

static u32 clause_new(const u32 *lits, u32 n, int learnt, u32 lbd) {
  u32 extra = learnt ? 2 : 0;
  u32 cr = arena_alloc(extra + 1 + n) + extra;
  S.mem[cr] = (n << CL_SIZE_SHIFT) | (learnt ? CL_LEARNT : 0);
  u32 *c = cl_lits(cr);
  for (u32 i = 0; i < n; i++) c[i] = lits[i];
  if (learnt) {
    cl_set_lbd_used(cr, lbd, TIER_REDUCE ? 1 + (lbd <= TIER2_LBD) : 0);  /* new clauses survive the next reduction */
    cl_set_activity(cr, 0.0f);
  }
  return cr;
}

static void attach(u32 cr) {
  u32 *c = cl_lits(cr);
  u32 n = cl_size(cr);
  for (u32 i = 0; i < n; i++) {
    watch_room *r = &S.room[c[i]];
    if (++r->occ > r->cap) wl_grow(c[i], r->occ);
  }
  u32 tag = n == 2 ? (cr | BINARY_WATCH) : cr;
  wl_push(&S.watches[c[0]], &S.room[c[0]], tag, c[1]);
  wl_push(&S.watches[c[1]], &S.room[c[1]], tag, c[0]);
  if (cl_learnt(cr)) S.learnts_literals += n; else S.clauses_literals += n;
}

/* A clause is locked while it is the reason of a current assignment. Binary clauses may imply
 * either literal (they propagate from the watcher without reordering). */
static int locked(u32 cr) {
  u32 *c = cl_lits(cr);
  if (S.vals[c[0]] == 1 && reason_of(var_of(c[0])) == cr) return 1;
  if (cl_size(cr) == 2 && S.vals[c[1]] == 1 && reason_of(var_of(c[1])) == cr) return 1;
  return 0;
}

/* Marks a clause deleted; its watchers are swept lazily by sweep_watches(). They are on the lists
 * of its first two literals (the watched ones), which are noted for the sweep. */
static void remove_clause(u32 cr) {
  u32 *c = cl_lits(cr);
  for (u32 w = 0; w < 2; w++)
    if (!S.sweep_mark[c[w]]) { S.sweep_mark[c[w]] = 1; vec_push(&S.to_sweep, c[w]); }
  if (locked(cr)) {
    /* only happens at level 0, where reasons are never inspected */
    if (S.vals[c[0]] == 1 && reason_of(var_of(c[0])) == cr) S.vd[var_of(c[0])].reason = NOREF;
    else S.vd[var_of(c[1])].reason = NOREF;
  }
  if (cl_learnt(cr)) S.learnts_literals -= cl_size(cr); else S.clauses_literals -= cl_size(cr);
  for (u32 i = 0, n = cl_size(cr); i < n; i++) S.room[c[i]].occ--;
  S.mem[cr] |= CL_DELETED;
  S.mem_wasted += cl_words(cr);
}

static void sweep_watches(void) {
  for (u32 t = 0; t < S.to_sweep.size; t++) {
    u32 l = S.to_sweep.data[t];
    S.sweep_mark[l] = 0;
    watch_list *w = &S.watches[l];
    u32 j = 0;
    for (u32 i = 0; i < w->size; i++)
      if (!(S.mem[w->data[i].cref & ~BINARY_WATCH] & CL_DELETED)) w->data[j++] = w->data[i];
    w->size = j;
  }
  S.to_sweep.size = 0;
}

/* Moves every live clause into a fresh arena; old headers keep a forwarding cref in lits[0]. */
static u32 *gc_to; static u32 gc_size;
static u32 relocate(u32 cr) {
  if (S.mem[cr] & CL_RELOCED) return S.mem[cr + 1];
  u32 extra = cl_learnt(cr) ? 2 : 0, words = cl_words(cr);
  __builtin_memcpy(gc_to + gc_size, S.mem + cr - extra, (size_t)words * 4);
  u32 ncr = gc_size + extra;
  gc_size += words;
  S.mem[cr] |= CL_RELOCED;
  S.mem[cr + 1] = ncr;
  return ncr;
}

static void garbage_collect(void) {
  u32 live = S.mem_size - S.mem_wasted;
  u32 cap = live + live / 2 + 1024;
  gc_to = mem_alloc((u64)cap * 4);
  gc_size = 0;
  /* watchers first: clauses watched from the same literal end up close together */
  u32 nlits = 2 * S.nvars;
  for (u32 l = 0; l < nlits; l++) {
    watch_list *w = &S.watches[l];
    for (u32 i = 0; i < w->size; i++) {
      u32 tag = w->data[i].cref;
      w->data[i].cref = relocate(tag & ~BINARY_WATCH) | (tag & BINARY_WATCH);
    }
  }
  for (u32 i = 0; i < S.trail.size; i++) {
    u32 v = var_of(S.trail.data[i]);
    u32 r = reason_of(v);
    if (r != NOREF) S.vd[v].reason = relocate(r);
  }
  for (u32 i = 0; i < S.clauses.size; i++) S.clauses.data[i] = relocate(S.clauses.data[i]);
  for (u32 i = 0; i < S.learnts.size; i++) S.learnts.data[i] = relocate(S.learnts.data[i]);
  mem_free(S.mem);
  S.mem = gc_to;
  S.mem_size = gc_size;
  S.mem_cap = cap;
  S.mem_wasted = 0;
}

static void maybe_garbage_collect(void) {
  if (S.mem_wasted > S.mem_size * GC_FRACTION) garbage_collect();
}

/* ---------- VSIDS heap ---------- */

/* Ties go to the lower index: a fresh score table decides variables in index order. The heap keeps
 * each entry's score beside it (heap_key[i] is heap[i]'s score; var_bump updates both), so that
 * comparisons read two neighbouring keys instead of the score table. */
#define BEFORE(ka, va, kb, vb) ((ka) > (kb) || (tie && (ka) == (kb) && (va) < (vb)))

static void heap_up(u32 i) {
  u32 *h = S.heap; double *key = S.heap_key; i32 *index = S.heap_index;
  int tie = S.tie_index;
  u32 x = h[i]; double kx = key[i];
  while (i > 0) {
    u32 p = (i - 1) >> 1;
    if (!BEFORE(kx, x, key[p], h[p])) break;
    h[i] = h[p]; key[i] = key[p]; index[h[i]] = (i32)i;
    i = p;
  }
  h[i] = x; key[i] = kx; index[x] = (i32)i;
}

static void heap_down(u32 i) {
  u32 *h = S.heap; double *key = S.heap_key; i32 *index = S.heap_index;
  int tie = S.tie_index;
  u32 n = S.heap_size, x = h[i];
  double kx = key[i];
  for (;;) {
    u32 c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && BEFORE(key[c + 1], h[c + 1], key[c], h[c])) c++;
    if (!BEFORE(key[c], h[c], kx, x)) break;
    h[i] = h[c]; key[i] = key[c]; index[h[i]] = (i32)i;
    i = c;
  }
  h[i] = x; key[i] = kx; index[x] = (i32)i;
}
#undef BEFORE

static void heap_insert(u32 v) {
  if (S.heap_index[v] >= 0) return;
  if (S.heap_size == S.heap_cap) {
    u32 cap = S.heap_cap ? S.heap_cap * 2 : 64;
    S.heap = mem_realloc(S.heap, (u64)cap * 4);
    S.heap_key = mem_realloc(S.heap_key, (u64)cap * 8);
    S.heap_cap = cap;
  }
  S.heap[S.heap_size] = v;
  S.heap_key[S.heap_size] = S.activity[v];
  heap_up(S.heap_size++);
}

static u32 heap_pop(void) {
  u32 *h = S.heap;
  u32 x = h[0];
  u32 n = --S.heap_size;
  S.heap_index[x] = -1;
  if (n > 0) { h[0] = h[n]; S.heap_key[0] = S.heap_key[n]; S.heap_index[h[0]] = 0; heap_down(0); }
  return x;
}

/* Swaps in the other mode's scores and rebuilds the heap over the variables it holds. */
__attribute__((noinline)) static void switch_scores(void) {
  double *a = S.activity; S.activity = S.activity_other; S.activity_other = a;
  double inc = S.var_inc; S.var_inc = S.var_inc_other; S.var_inc_other = inc;
  u32 n = S.heap_size;
  u32 *tmp = mem_alloc((u64)(n ? n : 1) * 4);
  for (u32 i = 0; i < n; i++) {
    tmp[i] = S.heap[i];
    S.heap_index[tmp[i]] = -1;
  }
  S.heap_size = 0;
  for (u32 i = 0; i < n; i++) heap_insert(tmp[i]);
  mem_free(tmp);
}

static void var_bump(u32 v) {
  if ((S.activity[v] += S.var_inc) > 1e100) {
    for (u32 i = 0; i < S.nvars; i++) S.activity[i] *= 1e-100;
    for (u32 i = 0; i < S.heap_size; i++) S.heap_key[i] = S.activity[S.heap[i]];
    S.var_inc *= 1e-100;
  }
  i32 at = S.heap_index[v];
  if (at >= 0) { S.heap_key[at] = S.activity[v]; heap_up((u32)at); }
}

/* ---------- VMTF queue (the V mode's decisions) ---------- */

/* Moves v to the queue's end with a new stamp (the stamps order the queue). */
static void q_to_end(u32 v) {
  if (S.q_last == v) { S.q_stamp[v] = ++S.q_stamps; return; }
  u32 p = S.q_prev[v], n = S.q_next[v];
  if (p != LIT_UNDEF) S.q_next[p] = n; else if (S.q_first == v) S.q_first = n;
  if (n != LIT_UNDEF) S.q_prev[n] = p;
  S.q_prev[v] = S.q_last; S.q_next[v] = LIT_UNDEF;
  if (S.q_last != LIT_UNDEF) S.q_next[S.q_last] = v; else S.q_first = v;
  S.q_last = v;
  S.q_stamp[v] = ++S.q_stamps;
}

/* Sorts variables by their stamps, oldest first. */
static void sort_by_stamp(u32 *a, i32 lo, i32 hi) {
  const u64 *st = S.q_stamp;
  while (hi - lo > 16) {
    u64 pivot = st[a[(lo + hi) / 2]];
    i32 i = lo, j = hi;
    while (i <= j) {
      while (st[a[i]] < pivot) i++;
      while (st[a[j]] > pivot) j--;
      if (i <= j) { u32 t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { sort_by_stamp(a, lo, j); lo = i; }
    else { sort_by_stamp(a, i, hi); hi = j; }
  }
  for (i32 i = lo + 1; i <= hi; i++) {
    u32 x = a[i]; u64 k = st[x];
    i32 j = i - 1;
    while (j >= lo && st[a[j]] > k) { a[j + 1] = a[j]; j--; }
    a[j + 1] = x;
  }
}

/* Moves the variables of S.q_bumped to the queue's end, oldest first (their order is kept). */
__attribute__((noinline)) static void q_bump_all(void) {
  vec *b = &S.q_bumped;
  if (b->size > 1) sort_by_stamp(b->data, 0, (i32)b->size - 1);
  for (u32 i = 0; i < b->size; i++) {
    u32 v = b->data[i];
    S.q_mark[v] = 0;
    q_to_end(v);
    if (S.vals[2 * v] == 0) S.q_search = v;
  }
  b->size = 0;
}

static void clause_bump(u32 cr) {
  float a = cl_activity(cr) + (float)S.cla_inc;
  cl_set_activity(cr, a);
  if (a > 1e20f) {
    for (u32 i = 0; i < S.learnts.size; i++) {
      u32 l = S.learnts.data[i];
      cl_set_activity(l, cl_activity(l) * 1e-20f);
    }
    S.cla_inc *= 1e-20;
  }
}

/* ---------- variables ---------- */

void solver_reserve_vars(u32 n) {
  if (n <= S.nvars) return;
  if (n > S.var_cap) {
    u32 cap = S.var_cap ? S.var_cap : 64;
    while (cap < n) cap *= 2;
    S.vals = mem_realloc(S.vals, (u64)cap * 2);
    S.vd = mem_realloc(S.vd, (u64)cap * sizeof(var_data));
    S.activity = mem_realloc(S.activity, (u64)cap * sizeof(double));
    S.activity_other = mem_realloc(S.activity_other, (u64)cap * sizeof(double));
    S.phase = mem_realloc(S.phase, cap);
    S.target = mem_realloc(S.target, cap);
    S.best = mem_realloc(S.best, cap);
    S.seen = mem_realloc(S.seen, cap);
    S.heap_index = mem_realloc(S.heap_index, (u64)cap * sizeof(i32));
    S.lit_mark = mem_realloc(S.lit_mark, (u64)cap * 2);
    S.sweep_mark = mem_realloc(S.sweep_mark, (u64)cap * 2);
    S.watches = mem_realloc(S.watches, (u64)cap * 2 * sizeof(watch_list));
    S.room = mem_realloc(S.room, (u64)cap * 2 * sizeof(watch_room));
    S.q_prev = mem_realloc(S.q_prev, (u64)cap * 4);
    S.q_next = mem_realloc(S.q_next, (u64)cap * 4);
    S.q_stamp = mem_realloc(S.q_stamp, (u64)cap * 8);
    S.q_mark = mem_realloc(S.q_mark, cap);
    S.var_cap = cap;
  }
  vec_reserve(&S.trail, n);
  vec_reserve(&S.learnt_buf, n + 2);
  vec_reserve(&S.to_clear, n + 2);
  vec_reserve(&S.stack, n + 2);
  vec_reserve(&S.shrink_marked, n + 2);
  vec_reserve(&S.q_bumped, n + 2);
  if (S.nvars == 0) S.q_first = S.q_last = S.q_search = LIT_UNDEF;
  for (u32 v = S.nvars; v < n; v++) {
    S.q_prev[v] = S.q_next[v] = LIT_UNDEF; S.q_mark[v] = 0; S.q_stamp[v] = 0;
    q_to_end(v);
    S.q_search = v;
    S.vals[2 * v] = S.vals[2 * v + 1] = 0;
    S.lit_mark[2 * v] = S.lit_mark[2 * v + 1] = 0;
    S.sweep_mark[2 * v] = S.sweep_mark[2 * v + 1] = 0;
    S.vd[v].reason = NOREF; S.vd[v].level = 0;
    S.activity[v] = S.activity_other[v] = 0.0;
    S.phase[v] = INIT_PHASE; /* first try false, like MiniSat (lucky() tries true first, once) */
    S.target[v] = S.best[v] = INIT_PHASE;
    S.seen[v] = 0;
    S.heap_index[v] = -1;
    S.watches[2 * v].data = S.watches[2 * v + 1].data = 0;
    S.watches[2 * v].size = S.watches[2 * v + 1].size = 0;
    S.room[2 * v].cap = S.room[2 * v + 1].cap = 0;
    S.room[2 * v].occ = S.room[2 * v + 1].occ = 0;
  }
  u32 from = S.nvars;
  S.nvars = n;
  for (u32 v = from; v < n; v++) heap_insert(v);
}

u32 solver_num_vars(void) { return S.nvars; }

/* ---------- propagation ---------- */

/* CHRONO: the level a long clause's first literal is implied at (the highest of the others'). */
static inline i32 reason_level(const u32 *c, u32 n) {
  i32 lv = 0;
  for (u32 k = 1; k < n; k++) { i32 x = S.vd[var_of(c[k])].level; if (x > lv) lv = x; }
  return lv;
}

/*
 * Kept out of line so V8 tiers it up on its own (wasm has no on-stack replacement). Each watch
 * list is scanned in place until a watcher leaves it (a long clause finds a new literal to watch):
 * most watchers stay (binary clauses always do), so most lists are read and never rewritten; from
 * the first departure on, the rest of the list is compacted as it is scanned. Either way the
 * watchers are visited, and literals assigned, in exactly the same order.
 */
__attribute__((noinline)) static u32 propagate_clauses(void) {
  u32 confl = NOREF;
  i8 *vals = S.vals;
  u32 *mem = S.mem;
  watch_list *watches = S.watches;
  const watch_room *room = S.room;
  var_data *vd = S.vd;
  u32 *trail = S.trail.data;
  u32 qhead = S.qhead, tsize = S.trail.size, start = qhead;
  i32 level = decision_level();
  u64 ticks = 0;
  /* CHRONO: with out-of-order literals on the trail, an implied literal's level is the highest of
   * its reason's other literals (on an ordered trail, always the current level) */
  const int ooo = CHRONO && S.ooo;

#define ASSIGN_AT(lit, why, lv) do { u32 l_ = (lit); vals[l_] = 1; vals[l_ ^ 1] = -1; \
    vd[l_ >> 1].reason = (why); vd[l_ >> 1].level = (lv); trail[tsize++] = l_; } while (0)
#define ASSIGN_BIN(lit, why) ASSIGN_AT(lit, why, ooo ? vd[false_lit >> 1].level : level)
#define ASSIGN_LONG(lit, why) ASSIGN_AT(lit, why, ooo ? reason_level(c, n) : level)

  while (qhead < tsize) {
    u32 false_lit = trail[qhead++] ^ 1;
    watch_list *ws = &watches[false_lit];
    watcher *i = ws->data, *j, *end = i + ws->size;
    if (MODE_TICKS) ticks += ws->size;
    /* Touch the next literal's watchers now (a load whose value is unused: wasm has no prefetch),
     * so that its cache misses overlap this list's scan. Propagation is bound by such misses: the
     * watch lists, clauses and assignments of a puzzle CNF overflow the first-level cache. */
    if (qhead < tsize) {
      const watch_list *nw = &watches[trail[qhead] ^ 1];
      if (nw->size) (void)*(volatile const u32 *)nw->data;
    }
    /* in place: nothing has left the list yet */
    for (; i != end; i++) {
      u32 blocker = i->blocker;
      i8 vb = vals[blocker];
      if (vb == 1) continue;
      u32 tag = i->cref;
      if (tag & BINARY_WATCH) {
        if (vb == 0) { ASSIGN_BIN(blocker, tag & ~BINARY_WATCH); continue; }
        confl = tag & ~BINARY_WATCH;
        goto done;
      }
      u32 *c = mem + tag + 1;
      if (c[0] == false_lit) { c[0] = c[1]; c[1] = false_lit; }
      u32 first = c[0];
      if (first != blocker && vals[first] == 1) { i->blocker = first; continue; }
      u32 n = mem[tag] >> CL_SIZE_SHIFT;
      for (u32 k = 2; k < n; k++) {
        u32 lk = c[k];
        if (vals[lk] != -1) {
          c[1] = lk; c[k] = false_lit;
          wl_push(&watches[lk], &room[lk], tag, first);
          j = i++;
          goto compact;
        }
      }
      i->blocker = first;
      if (vals[first] == -1) { confl = tag; goto done; }
      ASSIGN_LONG(first, tag);
    }
    continue;
  compact:
    /* the watcher at j left: the rest of the list moves down as it is scanned */
    while (i != end) {
      u32 blocker = i->blocker;
      i8 vb = vals[blocker];
      if (vb == 1) { *j++ = *i++; continue; }
      u32 tag = i->cref;
      if (tag & BINARY_WATCH) {
        *j++ = *i++;
        if (vb == 0) { ASSIGN_BIN(blocker, tag & ~BINARY_WATCH); continue; }
        confl = tag & ~BINARY_WATCH;
        while (i != end) *j++ = *i++;
        ws->size = (u32)(j - ws->data);
        goto done;
      }
      u32 *c = mem + tag + 1;
      if (c[0] == false_lit) { c[0] = c[1]; c[1] = false_lit; }
      i++;
      u32 first = c[0];
      if (first != blocker && vals[first] == 1) {
        j->cref = tag; j->blocker = first; j++;
        continue;
      }
      u32 n = mem[tag] >> CL_SIZE_SHIFT;
      for (u32 k = 2; k < n; k++) {
        u32 lk = c[k];
        if (vals[lk] != -1) {
          c[1] = lk; c[k] = false_lit;
          wl_push(&watches[lk], &room[lk], tag, first);
          goto next_watcher;
        }
      }
      j->cref = tag; j->blocker = first; j++;
      if (vals[first] == -1) {
        confl = tag;
        while (i != end) *j++ = *i++;
        ws->size = (u32)(j - ws->data);
        goto done;
      }
      ASSIGN_LONG(first, tag);
    next_watcher:;
    }
    ws->size = (u32)(j - ws->data);
  }
done:;
#undef ASSIGN_AT
#undef ASSIGN_BIN
#undef ASSIGN_LONG
  /* literals whose watchers were visited (on a conflict, up to the one that raised it) */
  u32 props = qhead - start;
  S.trail.size = tsize;
  S.qhead = confl == NOREF ? qhead : tsize;
  S.propagations += props;
  S.simp_props -= props;
  if (MODE_TICKS) S.ticks += ticks + props;
  return confl;
}

/* Unit propagation, then the connectivity constraints (connectivity.c), until neither adds anything. */
static u32 propagate(void) {
  for (;;) {
    u32 confl = propagate_clauses();
    if (confl != NOREF || conn_count() == 0) return confl;
    int r = conn_propagate(&confl);
    if (r == CONN_CONFLICT) return confl;
    if (r == CONN_QUIET) return NOREF;
  }
}

/* ---------- backtracking, decisions ---------- */

static void new_decision_level(void) {
  vec_push(&S.trail_lim, S.trail.size);
  if (S.trail_lim.size + 1 > S.level_stamp_cap) {
    u32 cap = S.level_stamp_cap ? S.level_stamp_cap * 2 : 256;
    while (cap < S.trail_lim.size + 1) cap *= 2;
    S.level_stamp = mem_realloc(S.level_stamp, (u64)cap * 4);
    for (u32 i = S.level_stamp_cap; i < cap; i++) S.level_stamp[i] = 0;
    S.level_stamp_cap = cap;
  }
}

/* The trail's first `height` literals were propagated without conflict: when that is the longest
 * such trail since the target (or best) phases were reset, they become the target (best) phases. */
__attribute__((noinline)) static void update_target_and_best(u32 height) {
  /* arrays in locals here and below: a byte store may alias S, which would be reloaded after each */
  const u32 *trail = S.trail.data;
  if (height > S.target_assigned) {
    u8 *target = S.target;
    for (u32 i = 0; i < height; i++) { u32 l = trail[i]; target[var_of(l)] = l & 1; }
    S.target_assigned = height;
  }
  if (height > S.best_assigned) {
    u8 *best = S.best;
    for (u32 i = 0; i < height; i++) { u32 l = trail[i]; best[var_of(l)] = l & 1; }
    S.best_assigned = height;
  }
}

/* CHRONO's backtrack with out-of-order literals on the trail: above the new level's block, those
 * assigned at or below the level stay (moved down, in order) and are propagated again. */
static void cancel_until_ooo(i32 level) {
  u32 stop = S.trail_lim.data[level], j = stop;
  u32 *trail = S.trail.data;
  const var_data *vd = S.vd;
  for (u32 c = stop; c < S.trail.size; c++) {
    u32 lit = trail[c], v = var_of(lit);
    if (vd[v].level <= level) { trail[j++] = lit; continue; }
    S.vals[lit] = S.vals[lit ^ 1] = 0;
    S.phase[v] = lit & 1;
    if (S.heap_index[v] < 0) heap_insert(v);
    if (S.vmtf && (S.q_search == LIT_UNDEF || S.q_stamp[v] > S.q_stamp[S.q_search])) S.q_search = v;
  }
  S.qhead = stop;
  S.trail.size = j;
  S.trail_lim.size = (u32)level;
  if (level == 0) S.ooo = 0;
}

static void cancel_until(i32 level) {
  if (decision_level() <= level) return;
  if (CHRONO && S.ooo) { cancel_until_ooo(level); return; }
  u32 stop = S.trail_lim.data[level];
  const u32 *trail = S.trail.data;
  i8 *vals = S.vals;
  u8 *phase = S.phase;
  const i32 *heap_index = S.heap_index;
  for (u32 c = S.trail.size; c-- > stop;) {
    u32 lit = trail[c], v = var_of(lit);
    unsigned short none = 0;  /* both literals of v unassigned: one 2-byte store */
    __builtin_memcpy(vals + (lit & ~1u), &none, 2);
    phase[v] = lit & 1;
    if (heap_index[v] < 0) heap_insert(v);  /* most were propagated, never popped: still in */
  }
  if (S.vmtf) {
    const u64 *st = S.q_stamp;
    u32 best = S.q_search;
    for (u32 c = S.trail.size; c-- > stop;) {
      u32 v = var_of(trail[c]);
      if (best == LIT_UNDEF || st[v] > st[best]) best = v;
    }
    S.q_search = best;
  }
  S.qhead = stop;
  S.trail.size = stop;
  S.trail_lim.size = (u32)level;
  conn_backtrack(stop);
}

/* A random unassigned variable (64 draws, then LIT_UNDEF: the usual order decides instead). */
static u32 random_var(void) {
  for (u32 tries = 0; S.nvars && tries < 64; tries++) {
    S.rng = S.rng * 6364136223846793005ull + 1442695040888963407ull;
    u32 v = (u32)((S.rng >> 33) % S.nvars);
    if (S.vals[2 * v] == 0) return v;
  }
  return LIT_UNDEF;
}

static u32 ilog2(u32 x) { u32 r = 0; while (x >>= 1) r++; return r; }

/* The value a decision tries first: `saved` (the saved or target phase), unless FORCE_PHASE forces
 * one for this mode phase (set only in focused phases, reset at every mode switch). */
static inline u32 decision_phase(u32 saved) {
  return FORCE_PHASE && S.forced_phase >= 0 ? (u32)S.forced_phase : saved;
}

static u32 pick_branch_lit(void) {
  if (RANDEC && (S.ema_active || RANDEC == 2)) {
    if (!S.randec && decision_level() <= (i32)S.assumptions.size && S.conflicts >= S.randec_at) {
      u32 k = ++S.randec_seqs;
      S.randec = RANDEC_LEN * (1 + ilog2(k));
      S.randec_at = S.conflicts + (u64)RANDEC_INT * (1 + ilog2(k));
    }
    if (S.randec) {
      u32 v = random_var();
      if (v != LIT_UNDEF) return 2 * v + decision_phase(S.phase[v]);
    }
  }
  if (S.vmtf) {
    u32 v = S.q_search;
    while (v != LIT_UNDEF && S.vals[2 * v] != 0) v = S.q_prev[v];
    if (v == LIT_UNDEF) return LIT_UNDEF;
    S.q_search = v;
    return 2 * v + decision_phase(S.phase[v]);
  }
  for (;;) {
    if (S.heap_size == 0) return LIT_UNDEF;
    u32 v = heap_pop();
    if (S.vals[2 * v] == 0) return 2 * v + decision_phase(USE_TARGET && !S.ema_active ? S.target[v] : S.phase[v]);
  }
}

/* ---------- conflict analysis ---------- */

/* Binary reasons propagate without reordering: put the implied (true) literal first. */
static inline u32 *reason_lits(u32 cr) {
  u32 *c = cl_lits(cr);
  if (cl_size(cr) == 2 && S.vals[c[0]] == -1) { u32 t = c[0]; c[0] = c[1]; c[1] = t; }
  return c;
}

static inline u32 abstract_level(u32 v) { return 1u << (level_of(v) & 31); }

__attribute__((noinline)) static int lit_redundant(u32 p, u32 abstract_levels) {
  u8 *seen = S.seen;
  const var_data *vd = S.vd;
  S.stack.size = 0;
  vec_push_room(&S.stack, p);
  u32 top = S.to_clear.size;
  while (S.stack.size > 0) {
    u32 q = S.stack.data[--S.stack.size];
    u32 cr = vd[var_of(q)].reason;
    u32 *c = reason_lits(cr);
    u32 n = cl_size(cr);
    for (u32 i = 1; i < n; i++) {
      u32 l = c[i], v = var_of(l);
      i32 lv = vd[v].level;
      if (!seen[v] && lv > 0) {
        if (vd[v].reason != NOREF && ((1u << (lv & 31)) & abstract_levels)) {
          seen[v] = 1;
          vec_push_room(&S.stack, l);
          vec_push_room(&S.to_clear, l);
        } else {
          for (u32 j = top; j < S.to_clear.size; j++) seen[var_of(S.to_clear.data[j])] = 0;
          S.to_clear.size = top;
          return 0;
        }
      }
    }
  }
  return 1;
}

static u32 compute_lbd(const u32 *lits, u32 n) {
  if (++S.stamp == 0) {
    for (u32 i = 0; i < S.level_stamp_cap; i++) S.level_stamp[i] = 0;
    S.stamp = 1;
  }
  u32 lbd = 0;
  for (u32 i = 0; i < n; i++) {
    i32 lv = level_of(var_of(lits[i]));
    if (S.level_stamp[lv] != S.stamp) { S.level_stamp[lv] = S.stamp; lbd++; }
  }
  return lbd;
}

/*
 * Shrinking (CaDiCaL's, after Fleury and Biere, "Efficient All-UIP Learned Clause Minimization",
 * SAT 2021): the literals of the learnt clause on one lower decision level are replaced by that
 * level's first UIP when the resolution that reaches it needs nothing from lower levels but literals
 * already in the clause (or redundant ones, as minimisation decides). The clause stays implied and
 * often gets much shorter. Called by analyze() after minimisation, while seen[] still marks every
 * literal of the clause and every literal minimisation proved redundant; bit 2 of seen marks the
 * block being resolved.
 */
static int shrink_block(u32 *block, u32 n, i32 level, u32 levels, u32 *uip) {
  u8 *seen = S.seen;
  const var_data *vd = S.vd;
  S.shrink_marked.size = 0;
  for (u32 i = 0; i < n; i++) { seen[var_of(block[i])] |= 2; vec_push_room(&S.shrink_marked, var_of(block[i])); }
  /* CHRONO: a literal of this level may sit in a later level's block (out of order), never before */
  u32 open = n, end = (u32)level < S.trail_lim.size && !(CHRONO && S.ooo) ? S.trail_lim.data[level] : S.trail.size;
  int ok = 1;
  for (u32 i = end; i-- > S.trail_lim.data[level - 1];) {
    u32 t = S.trail.data[i], v = var_of(t);
    if (!(seen[v] & 2)) continue;
    if (open == 1) { *uip = t ^ 1; break; }
    open--;
    u32 *c = reason_lits(vd[v].reason);
    u32 m = cl_size(vd[v].reason);
    for (u32 k = 1; k < m && ok; k++) {
      u32 q = c[k], u = var_of(q);
      i32 lv = vd[u].level;
      if (lv == level) {
        if (!(seen[u] & 2)) { seen[u] |= 2; vec_push_room(&S.shrink_marked, u); open++; }
      } else if (lv > 0 && !(seen[u] & 1) && (vd[u].reason == NOREF || !lit_redundant(q, levels))) {
        ok = 0;
      }
    }
    if (!ok) break;
  }
  for (u32 i = 0; i < S.shrink_marked.size; i++) seen[S.shrink_marked.data[i]] &= 1;
  return ok;
}

__attribute__((noinline)) static void shrink_learnt(u32 levels) {
  vec *out = &S.learnt_buf;
  u32 *lits = out->data;
  const var_data *vd = S.vd;
  /* literals after the first, by decreasing level (insertion sort: learnt clauses are short) */
  for (u32 i = 2; i < out->size; i++) {
    u32 x = lits[i]; i32 lx = vd[var_of(x)].level;
    u32 k = i;
    while (k > 1 && vd[var_of(lits[k - 1])].level < lx) { lits[k] = lits[k - 1]; k--; }
    lits[k] = x;
  }
  u32 j = 1;
  for (u32 i = 1; i < out->size;) {
    i32 lv = vd[var_of(lits[i])].level;
    u32 e = i + 1;
    while (e < out->size && vd[var_of(lits[e])].level == lv) e++;
    u32 uip;
    if (e - i > 1 && shrink_block(lits + i, e - i, lv, levels, &uip)) {
      if (!S.seen[var_of(uip)]) { S.seen[var_of(uip)] = 1; vec_push_room(&S.to_clear, uip); }
      lits[j++] = uip;
    } else {
      for (u32 k = i; k < e; k++) lits[j++] = lits[k];
    }
    i = e;
  }
  out->size = j;
}

/* A learnt clause takes part in conflict analysis: it is kept through the next reduction (LBD <=
 * TIER2_LBD: the next two), and its LBD is recomputed (every literal is assigned now) if that lowers it. */
static void tier_bump(u32 cr) {
  u32 lbd = cl_lbd(cr);
  if (lbd > GLUE_LBD) {
    u32 now = compute_lbd(cl_lits(cr), cl_size(cr));
    if (now < lbd) lbd = now;
  }
  cl_set_lbd_used(cr, lbd, 1 + (lbd <= TIER2_LBD));
}

/* First-UIP learning into S.learnt_buf (asserting literal first, a literal of the backjump
 * level second). Returns the backjump level. */
__attribute__((noinline)) static i32 analyze(u32 confl) {
  /* Per-variable arrays in locals: stores through u8 *seen may alias S, so S.x would be reloaded. */
  u8 *seen = S.seen;
  const var_data *vd = S.vd;
  const u32 *trail = S.trail.data;
  vec *out = &S.learnt_buf;
  out->size = 0;
  vec_push_room(out, LIT_UNDEF);
  i32 path = 0;
  u32 p = LIT_UNDEF;
  u32 index = S.trail.size;
  i32 dl = decision_level();

  do {
    if (cl_learnt(confl)) { clause_bump(confl); if (TIER_REDUCE) tier_bump(confl); }
    u32 *c = p == LIT_UNDEF ? cl_lits(confl) : reason_lits(confl);
    u32 n = cl_size(confl);
    for (u32 j = p == LIT_UNDEF ? 0 : 1; j < n; j++) {
      u32 q = c[j], v = var_of(q);
      i32 lv = vd[v].level;
      if (!seen[v] && lv > 0) {
        if (S.vmtf) { S.q_bumped.data[S.q_bumped.size++] = v; S.q_mark[v] = 1; } else var_bump(v);
        seen[v] = 1;
        if (lv >= dl) path++;
        else vec_push_room(out, q);
      }
    }
    /* CHRONO: out-of-order literals of lower levels (seen ones among them) sit between this
     * level's literals on the trail */
    if (CHRONO && S.ooo) while (!seen[var_of(trail[--index])] || vd[var_of(trail[index])].level != dl) {}
    else while (!seen[var_of(trail[--index])]) {}
    p = trail[index];
    confl = vd[var_of(p)].reason;
    seen[var_of(p)] = 0;
    path--;
  } while (path > 0);
  out->data[0] = p ^ 1;

  /* recursive minimisation */
  S.to_clear.size = 0;
  for (u32 i = 0; i < out->size; i++) vec_push_room(&S.to_clear, out->data[i]);
  u32 levels = 0;
  for (u32 i = 1; i < out->size; i++) levels |= abstract_level(var_of(out->data[i]));
  u32 j = 1;
  for (u32 i = 1; i < out->size; i++) {
    u32 l = out->data[i];
    if (vd[var_of(l)].reason == NOREF || !lit_redundant(l, levels)) out->data[j++] = l;
  }
  out->size = j;
  if (SHRINK) shrink_learnt(levels);
  if (S.vmtf) {
    if (VMTF_REASON) {
      /* reason-side bumping, depth 1: the other literals of the learnt literals' reasons */
      u32 before = S.q_bumped.size, limit = before + VMTF_REASON_LIMIT * out->size;
      for (u32 i = 0; i < out->size && S.q_bumped.size <= limit; i++) {
        u32 r = vd[var_of(out->data[i])].reason;
        if (r == NOREF) continue;
        u32 *c = cl_lits(r); u32 n = cl_size(r);
        for (u32 j = 0; j < n; j++) {
          u32 w = var_of(c[j]);
          if (S.q_mark[w] || vd[w].level == 0) continue;
          S.q_mark[w] = 1;
          S.q_bumped.data[S.q_bumped.size++] = w;
        }
      }
      if (S.q_bumped.size > limit) {
        for (u32 i = before; i < S.q_bumped.size; i++) S.q_mark[S.q_bumped.data[i]] = 0;
        S.q_bumped.size = before;
      }
    }
    q_bump_all();
  }

  i32 bt = 0;
  if (out->size > 1) {
    u32 max_i = 1;
    i32 max_lv = vd[var_of(out->data[1])].level;
    for (u32 i = 2; i < out->size; i++) {
      i32 lv = vd[var_of(out->data[i])].level;
      if (lv > max_lv) { max_i = i; max_lv = lv; }
    }
    u32 t = out->data[max_i]; out->data[max_i] = out->data[1]; out->data[1] = t;
    bt = max_lv;
  }
  for (u32 i = 0; i < S.to_clear.size; i++) seen[var_of(S.to_clear.data[i])] = 0;
  return bt;
}

/* Which assumptions imply the negation of p (p's negation is an assumption that is false).
 * Stores the negated assumptions, as MiniSat does. */
__attribute__((noinline)) static void analyze_final(u32 p) {
  S.conflict.size = 0;
  vec_push(&S.conflict, p);
  if (decision_level() == 0) return;
  S.seen[var_of(p)] = 1;
  for (u32 i = S.trail.size; i-- > S.trail_lim.data[0];) {
    u32 v = var_of(S.trail.data[i]);
    if (!S.seen[v]) continue;
    u32 r = reason_of(v);
    if (r == NOREF) {
      vec_push(&S.conflict, S.trail.data[i] ^ 1);
    } else {
      u32 *c = reason_lits(r);
      u32 n = cl_size(r);
      for (u32 j = 1; j < n; j++)
        if (level_of(var_of(c[j])) > 0) S.seen[var_of(c[j])] = 1;
    }
    S.seen[v] = 0;
  }
  S.seen[var_of(p)] = 0;
}

/* ---------- clause database maintenance ---------- */

static void sort_items(sort_item *a, i32 lo, i32 hi) {
  while (hi - lo > 16) {
    float pivot = a[(lo + hi) / 2].key;
    i32 i = lo, j = hi;
    while (i <= j) {
      while (a[i].key < pivot) i++;
      while (a[j].key > pivot) j--;
      if (i <= j) { sort_item t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { sort_items(a, lo, j); lo = i; }
    else { sort_items(a, i, hi); hi = j; }
  }
  for (i32 i = lo + 1; i <= hi; i++) {
    sort_item x = a[i];
    i32 j = i - 1;
    while (j >= lo && a[j].key > x.key) { a[j + 1] = a[j]; j--; }
    a[j + 1] = x;
  }
}

/* Drops about half of the learned clauses: the least active ones, never glue or binary ones. */
__attribute__((noinline)) static void reduce_db(void) {
  u32 n = S.learnts.size;
  if (n == 0) return;
  sort_item *items = mem_alloc((u64)n * sizeof(sort_item));
  for (u32 i = 0; i < n; i++) {
    u32 cr = S.learnts.data[i];
    int keep = cl_size(cr) == 2 || cl_lbd(cr) <= GLUE_LBD;
    items[i].key = keep ? 3.0e38f : cl_activity(cr);
    items[i].cref = cr;
  }
  sort_items(items, 0, (i32)n - 1);
  float extra_lim = (float)(S.cla_inc / n);
  u32 j = 0;
  for (u32 i = 0; i < n; i++) {
    u32 cr = items[i].cref;
    if (items[i].key < 3.0e38f && !locked(cr) && (i < n / 2 || items[i].key < extra_lim)) remove_clause(cr);
    else S.learnts.data[j++] = cr;
  }
  S.learnts.size = j;
  if (VIVIFY) S.vivify_from = j;  /* the survivors are reordered: the next vivification round takes newer ones only */
  mem_free(items);
  sweep_watches();
  maybe_garbage_collect();
}

static void sort_keys(u64 *a, i32 lo, i32 hi) {
  while (hi - lo > 16) {
    u64 pivot = a[(lo + hi) / 2];
    i32 i = lo, j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) { u64 t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if (j - lo < hi - i) { sort_keys(a, lo, j); lo = i; }
    else { sort_keys(a, i, hi); hi = j; }
  }
  for (i32 i = lo + 1; i <= hi; i++) {
    u64 x = a[i];
    i32 j = i - 1;
    while (j >= lo && a[j] > x) { a[j + 1] = a[j]; j--; }
    a[j + 1] = x;
  }
}

/* The tiered reduction (see TIER_REDUCE). */
__attribute__((noinline)) static void reduce_tiered(void) {
  u32 n = S.learnts.size;
  u64 *keys = mem_alloc((u64)(n ? n : 1) * 8);
  u32 m = 0;
  for (u32 i = 0; i < n; i++) {
    u32 cr = S.learnts.data[i];
    u32 used = cl_used(cr), lbd = cl_lbd(cr), size = cl_size(cr);
    if (used) cl_set_lbd_used(cr, lbd, used - 1);
    if (used || size == 2 || lbd <= GLUE_LBD || locked(cr)) continue;
    /* ascending keys = worst first: higher LBD, then longer, then older */
    u64 l = lbd < 0xFFFF ? lbd : 0xFFFF, z = size < 0xFFFF ? size : 0xFFFF;
    keys[m++] = (0xFFFF - l) << 48 | (0xFFFF - z) << 32 | i;
  }
  if (m > 1) sort_keys(keys, 0, (i32)m - 1);
  u32 drop = (u32)(m * REDUCE_FRACTION);
  for (u32 k = 0; k < drop; k++) remove_clause(S.learnts.data[(u32)keys[k]]);
  mem_free(keys);
  u32 j = 0;
  for (u32 i = 0; i < n; i++) if (!(S.mem[S.learnts.data[i]] & CL_DELETED)) S.learnts.data[j++] = S.learnts.data[i];
  S.learnts.size = j;
  sweep_watches();
  maybe_garbage_collect();
  S.reductions++;
  S.next_reduce = S.conflicts + (u64)REDUCE_INT * (S.reductions + 1);
}

/* At level 0: drop satisfied clauses and false literals. Unsatisfied clauses have both watched
 * literals unassigned after full propagation, so false literals sit at positions >= 2. */
static void remove_satisfied(vec *list) {
  const i8 *vals = S.vals;
  u32 j = 0;
  for (u32 i = 0; i < list->size; i++) {
    u32 cr = list->data[i];
    u32 *c = cl_lits(cr);
    u32 n = cl_size(cr);
    u32 a = 0;
    while (a < n && vals[c[a]] == 0) a++;
    if (a == n) { list->data[j++] = cr; continue; }  /* nothing assigned: most clauses */
    int sat = 0;
    for (u32 k = a; k < n; k++) if (vals[c[k]] == 1) { sat = 1; break; }
    if (sat) { remove_clause(cr); continue; }
    u32 m = 2;
    for (u32 k = 2; k < n; k++) {
      if (vals[c[k]] != -1) c[m++] = c[k];
      else S.room[c[k]].occ--;
    }
    if (m < n) {
      u32 header = S.mem[cr] & ((1u << CL_SIZE_SHIFT) - 1);
      S.mem[cr] = (m << CL_SIZE_SHIFT) | header;
      S.mem_wasted += n - m;
      if (cl_learnt(cr)) S.learnts_literals -= n - m; else S.clauses_literals -= n - m;
      if (m == 2) {
        /* now binary: re-tag its two watchers so they take the fast path */
        for (u32 w = 0; w < 2; w++) {
          watch_list *ws = &S.watches[c[w]];
          for (u32 x = 0; x < ws->size; x++)
            if (ws->data[x].cref == cr) { ws->data[x].cref = cr | BINARY_WATCH; ws->data[x].blocker = c[1 - w]; }
        }
      }
    }
    list->data[j++] = cr;
  }
  list->size = j;
}

__attribute__((noinline)) static int simplify(void) {
  if (!S.ok || propagate() != NOREF) return S.ok = 0;
  if (S.trail.size == S.simp_assigns || S.simp_props > 0) return 1;
  remove_satisfied(&S.learnts);
  remove_satisfied(&S.clauses);
  sweep_watches();
  maybe_garbage_collect();
  S.simp_assigns = S.trail.size;
  S.simp_props = (i64)(S.clauses_literals + S.learnts_literals);
  return 1;
}

/* ---------- budgets ---------- */

static int within_budget(void) {
  if (S.stop) return 0;
  if (S.conflict_budget >= 0 && S.conflicts >= (u64)S.conflict_budget) return 0;
  if (S.propagation_budget >= 0 && S.propagations >= (u64)S.propagation_budget) return 0;
  if (S.has_deadline && (S.conflicts >= S.next_clock_conflicts || S.propagations >= S.next_clock_props)) {
    S.next_clock_conflicts = S.conflicts + CLOCK_EVERY_CONFLICTS;
    S.next_clock_props = S.propagations + CLOCK_EVERY_PROPAGATIONS;
    if (env_now() >= S.deadline) { S.stop = 1; return 0; }
  }
  return 1;
}

void solver_set_limits(i64 conflicts, i64 propagations, double deadline) {
  S.conflict_limit = conflicts;
  S.propagation_limit = propagations;
  S.has_deadline = deadline >= 0;
  S.deadline = deadline;
}

/* ---------- search ---------- */

static double luby(double y, u32 x) {
  u32 size = 1, seq = 0;
  while (size < x + 1) { seq++; size = 2 * size + 1; }
  while (size - 1 != x) { size = (size - 1) >> 1; seq--; x = x % size; }
  double r = 1.0;
  while (seq--) r *= y;
  return r;
}

/* CHRONO: the level to backtrack to after learning a clause whose second literal is at level `jump`
 * (CaDiCaL's choice): the jump level when it is the level below or inside the assumptions; one level
 * down when the jump would skip more than CHRONO_LEVELS; with CHRONO_REUSE, the level of the
 * best-scored variable the jump would unassign (the decisions below it would be taken again). */
static i32 chrono_level(i32 jump) {
  i32 dl = decision_level();
  if (jump >= dl - 1 || jump < (i32)S.assumptions.size) return jump;
  if (dl - jump > CHRONO_LEVELS) { S.chrono_backtracks++; return dl - 1; }
  /* CHRONO_REUSE 2: in the VMTF mode only; 3: in the stable mode only */
  if (!CHRONO_REUSE || (CHRONO_REUSE == 2 && !S.vmtf) || (CHRONO_REUSE == 3 && S.ema_active)) return jump;
  const u32 *trail = S.trail.data;
  u32 best = LIT_UNDEF, best_pos = 0;
  for (u32 i = S.trail_lim.data[jump]; i < S.trail.size; i++) {
    u32 v = var_of(trail[i]);
    if (best != LIT_UNDEF && (S.vmtf ? S.q_stamp[v] <= S.q_stamp[best] : S.activity[v] <= S.activity[best])) continue;
    best = v; best_pos = i;
  }
  i32 res = jump;
  while (res < dl - 1 && S.trail_lim.data[res] <= best_pos) res++;
  if (res != jump) S.chrono_backtracks++;
  return res;
}

/* CHRONO, a conflict on a trail with out-of-order literals: its level may be below the current one.
 * Moves the clause's two highest-level literals to the watched positions (so that backtracking
 * keeps the watches valid), then backtracks to the conflict level. When a single literal is on that
 * level, the clause implies it one level lower: it is assigned there and 1 returned (no learning);
 * -1 for a conflict at level 0; else 0 (analyse as usual). */
static void remove_watch(u32 lit, u32 cr) {
  watch_list *w = &S.watches[lit];
  u32 j = 0;
  for (u32 i = 0; i < w->size; i++) if (w->data[i].cref != cr) w->data[j++] = w->data[i];
  w->size = j;
}
static int chrono_conflict(u32 confl) {
  u32 *c = cl_lits(confl), n = cl_size(confl);
  i32 top = 0; u32 count = 0;
  for (u32 k = 0; k < n; k++) {
    i32 lv = level_of(var_of(c[k]));
    if (lv > top) { top = lv; count = 1; } else if (lv == top) count++;
  }
  if (top == 0) return -1;
  if (n > 2) {
    for (u32 i = 0; i < 2; i++) {
      u32 hp = i; i32 hl = level_of(var_of(c[i]));
      for (u32 k = i + 1; k < n; k++) { i32 lv = level_of(var_of(c[k])); if (lv > hl) { hp = k; hl = lv; } }
      if (hp == i) continue;
      if (hp >= 2) {
        remove_watch(c[i], confl);
        wl_push(&S.watches[c[hp]], &S.room[c[hp]], confl, c[!i]);
      }
      u32 t = c[i]; c[i] = c[hp]; c[hp] = t;
    }
  } else if (level_of(var_of(c[0])) < level_of(var_of(c[1]))) {
    u32 t = c[0]; c[0] = c[1]; c[1] = t;  /* binary: both watched, any order */
  }
  if (count == 1) {
    i32 lv = n > 2 ? reason_level(c, n) : level_of(var_of(c[1]));
    cancel_until(top - 1);
    assign_at(c[0], confl, lv);
    return 1;
  }
  cancel_until(top);
  return 0;
}

/* Learns from a conflict above level 0: analyses it, backjumps, adds and asserts the learnt clause.
 * With `chrono` (CHRONO, in search) the backjump may stop above the clause's level. */
static void learn(u32 confl, i64 conflicts_here, int chrono) {
  i32 bt = analyze(confl);
  update_target_and_best(S.trail_lim.data[decision_level() - 1]);
  vec *l = &S.learnt_buf;
  cancel_until(CHRONO && chrono && l->size > 1 ? chrono_level(bt) : bt);
  if (l->size == 1) {
    assign(l->data[0], NOREF);
  } else {
    u32 lbd = compute_lbd(l->data, l->size);
    S.lbd_fast += (lbd - S.lbd_fast) * EMA_FAST;
    S.lbd_slow += (lbd - S.lbd_slow) * EMA_SLOW;
    if (S.ema_active && conflicts_here >= (S.vmtf ? V_EMA_MIN : EMA_MIN) && S.lbd_fast > (S.vmtf ? V_EMA_MARGIN : EMA_MARGIN) * S.lbd_slow) S.restart_now = 1;
    u32 cr = clause_new(l->data, l->size, 1, lbd);
    vec_push(&S.learnts, cr);
    attach(cr);
    clause_bump(cr);
    assign_at(l->data[0], cr, bt);
  }
}

/* The level a restart backtracks to when it keeps the trail (CaDiCaL's restartreusetrail): the
 * decisions it would take again first, those scoring above the next decision. */
static i32 reuse_level(void) {
  i32 dl = decision_level(), lv = (i32)S.assumptions.size;
  if (lv >= dl) return dl;
  if (S.vmtf) {
    u32 next = S.q_search;
    while (next != LIT_UNDEF && S.vals[2 * next] != 0) next = S.q_prev[next];
    if (next == LIT_UNDEF) return 0;
    for (i32 i = lv + 1; i <= dl; i++) {
      if (S.q_stamp[var_of(S.trail.data[S.trail_lim.data[i - 1]])] < S.q_stamp[next]) break;
      lv = i;
    }
    return lv;
  }
  while (S.heap_size && S.vals[2 * S.heap[0]] != 0) heap_pop();
  if (S.heap_size == 0) return 0;
  u32 next = S.heap[0];
  double k = S.activity[next];
  for (i32 i = lv + 1; i <= dl; i++) {
    u32 dv = var_of(S.trail.data[S.trail_lim.data[i - 1]]);
    double a = S.activity[dv];
    if (a < k || (a == k && S.tie_index && dv > next)) break;
    lv = i;
  }
  return lv;
}

/* Out of line, like propagate: solver_solve runs once per call and never leaves baseline code,
 * while search is re-entered at every restart and so gets optimised. */
__attribute__((noinline)) static int search(i64 max_conflicts) {
  i64 conflicts_here = 0;
  for (;;) {
    u32 confl = propagate();
    if (confl != NOREF) {
      S.conflicts++; conflicts_here++;
      if (RANDEC && S.randec) S.randec--;
      if (decision_level() == 0) return RESULT_UNSAT;
      if (CHRONO && S.ooo) {
        int r = chrono_conflict(confl);
        if (r < 0) return RESULT_UNSAT;
        if (r > 0) continue;
      }
      learn(confl, conflicts_here, CHRONO && conn_count() == 0);
      if (!S.vmtf) S.var_inc *= S.ema_active ? 1.0 / FOCUS_DECAY : 1.0 / VAR_DECAY;
      S.cla_inc *= 1.0 / CLAUSE_DECAY;
      if (--S.learntsize_adjust_cnt == 0) {
        S.learntsize_adjust_confl *= LEARNTSIZE_ADJUST_INC;
        S.learntsize_adjust_cnt = (i64)S.learntsize_adjust_confl;
        S.max_learnts *= LEARNTSIZE_INC;
      }
    } else {
      if ((max_conflicts >= 0 && conflicts_here >= max_conflicts) || S.restart_now || !within_budget()) {
        S.restart_now = 0;
        update_target_and_best(S.trail.size);
        cancel_until(REUSE_TRAIL ? reuse_level() : 0);
        return RESULT_UNKNOWN;
      }
      if (decision_level() == 0 && !simplify()) return RESULT_UNSAT;
      if (TIER_REDUCE) {
        if (S.next_reduce == 0) S.next_reduce = S.conflicts + REDUCE_INT;
        else if (S.conflicts >= S.next_reduce) reduce_tiered();
      } else if ((double)S.learnts.size - (double)S.trail.size >= S.max_learnts) reduce_db();

      u32 next = LIT_UNDEF;
      while ((u32)decision_level() < S.assumptions.size) {
        u32 a = S.assumptions.data[decision_level()];
        if (S.vals[a] == 1) {
          new_decision_level(); /* already true: a dummy level keeps levels aligned */
        } else if (S.vals[a] == -1) {
          analyze_final(a ^ 1);
          return RESULT_UNSAT;
        } else {
          next = a;
          break;
        }
      }
      if (next == LIT_UNDEF) {
        S.decisions++;
        next = pick_branch_lit();
        if (next == LIT_UNDEF) return RESULT_SAT;
      }
      new_decision_level();
      assign(next, NOREF);
    }
  }
}

/* ---------- vivification ---------- */

/* Back to level 0 without saving phases (vivification's decisions are no search). */
static void undo_to_root_quietly(void) {
  if (decision_level() == 0) return;
  u32 stop = S.trail_lim.data[0];
  for (u32 c = S.trail.size; c-- > stop;) {
    u32 lit = S.trail.data[c], v = var_of(lit);
    S.vals[lit] = S.vals[lit ^ 1] = 0;
    if (S.heap_index[v] < 0) heap_insert(v);
    if (S.vmtf && (S.q_search == LIT_UNDEF || S.q_stamp[v] > S.q_stamp[S.q_search])) S.q_search = v;
  }
  S.qhead = S.trail.size = stop;
  S.trail_lim.size = 0;
}

/* Tries to shorten one learnt clause (see VIVIFY). Returns 0 when the formula was refuted. */
static int vivify_clause(u32 cr) {
  u32 n = cl_size(cr);
  u32 *c = cl_lits(cr);
  for (u32 i = 0; i < n; i++) if (S.vals[c[i]] == 1) return 1;  /* satisfied at level 0 */
  /* a copy: propagation reorders the clause's literals (its watches) */
  vec *lits = &S.stack, *keep = &S.learnt_buf;
  lits->size = keep->size = 0;
  for (u32 i = 0; i < n; i++) vec_push_room(lits, c[i]);
  int cut = 0;
  for (u32 i = 0; i < n; i++) {
    u32 l = lits->data[i];
    i8 v = S.vals[l];
    if (v == -1) { cut = 1; continue; }  /* implied false by the negations before it: dropped */
    if (v == 1) {
      if (reason_of(var_of(l)) == cr) { vec_push_room(keep, l); continue; }
      vec_push_room(keep, l); cut = 1; break;  /* implied true: the clause ends here */
    }
    vec_push_room(keep, l);
    if (i + 1 == n) break;
    new_decision_level();
    assign(l ^ 1, NOREF);
    if (propagate() != NOREF) { cut = keep->size < n; break; }
  }
  undo_to_root_quietly();
  if (!cut || keep->size >= n) return 1;
  S.vivified_lits += n - keep->size;
  u32 lbd = cl_lbd(cr);
  remove_clause(cr);
  sweep_watches();  /* its watchers go now: attach() counts on no more watchers than live clauses */
  if (keep->size == 0) return S.ok = 0;
  if (keep->size == 1) {
    assign(keep->data[0], NOREF);
    return S.ok = propagate() == NOREF;
  }
  if (lbd > keep->size) lbd = keep->size;
  u32 ncr = clause_new(keep->data, keep->size, 1, lbd);
  vec_push(&S.learnts, ncr);
  attach(ncr);
  return 1;
}

__attribute__((noinline)) static int vivify(void) {
  u32 end = S.learnts.size, tried = 0;
  for (u32 i = end; i-- > S.vivify_from && tried < VIVIFY_MAX && S.ok;) {
    u32 cr = S.learnts.data[i];
    if (S.mem[cr] & CL_DELETED || cl_lbd(cr) > VIVIFY_LBD || cl_size(cr) < 3 || locked(cr)) continue;
    tried++;
    if (!vivify_clause(cr)) break;
  }
  u32 j = 0;
  for (u32 i = 0; i < S.learnts.size; i++) if (!(S.mem[S.learnts.data[i]] & CL_DELETED)) S.learnts.data[j++] = S.learnts.data[i];
  S.learnts.size = j;
  S.vivify_from = j;
  sweep_watches();
  maybe_garbage_collect();
  S.vivify_rounds++;
  S.next_vivify = S.conflicts + (u64)VIVIFY_INT * (S.vivify_rounds + 1);
  return S.ok;
}

/* ---------- failed-literal probing (see PROBE) ---------- */

/* The dominator of two true literals of level 1: their nearest common ancestor in the probe's
 * implication tree, whose every literal is implied by its parent alone. */
static u32 probe_dominator(u32 a, u32 b) {
  const u32 *parent = S.probe_parent, *depth = S.probe_depth;
  while (a != b) {
    if (depth[var_of(a)] < depth[var_of(b)]) { u32 t = a; a = b; b = t; }
    a = parent[var_of(a)];
  }
  return a;
}

/* The dominator of the negations of a clause's literals of level 1 other than `skip`: the literal
 * of the tree that, alone, makes the clause imply `skip` (or, with no skip, conflict). */
static u32 probe_clause_dominator(u32 cr, u32 skip) {
  const u32 *c = cl_lits(cr);
  u32 n = cl_size(cr), dom = LIT_UNDEF;
  for (u32 k = 0; k < n; k++) {
    u32 l = c[k];
    if (l == skip || level_of(var_of(l)) == 0) continue;
    dom = dom == LIT_UNDEF ? l ^ 1 : probe_dominator(dom, l ^ 1);
  }
  /* level 0 was propagated before the probe, so some literal is of level 1; the probe, else */
  return dom == LIT_UNDEF ? S.trail.data[S.trail_lim.data[0]] : dom;
}

/* Counts, per literal, the clauses of the list that are binary at level 0: no literal true, two unassigned. */
static void probe_count_binaries(const vec *list) {
  const i8 *vals = S.vals;
  u32 *noccs = S.probe_noccs;
  for (u32 i = 0; i < list->size; i++) {
    u32 cr = list->data[i];
    if (S.mem[cr] & CL_DELETED) continue;
    const u32 *c = cl_lits(cr);
    u32 n = cl_size(cr), a = LIT_UNDEF, b = LIT_UNDEF, open = 0;
    for (u32 k = 0; k < n && open <= 2; k++) {
      i8 v = vals[c[k]];
      if (v == 1) { open = 3; break; }
      if (v == 0) { if (open++ == 0) a = c[k]; else b = c[k]; }
    }
    if (open == 2) { noccs[a]++; noccs[b]++; }
  }
}

/* The roots of the binary implication graph not probed since the last unit, the most implying first
 * (ties in literal order): S.probe_list[i]'s low 32 bits are the i-th literal. */
static u32 probe_schedule(void) {
  u32 nlits = 2 * S.nvars, n = 0;
  u32 *noccs = S.probe_noccs;
  u64 *list = S.probe_list;
  __builtin_memset(noccs, 0, (u64)nlits * 4);
  probe_count_binaries(&S.clauses);
  probe_count_binaries(&S.learnts);
  for (u32 l = 0; l < nlits; l++)
    if (S.vals[l] == 0 && !noccs[l] && noccs[l ^ 1] && S.probe_seen[l] != S.trail.size)
      list[n++] = (u64)(0xFFFFFFFFu - noccs[l ^ 1]) << 32 | l;
  if (n > 1) sort_keys(list, 0, (i32)n - 1);
  return n;
}

/* Adds the binary clause (a b) unless the formula has it. */
static void probe_add_binary(u32 a, u32 b) {
  const watch_list *w = &S.watches[a];
  for (u32 k = 0; k < w->size; k++)
    if ((w->data[k].cref & BINARY_WATCH) && w->data[k].blocker == b) return;
  u32 lits[2] = { a, b };
  u32 cr = clause_new(lits, 2, 0, 0);  /* implied by the formula: kept as an original clause */
  vec_push(&S.clauses, cr);
  attach(cr);
  S.probe_hbrs++;
}

/* Probes one root at level 1: its hyper-binary resolvents are added, and on a conflict the negation
 * of the failed dominator is fixed at level 0. Returns 0 when the formula was refuted. */
__attribute__((noinline)) static int probe_literal(u32 lit) {
  new_decision_level();
  assign(lit, NOREF);
  S.probe_parent[var_of(lit)] = lit;
  S.probe_depth[var_of(lit)] = 0;
  u32 confl = propagate();
  vec *resolvents = &S.stack;
  resolvents->size = 0;
  for (u32 t = S.trail_lim.data[0] + 1; t < S.trail.size; t++) {
    u32 x = S.trail.data[t], cr = reason_of(var_of(x));
    u32 dom = probe_clause_dominator(cr, x);
    S.probe_parent[var_of(x)] = dom;
    S.probe_depth[var_of(x)] = S.probe_depth[var_of(dom)] + 1;
    if (cl_size(cr) > 2) { vec_push(resolvents, dom ^ 1); vec_push(resolvents, x); }
  }
  u32 failed = confl == NOREF ? LIT_UNDEF : probe_clause_dominator(confl, LIT_UNDEF);
  undo_to_root_quietly();
  for (u32 k = 0; k < resolvents->size; k += 2) probe_add_binary(resolvents->data[k], resolvents->data[k + 1]);
  if (failed == LIT_UNDEF) {
    S.probe_seen[lit] = S.trail.size;
    return 1;
  }
  S.probe_failed++;
  assign(failed ^ 1, NOREF);  /* failed was assigned at level 1, so it is open now */
  return S.ok = propagate() == NOREF;
}

static void probe_reserve(void) {
  if (S.probe_cap >= S.nvars) return;
  u32 cap = S.nvars, nlits = 2 * cap;
  S.probe_parent = mem_realloc(S.probe_parent, (u64)cap * 4);
  S.probe_depth = mem_realloc(S.probe_depth, (u64)cap * 4);
  S.probe_noccs = mem_realloc(S.probe_noccs, (u64)nlits * 4);
  S.probe_seen = mem_realloc(S.probe_seen, (u64)nlits * 4);
  S.probe_list = mem_realloc(S.probe_list, (u64)nlits * 8);
  S.probe_cap = cap;
}

/* One probing round at level 0 (see PROBE). Returns 0 when the formula was refuted. */
__attribute__((noinline)) static int probe(void) {
  probe_reserve();
  u64 search = S.propagations - S.probe_props;
  u64 budget = (search - S.probe_mark) * PROBE_EFF / 1000;
  if (budget < PROBE_MIN) budget = PROBE_MIN;
  S.probe_mark = search;
  u64 start = S.propagations;
  /* clauses were learnt since the last round: every root may propagate further now */
  __builtin_memset(S.probe_seen, 0xFF, (u64)2 * S.nvars * 4);
  for (u32 round = 0; round < PROBE_GEN && S.ok && S.propagations - start < budget; round++) {
    u32 n = probe_schedule();
    if (n == 0) break;
    for (u32 i = 0; i < n && S.propagations - start < budget; i++) {
      u32 lit = (u32)S.probe_list[i];
      if (S.vals[lit] != 0 || S.probe_seen[lit] == S.trail.size) continue;
      if (!probe_literal(lit)) break;
    }
  }
  S.probe_props += S.propagations - start;
  S.probe_rounds++;
  S.next_probe = S.conflicts + (u64)PROBE_INT * (S.probe_rounds + 1);
  return S.ok;
}

/* ---------- lucky assignments ---------- */

/*
 * Before the first conflict, try the assignments a sparse puzzle is most likely satisfied by, as
 * CaDiCaL does: every variable true (or false) in index order (or reverse), propagating after each
 * decision and giving up at the first conflict. An all-white Akari is solved by "true in index
 * order" without a conflict (each bulb kills its row and column: a permutation), while the search
 * with MiniSat's false-first phase sets a row empty and is then refuting a pigeonhole problem.
 * Assumptions are decided first, one level each, as in search(). Saved phases are left as they
 * were on failure; on success the model is the trail.
 */
static int lucky_assumptions(void) {
  for (u32 i = 0; i < S.assumptions.size; i++) {
    u32 a = S.assumptions.data[i];
    new_decision_level();
    if (S.vals[a] == -1) return 0;
    if (S.vals[a] == 0) {
      assign(a, NOREF);
      if (propagate() != NOREF) return 0;
    }
  }
  return 1;
}

/* One lucky try: decide every variable in index order (or reverse) with one sign, propagating.
 * With a budget of conflicts it learns from each and backjumps, as CDCL does, else it gives up at
 * the first; either way the conflict-free trail it reached counts for the best phases. */
static int lucky_try(int forward, u32 sign, u32 budget) {
  if (!lucky_assumptions()) return 0;
  i32 base = decision_level();
  for (u32 i = 0;;) {
    for (; i < S.nvars; i++) if (S.vals[2 * (forward ? i : S.nvars - 1 - i)] == 0) break;
    if (i == S.nvars) return 1;
    u32 v = forward ? i : S.nvars - 1 - i;
    new_decision_level();
    assign(2 * v + sign, NOREF);
    u32 confl;
    while ((confl = propagate()) != NOREF) {
      if (decision_level() == 0) { S.ok = 0; return 0; }  /* a learnt unit refuted the formula */
      if (budget == 0 || decision_level() <= base) {
        update_target_and_best(S.trail_lim.data[decision_level() - 1]);
        return 0;
      }
      budget--;
      S.lucky_conflicts++;
      learn(confl, 0, 0);
      if (decision_level() < base) return 0;
      i = 0;
    }
  }
}

static int lucky_round(u32 budget) {
  for (u32 k = 0; k < 4; k++) {
    /* forward true, forward false, backward true, backward false */
    if (lucky_try(k < 2, k & 1, budget)) return 1;
    cancel_until(0);
    if (!S.ok) return 0;
  }
  return 0;
}

/*
 * The tries first give up at their first conflict. When all four fail, they run again allowed a
 * few conflicts each: the uniqueness query of an all-white Akari (first solution blocked) is
 * answered by "true in index order" after one conflict, where the search proper stalls. If that
 * fails too, everything the second round did is undone (learnt clauses, the units they implied,
 * scores, averages, best and target phases), so the search starts exactly as after the first round:
 * its conflicts in index order would otherwise bias the whole search towards that order, which on
 * unsatisfiable Star Battle layouts costs many times the conflicts.
 */
__attribute__((noinline)) static int lucky(void) {
  u32 n = S.nvars ? S.nvars : 1;
  u8 *saved = mem_alloc(n);
  __builtin_memcpy(saved, S.phase, S.nvars);
  int found = lucky_round(0);
  /* Not under a connectivity constraint: there the second round (a Hashi with every bridge present
   * or absent, now allowed a few conflicts) costs up to 16 conflicts and full assignments, each
   * checked by the propagator. Without it 400-island random Hashi took 0.82-0.98 of the time, but
   * for 1.03 on one family (in process, 3 alternating runs); without the first round too the
   * searches start from other phases, and `m4` Hashi took 1.19x. */
  if (!found && LUCKY_CONFLICTS > 0 && conn_count() == 0 && S.ok) {
    u32 learnts_before = S.learnts.size, trail_before = S.trail.size;
    u32 best_assigned = S.best_assigned, target_assigned = S.target_assigned;
    double lbd_fast = S.lbd_fast, lbd_slow = S.lbd_slow, var_inc = S.var_inc, cla_inc = S.cla_inc;
    u8 *best = mem_alloc(n), *target = mem_alloc(n);
    __builtin_memcpy(best, S.best, S.nvars);
    __builtin_memcpy(target, S.target, S.nvars);
    found = lucky_round(LUCKY_CONFLICTS);
    if (!found && S.ok) {
      for (u32 i = trail_before; i < S.trail.size; i++) {
        u32 lit = S.trail.data[i];
        S.vals[lit] = S.vals[lit ^ 1] = 0;
        S.vd[var_of(lit)].reason = NOREF;
      }
      S.trail.size = S.qhead = trail_before;
      conn_backtrack(trail_before);
      for (u32 i = learnts_before; i < S.learnts.size; i++) remove_clause(S.learnts.data[i]);
      S.learnts.size = learnts_before;
      sweep_watches();
      for (u32 v = 0; v < S.nvars; v++) { S.activity[v] = 0.0; S.heap_index[v] = -1; }
      S.heap_size = 0;
      for (u32 v = 0; v < S.nvars; v++) heap_insert(v);
      S.lbd_fast = lbd_fast; S.lbd_slow = lbd_slow; S.var_inc = var_inc; S.cla_inc = cla_inc;
      __builtin_memcpy(S.best, best, S.nvars);
      __builtin_memcpy(S.target, target, S.nvars);
      S.best_assigned = best_assigned; S.target_assigned = target_assigned;
    }
    mem_free(best);
    mem_free(target);
  }
  if (!found) {
    /* start from the longest conflict-free trail of the tries (phases are saved on backtrack) */
    __builtin_memcpy(S.phase, saved, S.nvars);
    if (LUCKY_BEST) for (u32 v = 0; v < S.nvars; v++) S.phase[v] = S.best[v];
  }
  mem_free(saved);
  S.lucky_done = 1;
  return found;
}

/* ---------- rephasing ---------- */

/*
 * Every so often (an arithmetically growing number of conflicts) the saved phases are overwritten,
 * as CaDiCaL and Kissat do: with the original phase, its inverse, or the best phases (the longest
 * conflict-free trail seen since they were last used), in the order O, I, (B, O, B, I)*. Saved
 * phases otherwise lock the search into one corner; on the uniqueness query of an all-white Akari
 * the false-first search keeps refuting pigeonhole subproblems until "all true" is tried again.
 */
__attribute__((noinline)) static void rephase(void) {
  u32 k = S.rephases++;
  int kind = k == 0 ? 'O' : k == 1 ? 'I' : REPHASE_SEQ[(k - 2) % (sizeof REPHASE_SEQ - 1)];
  if (kind == 'B') {
    for (u32 v = 0; v < S.nvars; v++) S.phase[v] = S.best[v];
    S.best_assigned = 0;
  } else {
    u8 val = kind == 'O' ? INIT_PHASE : !INIT_PHASE;
    for (u32 v = 0; v < S.nvars; v++) S.phase[v] = val;
  }
  for (u32 v = 0; v < S.nvars; v++) S.target[v] = S.phase[v];
  S.target_assigned = 0;
  S.next_rephase = S.conflicts + (u64)REPHASE_INT * (S.rephases + 1);
}

/* The mode of mode phase k (from 0). */
static char mode_of(u32 k) {
  if (conn_count() == 0) return MODE_CYCLE_PLAIN[k % (sizeof MODE_CYCLE_PLAIN - 1)];
  return MODE_CYCLE[k % (sizeof MODE_CYCLE - 1)];
}

int cdcl_begin(const u32 *assumptions, u32 n) {
  S.conflict.size = 0;
  S.assumptions.size = 0;
  for (u32 i = 0; i < n; i++) vec_push(&S.assumptions, assumptions[i]);
  S.stop = 0;
  S.conflict_budget = S.conflict_limit >= 0 ? (i64)S.conflicts + S.conflict_limit : -1;
  S.propagation_budget = S.propagation_limit >= 0 ? (i64)S.propagations + S.propagation_limit : -1;
  S.next_clock_conflicts = S.conflicts;
  S.next_clock_props = S.propagations;
  /* random sequences count per call: the many short calls of an incremental user (the explainer,
   * the generators) are left alone, while a long call gets them as a single solve does */
  S.randec = 0; S.randec_seqs = 0;
  S.randec_at = RANDEC_PLAIN || conn_count() > 0 ? S.conflicts + RANDEC_INT : ~(u64)0;
  if (!S.ok) return RESULT_UNSAT;
  if (!within_budget()) return RESULT_UNKNOWN;
  return -1;
}

int cdcl_solve(void) {
  S.max_learnts = (double)S.clauses.size * LEARNTSIZE_FACTOR;
  if (S.max_learnts < MIN_MAX_LEARNTS) S.max_learnts = MIN_MAX_LEARNTS;
  S.learntsize_adjust_confl = LEARNTSIZE_ADJUST_START;
  S.learntsize_adjust_cnt = (i64)S.learntsize_adjust_confl;

  int status = RESULT_UNKNOWN;
  S.call_conflicts = S.conflicts;
  if (!S.lucky_done && S.conflicts == 0 && propagate() == NOREF && lucky()) status = RESULT_SAT;
  for (u32 restart = 0; status == RESULT_UNKNOWN; restart++) {
    /* Mode phases cycle: Glucose-style restarts (when the recent learnt clauses' LBD rises above
     * the long-run average) with VSIDS, then Luby restarts, then Glucose-style with VMTF; the first
     * lasts EMA_PHASE conflicts, each next one MODE_GROW times longer (F 250, S 500, V 1,000, F 2,000, ...). */
    if (MODE_TICKS && S.mode_phases > 1 ? S.ticks >= S.mode_ticks_at : S.conflicts >= S.mode_switch_at) {
      cancel_until(0);
      if (MODE_TICKS) {
        if (S.mode_phases == 0) S.mode_ticks_at = S.ticks;  /* where the first phase begins */
        else {
          S.mode_ticks_len = S.mode_phases == 1 ? (double)(S.ticks - S.mode_ticks_at) * MODE_GROW : S.mode_ticks_len * MODE_GROW;
          S.mode_ticks_at = S.ticks + (u64)S.mode_ticks_len;
        }
      }
      S.mode_len = MODE_LUBY ? EMA_PHASE * luby(2.0, S.mode_phases++) : S.mode_phases++ ? S.mode_len * MODE_GROW : EMA_PHASE;
      S.mode_switch_at = S.conflicts + (u64)S.mode_len;
      if (FORCE_PHASE || RANDEC) {
        S.randec = 0;
        S.forced_phase = -1;
        if (mode_of(S.mode_phases - 1) != 'S') {
          u32 k = S.focused_phases++ % 8;
          if (k == 1) S.forced_phase = INIT_PHASE; else if (k == 3) S.forced_phase = !INIT_PHASE;
        }
      }
    }
    char mode = mode_of(S.mode_phases - 1);
    int ema = mode != 'S';
    if (mode == 'V' && !S.vmtf) S.q_search = S.q_last;  /* nothing newer than the last is unassigned */
    S.vmtf = mode == 'V';
    if (DUAL_SCORES && !S.vmtf && ema == S.stable_scores) {
      S.tie_index = TIE_INDEX && !ema;
      switch_scores();
      S.stable_scores = !ema;
    }
    S.ema_active = ema;
    i64 limit = S.ema_active ? -1 : (i64)(luby(RESTART_INC, restart) * RESTART_FIRST);
    status = search(limit);
    if (!within_budget()) break;
    if (status == RESULT_UNKNOWN) {
      S.restarts++;
      if (PROBE && conn_count() == 0 && decision_level() == 0 && S.conflicts - S.call_conflicts >= PROBE_INT
          && S.conflicts >= S.next_probe && !probe()) { status = RESULT_UNSAT; break; }
      if (VIVIFY && conn_count() == 0 && decision_level() == 0) {
        if (S.next_vivify == 0) S.next_vivify = S.conflicts + VIVIFY_INT;
        else if (S.conflicts >= S.next_vivify && !vivify()) { status = RESULT_UNSAT; break; }
      }
      if (REPHASE_INT > 0 && S.conflicts >= S.next_rephase) {
        if (S.next_rephase == 0) S.next_rephase = S.conflicts + REPHASE_INT;
        else { cancel_until(0); rephase(); }
      }
    }
  }

  if (status == RESULT_SAT) {
    if (S.model_size < S.nvars + 1) {
      S.model = mem_realloc(S.model, S.nvars + 1);
    }
    S.model_size = S.nvars + 1;
    S.model[0] = 0;
    for (u32 v = 0; v < S.nvars; v++) S.model[v + 1] = S.vals[2 * v] == 1;
  } else if (status == RESULT_UNSAT && S.conflict.size == 0) {
    S.ok = 0;
  }
  cancel_until(0);
  return status;
}

/* ---------- what another strategy needs ---------- */

int cdcl_level0_clauses(u32 **starts_out, u32 **lits_out, u32 *count_out) {
  if (propagate() != NOREF) { S.ok = 0; return 0; }
  u32 nclauses = 0, nlits = 0;
  for (u32 i = 0; i < S.clauses.size; i++) {
    u32 cr = S.clauses.data[i];
    if (S.mem[cr] & CL_DELETED) continue;
    nclauses++;
    nlits += S.mem[cr] >> CL_SIZE_SHIFT;
  }
  u32 *starts = mem_alloc((u64)(nclauses + 1) * 4);
  u32 *lits = mem_alloc((u64)(nlits ? nlits : 1) * 4);
  u32 c = 0, at = 0;
  for (u32 i = 0; i < S.clauses.size; i++) {
    u32 cr = S.clauses.data[i];
    u32 header = S.mem[cr];
    if (header & CL_DELETED) continue;
    const u32 *cl = S.mem + cr + 1;
    u32 n = header >> CL_SIZE_SHIFT, from = at;
    int satisfied = 0;
    for (u32 k = 0; k < n && !satisfied; k++) {
      if (S.vals[cl[k]] == 1) satisfied = 1;
      else if (S.vals[cl[k]] == 0) lits[at++] = cl[k];
    }
    if (satisfied) { at = from; continue; }
    starts[c++] = from;
  }
  starts[c] = at;
  *starts_out = starts; *lits_out = lits; *count_out = c;
  return 1;
}

u32 cdcl_original_count(void) { return S.clauses.size; }

const u32 *cdcl_original(u32 i, u32 *size) {
  u32 cr = S.clauses.data[i];
  *size = S.mem[cr] >> CL_SIZE_SHIFT;
  return S.mem + cr + 1;
}

void cdcl_limits_left(i64 *conflicts, i64 *propagations, double *deadline) {
  *conflicts = S.conflict_budget >= 0 ? S.conflict_budget - (i64)S.conflicts : -1;
  *propagations = S.propagation_budget >= 0 ? S.propagation_budget - (i64)S.propagations : -1;
  *deadline = S.has_deadline ? S.deadline : -1;
}

u8 *cdcl_model_buffer(void) {
  if (S.model_size < S.nvars + 1) S.model = mem_realloc(S.model, S.nvars + 1);
  S.model_size = S.nvars + 1;
  S.model[0] = 0;
  return S.model;
}

void cdcl_adopt(int status, u64 conflicts, u64 decisions, u64 propagations) {
  S.conflicts += conflicts;
  S.decisions += decisions;
  S.propagations += propagations;
  if (status == RESULT_SAT) {
    for (u32 v = 0; v < S.nvars; v++) if (S.vals[2 * v] != 0) S.model[v + 1] = S.vals[2 * v] == 1;
  } else if (status == RESULT_UNSAT) {
    S.ok = 0;
  }
}

/* ---------- clauses, init, accessors ---------- */

int cdcl_add_clause(u32 *lits, u32 n) {
  if (!S.ok) return 0;
  u32 j = 0;
  int satisfied = 0;
  for (u32 i = 0; i < n; i++) {
    u32 l = lits[i];
    if (S.vals[l] == 1 || S.lit_mark[l ^ 1]) { satisfied = 1; break; }
    if (S.vals[l] == -1 || S.lit_mark[l]) continue;
    S.lit_mark[l] = 1;
    lits[j++] = l;
  }
  for (u32 i = 0; i < j; i++) S.lit_mark[lits[i]] = 0;
  if (satisfied) return 1;
  if (j == 0) return S.ok = 0;
  if (j == 1) {
    assign(lits[0], NOREF);
    return S.ok = propagate() == NOREF;
  }
  u32 cr = clause_new(lits, j, 0, 0);
  vec_push(&S.clauses, cr);
  attach(cr);
  return 1;
}

void cdcl_reserve_clauses(u32 nclauses, u32 nlits) {
  u64 need = (u64)S.mem_size + nlits + nclauses;  /* original clauses: a header and the literals */
  if (need > S.mem_cap && need < 0xFFFFFFFFu) {
    S.mem = mem_realloc(S.mem, need * 4);
    S.mem_cap = (u32)need;
  }
}

/* Counts the batch's literals per literal, then grows each list at most once, to the capacity
 * attach() would double it to watcher by watcher (or past it, when the batch holds clauses that turn
 * out satisfied or duplicated): the watchers still go on in the same order, only memory changes. */
void cdcl_reserve_watches(const i32 *ints, u32 n) {
  u32 nv = S.nvars;
  if (S.batch_occ_cap < 2 * nv + 1) {
    mem_free(S.batch_occ);
    S.batch_occ_cap = 2 * S.var_cap + 1;
    S.batch_occ = mem_alloc((u64)S.batch_occ_cap * 4);
  }
  /* counted by DIMACS literal, count[nv + x] (the 0s land on count[nv]): no branch per literal */
  u32 *count = S.batch_occ;
  __builtin_memset(count, 0, (u64)(2 * nv + 1) * 4);
  for (u32 i = 0; i < n; i++) count[(i32)nv + ints[i]]++;
  for (u32 v = 1; v <= nv; v++) {
    u32 pos = count[nv + v], neg = count[nv - v], l = 2 * (v - 1);
    if (pos && S.room[l].occ + pos > S.room[l].cap) wl_grow(l, S.room[l].occ + pos);
    if (neg && S.room[l + 1].occ + neg > S.room[l + 1].cap) wl_grow(l + 1, S.room[l + 1].occ + neg);
  }
}

void cdcl_reset(void) {
  __builtin_memset(&S, 0, sizeof S);
  gc_to = 0;
  gc_size = 0;
  cdcl_init();
}

void cdcl_init(void) {
  S.ok = 1;
  S.var_inc = S.var_inc_other = 1.0;
  S.cla_inc = 1.0;
  S.simp_props = 0;
  S.conflict_limit = S.propagation_limit = -1;
  S.has_deadline = 0;
  S.rng = 0x9E3779B97F4A7C15ull;
  S.randec_at = RANDEC_INT;
  S.forced_phase = -1;
}

const u8 *solver_model(u32 *size) { *size = S.model_size; return S.model; }
const u32 *solver_failed(u32 *size) { *size = S.conflict.size; return S.conflict.data; }


void cdcl_get_stats(solver_stats *out) {
  out->conflicts = S.conflicts + S.lucky_conflicts;
  out->decisions = S.decisions;
  out->propagations = S.propagations;
  out->restarts = S.restarts;
  out->learned_clauses = S.learnts.size;
  out->probe_rounds = S.probe_rounds;
  out->probe_failed = S.probe_failed;
  out->probe_hbrs = S.probe_hbrs;
}

/* ---------- what the connectivity propagator uses ---------- */

/* A conflict at level 0: search() answers UNSAT before reading the clause. */
#define CONFLICT_AT_ROOT (NOREF - 1)

const i8 *cdcl_values(void) { return S.vals; }
const u32 *cdcl_trail(u32 *size) { *size = S.trail.size; return S.trail.data; }

int cdcl_settle(void) {
  if (!S.ok) return 0;
  return S.ok = propagate() == NOREF;
}

/* Moves the literal of the highest level among lits[from..n) to lits[from]. */
static void highest_first(u32 *lits, u32 from, u32 n) {
  u32 best = from;
  for (u32 i = from + 1; i < n; i++) if (level_of(var_of(lits[i])) > level_of(var_of(lits[best]))) best = i;
  u32 t = lits[from]; lits[from] = lits[best]; lits[best] = t;
}

static u32 add_learnt(u32 *lits, u32 n) {
  u32 cr = clause_new(lits, n, 1, compute_lbd(lits, n));
  vec_push(&S.learnts, cr);
  attach(cr);
  return cr;
}

void cdcl_imply(u32 *lits, u32 n) {
  if (decision_level() == 0 || n < 2) { assign(lits[0], NOREF); return; }
  highest_first(lits, 1, n);  /* the second watch: false the longest, so watching it stays valid */
  assign(lits[0], NOREF);
  u32 cr = add_learnt(lits, n);
  S.vd[var_of(lits[0])].reason = cr;
}

u32 cdcl_conflict(u32 *lits, u32 n) {
  if (n == 0) { cancel_until(0); return CONFLICT_AT_ROOT; }
  highest_first(lits, 0, n);
  i32 top = level_of(var_of(lits[0]));
  if (top < decision_level()) cancel_until(top);
  if (top == 0 || n < 2) return CONFLICT_AT_ROOT;
  highest_first(lits, 1, n);
  return add_learnt(lits, n);
}

/* Whether an assigned literal was assigned at decision level 0 (fixed for good). */
int cdcl_fixed(u32 lit) { return level_of(var_of(lit)) == 0; }
