#!/usr/bin/env bash
# Writes the build directories of the `divlint confirm` benchmark (run from the repository root,
# on any machine with divlint; no GPU needed). device.sh then builds and runs them on a GPU.
#   RODINIA: a checkout of https://github.com/yuhc/gpu-rodinia (commit 9c10d3e); its code is
#   only read from there and copied into the (git-ignored) build directories, never committed.
set -eu
DIVLINT=${DIVLINT:-build/bin/divlint}
RODINIA=${RODINIA:-/tmp/rodinia}
OUT=${1:-confirm-runs}
SPEC=../shared/spec
C="$DIVLINT confirm --ncu --reps 30"
rm -rf "$OUT" && mkdir -p "$OUT"

# examples/
$C examples/reduction.cu --kernel reduce_interleaved --grid 4096 --block 256 \
   --arg n=1048576 --arg 'in=float[1048576]:random' --arg 'out=float[4096]:constant=0' \
   --emit-only "$OUT/ex_reduction"
$C examples/tail_guard.cu --kernel saxpy --grid 7813 --block 128 \
   --arg n=1000000 --arg a=2 --arg 'x=float[1000000]:random' --arg 'y=float[1000000]:random' \
   --emit-only "$OUT/ex_tail_guard"
$C examples/warp_aligned.cu --kernel per_warp --grid 4096 --block 256 \
   --arg 'in=float[1048576]:random' --arg 'out=float[32768]:constant=0' \
   --emit-only "$OUT/ex_warp_aligned"

# shared/spec (the classification spec's kernels)
$C $SPEC/01_thread_index.cu --kernel thread_index --grid 4096 --block 256 \
   --arg 'out=float[1048576]:constant=0' --arg n=1000000 --emit-only "$OUT/spec01_thread_index"
$C $SPEC/08_loops_switch.cu --kernel loops --grid 1024 --block 256 \
   --arg 'in=int[8192]:random' --arg 'out=int[8192]:constant=0' --arg n=8192 \
   --emit-only "$OUT/spec08_loops_switch"
$C $SPEC/10_reduction.cu --kernel reduce --grid 4096 --block 256 \
   --arg 'in=float[1048576]:random' --arg 'out=float[4096]:constant=0' --arg n=1048576 \
   --emit-only "$OUT/spec10_reduction"
$C $SPEC/09_ternary_shortcircuit.cu --kernel selects --grid 4096 --block 256 \
   --arg 'x=float[1048576]:random' --arg 'y=float[1048576]:constant=0' --arg n=1000000 \
   --emit-only "$OUT/spec09_ternary_shortcircuit"

# Rodinia: kernel mode (launches as the programs make them) ...
$C "$RODINIA/cuda/pathfinder/pathfinder.cu" --kernel dynproc_kernel --grid 463 --block 256 \
   --arg iteration=20 --arg 'gpuWall=int[10000000]:random=0..10' \
   --arg 'gpuSrc=int[100000]:random=0..10' --arg 'gpuResults=int[100000]:constant=0' \
   --arg cols=100000 --arg rows=100 --arg startStep=0 --arg border=20 \
   --emit-only "$OUT/rodinia_pathfinder_kernel"
$C "$RODINIA/cuda/nw/needle.cu" --kernel needle_cuda_shared_1 --grid 128 --block 16 \
   --arg 'referrence=int[4198401]:random=-10..10' --arg 'matrix_cuda=int[4198401]:random=-100..100' \
   --arg cols=2049 --arg penalty=10 --arg i=128 --arg block_width=128 \
   --emit-only "$OUT/rodinia_needle_kernel"
# ... and program mode (their own main and inputs).
$C "$RODINIA/cuda/pathfinder/pathfinder.cu" --emit-only "$OUT/rodinia_pathfinder" -- 100000 100 20
$C "$RODINIA/cuda/nw/needle.cu" --emit-only "$OUT/rodinia_needle" -- 2048 10
$C "$RODINIA/cuda/srad/srad_v2/srad.cu" --nvcc-arg=-DcudaThreadSynchronize=cudaDeviceSynchronize \
   --emit-only "$OUT/rodinia_srad_v2" -- 2048 2048 0 127 0 127 0.5 2
