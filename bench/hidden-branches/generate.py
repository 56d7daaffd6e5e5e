#!/usr/bin/env python3
"""Builds divlint's hidden-branch table from what nvcc emits (issue 30, item 3).

One tiny kernel per (operation x type x address space) is compiled with
`nvcc -arch=sm_90 -cubin` once per fast-math flag set; the SASS of each kernel
is scanned for conditional control flow (cubin_scan.py decodes the opcode, guard
predicate and branch target of each instruction; checked against `cuobjdump -sass`):
predicated BRA/BRX/JMP/CALL/RET/EXIT, and loops (a branch to an earlier address). The same count for a baseline kernel of the same scaffolding is
subtracted, so what remains is what the operation itself adds.

Steps (each reads the previous one's files in OUT):
  generate.py sources OUT       kernels.cu and manifest.json
  generate.py compile OUT -j2   one .cubin per flag set (needs nvcc; drops kernels
                                whose operation does not exist for that type)
  generate.py table OUT         counts.tsv (per kernel and flag set) and the table:
                                lib/Analysis/HiddenBranchTable.def, which includes one
                                HiddenBranchTable<Family>.def per family of operations
  generate.py all OUT -j2       all four
  generate.py check             renders the table from the checked-in counts.tsv into a
                                temporary directory and compares it with the committed
                                files (no CUDA toolkit needed; exit 1 on a difference)

The checked-in counts.tsv lets `table` and `check` run without a CUDA toolkit.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cubin_scan  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
ARCH = "sm_90"

# Flag sets: name -> nvcc flags. -use_fast_math implies -ftz=true -prec-div=false
# -prec-sqrt=false (and approximate transcendentals); the other sets are every
# combination of the three precise-math switches.
FLAG_SETS = {}
for ftz in (False, True):
    for pdiv in (True, False):
        for psqrt in (True, False):
            parts = []
            if ftz:
                parts.append("ftz")
            if not pdiv:
                parts.append("approx-div")
            if not psqrt:
                parts.append("approx-sqrt")
            name = "+".join(parts) or "default"
            FLAG_SETS[name] = ["-ftz=" + ("true" if ftz else "false"),
                               "-prec-div=" + ("true" if pdiv else "false"),
                               "-prec-sqrt=" + ("true" if psqrt else "false")]
FLAG_SETS["fast-math"] = ["-use_fast_math"]

INT_TYPES = {"int32": "int", "uint32": "unsigned", "int64": "long long",
             "uint64": "unsigned long long"}
FLOAT_TYPES = {"float": "float", "double": "double"}

# Math functions: the double name; the float one adds 'f'. Arity 1 or 2
# ("sincos": two outputs).
MATH = {
    "sqrt": 1, "rsqrt": 1, "cbrt": 1, "rcbrt": 1, "exp": 1, "exp2": 1, "exp10": 1,
    "expm1": 1, "log": 1, "log2": 1, "log10": 1, "log1p": 1, "pow": 2, "sin": 1,
    "cos": 1, "tan": 1, "sincos": "sincos", "sinpi": 1, "cospi": 1, "asin": 1,
    "acos": 1, "atan": 1, "atan2": 2, "sinh": 1, "cosh": 1, "tanh": 1, "hypot": 2,
    "erf": 1, "erfc": 1, "erfinv": 1, "normcdf": 1, "lgamma": 1, "tgamma": 1,
    "fmod": 2, "remainder": 2,
}
# Intrinsics: name -> (type, arity).
INTRINSICS = {
    "__fdividef": ("float", 2), "__fdiv_rn": ("float", 2), "__fdiv_rz": ("float", 2),
    "__frcp_rn": ("float", 1), "__fsqrt_rn": ("float", 1), "__frsqrt_rn": ("float", 1),
    "__expf": ("float", 1), "__exp10f": ("float", 1), "__logf": ("float", 1),
    "__log2f": ("float", 1), "__log10f": ("float", 1), "__powf": ("float", 2),
    "__sinf": ("float", 1), "__cosf": ("float", 1), "__tanf": ("float", 1),
    "__sincosf": ("float", "sincos"), "__ddiv_rn": ("double", 2),
    "__drcp_rn": ("double", 1), "__dsqrt_rn": ("double", 1),
}
# Conversions: (from, to).
CONVERSIONS = [("int64", "float"), ("uint64", "float"), ("int64", "double"),
               ("uint64", "double"), ("int32", "float"), ("uint32", "double"),
               ("float", "int64"), ("double", "int64"), ("float", "uint64"),
               ("double", "float"), ("float", "double")]
ATOMIC_TYPES = {"int32": "int", "uint32": "unsigned", "int64": "long long",
                "uint64": "unsigned long long", "float": "float", "double": "double",
                "half": "__half", "half2": "__half2", "bf16": "__nv_bfloat16",
                "bf162": "__nv_bfloat162", "uint16": "unsigned short"}
ATOMICS = ["atomicAdd", "atomicSub", "atomicMin", "atomicMax", "atomicExch", "atomicCAS",
           "atomicAnd", "atomicOr", "atomicXor", "atomicInc", "atomicDec",
           "__nv_atomic_fetch_add", "__nv_atomic_fetch_min", "__nv_atomic_exchange_n",
           "__nv_atomic_load_n", "__nv_atomic_store_n"]
SPACES = ["global", "shared", "generic"]
# The table is written one file per family (name suffix, what it holds).
FAMILIES = [("Operators", "the operators / and %"),
            ("MathFunctions", "math functions (float and double)"),
            ("Intrinsics", "intrinsics (__fdiv_rn, __expf, ...)"),
            ("Conversions", "conversions"),
            ("Atomics", "atomics")]
# The types each atomic is tried for (nvcc drops the ones it rejects anyway).
INTS = ["int32", "uint32", "int64", "uint64"]
ATOMIC_OPERAND_TYPES = {
    "atomicAdd": ["int32", "uint32", "uint64", "float", "double", "half", "half2", "bf16",
                  "bf162"],
    "atomicSub": ["int32", "uint32"],
    "atomicMin": INTS + ["float", "double"], "atomicMax": INTS + ["float", "double"],
    "atomicExch": ["int32", "uint32", "uint64", "float"],
    "atomicCAS": ["int32", "uint32", "uint64", "uint16"],
    "atomicAnd": ["int32", "uint32", "uint64"], "atomicOr": ["int32", "uint32", "uint64"],
    "atomicXor": ["int32", "uint32", "uint64"], "atomicInc": ["uint32"],
    "atomicDec": ["uint32"],
}
NV_ATOMIC_TYPES = INTS + ["float", "double"]


def family(op):
    """The table file (FAMILIES) of an operation's rows."""
    if op in ("/", "%"):
        return "Operators"
    if op in MATH:
        return "MathFunctions"
    if op in INTRINSICS:
        return "Intrinsics"
    if op.startswith("convert-to-"):
        return "Conversions"
    if op in ATOMICS:
        return "Atomics"
    sys.exit("no family for operation %r" % op)


