#include "dimacs.h"
#include "alloc.h"

static inline int blank(u8 c) { return c == ' ' || c == '\t' || c == '\r' || c == 11 || c == 12; }

/* Reads an unsigned decimal at text[*p..end) (at most 10 digits, no overflow of u64); 0 if none. */
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

/*
 * One pass over the bytes: clause lines, nearly all of the file, are read token by token up to their
 * newline; only comment and header lines are first measured for their end.
 */
int dimacs_parse(const u8 *text, u32 n, dimacs_result *out) {
  __builtin_memset(out, 0, sizeof *out);
  /* ints used; literals of the clause being read. Sized for the usual 4+ bytes a number (regrowing
   * the array from small cost a tenth of the parse). */
  u32 cap = 1024 + n / 4, len = 0, open = 0;
  i32 *ints = mem_alloc((u64)cap * 4);
  int have_header = 0, status = DIMACS_OK;
  u32 i = (n >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF) ? 3 : 0; /* UTF-8 BOM */
  u32 open_at = 0;
  while (i < n && status == DIMACS_OK) {
    u32 p = i;
    while (p < n && blank(text[p])) p++;
    if (p == n) break;
    u8 first = text[p];
    if (first == '\n') { i = p + 1; continue; }
    if (first == 'c' || first == '%' || first == 'p' || !have_header) {
      u32 end = p;
      while (end < n && text[end] != '\n') end++;
      i = end + 1;
      if (first == 'c') continue;
      if (first == '%') break;
      if (first != 'p') { status = DIMACS_CLAUSE_BEFORE_HEADER; out->error_offset = p; break; }
      if (have_header) { status = DIMACS_SECOND_HEADER; out->error_offset = p; break; }
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
      if (!ok || q != end || vars > 0x0FFFFFFF || count > 0xFFFFFFFFu) {
        status = DIMACS_BAD_HEADER; out->error_offset = p; break;
      }
      out->declared_vars = (u32)vars;
      out->declared_clauses = (u32)count;
      have_header = 1;
      continue;
    }
    /* a clause line: tokens up to the newline */
    u64 declared = out->declared_vars;
    for (;;) {
      while (p < n && blank(text[p])) p++;
      if (p == n) { i = n; break; }
      if (text[p] == '\n') { i = p + 1; break; }
      u32 token = p;
      int negative = text[p] == '-';
      if (negative) p++;
      u64 value = 0;
      u32 digits = 0;
      while (p < n && (u8)(text[p] - '0') < 10) {
        if (digits < 19) value = value * 10 + (u64)(text[p] - '0');
        digits++;
        p++;
      }
      if (digits == 0 || digits >= 19 || (p < n && text[p] != '\n' && !blank(text[p]))) {
        status = DIMACS_BAD_TOKEN; out->error_offset = token; break;
      }
      if (value > declared) { status = DIMACS_LITERAL_RANGE; out->error_offset = token; break; }
      if (len + 2 > cap) {
        cap *= 2;
        ints = mem_realloc(ints, (u64)cap * 4);
      }
      if (value == 0) {
        ints[len++] = 0;
        out->clauses++;
        open = 0;
        continue;
      }
      if (open++ == 0) open_at = token;
      ints[len++] = negative ? -(i32)value : (i32)value;
    }
  }
  if (status == DIMACS_OK && !have_header) status = DIMACS_NO_HEADER;
  if (status == DIMACS_OK && open > 0) { status = DIMACS_UNTERMINATED; out->error_offset = open_at; }
  if (status != DIMACS_OK) { mem_free(ints); return status; }
  out->ints = ints;
  out->nints = len;
  return DIMACS_OK;
}
