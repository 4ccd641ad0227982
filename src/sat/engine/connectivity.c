/*
 * The connectivity propagator (see connectivity.h). One check is a depth-first search over the
 * edges whose literal is not false ("open" edges), with Tarjan's low-links:
 *  - a vertex the search from vertex 0 does not reach means the open edges leave the vertices
 *    split: conflict. The clause is the cut around one component of the open edges (every edge
 *    leaving it is false), the component whose cut is smallest;
 *  - an open tree edge p-v with low(v) > tin(p) is a bridge: the only open edge between v's DFS
 *    subtree and the rest. If unassigned it is forced true, with the other (false) edges of that
 *    cut as its reason. The cut is read from the smaller side, the subtree or its complement.
 * A check costs O(V + E) plus the reasons, so it runs only when an edge of the last check's DFS
 * tree became false: while the tree's edges stay open they connect every vertex (backtracking
 * only opens edges, so the tree stays good across it). Conflicts are therefore found at the first
 * fixpoint where the open edges split; a bridge that appears when a non-tree edge becomes false is
 * forced at the next check. A model the solver returns is connected: its tree edges are all true.
 * True edges change nothing (the open edges stay the same).
 */
#include "connectivity.h"
#include "solver.h"
#include "alloc.h"

#define UNSEEN 0xFFFFFFFFu
#define NO_EDGE 0xFFFFFFFFu

typedef struct {
  u32 n, m;
  u32 *eu, *ev, *elit;        /* per edge: endpoints, literal (internal encoding) */
  u32 *adj_start;             /* CSR adjacency: entries adj_start[v] .. adj_start[v+1] */
  u32 *adj_edge, *adj_to;
  /* scratch for one check, per vertex */
  u32 *tin, *low, *tout, *order, *parent_edge, *next, *stack, *comp;
  u32 *bridges, nbridges;     /* child vertices of the bridges found */
  u32 *cut_count;             /* per component: edges leaving it */
  u8 *in_tree;                /* per edge: in the watched spanning tree of open edges */
  u8 *adj_tree;               /* per adjacency entry: its edge's in_tree (set_tree keeps both) */
  u32 *adj_pos;               /* per edge: its two adjacency entries */
  u32 *mark, stamp;           /* per vertex: which side of a split tree it was found on */
  u32 *queue_a, *queue_b;     /* the two searches of a repair */
  u32 *cross;                 /* a repair's edges leaving the side it exhausted (room for every adjacency entry) */
  u32 *occ_start, *occ_edge;  /* per literal l < nlits: the edges l makes false (CSR) */
  u32 nlits;
  int dirty;                  /* check at the next fixpoint: a tree edge became false, or no tree */
  u32 qhead;                  /* trail literals already looked at for false tree edges */
  /* Capacities (conn_set_capacity; cap == 0 without them): every vertex's weights add up to its
   * demand, an edge's weight being how many of its weight literals are true. The components of
   * the edges with weight (union-find by size, undone on backtracking) keep their residual: the
   * demands of their vertices less twice the weight inside them. */
  int cap;
  u32 *wocc_start, *wocc_edge;  /* per literal l < wnlits: the edges whose weight l adds to (CSR) */
  u32 wnlits;
  u32 *w_start, *w_lit;         /* per edge: its weight literals */
  u32 *cid, *csize, *ring;      /* per vertex its component's id (a member); per id its size; members as a ring */
  i32 *resid;                   /* per root: residual demand (RESID_UNKNOWN and above: unknown) */
  i32 *vres;                    /* per vertex: its own demand less the weight on its edges */
  u32 cap_head;                 /* trail literals applied to the components */
  u32 *log, nlog;               /* undo entries: 4 words each (trail position, what, a, b) */
  u32 *pending, npending;       /* vertices whose component to check */
  u8 *queued;
  u32 *checked, round;          /* per id: the round of cap_propagate that last checked it */
  u32 *vmark, edge_stamp;        /* per vertex: visited by push_inside's walk (stamps) */
  u32 *two;                     /* per edge with two weight literals, one implying the other (a clause of the
                                 * formula says so: an order encoding): the one that means two units; else NO_EDGE */
  /* Acyclicity (conn_set_acyclic): the true edges must also close no cycle. The forest of the true
   * edges grows as they become true, in trail order, and shrinks back on backtracking (a log keyed
   * by trail position, as the capacities' components are). */
  int acyclic;
  u32 aqhead;                   /* trail literals already applied to the forest */
  u32 *uf;                      /* per vertex: union-find parent (conn_set_acyclic's units only) */
  u32 *fcid, *fsize, *fring;    /* per vertex its forest component's id (a member); per id its size; members as a ring */
  u32 *flog, nflog;             /* one entry per forest edge (5 words: trail position, edge, u, v, the id v's component had) */
  u32 *fhead, *fnext, *fedge;   /* the forest's adjacency: per vertex its first entry; per entry (2 per edge) the next one, its edge */
  u32 *fprev, *fmark, fstamp;   /* a path search: per vertex the forest edge it was reached by, and a stamp */
  u32 *lmark, lstamp;           /* per literal < nlits: a stamp, for clauses without repeated literals */
} graph;

#define RESID_UNKNOWN (1 << 28)

static struct {
  graph *graphs; u32 ngraphs, cap;
  u32 *clause; u32 clause_cap;   /* the clause being built */
  u32 *inside; u32 inside_cap;   /* a capacity reason's literals, kept for every literal it forbids */
  conn_stats stats;
} C;

static void *alloc_u32(u32 n) { return mem_alloc((u64)(n ? n : 1) * 4); }

static void buf_push(u32 **buf, u32 *cap, u32 *size, u32 lit) {
  if (*size == *cap) {
    u32 more = *cap ? *cap * 2 : 64;
    *buf = mem_realloc(*buf, (u64)more * 4);
    *cap = more;
  }
  (*buf)[(*size)++] = lit;
}

static void clause_push(u32 *size, u32 lit) { buf_push(&C.clause, &C.clause_cap, size, lit); }

/* Room for n literals in the clause being built (what it holds stays). */
static void clause_reserve(u32 n) {
  if (C.clause_cap >= n) return;
  u32 more = C.clause_cap ? C.clause_cap : 64;
  while (more < n) more *= 2;
  C.clause = mem_realloc(C.clause, (u64)more * 4);
  C.clause_cap = more;
}

