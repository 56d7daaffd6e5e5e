#!/usr/bin/env python3
"""What sharing header analyses between the units of one run could save, at most.

usage: header_sharing.py --modern DIR [--corpus cccl ...] [--divlint BUILD/bin/divlint]
                         [--json OUT]

For each corpus, one `divlint -p BUILD_DIR -j 1 --no-cache` run over its units (modern_units.py)
with DIVLINT_PHASE_TIMES and DIVLINT_HEADER_LOG set: each unit's phases, and each analysis of a
function defined in a header (the outermost where one calls another; its callees' time included)
with the function's mangled name. A later unit could reuse an analysis only of a function an
earlier unit analyzed too, so the CPU seconds of those analyses bound what sharing across units
could save (an upper bound: it ignores that the calling contexts must match as well).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import modern_units  # noqa: E402
from throughput import PHASES, write_compile_db  # noqa: E402


def measure(divlint, units):
    with tempfile.TemporaryDirectory(prefix="divlint-header-sharing-") as tmp:
        write_compile_db(tmp, units)
        log = os.path.join(tmp, "headers.tsv")
        env = dict(os.environ, DIVLINT_PHASE_TIMES="1", DIVLINT_HEADER_LOG=log)
        p = subprocess.run([divlint, "-p", tmp, "-j", "1", "--no-cache", "--format=json",
                            "--report-all"], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        phases = [tuple(float(x) for x in m.groups()[:3]) for m in PHASES.finditer(p.stderr)]
        rows = []
        if os.path.exists(log):
            with open(log) as f:
                rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    total = sum(sum(ph) for ph in phases)
    analysis = sum(ph[2] for ph in phases)
    header = sum(float(r[2]) for r in rows)
    # In run order: the analyses of a function some earlier unit analyzed too.
    seen_before, this_unit, unit, shareable = set(), set(), None, 0.0
    per_function_units = collections.defaultdict(set)
    for u, fn, secs in rows:
        if u != unit:
            seen_before |= this_unit
            this_unit, unit = set(), u
        if fn in seen_before:
            shareable += float(secs)
        this_unit.add(fn)
        per_function_units[fn].add(u)
    return {"rc": p.returncode, "units": len(phases), "cpu_s": total, "analysis_s": analysis,
            "header_analysis_s": header, "header_functions": len(per_function_units),
            "in_several_units": sum(1 for s in per_function_units.values() if len(s) > 1),
            "shareable_s": shareable,
            "shareable_of_cpu": shareable / total if total else 0.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--modern", required=True, help="modern_units.py's checkouts")
    ap.add_argument("--corpus", nargs="*", default=["cccl", "cutlass", "flash-attention"])
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--json")
    a = ap.parse_args()
    results = {}
    for corpus in a.corpus:
        r = measure(a.divlint, modern_units.units(a.modern, [corpus]))
        results[corpus] = r
        print(f"{corpus}: {r['units']} units, CPU {r['cpu_s']:.1f} s, analyses "
              f"{r['analysis_s']:.2f} s, header analyses {r['header_analysis_s']:.2f} s "
              f"({r['header_functions']} functions, {r['in_several_units']} in several units); "
              f"analyses of a function an earlier unit analyzed: {r['shareable_s']:.2f} s = "
              f"{100 * r['shareable_of_cpu']:.2f}% of the CPU", flush=True)
        if r["rc"] == 2:
            print(f"  (exit 2: some units have clang errors; divlint analyzed what it could)")
        elif r["rc"] not in (0, 1):
            sys.exit(f"divlint exited {r['rc']} on {corpus}")
    if a.json:
        with open(a.json, "w") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
