/*
 * Look-ahead DPLL. At every node of the search tree each preselected variable is probed both ways:
 * the literal is assigned and propagated, and the clauses it shortens are counted, weighted by the
 * length they are left with (the "diff" heuristic of satz/kcnfs/march). A probe that conflicts is
 * a failed literal, so its negation is forced; a literal implied by both probes of a variable is
 * forced too; a probe that shortens no open clause is an autarky and is kept. The search branches
 * on the variable whose two probes shorten most (product of the two sides), trying first the side
 * that constrains less, which is the likelier to be satisfiable.
 *
 * Clause state is kept in counters (literals not yet false, literals true), so propagation and
 * its undo are a walk over the literal's occurrence lists, whatever the clause lengths.
 */
#include "lookahead.h"
#include "alloc.h"
#include "solver.h"

extern double env_now(void) __attribute__((import_module("env"), import_name("now")));

#define NONE 0xFFFFFFFFu
#define PROBE_FAILED 0
#define PROBE_OK 1
#define PROBE_AUTARKY 2
/*
 * A clause shortened to s free literals a, b, ... weighs 5^-(s-2) (new binaries dominate, as in
 * kcnfs and march) times the occurrences of -a and -b: a binary whose literals, once forced, shorten
 * many clauses constrains more (a one-level form of march's weighted binaries).
 */
#define MAX_WEIGHTED_LEN 16
/* Probe at least this many variables per node, and at least this fraction of the free ones. */
#ifndef MIN_CANDIDATES
#define MIN_CANDIDATES 10
#endif
#ifndef CANDIDATE_FRACTION
#define CANDIDATE_FRACTION 0.10
#endif
/* Failed-literal rounds per node: a forced literal can make earlier probes fail on a second pass. */
#ifndef MAX_ROUNDS
#define MAX_ROUNDS 3
#endif
#define CLOCK_EVERY_NODES 64u


/* wasm code is optimised per function once called often enough; a search inlined into one long
 * call would stay in V8's baseline tier, so the hot steps are kept out of line */
#define NOINLINE __attribute__((noinline))

typedef struct { u32 mark; u32 lit; u32 second; } frame;
typedef struct { double score; u32 var; } ranked;

static struct {
  u32 nvars;
  const u32 *lits, *starts;
  u32 *occ_start, *occ;  /* occ[occ_start[l] .. occ_start[l+1]): clauses containing literal l */
  u32 *rest;             /* rest[2i], rest[2i+1]: occ[i]'s other two literals if it is ternary, else NONE */
  u32 *open_lits;        /* per clause: literals not (yet propagated as) false */
  u32 *true_lits;        /* per clause: literals propagated as true */
  u32 open_clauses;      /* clauses with no true literal */
  i8 *vals;              /* per literal: 1 true, -1 false, 0 free (set when enqueued) */
  u32 *trail; u32 trail_size, qhead;
  double weight[MAX_WEIGHTED_LEN + 1];
  u32 *probe_mark; u32 probe_id;  /* per literal: the last probe that made it true */
  u32 *queue; u32 probe_size;     /* the current probe's literals */
  double *lit_weight;    /* per literal: clauses its being true would shorten (occurrences of its negation) */
  double *h;             /* per literal: diff of its last probe */
  u32 *stamp; u32 stamp_now;   /* per literal: which probe implied it */
  u32 *active; u32 nactive;    /* variables that occur in some clause */
  ranked *ranks; u32 ncand;
  u32 *forced; u32 nforced;
  frame *stack; u32 depth;
  la_counters count;
  const la_limits *limits;
  u64 next_clock;
  int stopped;
} L;

static inline void enqueue(u32 lit) {
  L.vals[lit] = 1;
  L.vals[lit ^ 1] = -1;
  L.trail[L.trail_size++] = lit;
}

/*
 * Propagates the queued literals into the node's clause counters. After a conflict the current
 * literal's lists are still walked to the end, so the counters stay exact for undo().
 */
