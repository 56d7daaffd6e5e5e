#!/usr/bin/env python3
"""Benchmark 1b: divlint's cost over clang's parse in instructions (callgrind), immune to load.

usage: instructions.py [--corpora /tmp/corpora] [--divlint build/bin/divlint] FILE_SUFFIX...

For each corpus unit whose path ends with one of FILE_SUFFIXes (corpus_units.py), counts the
instructions of `divlint --no-cache --format=json --report-all` (cold: no PCH, no result cache)
and of `clang++-22 -cc1` with exactly divlint's cc1 arguments (overhead.py's baseline), under
valgrind --tool=callgrind, and prints their ratio. Slow (~50x): use it on a few files.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpus_units import units  # noqa: E402
from overhead import cc1_args  # noqa: E402


def instructions(cmd):
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg", *cmd],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"refs:\s+([\d,]+)", p.stderr)
    return int(m.group(1).replace(",", "")) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default="/tmp/corpora")
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("suffixes", nargs="+")
    a = ap.parse_args()
    for corpus, tu, args in units(a.corpora):
        if not any(tu.endswith(s) for s in a.suffixes):
            continue
        d = instructions([a.divlint, "--no-cache", tu, "--format=json", "--report-all", "--", *args])
        c = instructions([a.clang, *cc1_args(a.divlint, tu, args)])
        print(f"{d / c:6.3f}  divlint {d / 1e9:6.3f} G  clang {c / 1e9:6.3f} G  {os.path.relpath(tu, a.corpora)}",
              flush=True)


if __name__ == "__main__":
    main()
