#!/usr/bin/env bash
# On the GPU machine (through the device `run` tool, from the repository root, confirm-runs/
# carried): runs every build directory's run.sh, then packs plans, results and logs into
# $OUT/device-results.tgz.
set -u
OUT=${OUT:-/tmp/out}
nvidia-smi -L; nvcc --version | tail -1
for d in confirm-runs/*/; do
  start=$(date +%s.%N)
  bash "$d/run.sh" > "$d/run.log" 2>&1; rc=$?
  echo "$(basename "$d"): run.sh rc=$rc, $(awk "BEGIN{print $(date +%s.%N) - $start}") s"
done
mkdir -p "$OUT"
tar czf "$OUT/device-results.tgz" confirm-runs/*/plan.json confirm-runs/*/results confirm-runs/*/logs confirm-runs/*/run.log
