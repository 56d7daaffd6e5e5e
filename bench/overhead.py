#!/usr/bin/env python3
"""Benchmark 1: divlint against clang's own parse of the same file, per file, on real corpora.

usage: overhead.py [--corpora /tmp/corpora] [--per-corpus 15] [--reps 3]
                   [--divlint build/bin/divlint] [--json OUT] [--modern DIR] [--only SUFFIX...]
                   [--states cold,pch,cached] [--base BEFORE]

Baseline: `clang++-22 -cc1` with exactly the cc1 arguments divlint's parse uses (taken from
divlint's own `-v` output for that file, so flags, -include'd compat header, resource
directory and the file's -I/-D are identical; clang's -fsyntax-only, no PCH). divlint is
measured in three states:
  cold    --no-cache: no precompiled headers, no result cache (what every run cost before)
  pch     a cache directory holding the precompiled CUDA headers but no results
  cached  the same directory after a run: the result cache answers
Each rep runs the four commands of a file back to back, in an order that rotates from rep to
rep (paired, interleaved: the machine's other load hits all alike); the per-file number is the
median over reps of CPU time (user + system, from wait4), the summary the median over files of
the per-file ratios to clang. Files clang does not parse (missing SDK headers) are left out.
With --base, a second build's cold run ("base") joins each rep, paired with the same clang runs:
a before/after comparison under the same load.
Units: corpus_units.py (the ground truth's programs, with their include dirs and macros), or
with --modern DIR modern_units.py's template-heavy ones (CuTe, CUB, flash-attention). Per corpus
the summary gives the median ratio and the slowest decile's (the 90th percentile, and the max).
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpus_units import spread, units  # noqa: E402
from measure import median, run  # noqa: E402
import modern_units  # noqa: E402


def percentile(values, q):
    """The q-quantile of values (nearest rank, so a small corpus' slowest decile is its max)."""
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(-(-q * len(v) // 1)) - 1))] if v else None


def cc1_args(divlint, tu, args):
    """The cc1 command line divlint's parse of tu uses (from `-- -v`), or None."""
    p = subprocess.run([divlint, "--no-cache", tu, "--", *args, "-v"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, errors="replace", timeout=600)
    for line in p.stderr.splitlines():
        words = shlex.split(line) if '"-cc1"' in line else []
        if words and "-cc1" in words:
            return [w for w in words[words.index("-cc1"):] if w != "-v"]
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", default="/tmp/corpora")
    ap.add_argument("--per-corpus", type=int, default=15)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--json")
    ap.add_argument("--modern", help="modern_units.py's checkouts instead of --corpora's units")
    ap.add_argument("--only", nargs="*", default=[], help="units whose path ends so")
    ap.add_argument("--states", default="cold,pch,cached")
    ap.add_argument("--base", help="another divlint, measured cold in the same reps (state base)")
    a = ap.parse_args()
    states = a.states.split(",") + (["base"] if a.base else [])
    root = a.modern or a.corpora
    by_corpus = {}
    for u in (modern_units.units(a.modern) if a.modern else units(a.corpora)):
        if a.only and not any(u[1].endswith(s) for s in a.only):
            continue
        by_corpus.setdefault(u[0], []).append(u)
    chosen = [u for name in sorted(by_corpus) for u in spread(by_corpus[name], a.per_corpus)]
    cache = tempfile.mkdtemp(prefix="divlint-overhead-")
    rows = []
    try:
        for corpus, tu, args in chosen:
            cc1 = cc1_args(a.divlint, tu, args)
            if not cc1 or run([a.clang, *cc1])["rc"] != 0:
                print(f"skip (clang does not parse it): {tu}", flush=True)
                continue
            dl = [a.divlint, tu, "--format=json", "--report-all"]
            cmds = {
                "clang": ([a.clang, *cc1], None),
                "cold": ([*dl, "--no-cache", "--", *args], None),
                "pch": ([*dl, f"--cache-dir={cache}", "--", *args], "drop-results"),
                "cached": ([*dl, f"--cache-dir={cache}", "--", *args], None),
                "base": ([a.base, *dl[1:], "--no-cache", "--", *args], None),
            }
            cmds = {k: v for k, v in cmds.items() if k == "clang" or k in states}
            if "pch" in cmds or "cached" in cmds:
                for _ in range(2):  # the second parse with a command line builds its PCH
                    shutil.rmtree(os.path.join(cache, "results"), ignore_errors=True)
                    run(cmds.get("pch", cmds.get("cached"))[0])
            times = {k: [] for k in cmds}
            rss = {k: [] for k in cmds}
            order = list(cmds)
            for rep in range(a.reps):
                for k in order[rep % len(order):] + order[: rep % len(order)]:
                    if cmds[k][1] == "drop-results":
                        shutil.rmtree(os.path.join(cache, "results"), ignore_errors=True)
                    if k == "cached":
                        run(cmds[k][0])  # make sure the result is there
                    r = run(cmds[k][0])
                    times[k].append(r["cpu"])
                    rss[k].append(r["rss_mb"])
            med = {k: median(v) for k, v in times.items()}
            row = {"corpus": corpus, "file": os.path.relpath(tu, root),
                   **{f"{k}_cpu": med[k] for k in med},
                   **{f"{k}_ratio": med[k] / med["clang"] for k in states},
                   **{f"{k}_cpu_reps": times[k] for k in times},
                   **{f"{k}_rss_mb": max(rss[k]) for k in rss}}
            rows.append(row)
            print(" ".join(f"{row[k + '_ratio']:6.3f}" for k in states) +
                  f"  clang {med['clang']:.3f}s  {row['file']}", flush=True)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    summary = {"files": len(rows), "reps": a.reps}
    for k in states:
        summary[f"median_{k}_ratio"] = median([r[f"{k}_ratio"] for r in rows]) if rows else None
    for c in sorted({r["corpus"] for r in rows}):
        sub = [r for r in rows if r["corpus"] == c]
        summary[c] = {k: median([r[f"{k}_ratio"] for r in sub]) for k in states}
        for k in states:
            summary[c][f"{k}_p90"] = percentile([r[f"{k}_ratio"] for r in sub], 0.9)
            summary[c][f"{k}_max"] = max(r[f"{k}_ratio"] for r in sub)
        summary[c]["files"] = len(sub)
    print(json.dumps(summary, indent=1))
    if a.json:
        with open(a.json, "w") as out:
            json.dump({"summary": summary, "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