NOINLINE static int propagate(void) {
  const u32 *occ = L.occ, *os = L.occ_start, *lits = L.lits, *starts = L.starts;
  u32 *open = L.open_lits, *tru = L.true_lits;
  i8 *vals = L.vals;
  int ok = 1;
  while (ok && L.qhead < L.trail_size) {
    u32 lit = L.trail[L.qhead++];
    L.count.propagations++;
    for (u32 i = os[lit], e = os[lit + 1]; i < e; i++) {
      if (tru[occ[i]]++ == 0) L.open_clauses--;
    }
    u32 neg = lit ^ 1;
    for (u32 i = os[neg], e = os[neg + 1]; i < e; i++) {
      u32 c = occ[i];
      u32 left = --open[c];
      if (tru[c] || left >= 2 || !ok) continue;
      if (left == 0) { ok = 0; continue; }
      /* exactly one literal is not yet propagated as false: it is true, queued false, or free */
      u32 unit = NONE;
      for (u32 k = starts[c], ke = starts[c + 1]; k < ke; k++) {
        if (vals[lits[k]] != -1) { unit = lits[k]; break; }
      }
      if (unit == NONE) ok = 0;
      else if (vals[unit] == 0) enqueue(unit);
    }
  }
  return ok;
}

NOINLINE static void undo(u32 mark) {
  const u32 *occ = L.occ, *os = L.occ_start;
  while (L.trail_size > mark) {
    u32 lit = L.trail[--L.trail_size];
    if (L.trail_size < L.qhead) {
      for (u32 i = os[lit], e = os[lit + 1]; i < e; i++) {
        if (--L.true_lits[occ[i]] == 0) L.open_clauses++;
      }
      u32 neg = lit ^ 1;
      for (u32 i = os[neg], e = os[neg + 1]; i < e; i++) L.open_lits[occ[i]]++;
    }
    L.vals[lit] = L.vals[lit ^ 1] = 0;
  }
  if (L.qhead > mark) L.qhead = mark;
}

/* Assigns lit at the current node and propagates; 0 on conflict. */
static int force(u32 lit) {
  if (L.vals[lit] == 1) return 1;
  if (L.vals[lit] == -1) return 0;
  enqueue(lit);
  return propagate();
}

/*
 * Probes lit without touching the node's state: what the probe makes true is marked with its own
 * id in L.probe_mark, so nothing needs undoing. Records the diff in L.h[lit]; with `collect`, puts
 * into L.forced the literals the other side's probe (marked in L.stamp) also implied, then stamps
 * this probe's literals. Returns PROBE_FAILED, PROBE_OK or PROBE_AUTARKY (not applied).
 */
NOINLINE static int probe(u32 lit, u32 stamp, int collect) {
  const u32 *occ = L.occ, *os = L.occ_start, *lits = L.lits, *starts = L.starts, *tru = L.true_lits;
  const u32 *rest = L.rest;
  const i8 *vals = L.vals;
  u32 *mark = L.probe_mark, *queue = L.queue;
  if (++L.probe_id == 0) { /* wrapped: forget the old marks */
    __builtin_memset(mark, 0, (u64)2 * L.nvars * 4);
    L.probe_id = 1;
  }
  u32 id = L.probe_id;
  double diff = 0;
  u32 shortened = 0, head = 0, tail = 0;
  mark[lit] = id;
  queue[tail++] = lit;
  while (head < tail) {
    u32 neg = queue[head++] ^ 1;
    for (u32 i = os[neg], e = os[neg + 1]; i < e; i++) {
      u32 a = rest[2 * i];
      if (a != NONE) { /* a ternary clause (neg a b): neg is false, so a or b decides */
        u32 b = rest[2 * i + 1];
        if (vals[a] == 1 || vals[b] == 1 || mark[a] == id || mark[b] == id) continue;
        u32 a_false = vals[a] == -1 || mark[a ^ 1] == id;
        u32 b_false = vals[b] == -1 || mark[b ^ 1] == id;
        shortened++;
        if (a_false & b_false) { L.count.propagations += tail; return PROBE_FAILED; }
        if (a_false) { mark[b] = id; queue[tail++] = b; }
        else if (b_false) { mark[a] = id; queue[tail++] = a; }
        else diff += L.lit_weight[a] + L.lit_weight[b];
        continue;
      }
      u32 c = occ[i];
      if (tru[c]) continue;
      u32 free = 0, unit = NONE, other = NONE;
      for (u32 k = starts[c], ke = starts[c + 1]; k < ke; k++) {
        u32 y = lits[k];
        if (vals[y] == 1 || mark[y] == id) goto satisfied;
        if (vals[y] == -1 || mark[y ^ 1] == id) continue;
        free++;
        other = unit;
        unit = y;
      }
      shortened++;
      if (free == 0) { L.count.propagations += tail; return PROBE_FAILED; }
      if (free == 1) { mark[unit] = id; queue[tail++] = unit; }
      else diff += L.weight[free < MAX_WEIGHTED_LEN ? free : MAX_WEIGHTED_LEN] * (L.lit_weight[unit] + L.lit_weight[other]);
    satisfied:;
    }
  }
  L.count.propagations += tail;
  L.probe_size = tail;
  if (shortened == 0) return PROBE_AUTARKY;
  L.h[lit] = diff;
  for (u32 i = 1; i < tail; i++) {
    u32 q = queue[i];
    if (collect && L.stamp[q] == stamp) L.forced[L.nforced++] = q;
    L.stamp[q] = stamp;
  }
  return PROBE_OK;
}

