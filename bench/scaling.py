#!/usr/bin/env python3
"""Benchmark 2: time and peak memory of divlint on generated files of 1k, 10k, 100k statements.

usage: scaling.py [--divlint build/bin/divlint] [--sizes 1000,10000,100000] [--json OUT]
Goal: linear -- 10x the statements costs at most 11x the time (and memory likewise).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from measure import run  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--divlint", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "divlint"))
ap.add_argument("--sizes", default="1000,10000,100000")
ap.add_argument("--json")
a = ap.parse_args()
rows = []
with tempfile.TemporaryDirectory() as tmp:
    for n in map(int, a.sizes.split(",")):
        path = os.path.join(tmp, f"gen{n}.cu")
        with open(path, "w") as f:
            subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "gen_kernel.py"), str(n)],
                           stdout=f, check=True)
        r = run([a.divlint, "--no-cuda", "--no-cache", "--block-dim=256", "--format=json", path], timeout=3600)
        rows.append({"statements": n, **r})
        print(f"{n:>7} statements: cpu {r['cpu']:.2f}s wall {r['wall']:.2f}s rss {r['rss_mb']:.0f} MB rc={r['rc']}", flush=True)
for small, big in zip(rows, rows[1:]):
    f = big["statements"] / small["statements"]
    print(f"x{f:.0f} statements: x{big['cpu'] / small['cpu']:.2f} time, x{big['rss_mb'] / small['rss_mb']:.2f} memory")
if a.json:
    with open(a.json, "w") as out:
        json.dump(rows, out, indent=1)
