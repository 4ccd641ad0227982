#!/usr/bin/env bash
# Builds the SAT engine (CDCL with its connectivity propagator, look-ahead, and strategy.c choosing between them) into engine.wasm (or into $1). Freestanding: clang + wasm-ld, no libc.
# The output is byte-reproducible for a given clang/lld version (scripts/check-engine.sh checks it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/engine.wasm}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cflags=(--target=wasm32 -O3 -nostdlib -ffreestanding -fno-builtin -g0
        -mbulk-memory -msign-ext -mnontrapping-fptoint -mmutable-globals
        -Wall -Wextra -Werror -ffile-prefix-map="$here"=.)
for src in alloc solver connectivity strategy lookahead dimacs api; do
  clang "${cflags[@]}" -c "$here/$src.c" -o "$tmp/$src.o"
done
# 64 KiB stack; memory grows on demand up to the wasm32 limit (4 GiB).
wasm-ld --no-entry --strip-all -z stack-size=65536 --max-memory=4294967296 \
  -o "$tmp/engine.wasm" "$tmp/alloc.o" "$tmp/solver.o" "$tmp/connectivity.o" "$tmp/strategy.o" "$tmp/lookahead.o" "$tmp/dimacs.o" "$tmp/api.o"
mv "$tmp/engine.wasm" "$out"
