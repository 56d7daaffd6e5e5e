#!/usr/bin/env bash
# CI fuzz smoke run: builds the libFuzzer target (clang-22, its own build directory) and fuzzes
# for FUZZ_SECONDS (default 75) from the seed corpus. Fails on any crash, sanitizer report,
# timeout or out-of-memory input; the input is left in $FUZZ_WORK/artifacts. A BUILD_DIR that is
# already configured (CI's build-sanitize, with the tests) is used as it is.
#   fuzz/smoke.sh [BUILD_DIR]          (default: build-fuzz)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build-fuzz}"
seconds="${FUZZ_SECONDS:-75}"
work="${FUZZ_WORK:-$(mktemp -d /tmp/divlint-fuzz-smoke.XXXXXX)}"

if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-22 CXX=clang++-22 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DDIVLINT_BUILD_FUZZER=ON -DDIVLINT_BUILD_TESTS=OFF -DDIVLINT_BUILD_TIDY_PLUGIN=OFF >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target divlint-fuzzer

bash "$root/fuzz/make_seed_corpus.sh" "$work/corpus"
mkdir -p "$work/artifacts"
echo "fuzz smoke: ${seconds} s, artifacts in $work/artifacts"
# A crash, leak, timeout (-timeout, per input) or OOM (-rss_limit_mb) exits non-zero.
set +e
"$build/bin/divlint-fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 \
  -max_len=8192 -dict="$root/fuzz/cuda.dict" -artifact_prefix="$work/artifacts/" \
  -print_final_stats=1 "$work/corpus" > "$work/fuzz.log" 2>&1
status=$?
set -e
tail -25 "$work/fuzz.log"
# slow-unit-* files (over 10 s) are kept for a look but are not failures; -timeout is.
if [ "$status" -ne 0 ] || ls "$work/artifacts" | grep -qv '^slow-unit-'; then
  # The report's head (what went wrong, its innermost frames) is what the tail above cuts off.
  echo "fuzz smoke: the report, from its first line:"
  grep -m1 -A40 -E 'runtime error:|ERROR: (Address|Leak|UndefinedBehavior)Sanitizer|ERROR: libFuzzer' \
    "$work/fuzz.log" || true
  for a in "$work"/artifacts/*; do
    [ -f "$a" ] || continue
    echo "fuzz smoke: input $(basename "$a") (as text, first 40 lines):"
    head -40 "$a" | cat -v
  done
  echo "fuzz smoke: FAILED (status $status); reproduce with: $build/bin/divlint-fuzzer $work/artifacts/<file>"
  exit 1
fi
echo "fuzz smoke: ok"
