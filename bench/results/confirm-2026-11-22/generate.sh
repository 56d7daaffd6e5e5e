#!/usr/bin/env bash
# Writes the build directories of the 2026-11-22 `divlint confirm` runs (from the repository
# root, on any machine with divlint; no GPU needed): fix-it variants, and a re-measure of the
# branches whose predicted efficiency changed with the lanes that reach them (Rodinia needle,
# cuda-samples shfl_scan). Same workflow as ../confirm-2026-11-21: on the GPU machine run
# ../confirm-2026-11-21/device.sh, then `divlint confirm --from-results` here.
#   RODINIA: a checkout of https://github.com/yuhc/gpu-rodinia
#   CUDA_SAMPLES: a checkout of https://github.com/NVIDIA/cuda-samples
#   Their code is only read from there and copied into the (git-ignored) build directories.
set -eu
DIVLINT=${DIVLINT:-build/bin/divlint}
RODINIA=${RODINIA:-/tmp/rodinia}
CUDA_SAMPLES=${CUDA_SAMPLES:-/tmp/cuda-samples}
OUT=${1:-confirm-runs}
SPEC=../shared/spec
# sm_90: the H200 (fixed rather than `native`, so that the builds can be checked without a GPU).
C="$DIVLINT confirm --reps 30 --arch=sm_90"
rm -rf "$OUT" && mkdir -p "$OUT"

# BATCH=repeat: the second device batch, the two shortest kernels' fix-its again with 200 timed
# launches (no counterfactuals), to see how far timings of ~10 us kernels move between runs.
if [ "${BATCH:-}" = repeat ]; then
  R="$DIVLINT confirm --reps 200 --arch=sm_90 --no-counterfactual"
  $R "$RODINIA/cuda/nw/needle.cu" --kernel needle_cuda_shared_1 --grid 512 --block 16 \
     --arg 'referrence=int[67125249]:random=-10..10' --arg 'matrix_cuda=int[67125249]:random=-100..100' \
     --arg cols=8193 --arg penalty=10 --arg i=512 --arg block_width=512 \
     --emit-only "$OUT/rodinia_needle_kernel_reps200"
  $R "$CUDA_SAMPLES/Samples/3_CUDA_Features/jacobiCudaGraphs/jacobi.cu" --kernel finalError \
     --grid 2 --block 256 --smem 64 --arg 'x=double[512]:random' --arg 'g_sum=double[1]:constant=0' \
     --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_jacobi_finalError_reps200"
  exit 0
fi

# Fix-its. divlint proposes replacements only for branchless selects; examples/ and shared/spec
# 01/08/10 have none, spec 04 has one. Each kernel below has a finding with a fix-it.
$C test/confirm/inputs/select.cu --kernel select_kernel --grid 65536 --block 256 \
   --arg n=16777000 --arg 'x=float[16777216]:random' --arg 'y=float[16777216]:constant=0' \
   --emit-only "$OUT/fix_select"
$C test/lit/fix-select.cu --kernel select --grid 65536 --block 256 \
   --arg 'x=float[2]:random' --arg 'y=float[256]:constant=0' --emit-only "$OUT/fix_lit_select"
$C $SPEC/04_sync_dependence.cu --kernel control --grid 65536 --block 256 \
   --arg 'out=int[4]:constant=0' --arg 'in=int[4096]:random=0..2' --arg n=64 \
   --emit-only "$OUT/fix_spec04_control"
# Rodinia: needle's maximum() (`a <= b`, a select), particlefilter's `index == -1`.
$C "$RODINIA/cuda/nw/needle.cu" --kernel needle_cuda_shared_1 --grid 512 --block 16 \
   --arg 'referrence=int[67125249]:random=-10..10' --arg 'matrix_cuda=int[67125249]:random=-100..100' \
   --arg cols=8193 --arg penalty=10 --arg i=512 --arg block_width=512 \
   --emit-only "$OUT/rodinia_needle_kernel"
$C "$RODINIA/cuda/particlefilter/ex_particle_CUDA_float_seq.cu" --kernel find_index_kernel \
   --grid 64 --block 256 --arg Nparticles=16384 --arg 'CDF=double[16384]:sorted=0' \
   --arg 'u=double[16384]:random=0..1' --arg 'arrayX=double[16384]:random' \
   --arg 'arrayY=double[16384]:random' --arg 'xj=double[16384]:constant=0' \
   --arg 'yj=double[16384]:constant=0' --arg 'weights=double[16384]:constant=0' \
   --nvcc-arg=-DcudaThreadSynchronize=cudaDeviceSynchronize \
   --emit-only "$OUT/rodinia_particlefilter_find_index"
# cuda-samples jacobiCudaGraphs: finalError's `threadIdx.x < blockDim.x / warpSize` (a select);
# its atomicAdd of doubles sums in a different order every run.
$C "$CUDA_SAMPLES/Samples/3_CUDA_Features/jacobiCudaGraphs/jacobi.cu" --kernel finalError \
   --grid 2 --block 256 --smem 64 --arg 'x=double[512]:random' --arg 'g_sum=double[1]:constant=0' \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_jacobi_finalError"

# Re-measure (cost model: lanes that reach a branch, switch case targets), program mode as on
# 2026-11-21.
$C "$RODINIA/cuda/nw/needle.cu" --emit-only "$OUT/rodinia_needle" -- 2048 10
$C "$CUDA_SAMPLES/Samples/2_Concepts_and_Techniques/shfl_scan/shfl_scan.cu" \
   --nvcc-arg=-I$CUDA_SAMPLES/Common --emit-only "$OUT/samples_shfl_scan" --
