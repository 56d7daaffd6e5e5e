#!/usr/bin/env python3
"""Labels of the modern units' lane-varying findings (issue 29): bench/audit/modern-labels.csv.

usage: make_modern_labels.py [RUN_DIR] [OUT.csv]
  RUN_DIR: a default-output run of run_modern_audit.sh (/tmp/modern-out/audit-198302e)

One row per distinct (repo, file, line, rule, class, severity) of the run's divergent-branch,
hidden-branch, barrier-divergence and warp-sync-divergence findings (a header reached from several
units is one row). The judgement, as the engineer who wrote the code would give it, is below:
per-line entries (read one by one in the source: the condition, its function, its callers, the
launch) and, for notes, patterns checked on representative lines (CuTe static loop bounds,
flash-attention's parameter struct, bounds tails, IEEE slow paths). A finding no entry or
pattern judges is printed as UNJUDGED and left out.
"""
import csv
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from score import REPOS, source_of  # noqa: E402
from modern_units import SOURCES  # noqa: E402

COMMIT = {name: commit for name, (_, commit, _) in SOURCES.items()}
RULES = ("divergent-branch", "hidden-branch", "barrier-divergence", "warp-sync-divergence")

FA = "csrc/flash_attn/src/"
FMHA = "examples/41_fused_multi_head_attention/kernel_forward.h"
REF = "tools/util/include/cutlass/util/reference/device/"

# Reasons shared by many lines.
PARAMS = ("false", "reads only the kernel's Flash_*_params (passed by const reference, the same for "
          "every thread), bidb/bidh/m_block from blockIdx and constants: block-uniform")
NBLOCK = ("false", "n_block/m_block and their bounds come from params, binfo (per batch) and "
          "blockIdx: block-uniform, every thread runs the same trips")
FA_BARRIER = ("false", "every thread of the block reaches it: the loop/branch bounds (n_block, "
              "m_block, params.deterministic) are block-uniform")
FMHA_P = ("false", "p (the kernel's Params, copied by value and set by advance_to_block from "
          "blockIdx) and the key/query block counters are the same for every thread: block-uniform")
CUTE_KTILE = ("false", "K_TILE_MAX = size<2>(tAgA) is the K extent of the CTA's tile (the problem's K / "
              "BLK_K), the same for every thread: every thread runs the same trips")
STATIC_LOOP = ("false", "CuTe static extent (size<..>(tensor) of a register fragment is an Int<N>): "
               "a compile-time constant trip count, fully unrolled")
ROW_TAIL = ("pedantic", "row (or column) bound of the tile against the sequence length: a tail, "
            "only the last block of rows/keys splits")
KPRED = ("pedantic", "head-dim predicate (column < params.d) of the tile: a tail in the head "
         "dimension, only when !Is_even_K")
SELECT_INF = ("pedantic", "data-dependent select for -inf/0/NaN guards of the softmax: true, a "
              "select, costs nothing")
IEEE_DIV = ("pedantic", "IEEE division on lane values: true slow path, cheap unless hot")
NOCALLER_UNIFORM = "no caller in this unit; its callers in CUTLASS pass "
ATOMIC_GLOBAL = "the address is global memory, which nvcc sees after inlining: one RED.ADD, no address-space test or retry loop; "

