#!/usr/bin/env bash
# On the GPU machine (device `run` tool, repository root, confirm-runs/ carried): Nsight Compute's
# warp execution efficiency of each regrouping kernel as written (the `unprobed` variant of its
# `divlint confirm` build directory, built as its run.sh builds it), one launch each, into
# $OUT/ncu-<name>.csv. Compare with divlint's kernels[].predicted_warp_execution_efficiency.
set -u
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
for d in confirm-runs/regroup_*/; do
  name=$(basename "$d")
  cmd=$(grep '^build unprobed ' "$d/run.sh" | sed 's/^build unprobed //; s/ &$//')
  (cd "$d" && mkdir -p bin && eval nvcc "$cmd" > /dev/null 2>&1) || { echo "$name: build failed"; continue; }
  (cd "$d" && ncu --csv --launch-count 1 \
      --metrics smsp__thread_inst_executed.sum,smsp__inst_executed.sum \
      bin/unprobed --variant unprobed --out /tmp/ncu-run.json --reps 1 --warmup 0) \
      > "$OUT/ncu-$name.csv" 2> "$OUT/ncu-$name.err"
  echo "$name: rc=$?"
done