def all_types():
    t = dict(INT_TYPES)
    t.update(FLOAT_TYPES)
    t.update(ATOMIC_TYPES)
    return t


def kernel_sources():
    """(name, meta, body) of every kernel; meta is the table key."""
    ks = []
    T = all_types()

    def add(meta, params, body):
        name = "k%04d" % len(ks)
        ks.append((name, meta, 'extern "C" __global__ void %s(%s) {\n  int i = '
                   "blockIdx.x * blockDim.x + threadIdx.x;\n%s}\n" % (name, params, body)))

    # Baselines: the scaffolding without the operation.
    for tn in ("int32", "int64", "float", "double"):
        t = T[tn]
        add({"op": "<baseline>", "type": tn, "space": "-"},
            "%s *out, const %s *a, const %s *b" % (t, t, t), "  out[i] = a[i] + b[i];\n")
    for tn, t in ATOMIC_TYPES.items():
        for space in SPACES:
            add({"op": "<baseline>", "type": tn, "space": space},
                *atomic_scaffold(t, space, "%s r = *p;" % t, True))
    for op in ("/", "%"):
        for tn, t in INT_TYPES.items():
            add({"op": op, "type": tn, "space": "-"}, "%s *out, const %s *a, const %s *b" % (t, t, t),
                "  out[i] = a[i] %s b[i];\n" % op)
    for tn, t in FLOAT_TYPES.items():
        add({"op": "/", "type": tn, "space": "-"}, "%s *out, const %s *a, const %s *b" % (t, t, t),
            "  out[i] = a[i] / b[i];\n")
    for fn, arity in MATH.items():
        for tn, t in FLOAT_TYPES.items():
            call = fn + ("f" if tn == "float" else "")
            add({"op": fn, "type": tn, "space": "-"}, "%s *out, const %s *a, const %s *b" % (t, t, t),
                math_body(call, arity, t))
    for fn, (tn, arity) in INTRINSICS.items():
        t = T[tn]
        add({"op": fn, "type": tn, "space": "-"}, "%s *out, const %s *a, const %s *b" % (t, t, t),
            math_body(fn, arity, t))
    for src, dst in CONVERSIONS:
        add({"op": "convert-to-" + dst, "type": src, "space": "-"},
            "%s *out, const %s *a, const %s *b" % (T[dst], T[src], T[src]),
            "  out[i] = (%s)a[i];\n" % T[dst])
    for op in ATOMICS:
        for tn in ATOMIC_OPERAND_TYPES.get(op, NV_ATOMIC_TYPES):
            t = ATOMIC_TYPES[tn]
            for space in SPACES:
                for ret in (True, False):
                    call = atomic_call(op, t)
                    stmt = ("%s r = %s;" % (t, call)) if ret else ("%s; %s r = *p;" % (call, t))
                    if op == "__nv_atomic_store_n":
                        if not ret:
                            continue
                        stmt = "%s; %s r = *p;" % (call, t)
                    add({"op": op, "type": tn, "space": space, "result": ret},
                        *atomic_scaffold(t, space, stmt, True))
    return ks


