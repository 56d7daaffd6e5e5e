"""Predicted class x measured divergence of the branches in chunks with given tags.

usage: tag_table.py GEN_DIR MEASURED.tsv.gz TAG[,TAG...]
A branch is counted under the first wanted tag of its chunk (meta.json line ranges). `arrived
split`: it diverged only because lanes reached it at different iterations of an enclosing loop
(the probe's split arrivals; judge.py does not count these as soundness bugs).
"""
import collections
import gzip
import json
import os
import sys


def main():
    gen, tsv, wanted = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    rows = collections.defaultdict(list)
    for line in gzip.open(tsv, "rt"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or f[1] == "status":
            continue
        instance = int(f[9]) if len(f) > 10 else int(f[5])
        rows[f[0]].append((int(f[1]), int(f[4]), int(f[5]), instance, f[6]))
    stat = collections.Counter()
    for prog, found in rows.items():
        meta = json.load(open(os.path.join(gen, prog + ".meta.json")))
        for k in meta["kernels"]:
            for ch in k["chunks"]:
                tags = [t for t in ch.get("tags", []) if t in wanted]
                if not tags or "lines" not in ch:
                    continue
                lo, hi = ch["lines"]
                for line, execs, divergent, instance, cls in found:
                    if lo <= line <= hi and execs > 0:
                        how = "uniform" if not divergent else "diverged" if instance else "arrived-split"
                        stat[(tags[0], cls, how)] += 1
    print("tag class measured branches")
    for key in sorted(stat):
        print(*key, stat[key])


if __name__ == "__main__":
    main()
