#!/usr/bin/env python3
"""Benchmark 3: a whole corpus through one `divlint -p BUILD_DIR` run, cold and warm.

usage: throughput.py [--corpora /tmp/corpora] [--corpus cuda-samples] [--divlint ...]
                     [--jobs 1,2] [--json OUT] [--modern DIR]

Writes a compile_commands.json for the corpus' translation units (corpus_units.py: their include
dirs and macros) into a temporary build dir, then for each -j: one run with an empty cache
directory (cold: every unit parsed, the precompiled headers built on first use), and one more
with the same cache directory (warm: nothing changed, every result reused). Reports wall time,
files per second, CPU time and peak memory (the largest process of the run, from wait4, which
also counts the worker processes) and checks that cold and warm outputs are identical.
--no-cache (no PCH, no result cache, workers only) is measured too, as the old behaviour.
The --no-cache run also prints each unit's phase times (DIVLINT_PHASE_TIMES): their sums give
the share of the analysis, and of all the CPU time, spent in functions defined in headers.
--modern DIR takes --corpus from modern_units.py's units (cutlass, cccl, flash-attention).
"""
import re
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpus_units import units  # noqa: E402
import modern_units  # noqa: E402

PHASES = re.compile(r"phase times: .*: parse ([\d.]+) s, collect ([\d.]+) s, analysis ([\d.]+) s "
                    r"\((\d+) analyses; headers ([\d.]+) s in (\d+); without a caller ([\d.]+) s[^)]*\)")


def timed(cmd, env=None):
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, env=env)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    r = {"wall": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
         "peak_rss_mb": usage.ru_maxrss / 1024.0, "rc": os.waitstatus_to_exitcode(status)}
    sums = [0.0] * 7
    for m in PHASES.finditer(stderr):
        sums = [a + float(b) for a, b in zip(sums, m.groups())]
    if any(sums):
        r["phases"] = dict(zip(["parse", "collect", "analysis", "analyses", "header_analysis",
                                "header_analyses", "without_caller"], sums))
        r["header_share_of_analysis"] = sums[4] / sums[2] if sums[2] else 0.0
        r["header_share_of_cpu"] = sums[4] / r["cpu"] if r["cpu"] else 0.0
    return r, out


def write_compile_db(directory, us):
    """DIRECTORY/compile_commands.json for units (corpus, tu, args), as nvcc would compile them."""
    db = [{"directory": os.path.dirname(tu), "file": tu,
           "arguments": ["nvcc", "-c", *args, tu, "-o", "/dev/null"]} for _, tu, args in us]
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump(db, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default="/tmp/corpora")
    ap.add_argument("--corpus", default="cuda-samples")
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--json")
    ap.add_argument("--modern", help="modern_units.py's checkouts (--corpus: cutlass, cccl, ...)")
    a = ap.parse_args()
    us = modern_units.units(a.modern, [a.corpus]) if a.modern else units(a.corpora, [a.corpus])
    results = {"corpus": a.corpus, "units": len(us), "runs": []}
    with tempfile.TemporaryDirectory(prefix="divlint-throughput-") as tmp:
        write_compile_db(tmp, us)
        for j in [int(x) for x in a.jobs.split(",")]:
            cache = os.path.join(tmp, f"cache-j{j}")
            base = [a.divlint, "-p", tmp, "-j", str(j), "--format=json", "--report-all"]
            outs = {}
            for state, extra in (("no-cache", ["--no-cache"]), ("cold", [f"--cache-dir={cache}"]),
                                 ("warm", [f"--cache-dir={cache}"])):
                env = dict(os.environ, DIVLINT_PHASE_TIMES="1") if state == "no-cache" else None
                r, outs[state] = timed(base + extra, env)
                r.update({"jobs": j, "state": state, "files_per_s": len(us) / r["wall"]})
                results["runs"].append(r)
                print(json.dumps(r), flush=True)
            results[f"j{j}_outputs_identical"] = outs["cold"] == outs["warm"] == outs["no-cache"]
            print(f"-j {j}: outputs identical: {results[f'j{j}_outputs_identical']}", flush=True)
    if a.json:
        with open(a.json, "w") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
