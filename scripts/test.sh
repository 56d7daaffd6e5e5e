#!/usr/bin/env bash
# Installs the dependencies, builds divlint with its tests, runs every test (unit, lit, spec
# conformance when ../shared/spec is present). Fails on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDIVLINT_BUILD_TESTS=ON
cmake --build build -j"$(nproc)"
cd build
ctest --output-on-failure -j"$(nproc)"