void conn_reset(void) { __builtin_memset(&C, 0, sizeof C); }

u32 conn_count(void) { return C.ngraphs; }

int conn_last_matches(u32 nvertices, u32 nedges) {
  return C.ngraphs > 0 && C.graphs[C.ngraphs - 1].n == nvertices && C.graphs[C.ngraphs - 1].m == nedges
      && !C.graphs[C.ngraphs - 1].cap;
}

void conn_get_stats(conn_stats *out) { *out = C.stats; }

static void cap_undo(graph *g, u32 trail_size);
static void forest_undo(graph *g, u32 trail_size);

void conn_backtrack(u32 trail_size) {
  for (u32 gi = 0; gi < C.ngraphs; gi++) {
    graph *g = &C.graphs[gi];
    if (g->qhead > trail_size) g->qhead = trail_size;
    if (g->aqhead > trail_size) g->aqhead = trail_size;
    if (g->cap) cap_undo(g, trail_size);
    if (g->acyclic) forest_undo(g, trail_size);
  }
}

int conn_add(u32 n, u32 m, const u32 *triples) {
  if (C.ngraphs == C.cap) {
    u32 cap = C.cap ? C.cap * 2 : 2;
    C.graphs = mem_realloc(C.graphs, (u64)cap * sizeof(graph));
    C.cap = cap;
  }
  graph *g = &C.graphs[C.ngraphs++];
  __builtin_memset(g, 0, sizeof *g);
  g->n = n; g->m = m;
  g->eu = alloc_u32(m); g->ev = alloc_u32(m); g->elit = alloc_u32(m);
  g->adj_start = alloc_u32(n + 1);
  g->adj_edge = alloc_u32(2 * m); g->adj_to = alloc_u32(2 * m); g->adj_pos = alloc_u32(2 * m);
  for (u32 v = 0; v <= n; v++) g->adj_start[v] = 0;
  u32 max_lit = 0;
  for (u32 e = 0; e < m; e++) {
    g->eu[e] = triples[3 * e]; g->ev[e] = triples[3 * e + 1]; g->elit[e] = triples[3 * e + 2];
    if (g->elit[e] > max_lit) max_lit = g->elit[e];
    g->adj_start[g->eu[e] + 1]++;
    g->adj_start[g->ev[e] + 1]++;
  }
  for (u32 v = 0; v < n; v++) g->adj_start[v + 1] += g->adj_start[v];
  u32 *fill = alloc_u32(n > 0 ? n : 1);
  for (u32 v = 0; v < n; v++) fill[v] = g->adj_start[v];
  for (u32 e = 0; e < m; e++) {
    u32 a = g->eu[e], b = g->ev[e];
    g->adj_pos[2 * e] = fill[a]; g->adj_edge[fill[a]] = e; g->adj_to[fill[a]++] = b;
    g->adj_pos[2 * e + 1] = fill[b]; g->adj_edge[fill[b]] = e; g->adj_to[fill[b]++] = a;
  }
  g->tin = alloc_u32(n); g->low = alloc_u32(n); g->tout = alloc_u32(n); g->order = alloc_u32(n);
  g->parent_edge = alloc_u32(n); g->next = alloc_u32(n); g->stack = alloc_u32(n); g->comp = alloc_u32(n);
  g->bridges = alloc_u32(n); g->cut_count = alloc_u32(n);

  /* occurrence lists: edge e is made false by the literal elit[e] ^ 1 */
  g->nlits = (max_lit | 1) + 1;
  g->occ_start = alloc_u32(g->nlits + 1);
  g->occ_edge = alloc_u32(m);
  for (u32 l = 0; l <= g->nlits; l++) g->occ_start[l] = 0;
  for (u32 e = 0; e < m; e++) g->occ_start[(g->elit[e] ^ 1) + 1]++;
  for (u32 l = 0; l < g->nlits; l++) g->occ_start[l + 1] += g->occ_start[l];
  fill = alloc_u32(g->nlits);
  for (u32 l = 0; l < g->nlits; l++) fill[l] = g->occ_start[l];
  for (u32 e = 0; e < m; e++) g->occ_edge[fill[g->elit[e] ^ 1]++] = e;
  mem_free(fill);
  g->mark = alloc_u32(n); g->queue_a = alloc_u32(n); g->queue_b = alloc_u32(n);
  g->cross = alloc_u32(2 * m + 1);
  for (u32 v = 0; v < n; v++) g->mark[v] = 0;
  g->in_tree = mem_alloc(m ? m : 1);
  for (u32 e = 0; e < m; e++) g->in_tree[e] = 0;
  g->adj_tree = mem_alloc(m ? 2 * m : 1);
  for (u32 k = 0; k < 2 * m; k++) g->adj_tree[k] = 0;
  g->dirty = 1;  /* the first check runs at level 0: static bridges become units */
  return cdcl_settle();
}

/* Depth-first search over the open edges from vertex 0 (iterative: the wasm stack is small).
 * Fills tin/low/tout/order for the vertices reached and the bridges' child vertices; returns how
 * many vertices it reached. */
static u32 search_open(graph *g, const i8 *vals) {
  u32 n = g->n, timer = 0, sp = 0;
  u32 *tin = g->tin, *low = g->low, *next = g->next, *stack = g->stack, *pe = g->parent_edge;
  const u32 *start = g->adj_start, *adj_edge = g->adj_edge, *adj_to = g->adj_to, *elit = g->elit;
  for (u32 v = 0; v < n; v++) tin[v] = UNSEEN;
  g->nbridges = 0;
  tin[0] = low[0] = timer; g->order[timer++] = 0; pe[0] = NO_EDGE; next[0] = start[0];
  stack[sp++] = 0;
  while (sp > 0) {
    u32 u = stack[sp - 1];
    if (next[u] < start[u + 1]) {
      u32 k = next[u]++;
      u32 e = adj_edge[k];
      if (e == pe[u] || vals[elit[e]] == -1) continue;
      u32 w = adj_to[k];
      if (tin[w] == UNSEEN) {
        tin[w] = low[w] = timer; g->order[timer++] = w; pe[w] = e; next[w] = start[w];
        stack[sp++] = w;
      } else if (tin[w] < low[u]) {
        low[u] = tin[w];
      }
    } else {
      sp--;
      g->tout[u] = timer;
      if (sp > 0) {
        u32 p = stack[sp - 1];
        if (low[u] < low[p]) low[p] = low[u];
        if (low[u] > tin[p]) g->bridges[g->nbridges++] = u;
      }
    }
  }
  return timer;
}

