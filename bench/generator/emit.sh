#!/usr/bin/env bash
# Writes one `divlint confirm` program-mode build directory per generated program (no GPU needed).
# usage: emit.sh GEN_DIR EMIT_DIR [JOBS]
#   GEN_DIR   what gen.py wrote (gS_NNNN.cu + .meta.json)
#   EMIT_DIR  gets EMIT_DIR/<program>/ (plan.json, run.sh, src/...), one per program
# Environment: DIVLINT (default: build/bin/divlint of this checkout), ARCH (default sm_90).
set -u
GEN=$(cd "$1" && pwd); EMIT=$2; JOBS=${3:-2}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DIVLINT=${DIVLINT:-$HERE/../../build/bin/divlint}
ARCH=${ARCH:-sm_90}
mkdir -p "$EMIT"; EMIT=$(cd "$EMIT" && pwd)
export DIVLINT ARCH EMIT GEN
# Program mode copies the sources beside the program into its directory: each program is
# emitted from a folder of its own (EMIT/.one/<program>/, left out of the carried tarball).
ls "$GEN"/*.cu | xargs -P "$JOBS" -I{} bash -c '
  f={}; p=$(basename "$f" .cu)
  [ -f "$EMIT/$p/plan.json" ] && exit 0
  rm -rf "$EMIT/$p"
  mkdir -p "$EMIT/.one/$p" && cp "$f" "$EMIT/.one/$p/"
  if ! "$DIVLINT" confirm "$EMIT/.one/$p/$p.cu" --arch="$ARCH" --emit-only "$EMIT/$p" -- > "$EMIT/$p.emit.log" 2>&1; then
    echo "emit failed: $p (see $EMIT/$p.emit.log)"
  fi'
echo "emitted: $(ls -d "$EMIT"/*/ 2>/dev/null | wc -l) of $(ls "$GEN"/*.cu | wc -l)"
