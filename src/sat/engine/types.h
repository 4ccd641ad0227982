/* Fixed-width types for the freestanding wasm32 build (no libc headers). */
#ifndef GS_TYPES_H
#define GS_TYPES_H

typedef unsigned char u8;
typedef signed char i8;
typedef unsigned int u32;
typedef int i32;
typedef unsigned long long u64;
typedef long long i64;
typedef __SIZE_TYPE__ size_t;

#define EXPORT(name) __attribute__((export_name(name)))

#endif
