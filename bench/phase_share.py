#!/usr/bin/env python3
"""Benchmark 1c: where a unit's time goes, measured inside divlint (DIVLINT_PHASE_TIMES).

usage: phase_share.py [--modern /tmp/corpora-modern] [--corpus NAME ...] [--divlint build/bin/divlint]
                      [--json OUT]

Runs `divlint --no-cache --format=json --report-all` once per modern unit (modern_units.py) with
DIVLINT_PHASE_TIMES=1 and prints its thread CPU seconds: clang's parse, finding the device
functions (collect), the analyses, and their part in functions defined outside the main file
(headers), in the witness analyses and in the kernels' summaries (binaries that print them).
(parse + collect + analysis) / parse is divlint's cost over its own parse, measured in
one process: unlike overhead.py's ratio of two processes, the machine's other load scales both
alike. --corpus picks corpora by name (default: the three per-file corpora; `fastertransformer`,
a whole code base, only when named). Ends with each corpus's median and slowest decile (the
nearest-rank 90th percentile).

--against OTHER_BUILD runs OTHER_BUILD too, right after --divlint on each unit (paired, under the
same load), prints both ratios, and says whether the two found the same findings (file, line,
column, rule, class, severity); the summary then lists both builds (OTHER_BUILD second).
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import modern_units  # noqa: E402

LINE = re.compile(r"phase times: .*: parse ([\d.]+) s, collect ([\d.]+) s, analysis ([\d.]+) s "
                  r"\((\d+) analyses; headers ([\d.]+) s in (\d+); without a caller ([\d.]+) s"
                  r"(?:; witness ([\d.]+) s in (\d+); kernel summaries ([\d.]+) s)?(?:; reused (\d+))?\)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--modern", default="/tmp/corpora-modern")
    ap.add_argument("--divlint", default=os.path.join(HERE, "..", "build", "bin", "divlint"))
    ap.add_argument("--corpus", nargs="*")
    ap.add_argument("--json")
    ap.add_argument("--against", help="a second build, run after --divlint on each unit")
    a = ap.parse_args()
    rows, other, same = [], [], 0
    for corpus, tu, args in modern_units.units(a.modern, a.corpus):
        row = measure(a.divlint, corpus, tu, args, a.modern)
        if not row:
            continue
        rows.append(row)
        if a.against:
            o = measure(a.against, corpus, tu, args, a.modern)
            if o:
                other.append(o)
                same += o["findings"] == row["findings"]
                print(f"{o['over_parse']:6.3f}  against, findings "
                      f"{'the same' if o['findings'] == row['findings'] else 'DIFFERENT'}", flush=True)
    for label, rs in (("", rows), (" (against)", other)):
        for corpus in dict.fromkeys(r["corpus"] for r in rs):
            ratios = sorted(r["over_parse"] for r in rs if r["corpus"] == corpus)
            decile = ratios[max(0, math.ceil(0.9 * len(ratios)) - 1)]
            print(f"{corpus}{label}: {len(ratios)} files, median {statistics.median(ratios):.3f}, "
                  f"slowest decile {decile:.3f}, slowest {ratios[-1]:.3f}", flush=True)
    if a.against:
        print(f"same findings: {same} of {len(other)} units", flush=True)
    if a.json:
        with open(a.json, "w") as out:
            json.dump([{k: v for k, v in r.items() if k != "findings"} for r in rows + other], out,
                      indent=1)


def measure(divlint, corpus, tu, args, modern):
    """One run of divlint on a unit: its phase times and the keys of its findings."""
    p = subprocess.run([divlint, "--no-cache", tu, "--format=json", "--report-all", "--", *args],
                       env=dict(os.environ, DIVLINT_PHASE_TIMES="1"), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, errors="replace")
    m = LINE.search(p.stderr)
    if not m:
        print(f"no phase times (exit {p.returncode}): {tu}", flush=True)
        return None
    try:
        report = json.loads(p.stdout)
        found = report["findings"] if isinstance(report, dict) else report
    except ValueError:
        found = []
    parse, collect, analysis, n, header, nh, alone = (float(x) for x in m.groups()[:7])
    row = {"corpus": corpus, "file": os.path.relpath(tu, modern), "parse": parse,
           "collect": collect, "analysis": analysis, "analyses": int(n), "header_analysis": header,
           "without_caller": alone, "over_parse": (parse + collect + analysis) / parse}
    # Binaries from 2026-11-26 on also time the witness analyses and the kernel summaries.
    if m.group(8) is not None:
        row.update(witness=float(m.group(8)), witness_analyses=int(m.group(9)),
                   kernel_summaries=float(m.group(10)))
    # From 2026-11-26 (session 15) on: contexts that reused another's analysis.
    if m.group(11) is not None:
        row.update(reused=int(m.group(11)))
    row["findings"] = sorted((f.get("file", ""), f.get("line"), f.get("column"), f.get("rule"),
                              f.get("class"), f.get("severity")) for f in found)
    extra = (f"; witness {row['witness']:5.2f}s ({row['witness_analyses']}), summaries "
             f"{row['kernel_summaries']:5.2f}s" if "witness" in row else "")
    print(f"{row['over_parse']:6.3f}  parse {parse:6.2f}s  collect {collect:5.2f}s  analysis "
          f"{analysis:5.2f}s ({int(n)}; headers {header:5.2f}s{extra})  {row['file']}", flush=True)
    return row


if __name__ == "__main__":
    main()
