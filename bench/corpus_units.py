"""The translation units of the public corpora that the ground truth builds, with their flags.

Shared by the speed benchmarks (overhead.py, same_findings.py, throughput.py): a unit is
(corpus, path of the .cu file, the -I/-D arguments its build uses), from
groundtruth/programs.py (which holds no third-party code: the corpora are checkouts under
--corpora, /tmp/corpora by default).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "groundtruth"))
import programs as P  # noqa: E402


def units(corpora, names=None):
    """Every distinct (corpus, tu, args) of the measured programs, in a fixed order."""
    seen, out = set(), []
    for p in P.PROGRAMS:
        if names and p["corpus"] not in names:
            continue
        root = os.path.join(corpora, p["corpus"])
        args = P.include_args(p, root)
        if p["corpus"] == "cuda-samples":
            args.append("-std=c++17")
        for s in p["sources"]:
            tu = os.path.join(root, s)
            if s.endswith(".cu") and os.path.isfile(tu) and (tu, tuple(args)) not in seen:
                seen.add((tu, tuple(args)))
                out.append((p["corpus"], tu, args))
    return out


def spread(items, n):
    """n items spread evenly over the list (all of them when n >= len)."""
    if n >= len(items):
        return list(items)
    return [items[int(i * len(items) / n)] for i in range(n)]