/* Applies an autarky found by probe(): its literals satisfy every clause they touch. */
static int apply_autarky(void) {
  u32 n = L.probe_size;
  for (u32 i = 0; i < n; i++) {
    u32 q = L.queue[i];
    if (L.vals[q] == 0) enqueue(q);
  }
  return propagate();
}

/*
 * Applies what a probe of the negation of `other` found: a failed probe forces `other`, an autarky
 * is kept. Returns -1 on a conflict at the node, 1 when the node's assignment grew, 0 otherwise.
 */
static int settle(int probe_result, u32 other) {
  if (probe_result == PROBE_FAILED) return force(other) ? 1 : -1;
  if (probe_result == PROBE_AUTARKY) return apply_autarky() ? 1 : -1;
  return 0;
}

/*
 * Quick static estimate of how much assigning lit shortens open clauses (no propagation): a clause
 * left with one literal counts 25, with two 5, with three 1. Branch-free for ternary clauses, whose
 * literal values are as good as random.
 */
static u32 shortening_estimate(u32 lit) {
  const i8 *vals = L.vals;
  const u32 *rest = L.rest;
  u32 s = 0;
  u32 neg = lit ^ 1;
  for (u32 i = L.occ_start[neg], e = L.occ_start[neg + 1]; i < e; i++) {
    u32 a = rest[2 * i];
    if (a != NONE) {
      i32 va = vals[a], vb = vals[rest[2 * i + 1]];
      u32 open = (va != 1) & (vb != 1);
      s += open * (5u + 20u * (u32)((va | vb) & 1));
      continue;
    }
    u32 c = L.occ[i];
    if (L.true_lits[c]) continue;
    u32 left = L.open_lits[c] - 1;
    s += left == 1 ? 25u : left == 2 ? 5u : left == 3 ? 1u : 0u;
  }
  return s;
}

/* Moves the k best-scored entries of a[0..n) to the front (quickselect; their order is not kept). */
static void select_best(ranked *a, u32 n, u32 k) {
  u32 lo = 0, hi = n - 1;
  while (lo < hi) {
    double pivot = a[(lo + hi) / 2].score;
    u32 i = lo, j = hi;
    while (i <= j) {
      while (a[i].score > pivot) i++;
      while (a[j].score < pivot) j--;
      if (i <= j) { ranked t = a[i]; a[i] = a[j]; a[j] = t; i++; if (j == 0) break; j--; }
    }
    if (k - 1 <= j) hi = j; else if (k - 1 >= i) lo = i; else return;
  }
}

static inline double combine(double pos, double neg) { return 1024.0 * pos * neg + pos + neg; }

/* Fills L.ranks[0..ncand) with the free variables most worth probing. */
NOINLINE static void preselect(void) {
  u32 nfree = 0;
  for (u32 i = 0; i < L.nactive; i++) {
    u32 v = L.active[i];
    if (L.vals[2 * v] != 0) continue;
    L.ranks[nfree].var = v;
    L.ranks[nfree].score = combine((double)shortening_estimate(2 * v), (double)shortening_estimate(2 * v + 1));
    nfree++;
  }
  u32 want = (u32)(CANDIDATE_FRACTION * nfree);
  if (want < MIN_CANDIDATES) want = MIN_CANDIDATES;
  if (want < nfree) select_best(L.ranks, nfree, want);
  L.ncand = want < nfree ? want : nfree;
}

