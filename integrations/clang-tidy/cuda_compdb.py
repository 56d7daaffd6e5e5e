#!/usr/bin/env python3
"""Rewrites a compile_commands.json so that clang (and so clang-tidy) can parse its CUDA files.

usage: cuda_compdb.py BUILD_DIR OUT_DIR [--cuda-path DIR] [--cuda-gpu-arch sm_XX]

The divlint CLI adjusts nvcc command lines itself (lib/Frontend/CompileDatabase.cpp); clang-tidy
cannot, so editors and CI that run the clang-tidy plugin over a CMake/nvcc build need a database
clang understands. For every .cu entry this writes the device-side parse divlint uses
(`-x cuda --cuda-device-only --cuda-gpu-arch=... -nocudalib ...`) and keeps, from nvcc, only what
changes the meaning of the source: -I, -D, -U, -isystem, -include, -std, and nvcc's
floating-point flags (-use_fast_math, -ftz, -prec-div, -prec-sqrt) as the macros the divlint CLI
gives clang for them (include/divlint/Frontend/MathFlags.h: they decide which operations are
hidden branches). Other entries are copied unchanged. OUT_DIR/compile_commands.json is written (OUT_DIR may be BUILD_DIR's sibling: point
clang-tidy's -p, CLion or cpptools at it).
"""
import argparse
import json
import os
import shlex
import sys

# nvcc options followed by a separate value that mean nothing to clang's device parse.
NVCC_VALUE_FLAGS = {"-o", "-ccbin", "--compiler-bindir", "-Xcompiler", "--compiler-options",
                    "-Xptxas", "-Xlinker", "-Xcudafe", "-gencode", "--generate-code", "-arch",
                    "--gpu-architecture", "-code", "--gpu-code", "-maxrregcount", "-x", "-MF", "-MT",
                    "-MQ", "--options-file", "-t", "--threads"}
KEEP_WITH_VALUE = {"-I", "-D", "-U", "-isystem", "-include"}


def device_args(cuda_path, arch):
    args = ["-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={arch}", "-nocudalib",
            "-Wno-unknown-cuda-version", "-Xclang", "-target-sdk-version=12.8"]
    if cuda_path and os.path.isfile(os.path.join(cuda_path, "include", "cuda_runtime.h")):
        args.append(f"--cuda-path={cuda_path}")
        cccl = os.path.join(cuda_path, "include", "cccl")
        if os.path.isdir(cccl):
            args += ["-isystem", cccl]
    return args


def math_flags(args):
    """The clang arguments for nvcc's -use_fast_math, -ftz, -prec-div, -prec-sqrt in args, as
    cudaArgumentsAdjuster writes them (an explicit flag overrides what fast math implies)."""
    fast, given, i = False, {}, 0
    while i < len(args):
        a = args[i][1:] if args[i].startswith("--") else args[i]
        if a == "-use_fast_math":
            fast = True
        for name in ("-ftz", "-prec-div", "-prec-sqrt"):
            if a == name and i + 1 < len(args):
                given[name] = args[i + 1] in ("true", "1")
                i += 1
            elif a.startswith(name + "="):
                given[name] = a[len(name) + 1:] in ("true", "1")
        i += 1
    out = ["-fgpu-approx-transcendentals"] if fast else []
    if fast and not given:
        return out + ["-D__DIVLINT_NVCC_USE_FAST_MATH__"]
    if given.get("-ftz", fast):
        out.append("-D__DIVLINT_NVCC_FTZ__")
    if not given.get("-prec-div", not fast):
        out.append("-D__DIVLINT_NVCC_APPROX_DIV__")
    if not given.get("-prec-sqrt", not fast):
        out.append("-D__DIVLINT_NVCC_APPROX_SQRT__")
    return out


def convert(entry, cuda_path, arch):
    """The clang device-side command of one .cu entry (other entries are returned unchanged)."""
    if not entry["file"].endswith(".cu"):
        return entry
    args = entry.get("arguments") or shlex.split(entry["command"])
    kept, i = [], 1
    while i < len(args):
        a = args[i]
        if not a.startswith("-"):
            pass  # the source (appended last) or the compiler's output
        elif a in KEEP_WITH_VALUE and i + 1 < len(args):
            kept += [a, args[i + 1]]
            i += 1
        elif a.startswith(("-I", "-D", "-U", "-isystem", "-std=")):
            kept.append(a)
        elif a.startswith("--std="):
            kept.append("-std=" + a[len("--std="):])
        elif a in NVCC_VALUE_FLAGS:
            i += 1  # and its value
        i += 1
    return {"directory": entry["directory"], "file": entry["file"],
            "arguments": ["clang++", *device_args(cuda_path, arch), *kept, *math_flags(args),
                          "-c", entry["file"]]}


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("build_dir")
    p.add_argument("out_dir")
    p.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    p.add_argument("--cuda-gpu-arch", default="sm_90")
    a = p.parse_args(argv[1:])
    with open(os.path.join(a.build_dir, "compile_commands.json")) as f:
        db = json.load(f)
    converted = [convert(e, a.cuda_path, a.cuda_gpu_arch) for e in db]
    os.makedirs(a.out_dir, exist_ok=True)
    with open(os.path.join(a.out_dir, "compile_commands.json"), "w") as f:
        json.dump(converted, f, indent=2)
    cu = sum(1 for e in db if e["file"].endswith(".cu"))
    print(f"cuda_compdb: {cu} CUDA of {len(db)} entries -> {a.out_dir}/compile_commands.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
