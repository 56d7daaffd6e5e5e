#!/usr/bin/env bash
# The sanitizer job (CI runs it after scripts/test.sh): divlint built with clang-22, ASan and
# UBSan (and libFuzzer coverage) into build-sanitize/, the whole test suite run against that
# build, then a short fuzz run of fuzz/divlint-fuzzer. Fails on any test failure, sanitizer
# report or fuzzer crash.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# -O1: what the sanitizers' authors recommend, and it compiles much faster than -O2.
CC=clang-22 CXX=clang++-22 cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DDIVLINT_BUILD_TESTS=ON -DDIVLINT_BUILD_FUZZER=ON
cmake --build build-sanitize -j"$(nproc)"
# Leak checking is off: clang's front end leaves its AST and file buffers to process exit by
# design, and those are not bugs. Every other ASan error and all UB end the run, with an exit
# status (86) that no divlint run gives: a test that accepts divlint's exit 1 cannot pass one.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1:exitcode=86"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=86"
(cd build-sanitize && ctest --output-on-failure -j"$(nproc)")
FUZZ_SECONDS="${FUZZ_SECONDS:-60}" bash fuzz/smoke.sh build-sanitize
