#!/usr/bin/env bash
# Runs every emitted `divlint confirm` directory's run.sh on the GPU machine, in parallel, and
# packs what they leave (results/, logs/) into a few tarballs for judge.py.
# usage: run_all.sh EMIT_DIR OUT_DIR
# Environment: PAR (parallel run.sh, default 16), BUDGET (seconds for all of them, default 280:
#   the ones not started by then are left out, and the tarballs still get written),
#   SANITIZE (run compute-sanitizer memcheck on the first N probe binaries, default 0).
set -u
EMIT=$(cd "$1" && pwd); OUT=$2
PAR=${PAR:-16}; BUDGET=${BUDGET:-280}; SANITIZE=${SANITIZE:-0}
mkdir -p "$OUT"
start=$(date +%s)
{ nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader; nvcc --version | tail -n 2; nproc; } > "$OUT/environment.txt" 2>&1
export DIVLINT_NO_NCU=1 JOBS=1
ls -d "$EMIT"/*/ | sed 's:/$::' > /tmp/run_all.list
# Each run.sh builds its probe variant (nvcc) and runs the program once.
timeout -k 5 "$BUDGET" xargs -a /tmp/run_all.list -P "$PAR" -I{} bash -c 'bash {}/run.sh > {}/run_all.log 2>&1' 
echo "run.sh: $(( $(date +%s) - start )) s for $(wc -l < /tmp/run_all.list) dirs" | tee -a "$OUT/environment.txt"
if [ "$SANITIZE" -gt 0 ]; then
  CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  head -n "$SANITIZE" /tmp/run_all.list | while read -r d; do
    [ -x "$d/bin/probe" ] || continue
    ( cd "$d" && DIVLINT_PROBE_OUT=/dev/null timeout 30 "$CS" --tool memcheck --print-limit 5 bin/probe > results/memcheck.txt 2>&1; echo $? >> results/memcheck.txt )
  done
  echo "sanitize done: $(( $(date +%s) - start )) s" | tee -a "$OUT/environment.txt"
fi
# Pack results and logs (relative to EMIT) into 2 tarballs.
cd "$EMIT"
ls -d */ | sed 's:/$::' > /tmp/run_all.names
# (An earlier run on this machine left its parts and their .r lists: not this run's.)
rm -f /tmp/run_all.part.*
split -n l/2 -d /tmp/run_all.names /tmp/run_all.part.
for p in /tmp/run_all.part.[0-9][0-9]; do
  n=${p##*.}
  sed 's:$:/results:' "$p" > "$p.r"; sed 's:$:/logs:' "$p" >> "$p.r"
  tar czf "$OUT/results-$n.tgz" --ignore-failed-read -T "$p.r" 2>/dev/null
done
ls -la "$OUT"
echo "total: $(( $(date +%s) - start )) s"
