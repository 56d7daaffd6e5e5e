#!/usr/bin/env bash
# Writes the `divlint confirm --emit-only` build directories of the regrouping runs (issue 15),
# from the repository root, on any machine with divlint (no GPU needed). On the GPU machine run
# bench/confirm/regrouping/device.sh, then `divlint confirm --from-results` on each directory.
# One kernel per split kind (one-armed, uneven, k-way, nested, lane-varying trip count,
# data-dependent, a call both sides end with), examples/reduction.cu (whose remap trades divergence for bank conflicts) and
# the confirm test input, and a memory-bound kernel. --tolerance 0.15: issue 15's bar.
set -eu
DIVLINT=${DIVLINT:-build/bin/divlint}
OUT=${1:-confirm-runs}
DIR=bench/confirm/regrouping
C="$DIVLINT confirm --reps 30 --arch=sm_90 --tolerance 0.15"
rm -rf "$OUT" && mkdir -p "$OUT"
N=1048576 # 4096 blocks of 256
for K in one_armed uneven kway nested trips sunk; do
  $C $DIR/$K.cu --kernel $K --grid 4096 --block 256 --arg "in=float[$N]:random" \
     --arg "out=float[$N]:constant=0" --emit-only "$OUT/regroup_$K"
done
# Data decides: half the lanes above 0.5, at random (a range is predicted, not a number).
$C $DIR/data.cu --kernel data --grid 4096 --block 256 --arg "in=float[$N]:random=0..1" \
   --arg "out=float[$N]:constant=0" --emit-only "$OUT/regroup_data"
$C examples/reduction.cu --kernel reduce_interleaved --grid 4096 --block 256 \
   --arg n=$N --arg "in=float[$N]:random" --arg 'out=float[4096]:constant=0' \
   --emit-only "$OUT/regroup_reduction"
$C test/confirm/inputs/select.cu --kernel select_kernel --grid 4096 --block 256 \
   --arg n=$N --arg "x=float[$N]:random" --arg "y=float[$N]:constant=0" \
   --emit-only "$OUT/regroup_select"
$C $DIR/memory_bound.cu --kernel memory_bound --grid 4096 --block 256 \
   --arg n=$N --arg "x=float[$N]:random" --arg "y=float[$N]:constant=0" \
   --emit-only "$OUT/regroup_memory_bound"
