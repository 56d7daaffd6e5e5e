#!/usr/bin/env python3
"""Before/after check for speed work: two divlint builds must print byte-identical output.

usage: same_findings.py BEFORE AFTER [--corpora /tmp/corpora] [--corpus-units 60]
                        [--after-args=ARGS] [--before-args=ARGS] [-j 2]
                        [--modern DIR] [--only-modern] [--skip SUFFIX...]

Runs `--format=json --report-all` (and the default text output) of both binaries over
../shared/spec/*.cu, examples/*.cu, test/lit/*.cu and --corpus-units translation units of the
public corpora (corpus_units.py, spread over the four corpora), and compares stdout and the exit
status byte for byte. --modern DIR adds modern_units.py's template-heavy units (CuTe, CUB,
flash-attention); --only-modern compares those alone. --after-args (e.g. --no-cache, or nothing to test the caches) and
--before-args are added to the respective command lines. Exit 1 on any difference.
"""
import argparse
import concurrent.futures as cf
import glob
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from corpus_units import spread, units  # noqa: E402
import modern_units  # noqa: E402


def run(binary, extra, tu, args, fmt):
    cmd = [binary, tu, "-j", "1", *fmt, *extra, "--", *args]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=900)
    return p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--corpora", default="/tmp/corpora")
    ap.add_argument("--corpus-units", type=int, default=60)
    ap.add_argument("--before-args", default="", help="e.g. --before-args=--no-cache")
    ap.add_argument("--after-args", default="")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--modern", help="also modern_units.py's units under this directory")
    ap.add_argument("--only-modern", action="store_true")
    ap.add_argument("--skip", nargs="*", default=[],
                    help="inputs whose path ends so (a test of a case BEFORE never finishes)")
    a = ap.parse_args()
    a.before_args, a.after_args = shlex.split(a.before_args), shlex.split(a.after_args)
    inputs = []
    for pattern in [os.path.join(ROOT, "..", "shared", "spec", "*.cu"),
                    os.path.join(ROOT, "examples", "*.cu"), os.path.join(ROOT, "test", "lit", "*.cu")]:
        inputs += [("local", f, []) for f in sorted(glob.glob(pattern))]
    by_corpus = {}
    for u in units(a.corpora):
        by_corpus.setdefault(u[0], []).append(u)
    per = max(1, a.corpus_units // max(1, len(by_corpus)))
    for name in sorted(by_corpus):
        inputs += spread(by_corpus[name], per)
    if a.only_modern:
        inputs = []
    if a.modern:
        inputs += modern_units.units(a.modern)
    inputs = [i for i in inputs if not any(i[1].endswith(x) for x in a.skip)]
    formats = [["--format=json", "--report-all"], ["--color=never"]]
    jobs = [(i, f) for i in inputs for f in formats]

    def check(job):
        (_, tu, args), fmt = job
        return job, run(a.before, a.before_args, tu, args, fmt), run(a.after, a.after_args, tu, args, fmt)

    bad = 0
    with cf.ThreadPoolExecutor(a.j) as ex:
        for ((_, tu, _), fmt), b, c in ex.map(check, jobs):
            if b != c:
                bad += 1
                print(f"DIFFERENT ({' '.join(fmt)}): {tu}: exit {b[0]} vs {c[0]}, {len(b[1])} vs {len(c[1])} bytes")
    print(f"{len(inputs)} inputs x {len(formats)} formats: {len(jobs) - bad} identical, {bad} different")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