/* The open edges leave the vertices split: the cut around the component with the fewest edges
 * leaving it (all false) is the conflict clause. */
static u32 split_conflict(graph *g, const i8 *vals) {
  u32 n = g->n, ncomp = 0;
  u32 *comp = g->comp, *stack = g->stack;
  for (u32 v = 0; v < n; v++) comp[v] = UNSEEN;
  for (u32 r = 0; r < n; r++) {
    if (comp[r] != UNSEEN) continue;
    u32 sp = 0;
    comp[r] = ncomp; stack[sp++] = r;
    while (sp > 0) {
      u32 u = stack[--sp];
      for (u32 k = g->adj_start[u]; k < g->adj_start[u + 1]; k++) {
        u32 w = g->adj_to[k];
        if (comp[w] == UNSEEN && vals[g->elit[g->adj_edge[k]]] != -1) { comp[w] = ncomp; stack[sp++] = w; }
      }
    }
    g->cut_count[ncomp++] = 0;
  }
  for (u32 e = 0; e < g->m; e++) {
    u32 a = comp[g->eu[e]], b = comp[g->ev[e]];
    if (a != b) { g->cut_count[a]++; g->cut_count[b]++; }
  }
  u32 best = 0;
  for (u32 c = 1; c < ncomp; c++) if (g->cut_count[c] < g->cut_count[best]) best = c;
  u32 size = 0;
  for (u32 e = 0; e < g->m; e++) {
    u32 a = comp[g->eu[e]], b = comp[g->ev[e]];
    if (a != b && (a == best || b == best)) clause_push(&size, g->elit[e]);
  }
  C.stats.conflicts++;
  return cdcl_conflict(C.clause, size);
}

/* Appends the edges from order[from..to) that cross the cut around tin in [lo, hi), except skip. */
static void cut_edges(graph *g, u32 from, u32 to, u32 lo, u32 hi, u32 skip, u32 *size) {
  for (u32 t = from; t < to; t++) {
    u32 u = g->order[t];
    int u_inside = t >= lo && t < hi;
    for (u32 k = g->adj_start[u]; k < g->adj_start[u + 1]; k++) {
      u32 e = g->adj_edge[k];
      if (e == skip) continue;
      u32 tw = g->tin[g->adj_to[k]];  /* every vertex was reached: the open edges connect them */
      if ((tw >= lo && tw < hi) != u_inside) clause_push(size, g->elit[e]);
    }
  }
}

/* Forces the bridge into v's subtree: the other edges across the subtree's cut are false. The cut
 * is read from its smaller side, the subtree order[lo..hi) or everything else. */
static void force_bridge(graph *g, u32 v) {
  u32 bridge = g->parent_edge[v];
  u32 lo = g->tin[v], hi = g->tout[v], size = 0;
  clause_push(&size, g->elit[bridge]);
  if (hi - lo <= g->n - (hi - lo)) {
    cut_edges(g, lo, hi, lo, hi, bridge, &size);
  } else {
    cut_edges(g, 0, lo, lo, hi, bridge, &size);
    cut_edges(g, hi, g->n, lo, hi, bridge, &size);
  }
  C.stats.forced++;
  cdcl_imply(C.clause, size);
}

/* Puts edge e in the watched tree (in = 1) or takes it out; a repair's searches read the copy in
 * the adjacency entries, next to the neighbour they go to. */
static inline void set_tree(graph *g, u32 e, u8 in) {
  g->in_tree[e] = in;
  g->adj_tree[g->adj_pos[2 * e]] = in;
  g->adj_tree[g->adj_pos[2 * e + 1]] = in;
}

static u32 uf_find(u32 *parent, u32 x) {
  while (parent[x] != x) { parent[x] = parent[parent[x]]; x = parent[x]; }
  return x;
}

/* The tree whose edges trigger the next check: a spanning tree of the open edges with as many true
 * edges as possible (Kruskal, true edges first), since a true edge stays open until backtracking. */
static void choose_watch_tree(graph *g, const i8 *vals) {
  u32 *parent = g->comp;
  for (u32 v = 0; v < g->n; v++) parent[v] = v;
  for (u32 e = 0; e < g->m; e++) g->in_tree[e] = 0;
  for (u32 k = 0; k < 2 * g->m; k++) g->adj_tree[k] = 0;
  for (int pass = 1; pass >= 0; pass--) {
    for (u32 e = 0; e < g->m; e++) {
      if (vals[g->elit[e]] != pass) continue;
      u32 a = uf_find(parent, g->eu[e]), b = uf_find(parent, g->ev[e]);
      if (a != b) { parent[a] = b; set_tree(g, e, 1); }
    }
  }
}

static int check(graph *g, u32 *conflict) {
  g->dirty = 0;
  if (g->n <= 1) return CONN_QUIET;
  C.stats.checks++;
  const i8 *vals = cdcl_values();
  if (search_open(g, vals) < g->n) {
    g->dirty = 1;  /* the tree does not span: check again at the next fixpoint */
    *conflict = split_conflict(g, vals);
    return CONN_CONFLICT;
  }
  /* the tree of the edges open now: the forced edges' effects are on the trail, still to be seen */
  choose_watch_tree(g, vals);
  int forced = 0;
  for (u32 i = 0; i < g->nbridges; i++) {
    u32 v = g->bridges[i];
    if (vals[g->elit[g->parent_edge[v]]] != 0) continue;
    force_bridge(g, v);
    vals = cdcl_values();
    forced = 1;
  }
  return forced ? CONN_FORCED : CONN_QUIET;
}

/* The arrays one repair reads, copied out of the graph: stores through the queues and marks could
 * alias the graph's fields, and the compiler would reload them on every step. */
typedef struct {
  const u32 *start, *adj_edge, *adj_to, *elit;
  const u8 *adj_tree;
  const i8 *vals;
  u32 *mark;
} walk;

