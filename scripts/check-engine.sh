#!/usr/bin/env bash
# Fails if the committed src/sat/engine/engine.wasm is not what build.sh produces from the sources.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash "$root/src/sat/engine/build.sh" "$tmp/engine.wasm"
if cmp -s "$tmp/engine.wasm" "$root/src/sat/engine/engine.wasm"; then
  echo "engine.wasm is up to date ($(wc -c < "$tmp/engine.wasm") bytes)"
else
  echo "engine.wasm differs from a fresh build: run 'npm run build:engine' and commit the result" >&2
  exit 1
fi
