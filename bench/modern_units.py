"""Modern template-heavy translation units for the speed benchmarks (CuTe, CUB, flash-attention).

A unit is (corpus, path of the .cu file, the arguments its build needs), as corpus_units.py's,
over checkouts under --modern (/tmp/corpora-modern by default) made by `prepare` below from the
repositories and commits of SOURCES (never committed here). flash-attention's launchers include
three PyTorch headers for two error-check macros and the random-number state; the units get
bench/modern/torch-stubs (our own few lines: the macros, a two-field state and its unpack)
instead of a PyTorch installation. NVIDIA/FasterTransformer's kernels are a whole code base (58
units sharing device helpers), listed only when named: bench/header_sharing.py. Left out: flashinfer's csrc/ units (TVM-FFI bindings and
jinja-generated configuration), CUB's own examples (their tests' helpers need Catch2), vLLM
(its snapshot is over the fetch limit).

    python3 bench/modern_units.py prepare [--modern DIR]   # extract the checkouts (fetch first)
    python3 bench/modern_units.py list [--modern DIR]      # the units and their arguments
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = os.path.join(HERE, "modern", "torch-stubs")

# corpus: (GitHub repository, commit measured, paths extracted: `git archive COMMIT PATHS`)
SOURCES = {
    "cutlass": ("NVIDIA/cutlass", "7107b05535f8977f5ecb9d01ee203205b1fd9bc4",
                ["include", "examples", "tools/util/include", "test/unit/common"]),
    "cccl": ("NVIDIA/cccl", "571f2fc3bc53cd710e306ad43d58995c1fe4219f",
             ["cub", "thrust", "libcudacxx/include", "c2h"]),
    "flash-attention": ("Dao-AILab/flash-attention", "0251105a2fb19d2957484b7f023cd8c115286ced",
                        ["csrc/flash_attn/src"]),
    # A whole code base (bench/header_sharing.py): an inference library's kernels, every unit
    # including the same device helpers (reductions, type conversions).
    "fastertransformer": ("NVIDIA/FasterTransformer", "df4a7534860137e060e18d2ebf019906120ea204",
                          ["src", "3rdparty"]),
}
# Corpora listed only when asked for by name: whole code bases, not per-file speed corpora.
WHOLE_CODE_BASES = {"fastertransformer"}

FA_UNITS = ["flash_fwd_hdim32_fp16_sm80.cu", "flash_fwd_hdim64_bf16_sm80.cu",
            "flash_fwd_hdim128_fp16_sm80.cu", "flash_fwd_hdim128_fp16_causal_sm80.cu",
            "flash_fwd_hdim256_bf16_sm80.cu", "flash_fwd_split_hdim128_fp16_sm80.cu",
            "flash_bwd_hdim64_fp16_sm80.cu", "flash_bwd_hdim128_bf16_causal_sm80.cu"]
CUTLASS_UNITS = ["examples/cute/tutorial/sgemm_1.cu", "examples/cute/tutorial/sgemm_2.cu",
                 "examples/cute/tutorial/sgemm_sm70.cu", "examples/cute/tutorial/sgemm_sm80.cu",
                 "examples/cute/tutorial/tiled_copy.cu", "examples/cute/tutorial/tiled_copy_if.cu",
                 "examples/00_basic_gemm/basic_gemm.cu", "examples/12_gemm_bias_relu/gemm_bias_relu.cu",
                 "examples/35_gemm_softmax/gemm_softmax.cu",
                 "examples/41_fused_multi_head_attention/fused_multihead_attention_fixed_seqlen.cu"]
# Thrust's examples: every algorithm call instantiates CUB's kernels (CUB's own examples include
# its tests' helpers, which need Catch2).
CCCL_UNITS = ["thrust/examples/histogram.cu", "thrust/examples/sort.cu", "thrust/examples/sum_rows.cu",
              "thrust/examples/summary_statistics.cu", "thrust/examples/word_count.cu",
              "thrust/examples/run_length_encoding.cu", "thrust/examples/stream_compaction.cu",
              "thrust/examples/scan_by_key.cu"]


# What nvcc defines and clang does not (CUTLASS's examples test it in #if).
NVCC_VERSION = ["-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0"]


def units(modern="/tmp/corpora-modern", names=None):
    """Every (corpus, tu, args) whose file is there, in a fixed order."""
    cut, cccl, fa = (os.path.join(modern, n) for n in ("cutlass", "cccl", "flash-attention"))
    fa_src = os.path.join(fa, "csrc", "flash_attn", "src")
    table = [("cutlass", os.path.join(cut, u),
              ["-std=c++17", f"-I{cut}/include", f"-I{cut}/tools/util/include",
               f"-I{cut}/examples/common", *NVCC_VERSION]) for u in CUTLASS_UNITS]
    table += [("cccl", os.path.join(cccl, u),
               ["-std=c++17", f"-I{cccl}/cub", f"-I{cccl}/thrust", f"-I{cccl}/libcudacxx/include"])
              for u in CCCL_UNITS]
    table += [("flash-attention", os.path.join(fa_src, u),
               ["-std=c++17", f"-I{fa_src}", f"-I{cut}/include", f"-I{STUBS}"]) for u in FA_UNITS]
    ft = os.path.join(modern, "fastertransformer")
    # Its kernels and the attention template's instances; not the CUTLASS GEMMs (they need its
    # CUTLASS submodule, which the snapshot does not hold). CUB is CUDA's (its 3rdparty/cub is
    # for CUDA 10). 17 units have clang errors: the attention template's inline assembly misses
    # a comma in an operand list, 4 units use CUB names CUDA 13 removed.
    for sub in ("", "decoder_masked_multihead_attention"):
        folder = os.path.join(ft, "src", "fastertransformer", "kernels", sub)
        if os.path.isdir(folder):
            table += [("fastertransformer", os.path.join(folder, f),
                       ["-std=c++17", f"-I{ft}", "-DENABLE_BF16", "-DENABLE_FP8"])
                      for f in sorted(os.listdir(folder)) if f.endswith(".cu")]
    return [u for u in table if (u[0] in names if names else u[0] not in WHOLE_CODE_BASES)
            and os.path.isfile(u[1])]


def prepare(modern, mirror="/work/.mirror"):
    """Extracts each repository's measured paths from its git directory (the `fetch` tool's)."""
    for name, (repo, commit, paths) in SOURCES.items():
        git_dir = os.path.join(mirror, repo.replace("/", "+"), "repo")
        out = os.path.join(modern, name)
        os.makedirs(out, exist_ok=True)
        archive = subprocess.Popen(["git", f"--git-dir={git_dir}", "archive", commit, *paths],
                                   stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", out], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            sys.exit(f"git archive failed for {repo}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["prepare", "list"])
    ap.add_argument("--modern", default="/tmp/corpora-modern")
    a = ap.parse_args()
    if a.action == "prepare":
        prepare(a.modern)
    for corpus, tu, args in units(a.modern):
        print(corpus, tu, " ".join(args))


if __name__ == "__main__":
    main()
