#!/usr/bin/env bash
# Runs on the GPU machine (through the `run` tool, from the repository root, with confirm-runs/
# carried): builds and runs every build directory, then copies plan, results and logs to $OUT.
set -u
OUT=${OUT:-/tmp/out}
nvidia-smi -L; command -v nvcc ncu; nvcc --version | tail -1
for d in confirm-runs/*/; do
  n=$(basename "$d")
  start=$(date +%s.%N)
  bash "$d/run.sh"; rc=$?
  echo "$n: run.sh rc=$rc, $(awk "BEGIN{print $(date +%s.%N) - $start}") s"
  mkdir -p "$OUT/$n" && cp -r "$d/plan.json" "$d/results" "$d/logs" "$OUT/$n/"
done
