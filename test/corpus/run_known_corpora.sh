#!/usr/bin/env bash
# Runs run_corpus.sh over the public corpora of test/corpus/README.md, checked out under DIR
# (DIR/cuda-samples, DIR/PolyBench-ACC, DIR/gpu-rodinia, DIR/llm.c), with the include paths their
# own build systems pass. Options after DIVLINT go to run_corpus.sh (-j2, --tu-only, ...);
# with JSON_DIR set, each corpus' per-file details go to $JSON_DIR/NAME.json.
#   test/corpus/run_known_corpora.sh DIR [DIVLINT [run_corpus options...]]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$(cd "${1:?usage: $0 DIR [DIVLINT [options...]]}" && pwd)"
divlint="${2:-$here/../../build/bin/divlint}"
shift $(( $# >= 2 ? 2 : 1 ))
status=0
run() { # NAME [--exclude RE --] [compiler args...]
  local name="$1"
  shift
  local own=()
  if [ "${1:-}" = "--exclude" ]; then
    own=(--exclude "$2")
    shift 3 # --exclude RE --
  fi
  if [ ! -d "$dir/$name" ]; then
    echo "run_known_corpora: $dir/$name is missing; skipped" >&2
    return
  fi
  local json=()
  [ -n "${JSON_DIR:-}" ] && json=(--json "$JSON_DIR/$name.json")
  "$here/run_corpus.sh" --name "$name" --include-own-dir "${json[@]}" "${own[@]}" "${OPTS[@]}" \
    "$dir/$name" "$divlint" \
    -- "$@" || status=1
}
OPTS=("$@")
# NVIDIA/cuda-samples: Common/ (helper_cuda.h and friends), FDTD3d keeps its headers in inc/.
# Its CMake builds 8_Platform_Specific/Tegra only on Tegra (aarch64) and simpleD3D11/12 only on
# Windows: those are left out (counted as excluded). vulkanImageCUDA needs libglfw3-dev and
# libvulkan-dev installed.
EXCLUDE='/8_Platform_Specific/Tegra/|/simpleD3D1[12]/'
run cuda-samples --exclude "$EXCLUDE" -- -I"$dir/cuda-samples/Common" \
  -I"$dir/cuda-samples/Samples/5_Domain_Specific/FDTD3d/inc"
# cavazos-lab/PolyBench-ACC: common/polybench.h.
run PolyBench-ACC -I"$dir/PolyBench-ACC/common"
# yuhc/gpu-rodinia: its common/, the per-benchmark directories its makefiles add, and the CUDA
# samples' Common/ that cfd expects from the SDK.
run gpu-rodinia -I"$dir/gpu-rodinia/common" -I"$dir/gpu-rodinia/cuda/lud/common" \
  -I"$dir/gpu-rodinia/cuda/leukocyte/meschach_lib" -I"$dir/gpu-rodinia/cuda/heartwall/AVI" \
  -I"$dir/cuda-samples/Common"
# karpathy/llm.c: everything is included relative to the file.
run llm.c
exit $status
