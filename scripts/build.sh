#!/usr/bin/env bash
# Installs the dependencies, builds divlint (Release) into build/, runs it on examples/*.cu.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
echo "== divlint examples/*.cu"
# divlint exits 0 when there are no error findings; the examples have warnings only.
./build/bin/divlint examples/*.cu
