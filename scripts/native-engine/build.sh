#!/usr/bin/env bash
# Builds the engine natively (clang -O2 -g) for profiling: bash scripts/native-engine/build.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
eng="$here/../../src/sat/engine"
out="${1:-/tmp/engine-native}"
clang -O2 -g -w ${NATIVE_CFLAGS:-} -o "$out" "$here/main.c" "$here/alloc-native.c" \
  "$eng/solver.c" "$eng/strategy.c" "$eng/lookahead.c" "$eng/dimacs.c" "$eng/api.c" "$eng/connectivity.c"
echo "$out"
