#!/usr/bin/env bash
# Writes the build directories of the `divlint confirm` benchmark (run from the repository root,
# on any machine with divlint; no GPU needed). device.sh then builds and runs them on a GPU.
#   RODINIA: a checkout of https://github.com/yuhc/gpu-rodinia (commit 9c10d3e)
#   CUDA_SAMPLES: a checkout of https://github.com/NVIDIA/cuda-samples (commit c94ff366)
#   Their code is only read from there and copied into the (git-ignored) build directories.
set -eu
DIVLINT=${DIVLINT:-build/bin/divlint}
RODINIA=${RODINIA:-/tmp/rodinia}
CUDA_SAMPLES=${CUDA_SAMPLES:-/tmp/cuda-samples}
OUT=${1:-confirm-runs}
SPEC=../shared/spec
C="$DIVLINT confirm --ncu --reps 30"
rm -rf "$OUT" && mkdir -p "$OUT"

# examples/
$C examples/reduction.cu --kernel reduce_interleaved --grid 65536 --block 256 \
   --arg n=16777000 --arg 'in=float[16777216]:random' --arg 'out=float[65536]:constant=0' \
   --emit-only "$OUT/ex_reduction"
$C examples/tail_guard.cu --kernel saxpy --grid 131072 --block 128 \
   --arg n=16777213 --arg a=2 --arg 'x=float[16777216]:random' --arg 'y=float[16777216]:random' \
   --emit-only "$OUT/ex_tail_guard"
$C examples/warp_aligned.cu --kernel per_warp --grid 65536 --block 256 \
   --arg 'in=float[16777216]:random' --arg 'out=float[524288]:constant=0' \
   --emit-only "$OUT/ex_warp_aligned"

# shared/spec (the classification spec's kernels)
$C $SPEC/01_thread_index.cu --kernel thread_index --grid 65536 --block 256 \
   --arg 'out=float[16777216]:constant=0' --arg n=16777000 --emit-only "$OUT/spec01_thread_index"
$C $SPEC/08_loops_switch.cu --kernel loops --grid 1024 --block 256 \
   --arg 'in=int[8192]:random' --arg 'out=int[8192]:constant=0' --arg n=8192 \
   --emit-only "$OUT/spec08_loops_switch"
$C $SPEC/10_reduction.cu --kernel reduce --grid 65536 --block 256 \
   --arg 'in=float[16777216]:random' --arg 'out=float[65536]:constant=0' --arg n=16777000 \
   --emit-only "$OUT/spec10_reduction"
$C $SPEC/09_ternary_shortcircuit.cu --kernel selects --grid 65536 --block 256 \
   --arg 'x=float[16777216]:random' --arg 'y=float[16777216]:constant=0' --arg n=16777000 \
   --emit-only "$OUT/spec09_ternary_shortcircuit"

# Rodinia: kernel mode (launches as the programs make them) ...
$C "$RODINIA/cuda/pathfinder/pathfinder.cu" --kernel dynproc_kernel --grid 4630 --block 256 \
   --arg iteration=20 --arg 'gpuWall=int[21000000]:random=0..10' \
   --arg 'gpuSrc=int[1000000]:random=0..10' --arg 'gpuResults=int[1000000]:constant=0' \
   --arg cols=1000000 --arg rows=100 --arg startStep=0 --arg border=20 \
   --emit-only "$OUT/rodinia_pathfinder_kernel"
$C "$RODINIA/cuda/nw/needle.cu" --kernel needle_cuda_shared_1 --grid 512 --block 16 \
   --arg 'referrence=int[67125249]:random=-10..10' --arg 'matrix_cuda=int[67125249]:random=-100..100' \
   --arg cols=8193 --arg penalty=10 --arg i=512 --arg block_width=512 \
   --emit-only "$OUT/rodinia_needle_kernel"
# ... and program mode (their own main and inputs).
$C "$RODINIA/cuda/pathfinder/pathfinder.cu" --emit-only "$OUT/rodinia_pathfinder" -- 100000 100 20
$C "$RODINIA/cuda/nw/needle.cu" --emit-only "$OUT/rodinia_needle" -- 2048 10
$C "$RODINIA/cuda/srad/srad_v2/srad.cu" --nvcc-arg=-DcudaThreadSynchronize=cudaDeviceSynchronize \
   --emit-only "$OUT/rodinia_srad_v2" -- 2048 2048 0 127 0 127 0.5 2

# NVIDIA cuda-samples, program mode (their host code uses min/max that clang's device-side parse
# rejects: confirm warns and probes what was analyzed; nvcc builds them as usual).
S=$CUDA_SAMPLES/Samples
$C "$S/2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction.cu" \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_threadFenceReduction" --
$C "$S/2_Concepts_and_Techniques/shfl_scan/shfl_scan.cu" \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_shfl_scan" --
$C "$S/3_CUDA_Features/binaryPartitionCG/binaryPartitionCG.cu" \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_binaryPartitionCG" --
$C "$S/3_CUDA_Features/warpAggregatedAtomicsCG/warpAggregatedAtomicsCG.cu" \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_warpAggregatedAtomicsCG" --

# A kernel that never ends: the run is killed after --timeout and reported as such.
$DIVLINT confirm test/confirm/inputs/spin.cu --kernel spin --grid 1 --block 32 --timeout 5 \
   --arg 'flag=int[1]:constant=0' --arg 'out=int[1]:constant=0' --emit-only "$OUT/timeout_spin"