/* One step of a search over the tree (without `cut`: out of it during the repair) from queue q (head *h, tail *t), marking the
 * vertices it finds with `stamp`. An open non-tree edge to a vertex the other search has found
 * (`other`) joins the two sides again: it goes to *join (a true one if any). Returns 0 once this
 * side is exhausted. */
static inline int tree_step(const walk *w, u32 *q, u32 *h, u32 *t, u32 stamp, u32 other, u32 *join) {
  if (*h == *t) return 0;
  u32 u = q[(*h)++], tail = *t;
  u32 *mark = w->mark;
  for (u32 k = w->start[u], end = w->start[u + 1]; k < end; k++) {
    u32 x = w->adj_to[k], mx = mark[x];
    /* A tree edge to a vertex not on this side yet adds it. Without branches: which entries do is
     * unpredictable, and the queue has room for the write that does not count (this side holds
     * fewer vertices than the graph). A tree edge never reaches the other side. */
    u32 add = (mx != stamp) & w->adj_tree[k];
    q[tail] = x;
    tail += add;
    mark[x] = mx ^ ((mx ^ stamp) & (0u - add));  /* add ? stamp : mx, without a branch */
    if (mx == other) {
      u32 e = w->adj_edge[k];
      i8 val = w->vals[w->elit[e]];
      if (val != -1 && (*join == NO_EDGE || val == 1)) *join = e;
    }
  }
  *t = tail;
  return 1;
}

/*
 * The tree edge `cut` became false: the tree falls into two sides. Both are searched at once, a
 * vertex at a time, until an open edge between what the two searches have found joins them again
 * (it replaces `cut` in the tree; most repairs end here, after a few steps) or one side S is
 * exhausted. Then the edges leaving S are its cut: no open one is a conflict (the cut's edges, all
 * false); exactly one, unassigned, is forced true (reason: the others, false); otherwise an open one
 * (a true one if any) joins the tree. Costs O(|S| + its edges) at most.
 */
/* Removes from lits[0..n) the literals fixed false at level 0 (they add nothing to a reason or a
 * conflict; learning drops them anyway, and a clause stored with them is only longer), unless
 * fewer than `least` would be left: returns the new length. */
static u32 drop_fixed(u32 *lits, u32 n, u32 least) {
  u32 kept = 0;
  for (u32 i = 0; i < n; i++) kept += !cdcl_fixed(lits[i]);
  if (kept == n || kept < least) return n;
  u32 j = 0;
  for (u32 i = 0; i < n; i++) if (!cdcl_fixed(lits[i])) lits[j++] = lits[i];
  return j;
}

static int repair(graph *g, u32 cut, u32 *conflict) {
  const i8 *vals = cdcl_values();
  if (g->stamp + 2 < g->stamp) { for (u32 v = 0; v < g->n; v++) g->mark[v] = 0; g->stamp = 0; }
  u32 sa = g->stamp + 1, sb = g->stamp + 2;
  g->stamp += 2;
  set_tree(g, cut, 0);  /* false: the searches pass it over as a false non-tree edge */
  walk w = { g->adj_start, g->adj_edge, g->adj_to, g->elit, g->adj_tree, vals, g->mark };
  u32 *qa = g->queue_a, *qb = g->queue_b;
  u32 ha = 0, ta = 0, hb = 0, tb = 0, join = NO_EDGE;
  qa[ta++] = g->eu[cut]; w.mark[g->eu[cut]] = sa;
  qb[tb++] = g->ev[cut]; w.mark[g->ev[cut]] = sb;
  u32 *side; u32 count, stamp;
  for (;;) {
    if (!tree_step(&w, qa, &ha, &ta, sa, sb, &join)) { side = qa; count = ta; stamp = sa; break; }
    if (join != NO_EDGE) break;
    if (!tree_step(&w, qb, &hb, &tb, sb, sa, &join)) { side = qb; count = tb; stamp = sb; break; }
    if (join != NO_EDGE) break;
  }
  if (join != NO_EDGE) {
    set_tree(g, join, 1);
    return CONN_QUIET;
  }
  u32 size = 0, open = 0, pick = NO_EDGE;
  clause_push(&size, 0);  /* slot for the forced edge */
  const u32 *mark = w.mark, *elit = w.elit;
  /* The edges leaving the side, in adjacency order, gathered without a branch per entry (which
   * entries leave is unpredictable), then read. */
  u32 *cross = g->cross, ncross = 0;
  for (u32 i = 0; i < count; i++) {
    u32 u = side[i];
    for (u32 k = w.start[u], end = w.start[u + 1]; k < end; k++) {
      cross[ncross] = w.adj_edge[k];
      ncross += mark[w.adj_to[k]] != stamp;
    }
  }
  for (u32 j = 0; j < ncross; j++) {
    u32 e = cross[j];
    i8 val = vals[elit[e]];
    if (val == -1) { clause_push(&size, elit[e]); continue; }
    if (open++ == 0 || (val == 1 && vals[elit[pick]] != 1)) pick = e;
  }
  if (open == 0) {
    set_tree(g, cut, 1);  /* stays in the tree: backtracking opens it again */
    C.stats.conflicts++;
    size = 1 + drop_fixed(C.clause + 1, size - 1, 2);
    *conflict = cdcl_conflict(C.clause + 1, size - 1);
    return CONN_CONFLICT;
  }
  set_tree(g, pick, 1);
  if (open == 1 && vals[g->elit[pick]] == 0) {
    C.clause[0] = g->elit[pick];
    C.stats.forced++;
    size = 1 + drop_fixed(C.clause + 1, size - 1, 1);
    cdcl_imply(C.clause, size);
    return CONN_FORCED;
  }
  return CONN_QUIET;
}

/* ---------- capacities: a component that one more unit of weight would close off ---------- */

/* A merge relabels the smaller component's vertices (and its undo relabels them back), so finding
 * a vertex's component costs one read where the capacity checks look up every neighbour. */
static inline u32 uf_root(const graph *g, u32 v) { return g->cid[v]; }

/* Gives every vertex on the ring through `start` the id (the capacities' components and the no-loops
 * forest both keep their members as rings). */
