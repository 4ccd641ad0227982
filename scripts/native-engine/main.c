/*
 * Native driver for the engine's C sources (profiling with perf/callgrind, noise-free conflict
 * counts). Usage: engine-native FILE.cnf [--count N] [--proj P] [--conflicts C]
 * --count N enumerates up to N solutions the way src/cnf/queries.ts does (a selector assumed true,
 * blocking clauses over variables 1..P guarded by it). Prints one line per solve and a summary.
 * Files written by dump-hashi.mjs also carry connectivity graphs (`c gs-graph N M`, then M lines
 * `c gs-edge U V LIT`, added where they stand among the clauses, as the wasm binding adds them) and
 * the projection (`c gs-proj LIT...`, blocking on those literals instead of variables 1..P).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../../src/sat/engine/solver.h"
#include "../../src/sat/engine/alloc.h"

int gs_add_dimacs(unsigned n);
int gs_add_connectivity(unsigned nvertices, unsigned nedges);
int gs_connectivity_capacity(unsigned nvertices, unsigned nedges, unsigned nweights);
const double *gs_conn_stats(void);
unsigned char *gs_text_buffer(unsigned n);
int *gs_buffer(unsigned n);
int gs_solve(unsigned n);
unsigned gs_new_var(void);
int gs_add_clauses(unsigned n);
const unsigned char *gs_model(void);
const double *gs_stats(void);
void gs_set_limits(double c, double p, double d);

static double cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s FILE.cnf [--count N] [--proj P] [--conflicts C]\n", argv[0]); return 2; }
  int count = 1; long proj = -1; double conflicts = -1;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--count")) count = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--proj")) proj = atol(argv[i + 1]);
    else if (!strcmp(argv[i], "--conflicts")) conflicts = atof(argv[i + 1]);
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
  unsigned char *text = gs_text_buffer((unsigned)n + 1);
  if (fread(text, 1, (size_t)n, f) != (size_t)n) { perror("read"); return 2; }
  fclose(f);
  text[n] = 0;
  int *projection = 0; long nproj = 0;
  double t0 = cpu_ms();
  solver_init();
  if (strstr((char *)text, "c gs-")) {
    /* Copy the text: the binding's buffers are reused below. Clauses go in by add_clauses, graphs by
     * add_connectivity, in file order. */
    char *copy = malloc((size_t)n + 1); memcpy(copy, text, (size_t)n + 1);
    int *ints = malloc(sizeof(int) * ((size_t)n + 1)); long nints = 0;
    projection = malloc(sizeof(int) * ((size_t)n + 1));
    char *line = copy;
    while (line && *line) {
      char *eol = strchr(line, '\n');
      if (eol) *eol = 0;
      if (!strncmp(line, "c gs-graph", 10)) {
        unsigned nv = 0, ne = 0;
        sscanf(line + 10, "%u %u", &nv, &ne);
        if (nints) { memcpy(gs_buffer((unsigned)nints), ints, sizeof(int) * (size_t)nints); gs_add_clauses((unsigned)nints); nints = 0; }
        int *triples = malloc(sizeof(int) * 3 * (ne ? ne : 1));
        int *wcount = calloc(ne ? ne : 1, sizeof(int)), *wlits = malloc(sizeof(int) * ((size_t)n + 1)); long nw = 0;
        for (unsigned e = 0; e < ne; e++) {
          line = eol + 1; eol = strchr(line, '\n'); if (eol) *eol = 0;
          int used = 0;
          if (sscanf(line, "c gs-edge %d %d %d%n", &triples[3 * e], &triples[3 * e + 1], &triples[3 * e + 2], &used) != 3) { fprintf(stderr, "bad edge line\n"); return 2; }
          char *p = line + used, *q;  /* the edge's weight literals, if any */
          for (long v; (v = strtol(p, &q, 10)), q != p; p = q) { wlits[nw++] = (int)v; wcount[e]++; }
        }
        memcpy(gs_buffer(3 * ne), triples, sizeof(int) * 3 * ne);
        free(triples);
        gs_add_connectivity(nv, ne);
        if (eol && !strncmp(eol + 1, "c gs-demand", 11)) {
          line = eol + 1; eol = strchr(line, '\n'); if (eol) *eol = 0;
          int *buf = gs_buffer(nv + ne + (unsigned)nw);
          char *p = line + 11, *q; unsigned k = 0;
          for (long v; k < nv && ((v = strtol(p, &q, 10)), q != p); p = q) buf[k++] = (int)v;
          for (unsigned e = 0; e < ne; e++) buf[nv + e] = wcount[e];
          for (long i = 0; i < nw; i++) buf[nv + ne + i] = wlits[i];
          if (gs_connectivity_capacity(nv, ne, (unsigned)nw) < 0) { fprintf(stderr, "capacity rejected\n"); return 2; }
        }
        free(wcount); free(wlits);
      } else if (!strncmp(line, "c gs-proj", 9)) {
        char *p = line + 9, *q;
        for (long v; (v = strtol(p, &q, 10)), q != p; p = q) projection[nproj++] = (int)v;
      } else if (line[0] != 'c' && line[0] != 'p') {
        char *p = line, *q;
        for (long v; (v = strtol(p, &q, 10)), q != p; p = q) ints[nints++] = (int)v;
      }
      line = eol ? eol + 1 : 0;
    }
    if (nints) { memcpy(gs_buffer((unsigned)nints), ints, sizeof(int) * (size_t)nints); gs_add_clauses((unsigned)nints); }
    /* variables no clause mentions still exist (the binding's flush before a solve) */
    unsigned declared = 0;
    sscanf(strstr((char *)text, "p cnf") ? strstr((char *)text, "p cnf") + 5 : "0", "%u", &declared);
    while (solver_num_vars() < declared) gs_new_var();
    free(ints); free(copy);
  } else {
    int ok = gs_add_dimacs((unsigned)n);
    if (ok < 0) { fprintf(stderr, "bad DIMACS (%d)\n", ok); return 2; }
  }
  unsigned nv = solver_num_vars();
  if (proj < 0) proj = nv;
  gs_set_limits(conflicts, -1, -1);
  int found = 0, result = 0;
  if (count <= 1) {
    int *buf = gs_buffer(1);
    (void)buf;
    result = gs_solve(0);
    if (result == 10) found = 1;
    printf("c solve 1: %d conflicts %.0f\n", result, gs_stats()[0]);
    if (result == 10 && getenv("CHECK_MODEL")) {
      /* every clause of the file satisfied by the model (plain DIMACS only) */
      const unsigned char *m = gs_model();
      FILE *g = fopen(argv[1], "rb");
      char ln[1 << 16]; int sat = 0; long bad = 0, line_no = 0;
      while (g && fgets(ln, sizeof ln, g)) {
        line_no++;
        if (ln[0] == 'c' || ln[0] == 'p') continue;
        char *p = ln, *q;
        for (long v; (v = strtol(p, &q, 10)), q != p; p = q) {
          if (v == 0) { if (!sat) bad++; sat = 0; }
          else if ((m[v > 0 ? v : -v] != 0) == (v > 0)) sat = 1;
        }
      }
      if (g) fclose(g);
      printf("c model check: %ld falsified clauses\n", bad);
    }
  } else {
    unsigned sel = gs_new_var();
    for (;;) {
      int *buf = gs_buffer(1);
      buf[0] = (int)sel;
      result = gs_solve(1);
      printf("c solve %d: %d conflicts %.0f\n", found + 1, result, gs_stats()[0]);
      if (result != 10) break;
      found++;
      if (found >= count) break;
      const unsigned char *m = gs_model();
      if (projection) {
        buf = gs_buffer((unsigned)nproj + 2);
        buf[0] = -(int)sel;
        for (long i = 0; i < nproj; i++) { int l = projection[i], v = l > 0 ? l : -l; buf[i + 1] = (m[v] != 0) == (l > 0) ? -l : l; }
        buf[nproj + 1] = 0;
        gs_add_clauses((unsigned)nproj + 2);
      } else {
        buf = gs_buffer((unsigned)proj + 2);
        buf[0] = -(int)sel;
        for (long v = 1; v <= proj; v++) buf[v] = m[v] ? -(int)v : (int)v;
        buf[proj + 1] = 0;
        gs_add_clauses((unsigned)proj + 2);
      }
    }
  }
  double t1 = cpu_ms();
  const double *s = gs_stats();
  const double *cs = gs_conn_stats();
  printf("s %s found=%d conflicts=%.0f decisions=%.0f propagations=%.0f cpu_ms=%.1f conn_checks=%.0f conn_conflicts=%.0f conn_forced=%.0f probe_rounds=%.0f probe_failed=%.0f probe_hbrs=%.0f\n",
         result == 10 ? "SAT" : result == 20 ? "UNSAT" : "UNKNOWN", found, s[0], s[1], s[2], t1 - t0, cs[0], cs[1], cs[2], s[7], s[8], s[9]);
  return 0;
}
