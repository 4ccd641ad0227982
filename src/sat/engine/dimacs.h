/*
 * DIMACS CNF read inside the engine: a large file then costs one copy of its bytes into linear
 * memory instead of millions of small JS arrays. The rules are those of src/sat/dimacs.ts, which
 * the binding runs on a failure to word the error with its line and column.
 */
#ifndef GS_DIMACS_H
#define GS_DIMACS_H
#include "types.h"

#define DIMACS_OK 0
#define DIMACS_NO_HEADER 1
#define DIMACS_BAD_HEADER 2
#define DIMACS_SECOND_HEADER 3
#define DIMACS_CLAUSE_BEFORE_HEADER 4
#define DIMACS_BAD_TOKEN 5
#define DIMACS_LITERAL_RANGE 6
#define DIMACS_UNTERMINATED 7

typedef struct {
  u32 declared_vars, declared_clauses, clauses;
  u32 error_offset;  /* byte offset of the offending token or line */
  i32 *ints;         /* the clauses, each 0-terminated (mem_alloc'd; the caller frees it) */
  u32 nints;
} dimacs_result;

/* Parses text[0..n); returns DIMACS_OK or an error code (then out->ints is 0). */
int dimacs_parse(const u8 *text, u32 n, dimacs_result *out);

#endif