static void relabel(u32 *cid, const u32 *ring, u32 start, u32 id) {
  u32 w = start;
  do { cid[w] = id; w = ring[w]; } while (w != start);
}

/* Joins the rings through u and v into one, or (on the joined ring) splits them again. */
static inline void swap_successors(u32 *ring, u32 u, u32 v) {
  u32 t = ring[u]; ring[u] = ring[v]; ring[v] = t;
}

/* The log has room for every entry (conn_set_capacity sizes it: at most two per weight literal). */
static inline void log_push(graph *g, u32 pos, u32 what, u32 a, u32 b) {
  u32 *x = g->log + g->nlog;
  x[0] = pos; x[1] = what; x[2] = a; x[3] = b;
  g->nlog += 4;
}

#define LOG_RESID 0  /* a: root, b: its residual before; the edge e that gained a unit is what >> 1 */
#define LOG_MERGE 1  /* a: a member u of the surviving component, b: a member v of the absorbed one, whose id is what >> 1 */

static void queue_check(graph *g, u32 v) {
  if (g->queued[v]) return;
  g->queued[v] = 1;
  g->pending[g->npending++] = v;
}

static i32 resid_add(i32 a, i32 b) { return a >= RESID_UNKNOWN || b >= RESID_UNKNOWN ? RESID_UNKNOWN : a + b; }

/* The literal at trail position pos is true: each edge it weighs gains one unit. */
static void cap_apply(graph *g, u32 lit, u32 pos) {
  if (lit >= g->wnlits) return;
  for (u32 k = g->wocc_start[lit]; k < g->wocc_start[lit + 1]; k++) {
    u32 e = g->wocc_edge[k], u = g->eu[e], v = g->ev[e];
    u32 ru = uf_root(g, u), rv = uf_root(g, v);
    g->vres[u]--; g->vres[v]--;
    if (ru == rv) {
      log_push(g, pos, LOG_RESID | (e << 1), ru, (u32)g->resid[ru]);
      g->resid[ru] = resid_add(g->resid[ru], -2);
    } else {
      if (g->csize[ru] < g->csize[rv]) { u32 t = ru; ru = rv; rv = t; t = u; u = v; v = t; }
      /* ru survives; u is in ru's component, v in rv's */
      log_push(g, pos, LOG_RESID | (e << 1), ru, (u32)g->resid[ru]);
      log_push(g, pos, LOG_MERGE | (rv << 1), u, v);
      g->resid[ru] = resid_add(resid_add(g->resid[ru], g->resid[rv]), -2);
      relabel(g->cid, g->ring, v, ru);
      g->csize[ru] += g->csize[rv];
      swap_successors(g->ring, u, v);
    }
    if (g->resid[ru] <= 2) queue_check(g, ru);
  }
}

static void cap_undo(graph *g, u32 trail_size) {
  if (g->cap_head > trail_size) g->cap_head = trail_size;
  while (g->nlog > 0 && g->log[g->nlog - 4] >= trail_size) {
    u32 *x = g->log + g->nlog - 4;
    if ((x[1] & 1) == LOG_RESID) {
      u32 e = x[1] >> 1;
      g->resid[x[2]] = (i32)x[3];
      g->vres[g->eu[e]]++; g->vres[g->ev[e]]++;
    } else {
      u32 u = x[2], v = x[3], rv = x[1] >> 1;
      swap_successors(g->ring, u, v);
      relabel(g->cid, g->ring, v, rv);
      g->csize[g->cid[u]] -= g->csize[rv];
    }
    g->nlog -= 4;
  }
}

/* Pushes to C.inside the negations of the true weight literals of the edges inside the components
 * rooted at a and b (b may equal a). */
static void push_inside(graph *g, u32 a, u32 b, u32 *size) {
  const i8 *vals = cdcl_values();
  /* room for every weight literal of the graph: the pushes below need no checks */
  u32 need = *size + g->w_start[g->m];
  if (C.inside_cap < need) {
    u32 more = C.inside_cap ? C.inside_cap : 64;
    while (more < need) more *= 2;
    C.inside = mem_realloc(C.inside, (u64)more * 4);
    C.inside_cap = more;
  }
  /* An inside edge is taken at whichever endpoint the walk reaches first, where the other one has
   * not been walked yet (vmark: walked, by stamp), as a mark per edge would take it. */
  if (++g->edge_stamp == 0) { for (u32 v = 0; v < g->n; v++) g->vmark[v] = 0; g->edge_stamp = 1; }
  const u32 *start = g->adj_start, *adj_edge = g->adj_edge, *adj_to = g->adj_to, *cid = g->cid;
  const u32 *ring = g->ring, *w_start = g->w_start, *w_lit = g->w_lit;
  u32 *vmark = g->vmark, stamp = g->edge_stamp, *out = C.inside, n = *size;
  for (int side = 0; side < (a == b ? 1 : 2); side++) {
    u32 first = side ? b : a, u = first;
    do {
      for (u32 k = start[u], end = start[u + 1]; k < end; k++) {
        u32 x = adj_to[k], rw = cid[x];
        if ((rw != a && rw != b) || vmark[x] == stamp) continue;
        u32 e = adj_edge[k];
        if (x == u && g->adj_pos[2 * e] != k) continue;  /* a loop: taken at its first entry */
        for (u32 i = w_start[e]; i < w_start[e + 1]; i++) {
          u32 l = w_lit[i];
          if (vals[l] == 1) out[n++] = l ^ 1;
        }
      }
      vmark[u] = stamp;
      u = ring[u];
    } while (u != first);
  }
  *size = n;
}

/* The reason a capacity check forbids weight with: the components it closes off (a and b, b may
 * equal a) and their inside literals, in C.inside. One check reuses it for every literal it forbids
 * on the same components (forbidding assigns only false literals, which the reason does not hold). */
typedef struct { u32 a, b, size; } inside_reason;

/* Forces weight literal l false (it is unassigned): with it true the components rooted at a and b
 * (b may equal a) would have nothing left to give, and not every vertex. */
