#!/usr/bin/env bash
# Runs on the GPU machine (through the `run` tool, from the repository root, with confirm-runs/
# carried): builds and runs every build directory, then packs plans, results and logs into
# $OUT/device-results.tgz (the tool returns a limited number of files).
set -u
OUT=${OUT:-/tmp/out}
nvidia-smi -L; command -v nvcc ncu; nvcc --version | tail -1
for d in confirm-runs/*/; do
  n=$(basename "$d")
  start=$(date +%s.%N)
  bash "$d/run.sh"; rc=$?
  echo "$n: run.sh rc=$rc, $(awk "BEGIN{print $(date +%s.%N) - $start}") s"
done
mkdir -p "$OUT"
tar czf "$OUT/device-results.tgz" confirm-runs/*/plan.json confirm-runs/*/results confirm-runs/*/logs