O = {  # (file suffix, line[, rule]) -> (label, reason)
    # --- CuTe tutorials (CUTLASS examples/cute/tutorial)
    ("tutorial/sgemm_1.cu", 196): CUTE_KTILE,
    ("tutorial/sgemm_1.cu", 211): CUTE_KTILE,
    ("tutorial/sgemm_1.cu", 228): CUTE_KTILE,
    ("tutorial/sgemm_2.cu", 197): CUTE_KTILE,
    ("tutorial/sgemm_2.cu", 200): CUTE_KTILE,
    ("tutorial/sgemm_2.cu", 203): CUTE_KTILE,
    ("tutorial/sgemm_2.cu", 206): ("false", "k_tile and K_TILE_MAX are the same in every thread (tile counts): uniform select"),
    ("tutorial/sgemm_sm70.cu", 213): CUTE_KTILE,
    ("tutorial/sgemm_sm70.cu", 222): CUTE_KTILE,
    ("tutorial/sgemm_sm70.cu", 225): CUTE_KTILE,
    ("tutorial/sgemm_sm70.cu", 235): ("false", "k_tile and K_TILE_MAX are the same in every thread (tile counts): uniform select"),
    ("tutorial/sgemm_sm80.cu", 149): ("false", "k_tile_count = size<3>(tAgA) counts the CTA's K tiles: the same in every thread"),
    ("tutorial/sgemm_sm80.cu", 262): ("false", "k_tile_count = size<3>(tAgA) counts the CTA's K tiles: every thread runs the same trips"),
    ("tutorial/sgemm_sm80.cu", 275): ("false", "under k_tile_count, the same in every thread: every thread reaches the barrier"),
    ("tutorial/sgemm_sm80.cu", 291): ("false", "k_tile_count is the same in every thread (tile count): uniform"),
    # --- CUTLASS basic_gemm and the reference kernels (tools/util)
    ("00_basic_gemm/basic_gemm.cu", 164): ("pedantic", "matrix bounds test of the init kernel: a tail"),
    ("00_basic_gemm/basic_gemm.cu", 247): ("pedantic", "matrix bounds test of the reference GEMM: a tail"),
    (REF + "gemm_complex.h", 137): ("pedantic", "row < M && col < N of the reference GEMM: a tail"),
    (REF + "gemm_complex.h", 167): ("pedantic", "row < M && col < N of the reference GEMM: a tail"),
    (REF + "gemm_complex.h", 169): ("false", "tensor_c.data() is the kernel argument's pointer, the same in every thread"),
    (REF + "gemm_complex.h", 179): ("false", "tensor_c.data() is the kernel argument's pointer, the same in every thread"),
    (REF + "kernel/tensor_foreach.h", 81): ("false", "coord < size always holds: the enclosing while keeps index < max_index = product of size, so no lane that reaches it fails it"),
    (REF + "kernel/tensor_foreach.h", 106): ("pedantic", "grid-stride loop bound: a tail"),
    (REF + "kernel/tensor_foreach.h", 148): ("pedantic", "grid-stride loop bound: a tail"),
    ("include/cutlass/coord.h", 332): ("pedantic", "coordinate bounds test of TensorForEach (per-thread coord): a tail"),
    (REF + "tensor_fill.h", 81): ("pedantic", "curand_normal's Box-Muller keeps a cached second value: true data-dependent branch, reference code"),
    (REF + "tensor_fill.h", 87): ("pedantic", "curand_normal_double's cached second value: true data-dependent branch, reference code"),
    (REF + "tensor_fill.h", 166): ("pedantic", "curand_init with subsequence gtid: a skip-ahead loop over gtid's bits, true, reference code"),
    (REF + "tensor_fill.h", 515): ("pedantic", "curand_init with subsequence gtid: a skip-ahead loop over gtid's bits, true, reference code"),
    (REF + "tensor_fill.h", 636): ("pedantic", "curand_init with subsequence gtid: a skip-ahead loop over gtid's bits, true, reference code"),
    (REF + "tensor_fill.h", 185): ("pedantic", "random value == 0 test (exclude_zero): data-dependent, reference fill"),
    (REF + "tensor_fill.h", 186): ("pedantic", "sign of a random value: data-dependent, reference fill"),
    (REF + "tensor_fill.h", 524): ("pedantic", "random NaN injection (curand_uniform < pnan): data-dependent, reference fill"),
    (REF + "tensor_fill.h", 536): ("false", "params.int_scale is a field of the kernel's parameter: uniform; lane-varying because the functor's call under the grid-stride loop's divergent control is applied to the whole functor"),
    (REF + "tensor_fill.h", 544): ("pedantic", "random value == 0 test (exclude_zero): data-dependent, reference fill"),
    (REF + "tensor_fill.h", 545): ("pedantic", "sign of a random value: data-dependent, reference fill"),
    (REF + "tensor_fill.h", 645): ("pedantic", "random NaN injection (curand_uniform < pnan): data-dependent, reference fill"),
    (REF + "tensor_fill.h", 655): ("pedantic", "clamp of a random exponent: a select, reference fill"),
    (REF + "tensor_fill.h", 657): ("pedantic", "pow(2, random exponent): true slow path on lane values, reference fill"),
    (REF + "thread/gemm.h", 125): ("pedantic", "row bound of the reference GEMM's thread tile: a tail"),
    (REF + "thread/gemm.h", 133): ("pedantic", "column bound of the reference GEMM's thread tile: a tail"),
    (REF + "thread/gemm.h", 167): ("pedantic", "output bounds of the reference GEMM's epilogue: a tail"),
    # --- CUTLASS library headers
    ("arch/barrier.h", 206): ("false", NOCALLER_UNIFORM + "constant barrier ids: the assert is uniform"),
    ("arch/barrier.h", 392): ("false", NOCALLER_UNIFORM + "constant arrive counts: the assert is uniform"),
    ("arch/barrier.h", 489): ("pedantic", "pred is the pipeline's per-thread signalling predicate (one thread per warp/group arrives): a leader lane's arrive"),
    ("epilogue/thread/linear_combination.h", 173): ("false", "params.alpha_ptr_array and group_idx are the same for every thread (kernel parameters)"),
    ("epilogue/thread/linear_combination.h", 182): ("false", "params.beta_ptr_array and group_idx are the same for every thread (kernel parameters)"),
    ("include/cutlass/fast_math.h", 337): ("false", NOCALLER_UNIFORM + "FastDivmod objects built on the host from problem sizes: divisor is uniform"),
    ("include/cutlass/float8.h", 1178): ("pedantic", "NaN/inf test of a converted element: data-dependent, a select"),
    ("include/cutlass/float8.h", 1186): ("pedantic", "rounding test on a converted element's bits: data-dependent, a select"),
    ("include/cutlass/functional.h", 955): ("false", ATOMIC_GLOBAL + "no caller in this unit, CUTLASS calls atomic_add<double> on global workspaces"),
    ("include/cutlass/functional.h", 1018): ("pedantic", "atomic max of a float by its sign (atomicMax or atomicMin): data-dependent, inherent"),
    ("gemm/kernel/sm100_static_tile_scheduler.hpp", 108): ("false", NOCALLER_UNIFORM + "the scheduler's raster_order (a kernel parameter): uniform"),
    ("gemm/kernel/sm90_tile_scheduler.hpp", 105): ("false", NOCALLER_UNIFORM + "the scheduler's raster_order (a kernel parameter): uniform"),
    ("gemm/kernel/sm90_tile_scheduler.hpp", 128): ("false", NOCALLER_UNIFORM + "the scheduler's raster_order (a kernel parameter): uniform"),
    ("gemm/kernel/static_tile_scheduler.hpp", 140): ("false", NOCALLER_UNIFORM + "params_.raster_order_ (a kernel parameter): uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 674): ("false", NOCALLER_UNIFORM + "the swizzle's fields (set on the host) and a tile index from blockIdx: block-uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 710): ("false", NOCALLER_UNIFORM + "block_idx from blockIdx and host-set fields: block-uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 719): ("false", NOCALLER_UNIFORM + "block_idx from blockIdx and host-set fields: block-uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 745): ("false", NOCALLER_UNIFORM + "block indices from blockIdx and host-set fields: block-uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 769): ("false", NOCALLER_UNIFORM + "block indices from blockIdx and host-set fields: block-uniform"),
    ("gemm/threadblock/threadblock_swizzle_streamk.h", 785): ("false", NOCALLER_UNIFORM + "tile_idx from blockIdx and host-set sk_tiles: block-uniform"),
    ("gemm/warp/mma_tensor_op_tile_iterator.h", 315): ("false", "tile_offset is a constant step or warp indices from canonical_warp_idx_sync (a shuffle of threadIdx.x / 32): warp-uniform"),
    ("include/cutlass/numeric_conversion.h", 3803): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform"),
    ("include/cutlass/numeric_conversion.h", 3827): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform"),
    ("include/cutlass/numeric_conversion.h", 3829): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform assert"),
    ("include/cutlass/numeric_conversion.h", 3855): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform assert"),
    ("include/cutlass/numeric_conversion.h", 3928): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform assert"),
    ("include/cutlass/numeric_conversion.h", 3930): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform"),
    ("include/cutlass/numeric_conversion.h", 3949): ("false", NOCALLER_UNIFORM + "shift_count as the constant 0 or 16: uniform assert"),
    ("pipeline/sm90_pipeline.hpp", 1365): ("false", NOCALLER_UNIFORM + "the cluster size (a launch constant): uniform"),
    ("pipeline/sm90_pipeline.hpp", 1378): ("false", NOCALLER_UNIFORM + "the cluster size (a launch constant): uniform"),
    ("include/cutlass/semaphore.h", 74): ("pedantic", "wait_thread = (thread_id == 0): the leader thread polls the lock, intended"),
    ("include/cutlass/semaphore.h", 104): ("pedantic", "wait_thread = (thread_id == 0): the leader thread releases the lock, intended"),
    ("threadblock/predicated_tile_access_iterator.h", 169): ("pedantic", "per-thread access coordinate against the tensor extent: a tail of the tile"),
    ("threadblock/predicated_tile_access_iterator.h", 205): ("false", "residue_size from the extent and the threadblock offset (blockIdx): block-uniform"),
    # --- CUTLASS fused multi-head attention (launch: dim3(32, kNumWarpsPerBlock), kQueriesPerBlock 32 or 64)
    (FMHA, 88): ("pedantic", "atomic max of a float by its sign (atomicMax or atomicMin) on per-row maxima: data-dependent, inherent"),
    (FMHA, 666): ("false", "thread_id() = x + 32*y is the linear id of the 32xN block and kQueriesPerBlock % 32 == 0 (static_assert): whole warps, warp-uniform"),
    (FMHA, 859): FMHA_P,
    (FMHA, 860): FMHA_P,
    (FMHA, 876): ("pedantic", "causal mask per accumulator element (column > last column of the row): inherent to causal attention"),
    (FMHA, 987): FMHA_P,
    (FMHA, 1017): FMHA_P,
    (FMHA, 1019): FMHA_P,
    (FMHA, 1025): FMHA_P,
    (FMHA, 1086): FMHA_P,
    (FMHA, 1139): ("false", "p.logsumexp_ptr is uniform and thread_id() < kQueriesPerBlock (32 or 64) takes whole warps of the 32xN block: warp-uniform"),
    (FMHA, 1142): ("pedantic", "thread_id() < p.num_queries: the last query block's tail"),
    (FMHA, 1143): IEEE_DIV,
    (FMHA, 1145): ("pedantic", "padding of the logsumexp row up to lse_dim: a tail"),
    (FMHA, 1205): ("pedantic", "key column < max_col: the last key block's tail"),
    (FMHA, 1222): ("pedantic", "lane_id < kLinesPerWarp: the first 8/16 lanes of each warp update the row statistics, intended (extent is every-warp, reported data-dependent)"),
    (FMHA, 1227): ("pedantic", "online-softmax rescale when the row max changed: data-dependent, inherent"),
    (FMHA, 1244): ("false", "is_first comes from DISPATCH_BOOL(iter_key_start == 0): block-uniform"),
    (FMHA, 1262): ("pedantic", "key column < max_col: a tail, a select"),
    (FMHA, 1270): ("pedantic", "reduceSameRow returns true in one lane per row: the leader lane's store"),
    (FMHA, 1283): ("pedantic", "lane_id < kLinesPerWarp: the first 8/16 lanes of each warp update the row statistics, intended (extent is every-warp, reported data-dependent)"),
    (FMHA, 1314): FMHA_P,
    # --- Thrust examples
    ("thrust/examples/sort.cu", 109): ("pedantic", "parity comparator of the example's sort: data-dependent, inherent"),
    ("thrust/examples/sort.cu", 113): ("pedantic", "parity comparator of the example's sort: data-dependent, inherent"),
    # --- flash-attention: forward kernel
    (FA + "flash_fwd_kernel.h", 38): PARAMS,
    (FA + "flash_fwd_kernel.h", 39): PARAMS,
    (FA + "flash_fwd_kernel.h", 42): PARAMS,
    (FA + "flash_fwd_kernel.h", 43): PARAMS,
    (FA + "flash_fwd_kernel.h", 44): PARAMS,
    (FA + "flash_fwd_kernel.h", 49): PARAMS,
    (FA + "flash_fwd_kernel.h", 82): ("pedantic", "thread 0 of block (0,0,0) saves the RNG state: a leader lane's store"),
    (FA + "flash_fwd_kernel.h", 88): PARAMS,
    (FA + "flash_fwd_kernel.h", 101): NBLOCK,
    (FA + "flash_fwd_kernel.h", 132): ("pedantic", "row tail and column 0 of the tile: the threads holding column 0 write LSE, intended"),
    (FA + "flash_fwd_kernel.h", 294): PARAMS,
    (FA + "flash_fwd_kernel.h", 341): NBLOCK,
    (FA + "flash_fwd_kernel.h", 378): NBLOCK,
    (FA + "flash_fwd_kernel.h", 385): NBLOCK,
    (FA + "flash_fwd_kernel.h", 403): NBLOCK,
    (FA + "flash_fwd_kernel.h", 480): ("pedantic", "the threads holding column 0 of the accumulator write LSE: intended (extent is every-warp, reported data-dependent)"),
    (FA + "flash_fwd_kernel.h", 484): ROW_TAIL,
    (FA + "flash_fwd_kernel.h", 544): NBLOCK,
    (FA + "flash_fwd_kernel.h", 580): ("pedantic", "row tail and column 0 of the tile: the threads holding column 0 write LSE, intended"),
    (FA + "flash_fwd_kernel.h", 590): PARAMS,
    (FA + "flash_fwd_kernel.h", 591): PARAMS,
    (FA + "flash_fwd_kernel.h", 592): PARAMS,
    (FA + "flash_fwd_kernel.h", 593): PARAMS,
    (FA + "flash_fwd_kernel.h", 594): PARAMS,
    (FA + "flash_fwd_kernel.h", 598): PARAMS,
    (FA + "flash_fwd_kernel.h", 695): PARAMS,
    (FA + "flash_fwd_kernel.h", 740): NBLOCK,
    (FA + "flash_fwd_kernel.h", 745): PARAMS,
    (FA + "flash_fwd_kernel.h", 750): PARAMS,
    (FA + "flash_fwd_kernel.h", 770): PARAMS,
    (FA + "flash_fwd_kernel.h", 774): NBLOCK,
    (FA + "flash_fwd_kernel.h", 793): PARAMS,
    (FA + "flash_fwd_kernel.h", 798): PARAMS,
    (FA + "flash_fwd_kernel.h", 817): PARAMS,
    (FA + "flash_fwd_kernel.h", 845): PARAMS,
    (FA + "flash_fwd_kernel.h", 868): PARAMS,
    (FA + "flash_fwd_kernel.h", 905): NBLOCK,
    (FA + "flash_fwd_kernel.h", 907): PARAMS,
    (FA + "flash_fwd_kernel.h", 937): NBLOCK,
    (FA + "flash_fwd_kernel.h", 944): NBLOCK,
    (FA + "flash_fwd_kernel.h", 950): PARAMS,
    (FA + "flash_fwd_kernel.h", 972): NBLOCK,
    (FA + "flash_fwd_kernel.h", 974): PARAMS,
    (FA + "flash_fwd_kernel.h", 1030): PARAMS,
    (FA + "flash_fwd_kernel.h", 1057): ("pedantic", "the threads holding column 0 of the accumulator write LSE: intended (extent is every-warp, reported data-dependent)"),
    (FA + "flash_fwd_kernel.h", 1061): ROW_TAIL,
    # split-KV combine kernel (128 threads; kBlockM 4/8/16, kMaxSplits 2..128)
    (FA + "flash_fwd_kernel.h", 1153): PARAMS,
    (FA + "flash_fwd_kernel.h", 1167): ("pedantic", "split row < num_splits and column < rows left: loads only the splits that exist, a tail"),
    (FA + "flash_fwd_kernel.h", 1168): ("pedantic", "row < kMaxSplits: for small kMaxSplits only the first lanes of warp 0 store, intended"),
    (FA + "flash_fwd_kernel.h", 1186): ("pedantic", "row < kMaxSplits && col < kBlockM in the transpose: a select, intended"),
    (FA + "flash_fwd_kernel.h", 1196): SELECT_INF,
    (FA + "flash_fwd_kernel.h", 1204): SELECT_INF,
    (FA + "flash_fwd_kernel.h", 1206): ("pedantic", "one lane per row (tidx % kRowsPerLoadTranspose == 0) writes the row's LSE: leader lanes"),
    (FA + "flash_fwd_kernel.h", 1207): PARAMS,
    (FA + "flash_fwd_kernel.h", 1209): ("pedantic", "lse_offset < lse_size: the last block's tail"),
    (FA + "flash_fwd_kernel.h", 1221): ("pedantic", "split row < num_splits: lanes hold different splits, only the existing ones store; intended"),
    (FA + "flash_fwd_kernel.h", 1252): ("false", "split < params.num_splits: a kernel parameter, every thread runs the same trips"),
    (FA + "flash_fwd_kernel.h", 1278): ROW_TAIL,
    (FA + "flash_fwd_kernel.h", 1287): KPRED,
    # --- flash-attention: backward kernel and its pre/post-processing
    (FA + "flash_bwd_kernel.h", 123): PARAMS,
    (FA + "flash_bwd_kernel.h", 125): PARAMS,
    (FA + "flash_bwd_kernel.h", 126): PARAMS,
    (FA + "flash_bwd_kernel.h", 128): PARAMS,
    (FA + "flash_bwd_kernel.h", 333): NBLOCK,
    (FA + "flash_bwd_kernel.h", 367): NBLOCK,
    (FA + "flash_bwd_kernel.h", 373): PARAMS,
    (FA + "flash_bwd_kernel.h", 411): ROW_TAIL,
    (FA + "flash_bwd_kernel.h", 454): PARAMS,
    (FA + "flash_bwd_kernel.h", 457): NBLOCK,
    (FA + "flash_bwd_kernel.h", 505): NBLOCK,
    (FA + "flash_bwd_kernel.h", 514): NBLOCK,
    (FA + "flash_bwd_kernel.h", 515): NBLOCK,
    (FA + "flash_bwd_kernel.h", 523): NBLOCK,
    (FA + "flash_bwd_kernel.h", 524): NBLOCK,
    (FA + "flash_bwd_kernel.h", 525): NBLOCK,
    (FA + "flash_bwd_kernel.h", 611): NBLOCK,
    (FA + "flash_bwd_kernel.h", 613): NBLOCK,
    (FA + "flash_bwd_kernel.h", 642): NBLOCK,
    (FA + "flash_bwd_kernel.h", 659): NBLOCK,
    (FA + "flash_bwd_kernel.h", 678): ("false", ATOMIC_GLOBAL + "tdQgdQaccum is a CuTe gmem tensor over params.dq_accum_ptr"),
    (FA + "flash_bwd_kernel.h", 693): NBLOCK,
    (FA + "flash_bwd_kernel.h", 835): ("false", "n_block = blockIdx.x, += gridDim.x, up to a bound from params.seqlen_k: block-uniform"),
    (FA + "flash_bwd_preprocess_kernel.h", 75): PARAMS,
    (FA + "flash_bwd_preprocess_kernel.h", 84): PARAMS,
    (FA + "flash_bwd_preprocess_kernel.h", 86): PARAMS,
    (FA + "flash_bwd_preprocess_kernel.h", 205): PARAMS,
    (FA + "flash_bwd_preprocess_kernel.h", 212): PARAMS,
    (FA + "flash_bwd_preprocess_kernel.h", 243): ("false", "nsplits is from params (deterministic split count): every thread runs the same trips"),
    (FA + "block_info.h", 17): PARAMS,
    (FA + "block_info.h", 18): PARAMS,
    (FA + "block_info.h", 19): PARAMS,
    (FA + "block_info.h", 22): PARAMS,
    (FA + "block_info.h", 23): PARAMS,
    (FA + "block_info.h", 24): PARAMS,
    (FA + "block_info.h", 30): PARAMS,
    (FA + "block_info.h", 35): PARAMS,
    # masks: the key-length bound is the last key block's tail, the causal/local window is the diagonal
    (FA + "mask.h", 27): ("pedantic", "column >= seqlen_k: masks the last key block's tail, a predicated store"),
    (FA + "mask.h", 61): ("pedantic", "local-window mask per element (column against the row's window): inherent, only diagonal blocks"),
    (FA + "mask.h", 160): ("pedantic", "column >= seqlen_k: masks the last key block's tail (one -inf store, predicated); true but not worth acting on"),
    (FA + "mask.h", 189): ("pedantic", "causal mask per element (column past the row's diagonal): inherent, only diagonal blocks"),
    (FA + "mask.h", 194): ("pedantic", "local-window mask per element: inherent, only diagonal blocks"),
    (FA + "mask.h", 200): ("pedantic", "column >= seqlen_k: masks the last key block's tail, a predicated store"),
    (FA + "rotary.h", 47): ROW_TAIL,
    (FA + "rotary.h", 50): KPRED,
    (FA + "rotary.h", 52): ("pedantic", "column < rotary_dim: only the rotary part of the head dimension is rotated, a tail in the head dimension"),
    (FA + "rotary.h", 111): ROW_TAIL,
    (FA + "rotary.h", 114): KPRED,
    (FA + "rotary.h", 116): ("pedantic", "column < rotary_dim: only the rotary part of the head dimension is rotated, a tail in the head dimension"),
    (FA + "rotary.h", 118): ("pedantic", "is_left (column < rotary_dim / 2) picks the partner half: a select, intended"),
    (FA + "rotary.h", 121): ("pedantic", "is_left (column < rotary_dim / 2) picks the partner half: a select, intended"),
    (FA + "rotary.h", 122): ("pedantic", "is_left (column < rotary_dim / 2) picks the partner half: a select, intended"),
    (FA + "rotary.h", 132): ("pedantic", "is_left (column < rotary_dim / 2) picks the sign: a select, intended"),
    (FA + "softmax.h", 76): SELECT_INF,
    (FA + "softmax.h", 156): SELECT_INF,
    (FA + "softmax.h", 179): SELECT_INF,
    (FA + "softmax.h", 180): SELECT_INF,
    (FA + "utils.h", 311): ROW_TAIL,
    (FA + "utils.h", 314): KPRED,
    (FA + "utils.h", 381): ROW_TAIL,
    (FA + "utils.h", 385): KPRED,
    # hidden branches on a line judged above for its divergent-branch finding
    (FA + "flash_fwd_kernel.h", 294, "hidden-branch"): ("false", "divides params.alibi_slopes_ptr[...] by params.scale_softmax: both block-uniform, no lane takes the slow path alone"),
    (FA + "flash_fwd_kernel.h", 845, "hidden-branch"): ("false", "divides params.alibi_slopes_ptr[...] by params.scale_softmax: both block-uniform, no lane takes the slow path alone"),
    (FA + "flash_bwd_kernel.h", 454, "hidden-branch"): ("false", "divides params.alibi_slopes_ptr[...] by params.scale_softmax: both block-uniform, no lane takes the slow path alone"),
    (FA + "softmax.h", 179, "hidden-branch"): IEEE_DIV,
}

# A loop over a CuTe static extent: `i < size<..>(t)`, `i < size(t)` (and `i < size<2>(t) - 1`).
STATIC_EXTENT = re.compile(r"<\s*size(<[\d,\s]+>)?\(\w+\)(\s*-\s*1)?\s*[;)]")
STATIC_FILES = ("alibi.h", "mask.h", "rotary.h", "softmax.h", "utils.h")


def judge(corpus, path, line, rule, src):
    for key, verdict in O.items():
        if path.endswith(key[0]) and line == key[1] and (len(key) == 2 or key[2] == rule):
            if len(key) == 2 and any(len(k) == 3 and path.endswith(k[0]) and line == k[1]
                                     and k[2] == rule for k in O):
                continue
            return verdict
    if rule == "barrier-divergence":
        if path.startswith(FA):
            return FA_BARRIER
        return None
    if corpus == "flash-attention" and path.endswith(STATIC_FILES) and STATIC_EXTENT.search(src):
        return STATIC_LOOP
    if rule == "hidden-branch" and "summary_statistics" in path:
        return IEEE_DIV
    return None


def distinct_findings(run_dir):
    seen = {}
    for name in sorted(os.listdir(run_dir)):
        if not name.endswith(".json"):
            continue
        data = json.load(open(os.path.join(run_dir, name)))
        for f in data["findings"]:
            if f["rule"] not in RULES:
                continue
            corpus, path = source_of(name.split("_", 1)[0], f["file"])
            seen.setdefault((corpus, path, f["line"], f["rule"], f["class"], f["severity"]), f)
    return seen


def source_line(corpus, path, line):
    try:
        with open(os.path.join("/tmp/corpora-modern", corpus, path)) as f:
            return f.read().split("\n")[line - 1]
    except OSError:
        return ""


def write_labels(out, rows, missing):
    """Writes the label rows (labels.csv's columns); exit status 1 when some finding was not
    judged."""
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["repo", "commit", "file", "line", "rule", "class", "severity", "label", "reason"])
        w.writerows(rows)
    print("rows", len(rows), "unjudged", missing)
    return 1 if missing else 0


def main():
    run_dir = sys.argv[1] if len(sys.argv) > 1 else "/tmp/modern-out/audit-198302e"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "modern-labels.csv")
    rows, missing = [], 0
    for (corpus, path, line, rule, cls, sev), f in sorted(distinct_findings(run_dir).items()):
        verdict = judge(corpus, path, line, rule, source_line(corpus, path, line))
        if not verdict:
            print("UNJUDGED", corpus, path, line, rule, cls, sev, f.get("condition"))
            missing += 1
            continue
        rows.append([REPOS[corpus], COMMIT[corpus], path, line, rule, cls, sev, *verdict])
    return write_labels(out, rows, missing)


if __name__ == "__main__":
    sys.exit(main())