static void forbid_lit(graph *g, u32 l, u32 a, u32 b, inside_reason *why) {
  if (why->a != a || why->b != b) {
    why->a = a; why->b = b; why->size = 0;
    push_inside(g, a, b, &why->size);
  }
  u32 size = 0;
  clause_push(&size, l ^ 1);
  /* a copy (the engine reorders the clause it is given; the reason serves the next literal too) */
  clause_reserve(1 + why->size);
  __builtin_memcpy(C.clause + 1, C.inside, (u64)why->size * 4);
  size = 1 + why->size;
  C.stats.forced++;
  cdcl_imply(C.clause, size);
}

/* Forces false every unassigned weight literal of edge e: one more unit on it would leave the
 * components rooted at a and b (merged by it) with nothing to give, and not every vertex. */
static int forbid_weight(graph *g, u32 e, u32 a, u32 b, inside_reason *why) {
  const i8 *vals = cdcl_values();
  int forced = 0;
  for (u32 i = g->w_start[e]; i < g->w_start[e + 1]; i++) {
    u32 l = g->w_lit[i];
    if (vals[l] != 0) continue;
    forbid_lit(g, l, a, b, why);
    vals = cdcl_values();
    forced = 1;
  }
  return forced;
}

/* Whether edge e has a weight literal not yet assigned. */
static inline int weight_open(const graph *g, const i8 *vals, u32 e) {
  for (u32 i = g->w_start[e]; i < g->w_start[e + 1]; i++) if (vals[g->w_lit[i]] == 0) return 1;
  return 0;
}

/* A component with residual 2 closes off if one more unit of weight lands inside it; two with
 * residual 1 do if an edge between them gets any. An edge inside is looked at from its first
 * endpoint only, and only when it still has a weight literal to forbid. With `settled` (unit
 * propagation reached its fixpoint on the whole trail) only the vertices with something left to
 * give are looked at: the component's residual is the sum of its vertices' own, so at most two,
 * and a saturated vertex's sum has already made its other weight literals false (Hashi's island
 * sums propagate completely; with weaker sums this forbids less, never wrongly). */
static int cap_check(graph *g, u32 v, int settled) {
  /* forbidding only assigns literals: the components and the graph stay as they are */
  const u32 *cid = g->cid, *csize = g->csize, *ring = g->ring, *eu = g->eu;
  const u32 *start = g->adj_start, *adj_edge = g->adj_edge, *adj_to = g->adj_to;
  const i32 *resid = g->resid, *vres = g->vres;
  u32 r = cid[v];
  i32 res = resid[r];
  if (res != 1 && res != 2) return 0;
  if (res == 2 && csize[r] >= g->n) return 0;  /* every vertex: nothing to close off */
  int forced = 0;
  inside_reason why = { NO_EDGE, NO_EDGE, 0 };
  const i8 *vals = cdcl_values();
  u32 u = r, n = g->n;
  do {
    if (settled && vres[u] <= 0) { u = ring[u]; continue; }
    for (u32 k = start[u], end = start[u + 1]; k < end; k++) {
      u32 e = adj_edge[k], rw = cid[adj_to[k]];
      if (res == 2) {
        if (rw == r) {
          if (eu[e] == u && weight_open(g, vals, e)) forced |= forbid_weight(g, e, r, r, &why);
        } else if (vres[u] == 2 && resid[rw] == 2 && vres[adj_to[k]] == 2 && g->two[e] != NO_EDGE
                   && vals[g->two[e]] == 0 && csize[r] + csize[rw] < n) {
          /* two bridges here would leave both components with nothing to give */
          forbid_lit(g, g->two[e], r, rw, &why);
          vals = cdcl_values();
          forced = 1;
        }
      } else if (rw != r && resid[rw] == 1 && csize[r] + csize[rw] < n && weight_open(g, vals, e)) {
        forced |= forbid_weight(g, e, r, rw, &why);
      }
    }
    u = ring[u];
  } while (u != r);
  return forced;
}

static int cap_propagate(graph *g, int settled) {
  u32 size;
  const u32 *trail = cdcl_trail(&size);
  for (; g->cap_head < size; g->cap_head++) cap_apply(g, trail[g->cap_head], g->cap_head);
  int forced = 0;
  if (++g->round == 0) { for (u32 v = 0; v < g->n; v++) g->checked[v] = 0; g->round = 1; }
  while (g->npending > 0) {
    u32 v = g->pending[--g->npending];
    g->queued[v] = 0;
    /* vertices queued apart may be one component by now: a second check would find nothing */
    u32 r = uf_root(g, v);
    if (g->checked[r] == g->round) continue;
    g->checked[r] = g->round;
    forced |= cap_check(g, r, settled);
  }
  return forced;
}