def math_body(call, arity, t):
    if arity == "sincos":
        return "  %s s, c;\n  %s(a[i], &s, &c);\n  out[i] = s + c;\n" % (t, call)
    args = "a[i]" if arity == 1 else "a[i], b[i]"
    return "  out[i] = %s(%s);\n" % (call, args)


def atomic_call(op, t):
    if op == "atomicCAS":
        return "atomicCAS(p, v, v)"
    if op.startswith("__nv_atomic_load"):
        return "__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)"
    if op.startswith("__nv_atomic_store"):
        return "__nv_atomic_store_n(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)"
    if op.startswith("__nv_atomic"):
        return "%s(p, v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE)" % op
    return "%s(p, v)" % op


def atomic_scaffold(t, space, stmt, _ret):
    """Kernel parameters and body around an atomic on `p` (of the address space) with
    operand `v`; the result `r` is stored."""
    params = "%s *out, %s *g, const %s *a, const int *idx, int flag" % (t, t, t)
    body = "  __shared__ %s s[64];\n  int t = threadIdx.x;\n  s[t & 63] = a[t];\n" % t
    body += "  __syncthreads();\n  %s v = a[i];\n" % t
    if space == "global":
        body += "  %s *p = &g[idx[i]];\n" % t
    elif space == "shared":
        body += "  %s *p = &s[idx[i] & 63];\n" % t
    else:  # generic: either, decided at run time
        body += "  %s *p = (flag & 1) ? &s[idx[i] & 63] : &g[idx[i]];\n" % t
    body += "  %s\n  __syncthreads();\n  out[i] = r;\n  out[i + 1] = s[t & 63];\n" % stmt
    return params, body


PRELUDE = "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n#include <math.h>\n\n"


def cmd_sources(out):
    os.makedirs(out, exist_ok=True)
    ks = kernel_sources()
    with open(os.path.join(out, "kernels.cu"), "w") as f:
        f.write(PRELUDE)
        for name, meta, body in ks:
            f.write(body + "\n")
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({name: meta for name, meta, _ in ks}, f, indent=0, sort_keys=True)
    print("%d kernels" % len(ks))


def kernel_lines(path):
    """line number -> kernel name, for mapping compile errors back."""
    owner, cur = {}, None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            m = re.match(r'extern "C" __global__ void (k\d+)\(', line)
            if m:
                cur = m.group(1)
            owner[n] = cur
    return owner


