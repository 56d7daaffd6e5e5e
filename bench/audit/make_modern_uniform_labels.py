#!/usr/bin/env python3
"""Labels of a sample of the modern units' uniform classes (issue 29): modern-uniform-labels.csv.

usage: make_modern_uniform_labels.py [RUN_DIR] [OUT.csv]      (--list: print the sample only)
  RUN_DIR: a --report-all run of run_modern_audit.sh (/tmp/modern-out/audit-198302e-all)

The sample: the distinct (repo, file, line, rule, class, severity) uniform-branch findings
(block-uniform, warp-uniform) of the run, sorted; random.Random(29) draws PER_CORPUS of each corpus
that has any, in corpus order (CCCL has none: divlint reports nothing in CUB's headers, which
declare themselves system headers, and Thrust's examples hold no kernel of their own). Each was
read in the source (the condition, its function, its callers, the launch): `right` (the class
holds for every launch the program makes), `wrong-lane-varying` (lanes of one warp can disagree:
a soundness bug), `wrong-too-weak` (uniform, but a stronger class holds).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_modern_labels import COMMIT, source_line, write_labels  # noqa: E402
from score import REPOS, UNIFORM_RULE, source_of  # noqa: E402
import json  # noqa: E402

PER_CORPUS = 60
SEED = 29

# (file suffix, line) -> (label, reason), every sampled finding read in the source
FA = "csrc/flash_attn/src/"
FMHA = "examples/41_fused_multi_head_attention/"
R = "right"
TEMPLATE = (R, "a template parameter, constexpr or type trait (if constexpr, Kernel_traits flag): one value per instantiation")
STATIC = (R, "loop over a constant or a CuTe static extent (size of a register fragment, kRank, OutputTile): the same trips in every thread")
CUTE_META = (R, "CuTe layout algebra: an if constexpr on a type trait, a compile-time constant")
INVALID = (R, "CUTE_INVALID_CONTROL_PATH's assert(0 && msg): a constant condition")
J = {}
for suffix, lines, verdict in [
    (FA + "block_info.h", (17, 18, 19, 23), (R, "the !Varlen leaf is a template parameter")),
    (FA + "block_info.h", (30, 35), (R, "sum_s_q/sum_s_k come from params.cu_seqlens_*[bidb] or -1: block-uniform")),
    (FA + "dropout.h", (40, 43, 63, 77), STATIC),
    (FA + "dropout.h", (57,), TEMPLATE),
    (FA + "flash_bwd_kernel.h", (367, 375, 426, 477, 504, 509, 548, 592, 666, 703), TEMPLATE),
    (FA + "flash_bwd_kernel.h", (409, 465, 590, 678, 730), STATIC),
    (FA + "flash_bwd_preprocess_kernel.h", (246, 250), STATIC),
    (FA + "flash_fwd_kernel.h", (82, 121, 247, 259, 366, 536, 569, 580, 793, 858, 1034, 1070), TEMPLATE),
    (FA + "flash_fwd_kernel.h", (482, 1261, 1286), STATIC),
    (FA + "flash_fwd_kernel.h", (349, 923), (R, "masking_step counts the unrolled masking iterations (constexpr bound): the same in every thread")),
    (FA + "flash_fwd_kernel.h", (937,), (R, "n_masking_steps is constexpr")),
    (FA + "mask.h", (125, 139, 156, 181, 193, 198), TEMPLATE),
    (FA + "mask.h", (148, 170, 175), STATIC),
    (FA + "rotary.h", (143,), TEMPLATE),
    (FA + "softmax.h", (160,), STATIC),
    (FA + "softmax.h", (180, 181), TEMPLATE),
    (FA + "utils.h", (151,), TEMPLATE),
    (FMHA + "gemm/mma_accum_lambda_iterator.h", (93,), STATIC),
    (FMHA + "kernel_forward.h", (240, 802, 816, 1093, 1235), TEMPLATE),
    (FMHA + "kernel_forward.h", (312, 325, 343), (R, "a field of the kernel's Params (copied by value, the same in every thread)")),
    (FMHA + "kernel_forward.h", (344,), (R, "head_id = blockIdx.y: block-uniform")),
    (FMHA + "kernel_forward.h", (1286,), (R, "restore_mi_to_minus_inf is set only under kSupportsBias, false in this unit's instantiation: always false")),
    ("cute/tutorial/sgemm_sm70.cu", (219,), (R, "k_block and K_BLOCK_MAX = size<2>(tCrA) (a static extent): the same in every thread")),
    ("cute/tutorial/sgemm_sm80.cu", (144,), STATIC),
    ("cute/algorithm/tuple_algorithms.hpp", (143, 229, 523, 588), CUTE_META),
    ("cute/arch/cluster_sm90.hpp", (53,), INVALID),
    ("cute/arch/copy_sm100.hpp", (175, 219, 285), INVALID),
    ("cute/arch/tmem_allocator_sm100.hpp", (108,), INVALID),
    ("cute/container/tuple.hpp", (188,), CUTE_META),
    ("cute/int_tuple.hpp", (230, 269, 290), CUTE_META),
    ("cute/layout.hpp", (787, 1036, 1041, 1149, 1153, 1182, 1291, 1571, 1574), CUTE_META),
    ("cute/layout_composed.hpp", (115,), CUTE_META),
    ("cute/numeric/arithmetic_tuple.hpp", (323, 443), CUTE_META),
    ("cute/stride.hpp", (107,), CUTE_META),
    ("cute/tensor_impl.hpp", (361,), CUTE_META),
    ("cute/underscore.hpp", (108, 125, 148, 168), CUTE_META),
    ("cutlass/coord.h", (88, 96, 178, 198), STATIC),
    ("epilogue/thread/linear_combination.h", (176,), (R, "params.alpha_ptr: a kernel parameter, the same in every thread")),
    ("threadblock/threadblock_swizzle_streamk.h", (668,), (R, "tiled_shape() is the swizzle's host-set problem shape: uniform")),
    ("gemm/warp/mma_tensor_op_tile_iterator.h", (253, 313, 2318), TEMPLATE),
    ("cutlass/semaphore.h", (92,), (R, "__syncthreads_and: a block-wide vote, the same in every thread")),
    ("threadblock/predicated_tile_access_iterator.h", (190, 474), TEMPLATE),
    ("reference/device/gemm_complex.h", (111,), (R, "tensor_c.data(): the kernel argument's pointer")),
    ("reference/device/thread/gemm.h", (90, 132, 142), STATIC),
]:
    for line in lines:
        J[(suffix, line)] = verdict


def distinct_uniform(run_dir):
    seen = {}
    for name in sorted(os.listdir(run_dir)):
        if not name.endswith(".json"):
            continue
        for f in json.load(open(os.path.join(run_dir, name)))["findings"]:
            if f["rule"] != UNIFORM_RULE:
                continue
            corpus, path = source_of(name.split("_", 1)[0], f["file"])
            seen.setdefault((corpus, path, f["line"], f["rule"], f["class"], f["severity"]), f)
    return seen


def sample(findings):
    rng = random.Random(SEED)
    picked = []
    for corpus in sorted({k[0] for k in findings}):
        keys = sorted(k for k in findings if k[0] == corpus)
        picked += rng.sample(keys, min(PER_CORPUS, len(keys)))
    return picked


def judge(path, line):
    for (suffix, ln), verdict in J.items():
        if path.endswith(suffix) and line == ln:
            return verdict
    return None


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    run_dir = args[0] if args else "/tmp/modern-out/audit-198302e-all"
    out = args[1] if len(args) > 1 else os.path.join(HERE, "modern-uniform-labels.csv")
    findings = distinct_uniform(run_dir)
    picked = sample(findings)
    if "--list" in sys.argv:
        for k in picked:
            f = findings[k]
            print("|".join(map(str, (*k[:3], k[4], f.get("condition", "").replace("\n", " ")[:90],
                                     f["function"], ",".join(f.get("kernels") or [])[:60],
                                     source_line(k[0], k[1], k[2]).strip()[:100]))))
        return 0
    rows, missing = [], 0
    for k in sorted(picked):
        corpus, path, line, rule, cls, sev = k
        verdict = judge(path, line)
        if not verdict:
            print("UNJUDGED", *k)
            missing += 1
            continue
        rows.append([REPOS[corpus], COMMIT[corpus], path, line, rule, cls, sev, *verdict])
    return write_labels(out, rows, missing)


if __name__ == "__main__":
    sys.exit(main())