#define NODE_CONFLICT 0xFFFFFFFFu
#define NODE_SAT 0xFFFFFFFEu

/* Look-ahead at the current node: forces what it can, then returns the literal to branch on. */
NOINLINE static u32 look_ahead(void) {
  for (;;) {
    if (L.open_clauses == 0) return NODE_SAT;
    preselect();
    if (L.ncand == 0) return NODE_SAT; /* unreachable: an open clause has a free literal */
    for (u32 round = 0; round < MAX_ROUNDS; round++) {
      int changed = 0;
      for (u32 i = 0; i < L.ncand; i++) {
        u32 v = L.ranks[i].var, pos = 2 * v, neg = pos + 1;
        if (L.vals[pos] != 0) continue;
        if (++L.stamp_now == 0) {
          __builtin_memset(L.stamp, 0, (u64)2 * L.nvars * 4);
          L.stamp_now = 1;
        }
        u32 stamp = L.stamp_now;
        int settled = settle(probe(pos, stamp, 0), neg);
        if (settled < 0) return NODE_CONFLICT;
        if (settled > 0) { changed = 1; continue; }
        L.nforced = 0;
        settled = settle(probe(neg, stamp, 1), pos);
        if (settled < 0) return NODE_CONFLICT;
        if (settled > 0) { changed = 1; continue; }
        for (u32 k = 0; k < L.nforced; k++) {
          if (L.vals[L.forced[k]] == 1) continue;
          if (!force(L.forced[k])) return NODE_CONFLICT;
          changed = 1;
        }
      }
      if (!changed) break;
      if (L.open_clauses == 0) return NODE_SAT;
    }
    u32 best = NONE;
    double best_score = -1;
    for (u32 i = 0; i < L.ncand; i++) {
      u32 v = L.ranks[i].var;
      if (L.vals[2 * v] != 0) continue;
      double s = combine(L.h[2 * v], L.h[2 * v + 1]);
      if (s > best_score) { best_score = s; best = v; }
    }
    if (best == NONE) continue; /* every candidate got forced: look again */
    /* the side that shortens less leaves more freedom, so it is tried first */
    return L.h[2 * best] <= L.h[2 * best + 1] ? 2 * best : 2 * best + 1;
  }
}

static int within_limits(void) {
  const la_limits *lim = L.limits;
  if (L.stopped) return 0;
  if (lim->conflicts >= 0 && L.count.conflicts >= (u64)lim->conflicts) return 0;
  if (lim->propagations >= 0 && L.count.propagations >= (u64)lim->propagations) return 0;
  u64 nodes = L.count.decisions + L.count.conflicts;
  if (lim->deadline >= 0 && nodes >= L.next_clock) {
    L.next_clock = nodes + CLOCK_EVERY_NODES;
    if (env_now() >= lim->deadline) { L.stopped = 1; return 0; }
  }
  return 1;
}

/* Undoes failed branches until an untried second branch propagates cleanly; 0 when none is left. */
NOINLINE static int backtrack(void) {
  while (L.depth > 0) {
    frame *f = &L.stack[L.depth - 1];
    undo(f->mark);
    if (f->second) { L.depth--; continue; }
    f->second = 1;
    enqueue(f->lit ^ 1);
    if (propagate()) return 1;
    L.count.conflicts++;
  }
  return 0;
}

static int search(void) {
  if (!propagate()) return RESULT_UNSAT;
  for (;;) {
    if (!within_limits()) return RESULT_UNKNOWN;
    u32 lit = look_ahead();
    if (lit == NODE_SAT) return RESULT_SAT;
    if (lit == NODE_CONFLICT) {
      L.count.conflicts++;
      if (!backtrack()) return RESULT_UNSAT;
      continue;
    }
    L.count.decisions++;
    frame *f = &L.stack[L.depth++];
    f->mark = L.trail_size;
    f->lit = lit;
    f->second = 0;
    enqueue(lit);
    if (!propagate()) {
      L.count.conflicts++;
      if (!backtrack()) return RESULT_UNSAT;
    }
  }
}

static void *zeroed(u64 bytes) {
  u8 *p = mem_alloc(bytes ? bytes : 1);
  __builtin_memset(p, 0, bytes);
  return p;
}

