/*
 * Freestanding allocator. Blocks carry an 8-byte header holding their size class; a block of
 * class k has 2^k payload bytes. Freed blocks go to a per-class free list and are reused as is.
 * The solver's allocations are growable vectors that double, so power-of-two classes fit them
 * and fragmentation stays bounded without coalescing.
 */
#include "alloc.h"

extern unsigned char __heap_base;

#define PAGE 65536ull
#define MIN_CLASS 4
#define NUM_CLASSES 32
#define HEADER 8u

static u64 heap_top;   /* first unused byte */
static u64 heap_end;   /* end of linear memory */
static void *free_lists[NUM_CLASSES];
static int out_of_memory;

static u32 class_for(u64 bytes) {
  u32 k = MIN_CLASS;
  while (k < NUM_CLASSES && ((u64)1 << k) < bytes) k++;
  return k;
}

static void fail(void) {
  out_of_memory = 1;
  __builtin_trap();
}

void *mem_alloc(u64 bytes) {
  u32 k = class_for(bytes);
  if (k >= NUM_CLASSES) fail();
  if (free_lists[k]) {
    void *p = free_lists[k];
    free_lists[k] = *(void **)p;
    return p;
  }
  if (heap_top == 0) {
    heap_top = ((u64)(size_t)&__heap_base + 7) & ~7ull;
    heap_end = (u64)__builtin_wasm_memory_size(0) * PAGE;
  }
  u64 need = HEADER + ((u64)1 << k);
  if (heap_top + need > heap_end) {
    u64 pages = (heap_top + need - heap_end + PAGE - 1) / PAGE;
    if (heap_end + pages * PAGE > 4ull * 1024 * 1024 * 1024) fail();
    if (__builtin_wasm_memory_grow(0, (size_t)pages) == (size_t)-1) fail();
    heap_end += pages * PAGE;
  }
  u8 *block = (u8 *)(size_t)heap_top;
  heap_top += need;
  *(u32 *)block = k;
  return block + HEADER;
}

void mem_free(void *p) {
  if (!p) return;
  u32 k = *(u32 *)((u8 *)p - HEADER);
  *(void **)p = free_lists[k];
  free_lists[k] = p;
}

void *mem_realloc(void *p, u64 bytes) {
  if (!p) return mem_alloc(bytes);
  u32 k = *(u32 *)((u8 *)p - HEADER);
  if (bytes <= ((u64)1 << k)) return p;
  void *q = mem_alloc(bytes);
  __builtin_memcpy(q, p, (size_t)1 << k);
  mem_free(p);
  return q;
}

/* Forgets every block: the memory already claimed is reused from its start by the next solver. */
void mem_reset(void) {
  heap_top = 0;
  for (u32 k = 0; k < NUM_CLASSES; k++) free_lists[k] = 0;
}

u64 mem_peak_bytes(void) { return (u64)__builtin_wasm_memory_size(0) * PAGE; }

int alloc_out_of_memory(void) { return out_of_memory; }