int conn_set_capacity(const i32 *demands, const u32 *counts, const u32 *lits) {
  graph *g = &C.graphs[C.ngraphs - 1];
  u32 n = g->n, m = g->m, total = 0;
  for (u32 e = 0; e < m; e++) total += counts[e];
  g->w_start = alloc_u32(m + 1);
  g->w_lit = alloc_u32(total);
  g->w_start[0] = 0;
  u32 max_lit = 0;
  for (u32 e = 0; e < m; e++) g->w_start[e + 1] = g->w_start[e] + counts[e];
  for (u32 i = 0; i < total; i++) { g->w_lit[i] = lits[i]; if (lits[i] > max_lit) max_lit = lits[i]; }
  g->wnlits = (max_lit | 1) + 1;
  g->wocc_start = alloc_u32(g->wnlits + 1);
  g->wocc_edge = alloc_u32(total);
  for (u32 l = 0; l <= g->wnlits; l++) g->wocc_start[l] = 0;
  for (u32 i = 0; i < total; i++) g->wocc_start[g->w_lit[i] + 1]++;
  for (u32 l = 0; l < g->wnlits; l++) g->wocc_start[l + 1] += g->wocc_start[l];
  u32 *fill = alloc_u32(g->wnlits);
  for (u32 l = 0; l < g->wnlits; l++) fill[l] = g->wocc_start[l];
  for (u32 e = 0; e < m; e++) for (u32 i = g->w_start[e]; i < g->w_start[e + 1]; i++) g->wocc_edge[fill[g->w_lit[i]]++] = e;
  mem_free(fill);
  g->cid = alloc_u32(n); g->csize = alloc_u32(n); g->ring = alloc_u32(n);
  g->resid = alloc_u32(n); g->vres = alloc_u32(n); g->pending = alloc_u32(n); g->queued = mem_alloc(n ? n : 1);
  g->checked = alloc_u32(n); g->round = 0;
  g->vmark = alloc_u32(n); g->edge_stamp = 0;
  for (u32 v = 0; v < n; v++) g->vmark[v] = 0;
  for (u32 v = 0; v < n; v++) {
    g->cid[v] = v; g->csize[v] = 1; g->ring[v] = v; g->queued[v] = 0; g->checked[v] = 0;
    g->resid[v] = demands[v] < 0 || demands[v] >= RESID_UNKNOWN ? RESID_UNKNOWN : demands[v];
    g->vres[v] = g->resid[v];
  }
  /* Edges whose two weight literals are ordered by a binary clause of the formula (x implies y, as
   * an order encoding's "at least 2" implies "at least 1"): x true means two units. partner[l]: the
   * other weight literal of the one edge that l weighs, when that edge has two (else NO_EDGE). */
  g->two = alloc_u32(m);
  for (u32 e = 0; e < m; e++) g->two[e] = NO_EDGE;
  u32 *partner = alloc_u32(g->wnlits);
  for (u32 l = 0; l < g->wnlits; l++) {
    u32 k = g->wocc_start[l];
    partner[l] = NO_EDGE;
    if (g->wocc_start[l + 1] - k != 1) continue;
    u32 e = g->wocc_edge[k], w0 = g->w_start[e];
    if (g->w_start[e + 1] - w0 == 2) partner[l] = g->w_lit[w0] == l ? g->w_lit[w0 + 1] : g->w_lit[w0];
  }
  for (u32 i = 0, nc = cdcl_original_count(); i < nc; i++) {
    u32 size;
    const u32 *c = cdcl_original(i, &size);
    if (size != 2) continue;
    for (int side = 0; side < 2; side++) {
      u32 x = c[side] ^ 1, y = c[1 - side];  /* x implies y */
      if (x < g->wnlits && partner[x] == y) g->two[g->wocc_edge[g->wocc_start[x]]] = x;
    }
  }
  mem_free(partner);
  g->npending = 0; g->nlog = 0;
  g->log = alloc_u32(8 * total);  /* a true weight literal logs a residual, and a merge at most */
  g->cap = 1;
  for (u32 v = 0; v < n; v++) if (g->resid[v] <= 2) queue_check(g, v);
  /* the trail so far (level 0): the propagation below applies it */
  g->cap_head = 0;
  return cdcl_settle();
}

/* ---------- acyclicity ---------- */

int conn_set_acyclic(void) {
  if (C.ngraphs == 0) return -1;
  graph *g = &C.graphs[C.ngraphs - 1];
  if (g->acyclic) return 1;
  u32 n = g->n, m = g->m;
  g->uf = alloc_u32(n); g->fhead = alloc_u32(n); g->fprev = alloc_u32(n); g->fmark = alloc_u32(n);
  g->fnext = alloc_u32(2 * m); g->fedge = alloc_u32(2 * m);
  g->fcid = alloc_u32(n); g->fsize = alloc_u32(n); g->fring = alloc_u32(n);
  g->flog = alloc_u32(5 * (n ? n : 1)); g->nflog = 0;  /* a forest has fewer than n edges */
  for (u32 v = 0; v < n; v++) { g->fmark[v] = 0; g->fcid[v] = v; g->fsize[v] = 1; g->fring[v] = v; g->fhead[v] = NO_EDGE; }
  g->fstamp = 0;
  g->lmark = alloc_u32(g->nlits);
  for (u32 l = 0; l < g->nlits; l++) g->lmark[l] = 0;
  g->lstamp = 0;
  g->aqhead = 0;
  /* Edges that close a cycle all on one literal (a loop edge, parallel edges on the same literal)
   * make that literal false for good; every other cycle has two literals at least, so the clauses
   * below never shrink to a unit. Edges on literal l are the occurrence list of l ^ 1. */
  for (u32 x = 0; x < g->nlits; x++) {
    u32 from = g->occ_start[x], to = g->occ_start[x + 1];
    for (u32 k = from; k < to; k++) { u32 e = g->occ_edge[k]; g->uf[g->eu[e]] = g->eu[e]; g->uf[g->ev[e]] = g->ev[e]; }
    for (u32 k = from; k < to; k++) {
      u32 e = g->occ_edge[k], a = uf_find(g->uf, g->eu[e]), b = uf_find(g->uf, g->ev[e]);
      if (a != b) { g->uf[a] = b; continue; }
      u32 unit = x;
      if (!cdcl_add_clause(&unit, 1)) return 0;
      break;
    }
  }
  g->acyclic = 1;  /* from here on checked at every fixpoint, the first one just below */
  return cdcl_settle();
}

/* Drops repeated literals from the clause being built (edges may share a literal); returns its size. */
static u32 dedupe_clause(graph *g, u32 size) {
  u32 stamp = ++g->lstamp, j = 0;
  if (stamp == 0) { for (u32 l = 0; l < g->nlits; l++) g->lmark[l] = 0; stamp = g->lstamp = 1; }
  for (u32 i = 0; i < size; i++) {
    u32 l = C.clause[i];
    if (g->lmark[l] == stamp) continue;
    g->lmark[l] = stamp;
    C.clause[j++] = l;
  }
  return j;
}

/* Pushes onto the clause being built the negations of the forest edges on the path from `from` to
 * `to` (they are joined: the caller checked), by a breadth-first search of the forest. */
static void push_forest_path(graph *g, u32 *size, u32 from, u32 to) {
  u32 stamp = ++g->fstamp, *queue = g->queue_a, head = 0, tail = 0;
  if (stamp == 0) { for (u32 v = 0; v < g->n; v++) g->fmark[v] = 0; stamp = g->fstamp = 1; }
  g->fmark[from] = stamp;
  queue[tail++] = from;
  while (head < tail && g->fmark[to] != stamp) {
    u32 x = queue[head++];
    for (u32 k = g->fhead[x]; k != NO_EDGE; k = g->fnext[k]) {
      u32 e = g->fedge[k], y = g->eu[e] == x ? g->ev[e] : g->eu[e];
      if (g->fmark[y] == stamp) continue;
      g->fmark[y] = stamp;
      g->fprev[y] = e;
      queue[tail++] = y;
    }
  }
  for (u32 y = to; y != from;) {
    u32 e = g->fprev[y];
    clause_push(size, g->elit[e] ^ 1);
    y = g->eu[e] == y ? g->ev[e] : g->eu[e];
  }
}

