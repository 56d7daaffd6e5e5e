#!/usr/bin/env bash
# Runs every emitted build directory of the soundness corpus on a GPU machine and packs what
# they left (results/, trimmed logs/) for `judge.py` here.
#   bash run_all.sh EMIT.tar.xz|EMIT_DIR [OUTDIR]
# Environment: P (programs at a time, default 16), PER_PROGRAM (seconds for one run.sh, builds
# included, default 240), DEADLINE (seconds for all, default 330: packing starts then, whatever
# is still running is killed), NVCC (default: nvcc on PATH, else $CUDA_PATH/bin/nvcc).
# Writes OUTDIR/results.tar.xz (default OUTDIR: $OUT, else .) and OUTDIR/device.txt.
set -u
SRC="${1:?usage: run_all.sh EMIT.tar.xz|EMIT_DIR [OUTDIR]}"
DEST="${2:-${OUT:-.}}"
P="${P:-16}"; PER_PROGRAM="${PER_PROGRAM:-240}"; DEADLINE="${DEADLINE:-330}"
WORK="${WORK:-/tmp/soundness-run}"
export NVCC="${NVCC:-$(command -v nvcc || echo "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc")}"
export JOBS=1 DIVLINT_NO_NCU=1
START=$(date +%s)
rm -rf "$WORK" && mkdir -p "$WORK" "$DEST"
if [ -d "$SRC" ]; then cp -r "$SRC" "$WORK/emit"; else mkdir -p "$WORK/emit" && tar -xJf "$SRC" -C "$WORK/emit"; fi
{ nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader; "$NVCC" --version | tail -n 2;
  nproc; } > "$DEST/device.txt" 2>&1
cat "$DEST/device.txt"
N=$(find "$WORK/emit" -mindepth 2 -maxdepth 2 -name run.sh | wc -l)
echo "run_all: $N programs, $P at a time"
# Smallest first is no better than any order; sorted names keep runs comparable.
find "$WORK/emit" -mindepth 2 -maxdepth 2 -name run.sh | sort |
  timeout -k 10 "$DEADLINE" xargs -P "$P" -I{} \
    timeout -k 5 "$PER_PROGRAM" bash {} > "$WORK/xargs.log" 2>&1
echo "run_all: runs done after $(( $(date +%s) - START )) s"
# Pack results and the ends of the logs (a program's own output can be large).
cd "$WORK/emit"
for d in */; do
  d="${d%/}"
  [ -d "$d/logs" ] || continue
  for f in "$d"/logs/*.log; do [ -f "$f" ] && tail -c 16384 "$f" > "$f.t" && mv "$f.t" "$f"; done
done
find . -mindepth 2 -maxdepth 3 \( -path '*/results/*' -o -path '*/logs/*' \) -type f |
  tar -cJf "$DEST/results.tar.xz" -T -
ls -la "$DEST"
echo "run_all: built $(grep -l '^0$' */results/build-probe.rc 2>/dev/null | wc -l)," \
     "ran $(grep -l '^0$' */results/run-probe.rc 2>/dev/null | wc -l) with exit 0," \
     "probe results from $(ls */results/probe.json 2>/dev/null | wc -l); $(( $(date +%s) - START )) s"
