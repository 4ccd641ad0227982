/* A small allocator over wasm linear memory: power-of-two size classes with free lists. */
#ifndef GS_ALLOC_H
#define GS_ALLOC_H
#include "types.h"

/* Never returns NULL: running out of the 4 GiB address space traps (see alloc_out_of_memory). */
void *mem_alloc(u64 bytes);
void *mem_realloc(void *p, u64 bytes);
void mem_free(void *p);
/* Frees everything at once (linear memory itself never shrinks). */
void mem_reset(void);
/* Bytes of linear memory claimed so far (the heap only grows, so this is also the peak). */
u64 mem_peak_bytes(void);
/* 1 after an allocation failed (the engine then traps; the binding reports it). */
int alloc_out_of_memory(void);

#endif
