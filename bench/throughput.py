#!/usr/bin/env python3
"""Benchmark 3: a whole corpus through one `divlint -p BUILD_DIR` run, cold and warm.

usage: throughput.py [--corpora /tmp/corpora] [--corpus cuda-samples] [--divlint ...]
                     [--jobs 1,2] [--json OUT]

Writes a compile_commands.json for the corpus' translation units (corpus_units.py: their include
dirs and macros) into a temporary build dir, then for each -j: one run with an empty cache
directory (cold: every unit parsed, the precompiled headers built on first use), and one more
with the same cache directory (warm: nothing changed, every result reused). Reports wall time,
files per second, CPU time and peak memory (the largest process of the run, from wait4, which
also counts the worker processes) and checks that cold and warm outputs are identical.
--no-cache (no PCH, no result cache, workers only) is measured too, as the old behaviour.
"""
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


def timed(cmd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return {"wall": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
            "peak_rss_mb": usage.ru_maxrss / 1024.0, "rc": os.waitstatus_to_exitcode(status)}, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default="/tmp/corpora")
    ap.add_argument("--corpus", default="cuda-samples")
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--json")
    a = ap.parse_args()
    us = units(a.corpora, [a.corpus])
    results = {"corpus": a.corpus, "units": len(us), "runs": []}
    with tempfile.TemporaryDirectory(prefix="divlint-throughput-") as tmp:
        db = [{"directory": os.path.dirname(tu), "file": tu,
               "arguments": ["nvcc", "-c", *args, tu, "-o", "/dev/null"]} for _, tu, args in us]
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        for j in [int(x) for x in a.jobs.split(",")]:
            cache = os.path.join(tmp, f"cache-j{j}")
            base = [a.divlint, "-p", tmp, "-j", str(j), "--format=json", "--report-all"]
            outs = {}
            for state, extra in (("no-cache", ["--no-cache"]), ("cold", [f"--cache-dir={cache}"]),
                                 ("warm", [f"--cache-dir={cache}"])):
                r, outs[state] = timed(base + extra)
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