int la_solve(u32 nvars, const u32 *lits, const u32 *starts, u32 nclauses, u8 *model,
             const la_limits *limits, la_counters *counters) {
  __builtin_memset(&L, 0, sizeof L);
  u32 nlits = 2 * nvars;
  L.nvars = nvars;
  L.lits = lits;
  L.starts = starts;
  L.limits = limits;
  L.weight[0] = L.weight[1] = 0;
  L.weight[2] = 1.0;
  for (u32 s = 3; s <= MAX_WEIGHTED_LEN; s++) L.weight[s] = L.weight[s - 1] * 0.2;

  L.occ_start = zeroed((u64)(nlits + 1) * 4);
  for (u32 i = 0; i < starts[nclauses]; i++) L.occ_start[lits[i] + 1]++;
  for (u32 l = 0; l < nlits; l++) L.occ_start[l + 1] += L.occ_start[l];
  L.occ = zeroed((u64)starts[nclauses] * 4);
  u32 *fill = zeroed((u64)nlits * 4);
  /* ternary clauses, the bulk of random 3-SAT, are probed from these pairs without visiting the clause */
  L.rest = zeroed((u64)starts[nclauses] * 8);
  for (u32 c = 0; c < nclauses; c++) {
    u32 from = starts[c], len = starts[c + 1] - from;
    for (u32 k = from; k < from + len; k++) {
      u32 l = lits[k], at = L.occ_start[l] + fill[l]++;
      L.occ[at] = c;
      L.rest[2 * at] = len == 3 ? lits[from + (k - from + 1) % 3] : NONE;
      L.rest[2 * at + 1] = len == 3 ? lits[from + (k - from + 2) % 3] : NONE;
    }
  }
  mem_free(fill);
  L.open_lits = zeroed((u64)nclauses * 4);
  L.true_lits = zeroed((u64)nclauses * 4);
  for (u32 c = 0; c < nclauses; c++) L.open_lits[c] = starts[c + 1] - starts[c];
  L.open_clauses = nclauses;
  L.vals = zeroed(nlits);
  L.trail = zeroed((u64)nvars * 4);
  L.h = zeroed((u64)nlits * sizeof(double));
  L.lit_weight = zeroed((u64)nlits * sizeof(double));
  for (u32 l = 0; l < nlits; l++) L.lit_weight[l] = (double)(L.occ_start[(l ^ 1) + 1] - L.occ_start[l ^ 1]);
  L.stamp = zeroed((u64)nlits * 4);
  L.probe_mark = zeroed((u64)nlits * 4);
  L.queue = zeroed((u64)nvars * 4 + 4);
  L.active = zeroed((u64)nvars * 4);
  for (u32 v = 0; v < nvars; v++) {
    if (L.occ_start[2 * v + 2] > L.occ_start[2 * v]) L.active[L.nactive++] = v;
  }
  L.ranks = zeroed((u64)(L.nactive + 1) * sizeof(ranked));
  L.forced = zeroed((u64)nvars * 4);
  L.stack = zeroed((u64)(nvars + 1) * sizeof(frame));

  /* clauses of one literal are facts */
  int ok = 1;
  for (u32 c = 0; c < nclauses && ok; c++) {
    if (starts[c + 1] - starts[c] == 1) {
      u32 l = lits[starts[c]];
      if (L.vals[l] == -1) ok = 0;
      else if (L.vals[l] == 0) enqueue(l);
    }
  }
  int result = ok ? search() : RESULT_UNSAT;
  if (result == RESULT_SAT) {
    for (u32 v = 0; v < nvars; v++) model[v] = L.vals[2 * v] == 1;
  }

  counters->conflicts += L.count.conflicts;
  counters->decisions += L.count.decisions;
  counters->propagations += L.count.propagations;
  mem_free(L.occ_start); mem_free(L.occ); mem_free(L.rest); mem_free(L.open_lits); mem_free(L.true_lits);
  mem_free(L.vals); mem_free(L.trail); mem_free(L.h); mem_free(L.lit_weight); mem_free(L.stamp); mem_free(L.active);
  mem_free(L.probe_mark); mem_free(L.queue);
  mem_free(L.ranks); mem_free(L.forced); mem_free(L.stack);
  return result;
}
