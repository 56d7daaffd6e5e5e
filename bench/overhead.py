#!/usr/bin/env python3
"""Benchmark 1: divlint vs clang's own device-side parse, per file, on a real corpus.

usage: overhead.py CORPUS_DIR [--divlint build/bin/divlint] [--limit N] [--json OUT]

For every .cu file under CORPUS_DIR: CPU time of `divlint FILE -- <includes>` and of
`clang++-22 -fsyntax-only` with exactly the flags divlint gives clang (printed below), each the
best of --reps runs. Prints per-file ratios and the median. Goal: median <= 1.15x.
Include dirs: every directory of the corpus named `Common` or `include` (cuda-samples layout).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from measure import median, run  # noqa: E402

CLANG_FLAGS = ["-fsyntax-only", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
               "-nocudalib", "-Wno-unknown-cuda-version", "-w", "-ferror-limit=20",
               "-Xclang", "-target-sdk-version=12.8", "--cuda-path=/usr/local/cuda",
               "-isystem", "/usr/local/cuda/include/cccl"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--divlint", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "divlint"))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--json")
    a = ap.parse_args()
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(a.corpus) for f in fs if f.endswith(".cu"))
    if a.limit:
        files = files[: a.limit]
    includes = sorted({d for d, _, _ in os.walk(a.corpus) if os.path.basename(d) in ("Common", "include")})
    inc = [x for d in includes for x in ("-I", d)]
    print(f"# {len(files)} files; clang flags: {' '.join(CLANG_FLAGS)} {' '.join(inc)}")
    rows = []
    for f in files:
        d = min((run([a.divlint, f, "--", *inc]) for _ in range(a.reps)), key=lambda r: r["cpu"])
        c = min((run([a.clang, *CLANG_FLAGS, *inc, f]) for _ in range(a.reps)), key=lambda r: r["cpu"])
        ok = c["rc"] == 0 and d["rc"] in (0, 1)
        ratio = d["cpu"] / c["cpu"] if c["cpu"] > 0 else float("nan")
        rows.append({"file": os.path.relpath(f, a.corpus), "divlint_cpu": d["cpu"], "clang_cpu": c["cpu"],
                     "ratio": ratio, "divlint_rc": d["rc"], "clang_rc": c["rc"], "parsed": ok,
                     "divlint_rss_mb": d["rss_mb"], "clang_rss_mb": c["rss_mb"]})
        print(f"{ratio:6.3f}  {d['cpu']:7.3f}s {c['cpu']:7.3f}s  rc={d['rc']}/{c['rc']}  {rows[-1]['file']}", flush=True)
    parsed = [r for r in rows if r["parsed"]]
    ratios = [r["ratio"] for r in parsed]
    summary = {"files": len(rows), "parsed_by_both": len(parsed),
               "median_ratio": median(ratios) if ratios else None,
               "p90_ratio": sorted(ratios)[int(0.9 * (len(ratios) - 1))] if ratios else None,
               "total_divlint_cpu": sum(r["divlint_cpu"] for r in parsed),
               "total_clang_cpu": sum(r["clang_cpu"] for r in parsed)}
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as out:
            json.dump({"summary": summary, "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
