/* The engine's allocator interface over libc, for native profiling builds only (not the wasm). */
#include <stdlib.h>
#include <string.h>
#include "../../src/sat/engine/alloc.h"

void *mem_alloc(u64 bytes) { void *p = malloc(bytes ? bytes : 1); if (!p) abort(); return p; }
void *mem_realloc(void *p, u64 bytes) { void *q = realloc(p, bytes ? bytes : 1); if (!q) abort(); return q; }
void mem_free(void *p) { free(p); }
void mem_reset(void) {}
u64 mem_peak_bytes(void) { return 0; }
int alloc_out_of_memory(void) { return 0; }

#include <time.h>
double env_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
