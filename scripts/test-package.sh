#!/usr/bin/env bash
# Checks the Debian package as a user gets it: unpacks build/divlint_*_amd64.deb (scripts/package.sh)
# into a temporary root with dpkg -x and runs the INSTALLED divlint and clang-tidy plugin (loaded
# into clang-tidy-22, directly and through the installed clang-tidy-divlint) on examples/. Fails
# loudly on the first finding that is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
debs=(build/divlint_*_amd64.deb)
if [ ${#debs[@]} -ne 1 ]; then
  echo "test-package: expected one build/divlint_*_amd64.deb (run scripts/package.sh)" >&2
  exit 1
fi
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "${debs[0]}" "$root"
echo "test-package: ${debs[0]} unpacked into $root"

fail() { echo "test-package: FAIL: $*" >&2; exit 1; }
expect() { # expect WHAT TEXT FILE: FILE contains the line TEXT
  grep -qF -- "$2" "$3" || { echo "--- output:"; cat "$3"; fail "$1: no '$2'"; }
  echo "test-package: ok: $1"
}
out="$root/out"
for f in usr/bin/divlint usr/bin/clang-tidy-divlint usr/lib/divlint/DivlintTidyModule.so \
         usr/share/divlint/divlint_cuda_compat.h usr/share/divlint/divlint_nv_atomics.h \
         usr/share/doc/divlint/README.md \
         usr/share/doc/divlint/docs/ARCHITECTURE.md; do
  [ -e "$root/$f" ] || fail "the package has no /$f"
done
divlint="$root/usr/bin/divlint"

"$divlint" --version > "$out"
expect "divlint --version" "divlint $(sed -n 's/^project(divlint .*VERSION \([0-9.]*\)).*/\1/p' CMakeLists.txt)" "$out"

# The installed CLI: clang's resource directory found, the findings of examples/ as in README.
set +e
"$divlint" --color=never --no-cuda examples/warp_aligned.cu examples/tail_guard.cu examples/reduction.cu > "$out" 2>&1
rc=$?
set -e
[ "$rc" -eq 0 ] || { cat "$out"; fail "divlint on examples/ exited $rc (expected 0: warnings only)"; }
expect "divlint: the lane test of warp_aligned.cu" \
  "examples/warp_aligned.cu:13:7: note: 'if' condition 'lane == 0' is lane-varying (every-warp, 8/8 warps diverge, 1/32 lanes true)" "$out"
expect "divlint: the interleaved step of reduction.cu" \
  "examples/reduction.cu:10:9: warning: 'if' condition 'tid % (2 * st) == 0' is lane-varying (every-warp, 8/8 warps diverge)" "$out"
expect "divlint: the bounds guard of tail_guard.cu" \
  "examples/tail_guard.cu:4:7: note: 'if' condition 'i < n' is lane-varying (tail)" "$out"
if grep -q "warp % 2" "$out"; then fail "divlint reported the warp-uniform branch"; fi
if [ -d /usr/local/cuda/include ]; then # the real CUDA headers, through the installed compat header
  "$divlint" --color=never examples/reduction.cu > "$out" 2>&1 || true
  expect "divlint with /usr/local/cuda" "examples/reduction.cu:" "$out"
fi

# The installed plugin in clang-tidy-22. Without a CUDA installation, the prelude divlint uses.
if [ -d /usr/local/cuda/include ]; then
  cuda_args=(--cuda-path=/usr/local/cuda -isystem /usr/local/cuda/include/cccl)
else
  cuda_args=(-nocudainc -include lib/Frontend/prelude/divlint_cuda_prelude.h)
fi
tidy_args=(--checks='-*,cuda-divergence-*' examples/reduction.cu --
           -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudalib -Wno-unknown-cuda-version
           -Xclang -target-sdk-version=12.8 "${cuda_args[@]}")
clang-tidy-22 --load="$root/usr/lib/divlint/DivlintTidyModule.so" "${tidy_args[@]}" > "$out" 2>&1 || {
  cat "$out"; fail "clang-tidy-22 --load=<installed plugin> failed"; }
expect "clang-tidy-22 --load=<installed plugin>" \
  "examples/reduction.cu:10:9: warning: 'if' condition 'tid % (2 * st) == 0' is lane-varying (every-warp, 8/8 warps diverge)" "$out"
expect "clang-tidy-22 --load=<installed plugin>: the check name" "[cuda-divergence-branch]" "$out"
"$root/usr/bin/clang-tidy-divlint" "${tidy_args[@]}" > "$out" 2>&1 || {
  cat "$out"; fail "the installed clang-tidy-divlint failed"; }
expect "installed clang-tidy-divlint finds the installed plugin" \
  "examples/reduction.cu:10:9: warning: 'if' condition 'tid % (2 * st) == 0' is lane-varying" "$out"
echo "test-package: all passed"
