#include "dimacs.h"
#include "alloc.h"

static inline int blank(u8 c) { return c == ' ' || c == '\t' || c == '\r' || c == 11 || c == 12; }

/* Reads an unsigned decimal at text[*p..end): 1, or 0 when there are no digits or 19 and more (the
 * value is kept exact, in a u64, up to 18 digits). The caller checks the range. */
static int read_number(const u8 *text, u32 *p, u32 end, u64 *value) {
  u32 i = *p, digits = 0;
  u64 v = 0;
  while (i < end && text[i] >= '0' && text[i] <= '9') {
    if (digits < 19) v = v * 10 + (u64)(text[i] - '0');
    digits++;
    i++;
  }
  *p = i;
  *value = v;
  return digits > 0 && digits < 19;
}

/* What dimacs_parse has read so far: the ints of the clauses and the clause being read. */
typedef struct {
  i32 *ints;
  u32 cap, len, open, open_at;
} reading;

/*
 * One clause line: tokens from text[p] up to its newline (or the end). Returns where the next line
 * starts, with *status set on a malformed token. Kept out of line: WebAssembly code only becomes
 * optimised code at its next call (there is no on-stack replacement), so the loop over a file's
 * lines stays small, and V8 optimises this function, called once a line, early in a large file;
 * a whole-file loop was optimised (at a cost of milliseconds) for no call at all.
 */
__attribute__((noinline)) static u32 clause_line(const u8 *text, u32 p, u32 n, u64 declared, reading *r, dimacs_result *out, int *status) {
  for (;;) {
    while (p < n && blank(text[p])) p++;
    if (p == n) return n;
    if (text[p] == '\n') return p + 1;
    u32 token = p;
    int negative = text[p] == '-';
    if (negative) p++;
    u64 value;
    int number = read_number(text, &p, n, &value);
    if (!number || (p < n && text[p] != '\n' && !blank(text[p]))) {
      *status = DIMACS_BAD_TOKEN; out->error_offset = token; return p;
    }
    if (value > declared) { *status = DIMACS_LITERAL_RANGE; out->error_offset = token; return p; }
    if (r->len + 2 > r->cap) {
      r->cap *= 2;
      r->ints = mem_realloc(r->ints, (u64)r->cap * 4);
    }
    if (value == 0) {
      r->ints[r->len++] = 0;
      out->clauses++;
      r->open = 0;
      continue;
    }
    if (r->open++ == 0) r->open_at = token;
    r->ints[r->len++] = negative ? -(i32)value : (i32)value;
  }
}

/*
 * A comment, `%` (the end, as some benchmark files have it) or header line at text[p]; a clause line
 * before the header is an error. Returns where the next line starts (n after `%` or an error). Out
 * of line for the reason clause_line is.
 */
__attribute__((noinline)) static u32 other_line(const u8 *text, u32 p, u32 n, int *have_header, dimacs_result *out, int *status) {
  u8 first = text[p];
  u32 end = p;
  while (end < n && text[end] != '\n') end++;
  if (first == 'c') return end + 1;
  if (first == '%') return n;
  if (first != 'p') { *status = DIMACS_CLAUSE_BEFORE_HEADER; out->error_offset = p; return n; }
  if (*have_header) { *status = DIMACS_SECOND_HEADER; out->error_offset = p; return n; }
  u32 q = p + 1;
  u64 vars = 0, count = 0;
  int ok = q < end && blank(text[q]);
  while (q < end && blank(text[q])) q++;
  ok = ok && q + 3 <= end && text[q] == 'c' && text[q + 1] == 'n' && text[q + 2] == 'f';
  q += 3;
  ok = ok && q < end && blank(text[q]);
  while (q < end && blank(text[q])) q++;
  ok = ok && read_number(text, &q, end, &vars) && q < end && blank(text[q]);
  while (q < end && blank(text[q])) q++;
  ok = ok && read_number(text, &q, end, &count);
  while (q < end && blank(text[q])) q++;
  if (!ok || q != end || vars > 0x0FFFFFFF || count > 0xFFFFFFFFu) { *status = DIMACS_BAD_HEADER; out->error_offset = p; return n; }
  out->declared_vars = (u32)vars;
  out->declared_clauses = (u32)count;
  *have_header = 1;
  return end + 1;
}

/*
 * One pass over the bytes: clause lines, nearly all of the file, are read token by token up to their
 * newline (clause_line); only comment and header lines are first measured for their end.
 */
int dimacs_parse(const u8 *text, u32 n, dimacs_result *out) {
  __builtin_memset(out, 0, sizeof *out);
  /* ints used; literals of the clause being read. Sized for the usual 4+ bytes a number (regrowing
   * the array from small cost a tenth of the parse). */
  reading r = { 0, 1024 + n / 4, 0, 0, 0 };
  r.ints = mem_alloc((u64)r.cap * 4);
  int have_header = 0, status = DIMACS_OK;
  u32 i = (n >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF) ? 3 : 0; /* UTF-8 BOM */
  while (i < n && status == DIMACS_OK) {
    u32 p = i;
    while (p < n && blank(text[p])) p++;
    if (p == n) break;
    u8 first = text[p];
    if (first == '\n') { i = p + 1; continue; }
    if (first == 'c' || first == '%' || first == 'p' || !have_header) {
      i = other_line(text, p, n, &have_header, out, &status);
      continue;
    }
    i = clause_line(text, p, n, out->declared_vars, &r, out, &status);
  }
  if (status == DIMACS_OK && !have_header) status = DIMACS_NO_HEADER;
  if (status == DIMACS_OK && r.open > 0) { status = DIMACS_UNTERMINATED; out->error_offset = r.open_at; }
  if (status != DIMACS_OK) { mem_free(r.ints); return status; }
  out->ints = r.ints;
  out->nints = r.len;
  return DIMACS_OK;
}