def drop_kernels(path, names):
    with open(path) as f:
        text = f.read()
    blocks = re.split(r'(?=extern "C" __global__ void )', text)
    keep = [b for b in blocks if not any(b.startswith('extern "C" __global__ void %s(' % n)
                                         for n in names)]
    with open(path, "w") as f:
        f.write("".join(keep))


def nvcc():
    for c in (shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if c and os.path.exists(c):
            return c
    sys.exit("nvcc not found")


def compile_one(out, fs):
    src = os.path.join(out, "kernels.cu")
    cmd = [nvcc(), "-arch=" + ARCH, "-cubin", "-O3", "-o", os.path.join(out, fs + ".cubin"),
           src] + FLAG_SETS[fs]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return cmd, r


def cmd_compile(out, jobs):
    src = os.path.join(out, "kernels.cu")
    # First make the source compile under the default flags: drop kernels whose operation
    # does not exist for that type (nvcc names the line).
    for _ in range(20):
        cmd, r = compile_one(out, "default")
        if r.returncode == 0:
            break
        owner = kernel_lines(src)
        bad = set()
        for m in re.finditer(r'kernels\.cu\((\d+)\): error', r.stderr):
            if owner.get(int(m.group(1))):
                bad.add(owner[int(m.group(1))])
        if not bad:
            sys.exit("nvcc failed:\n" + r.stderr[-4000:])
        print("dropping %d kernels nvcc rejects" % len(bad))
        drop_kernels(src, bad)
    else:
        sys.exit("nvcc kept failing")
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for cmd, r in pool.map(lambda fs: compile_one(out, fs),
                               [f for f in FLAG_SETS if f != "default"]):
            if r.returncode != 0:
                sys.exit("nvcc failed: %s\n%s" % (" ".join(cmd), r.stderr[-4000:]))
    ver = subprocess.run([nvcc(), "--version"], capture_output=True, text=True).stdout
    with open(os.path.join(out, "nvcc-version.txt"), "w") as f:
        f.write(next((l for l in ver.splitlines() if "release" in l), "unknown").strip())


def cmd_table(out, table_path, counts_path):
    """counts.tsv from the cubins (when OUT has them), then the table from counts.tsv."""
    if os.path.exists(os.path.join(out, "default.cubin")):
        manifest = json.load(open(os.path.join(out, "manifest.json")))
        rows = []
        for fs in FLAG_SETS:
            data = open(os.path.join(out, fs + ".cubin"), "rb").read()
            for k, code in sorted(cubin_scan.text_sections(data).items()):
                if k in manifest:
                    br, loops, _ = cubin_scan.scan(code)
                    m = manifest[k]
                    rows.append((m["op"], m["type"], m["space"], str(m.get("result", "-")),
                                 fs, br, loops))
        ver = open(os.path.join(out, "nvcc-version.txt")).read().strip()
        with open(counts_path, "w") as f:
            f.write("# %s; nvcc -arch=%s -cubin -O3 FLAGS; cubin_scan.py\n" % (ver, ARCH))
            f.write("op\ttype\tspace\tresult\tflags\tbranches\tloops\n")
            for r in sorted(set(rows)):
                f.write("\t".join(map(str, r)) + "\n")
    write_table(counts_path, table_path)


def write_table(counts_path, table_path):
    lines = open(counts_path).read().splitlines()
    header = lines[0].lstrip("# ")
    base = {}
    rows = []
    for line in lines[2:]:
        op, ty, space, result, fs, br, loops = line.split("\t")
        if op == "<baseline>":
            base[(ty if space == "-" else ty + "@" + space, fs)] = (int(br), int(loops))
        else:
            rows.append((op, ty, space, result, fs, int(br), int(loops)))
    # An operation's own branches: over its scaffolding's baseline. A result-used and a
    # result-unused atomic are one row (the larger count: nvcc may emit RED for one).
    merged = {}
    for op, ty, space, result, fs, br, loops in rows:
        key = (ty + "@" + space) if space != "-" else ("int32" if ty in ("int32", "uint32") else
                                                       "int64" if ty in ("int64", "uint64") else
                                                       "float" if ty == "float" else "double")
        b = base.get((key, fs), (0, 0))
        br, loops = max(0, br - b[0]), max(0, loops - b[1])
        k = (op, ty, space, fs)
        old = merged.get(k, (0, 0))
        merged[k] = (max(old[0], br), max(old[1], loops))
    by_family = {name: [] for name, _ in FAMILIES}
    measured = {name: 0 for name, _ in FAMILIES}
    for (op, ty, space, fs), (br, loops) in sorted(merged.items()):
        fam = family(op)
        measured[fam] += 1
        if br or loops:
            by_family[fam].append('HIDDEN_BRANCH("%s", "%s", "%s", "%s", %d, %d)\n' %
                                  (op, ty, space, fs, br, loops))
    stem = os.path.splitext(table_path)[0]
    generated = "// Generated by bench/hidden-branches/generate.py from %s.\n" % header
    with open(table_path, "w") as f:
        f.write(generated)
        f.write("// Do not edit: rerun `generate.py all OUT -j2` (or `table` from counts.tsv).\n")
        f.write("// HIDDEN_BRANCH(operation, type, address space, flag set, conditional "
                "branches, loops)\n// over the baseline of the same scaffolding; rows with "
                "no branch are left out.\n")
        f.write("// Flag sets: %s.\n" % "; ".join("%s = %s" % (k, " ".join(v))
                                                  for k, v in FLAG_SETS.items()))
        f.write("// One file per family of operations; rows with a branch of those measured "
                "(operation x type\n// x address space x flag set):\n")
        for name, what in FAMILIES:
            rows = len(by_family[name])
            if rows:
                include = '#include "%s"' % os.path.basename(stem + name + ".def")
                f.write("%s // %s: %d of %d\n" % (include.ljust(46), what, rows,
                                                  measured[name]))
            else:
                f.write("// %s: none of the %d measured compiled to a branch.\n" % (
                    what, measured[name]))
    for name, what in FAMILIES:
        path = stem + name + ".def"
        if not by_family[name]:
            if os.path.exists(path):
                os.remove(path)
            continue
        with open(path, "w") as f:
            f.write("// Generated by bench/hidden-branches/generate.py: %s. Do not edit.\n" % what)
            f.write("// Included by %s, which names the columns, the flag sets and the nvcc.\n"
                    % os.path.basename(table_path))
            f.writelines(by_family[name])
    print("wrote %s (%d rows with branches of %d)" % (
        table_path, sum(1 for v in merged.values() if v[0] or v[1]), len(merged)))


def table_files(table_path):
    """The index and the family files beside it."""
    stem = os.path.splitext(table_path)[0]
    return [table_path] + [stem + name + ".def" for name, _ in FAMILIES]


def cmd_check(table_path, counts_path):
    """Renders the table from counts_path apart and compares it with the files at table_path."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, os.path.basename(table_path))
        write_table(counts_path, fresh)
        differ = []
        for want, have in zip(table_files(fresh), table_files(table_path)):
            want_text = open(want).read() if os.path.exists(want) else None
            have_text = open(have).read() if os.path.exists(have) else None
            if want_text != have_text:
                differ.append(os.path.relpath(have, REPO))
    if differ:
        sys.exit("differs from a render of %s: %s" % (os.path.relpath(counts_path, REPO),
                                                       ", ".join(differ)))
    print("the committed table is a render of %s" % os.path.relpath(counts_path, REPO))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["sources", "compile", "table", "all", "check"])
    ap.add_argument("out", nargs="?", help="work directory (all steps but check)")
    ap.add_argument("-j", type=int, default=2, help="parallel nvcc runs (default 2)")
    ap.add_argument("--table", default=os.path.join(REPO, "lib", "Analysis",
                                                    "HiddenBranchTable.def"))
    ap.add_argument("--counts", default=os.path.join(HERE, "counts.tsv"))
    a = ap.parse_args()
    if a.step == "check":
        cmd_check(a.table, a.counts)
        return
    if not a.out:
        ap.error("%s needs OUT, the work directory" % a.step)
    if a.step in ("sources", "all"):
        cmd_sources(a.out)
    if a.step in ("compile", "all"):
        cmd_compile(a.out, a.j)
    if a.step in ("table", "all"):
        cmd_table(a.out, a.table, a.counts)


if __name__ == "__main__":
    main()