/* The forest edges from trail position trail_size on are undone, newest first. */
static void forest_undo(graph *g, u32 trail_size) {
  while (g->nflog > 0 && g->flog[g->nflog - 5] >= trail_size) {
    const u32 *x = g->flog + g->nflog - 5;
    u32 e = x[1], u = x[2], v = x[3], rv = x[4];
    g->fhead[g->eu[e]] = g->fnext[2 * e];
    g->fhead[g->ev[e]] = g->fnext[2 * e + 1];
    swap_successors(g->fring, u, v);
    relabel(g->fcid, g->fring, v, rv);
    g->fsize[g->fcid[u]] -= g->fsize[rv];
    g->nflog -= 5;
  }
}

/* The clause "edge e is false, or some edge of the forest path between its ends is": a conflict
 * when e is true, e's reason to be false when it is open. Returns its size (in C.clause). */
static u32 cycle_clause(graph *g, u32 e) {
  u32 size = 0;
  clause_push(&size, g->elit[e] ^ 1);
  push_forest_path(g, &size, g->eu[e], g->ev[e]);
  return dedupe_clause(g, size);
}

/*
 * The true edges must form a forest. Each edge that became true since the last call joins two
 * components of the forest (the smaller one is relabelled, and the open edges between the two,
 * found from its side, are forced false: each would close a cycle, its reason the path), or it
 * closes a cycle: conflict (that edge and the path, all true). Costs the smaller side and its
 * edges per join; undone on backtracking.
 */
static int forest_propagate(graph *g, u32 *conflict) {
  u32 size;
  const u32 *trail = cdcl_trail(&size);
  int forced = 0;
  for (; g->aqhead < size; g->aqhead++) {
    u32 l = trail[g->aqhead] ^ 1;  /* the edges trail[i] makes true are those l makes false */
    if (l >= g->nlits) continue;
    for (u32 k = g->occ_start[l]; k < g->occ_start[l + 1]; k++) {
      u32 e = g->occ_edge[k], u = g->eu[e], v = g->ev[e];
      u32 ru = g->fcid[u], rv = g->fcid[v];
      if (ru == rv) {
        C.stats.conflicts++;
        u32 n = cycle_clause(g, e);  /* first: it may move C.clause */
        *conflict = cdcl_conflict(C.clause, n);
        return CONN_CONFLICT;
      }
      if (g->fsize[ru] < g->fsize[rv]) { u32 t = ru; ru = rv; rv = t; t = u; u = v; v = t; }
      /* ru survives; u is in it, v in the smaller rv. The open edges between the two, from rv's side. */
      const i8 *vals = cdcl_values();
      u32 ncross = 0, w = v;
      do {
        for (u32 a = g->adj_start[w]; a < g->adj_start[w + 1]; a++) {
          u32 x = g->adj_edge[a];
          if (g->fcid[g->adj_to[a]] == ru && vals[g->elit[x]] == 0) g->cross[ncross++] = x;
        }
        w = g->fring[w];
      } while (w != v);
      u32 *log = g->flog + g->nflog;
      log[0] = g->aqhead; log[1] = e; log[2] = u; log[3] = v; log[4] = rv;
      g->nflog += 5;
      g->fnext[2 * e] = g->fhead[g->eu[e]]; g->fedge[2 * e] = e; g->fhead[g->eu[e]] = 2 * e;
      g->fnext[2 * e + 1] = g->fhead[g->ev[e]]; g->fedge[2 * e + 1] = e; g->fhead[g->ev[e]] = 2 * e + 1;
      relabel(g->fcid, g->fring, v, ru);
      g->fsize[ru] += g->fsize[rv];
      swap_successors(g->fring, u, v);
      for (u32 c = 0; c < ncross; c++) {
        u32 x = g->cross[c];
        if (cdcl_values()[g->elit[x]] != 0) continue;  /* an earlier one forced it (a shared literal) */
        u32 n = cycle_clause(g, x);  /* first: it may move C.clause */
        cdcl_imply(C.clause, n);
        C.stats.forced++;
        forced = 1;
      }
    }
    trail = cdcl_trail(&size);
  }
  return forced ? CONN_FORCED : CONN_QUIET;
}

int conn_propagate(u32 *conflict) {
  int result = CONN_QUIET;
  for (u32 gi = 0; gi < C.ngraphs; gi++) {
    graph *g = &C.graphs[gi];
    for (int pass = 0; pass < 2; pass++) {
      /* the forest first (it only forces edges false), then the connectivity check when due */
      int r = pass == 0 ? (g->acyclic ? forest_propagate(g, conflict) : CONN_QUIET) : (g->dirty ? check(g, conflict) : CONN_QUIET);
      if (r == CONN_CONFLICT) return r;
      if (r == CONN_FORCED) result = r;
    }
  }
  u32 size;
  const u32 *trail = cdcl_trail(&size);
  /* Graph by graph: literals another graph forces are seen at the next call (the result says FORCED). */
  for (u32 gi = 0; gi < C.ngraphs; gi++) {
    graph *g = &C.graphs[gi];
    const u32 *occ_start = g->occ_start, *occ_edge = g->occ_edge;
    const u8 *in_tree = g->in_tree;
    u32 nlits = g->nlits;
    for (; g->qhead < size; g->qhead++) {
      u32 l = trail[g->qhead];
      if (l >= nlits) continue;
      for (u32 k = occ_start[l], end = occ_start[l + 1]; k < end; k++) {
        u32 e = occ_edge[k];
        if (!in_tree[e]) continue;
        int r = repair(g, e, conflict);
        if (r == CONN_CONFLICT) return r;
        if (r == CONN_FORCED) { result = r; trail = cdcl_trail(&size); }
      }
    }
  }
  for (u32 gi = 0; gi < C.ngraphs; gi++) {
    graph *g = &C.graphs[gi];
    /* edges forced above are still to be propagated by the clauses */
    if (g->cap && cap_propagate(g, result == CONN_QUIET)) result = CONN_FORCED;
  }
  return result;
}
