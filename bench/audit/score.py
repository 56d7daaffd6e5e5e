#!/usr/bin/env python3
"""Precision of divlint's findings on the audit selection, per rule and severity.

usage: score.py LABELS.csv [--uniform-labels UNIFORM.csv ...] RUN_DIR [RUN_DIR ...]

RUN_DIR holds one `<repo>_<file with / as _>.json` per file of selection.txt (run_audit.sh), or
one `<corpus>_<path with / as _>.json` per unit of bench/modern_units.py (run_modern_audit.sh).
LABELS.csv: repo,commit,file,line,rule,class,severity,label,reason, one row per finding as an
engineer who wrote the code judged it: `act` (true and worth acting on), `pedantic` (true but
not worth acting on), `false` (wrong). A finding is matched to its label by (repo, file, line,
rule, class, severity); findings without a label are counted as `unlabeled`.
Prints, per run: for each (rule, severity), the findings, how many are labelled, true (act +
pedantic), act, false, and precision = true / labelled.

Runs made with --report-all also hold uniform-branch findings: they are left out of that table
and scored in a "uniform classes" table, per class (block-uniform, warp-uniform) and in total,
against UNIFORM.csv (same columns; label `right`, `wrong-lane-varying`: lanes of one warp can
disagree, a soundness bug; `wrong-too-weak`: uniform, but a stronger class holds):
found, labelled, right, wrong-lane-varying, wrong-too-weak, % right = right / labelled.
"""
import argparse
import csv
import json
import os
import sys
from collections import Counter, defaultdict


# The directories under /tmp/audit (run_audit.sh) and /tmp/corpora-modern (run_modern_audit.sh),
# and the repositories they were exported from.
REPOS = {"samples": "NVIDIA/cuda-samples", "cccl": "NVIDIA/cccl", "apex": "NVIDIA/apex",
         "cutlass": "NVIDIA/cutlass", "flash-attention": "Dao-AILab/flash-attention"}
MODERN = "/tmp/corpora-modern/"
UNIFORM_RULE = "uniform-branch"
UNIFORM_LABELS = ("right", "wrong-lane-varying", "wrong-too-weak")


def load_labels(path):
    labels = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["repo"], row["file"], int(row["line"]), row["rule"], row["class"],
                   row["severity"])
            labels[key] = row["label"]
    return labels


def findings(run_dir):
    for name in sorted(os.listdir(run_dir)):
        if not name.endswith(".json"):
            continue
        repo = name.split("_", 1)[0]
        try:
            data = json.load(open(os.path.join(run_dir, name)))
        except ValueError:
            continue
        for f in data["findings"]:
            yield (*source_of(repo, f["file"]), f)


def source_of(repo, path):
    """(repo directory, path inside it) of a finding of a unit of `repo`. A modern unit reaches
    other corpora's headers (flash-attention includes CUTLASS's): they belong to that corpus."""
    if path.startswith(MODERN):
        corpus, _, rest = path[len(MODERN):].partition("/")
        return corpus, rest
    prefix = "/tmp/audit/" + repo + "/"
    if path.startswith(prefix):
        path = path[len(prefix):]
    return repo, path


def score(labels, run_dir):
    table = defaultdict(Counter)
    uniform = defaultdict(Counter)
    for repo, path, f in findings(run_dir):
        key = (REPOS.get(repo, repo), path, f["line"], f["rule"], f["class"], f["severity"])
        label = labels.get(key, "unlabeled")
        row = uniform[f["class"]] if f["rule"] == UNIFORM_RULE else table[(f["rule"], f["severity"])]
        row["findings"] += 1
        row[label] += 1
    print(f"== {run_dir}")
    print(f"{'rule':22} {'severity':8} {'found':>5} {'labelled':>8} {'true':>5} {'act':>4} "
          f"{'false':>5} {'precision':>9}")
    total = Counter()
    for (rule, sev), c in sorted(table.items()):
        labelled = c["act"] + c["pedantic"] + c["false"]
        true = c["act"] + c["pedantic"]
        prec = f"{true / labelled:.0%}" if labelled else "-"
        print(f"{rule:22} {sev:8} {c['findings']:5} {labelled:8} {true:5} {c['act']:4} "
              f"{c['false']:5} {prec:>9}")
        total.update(c)
    labelled = total["act"] + total["pedantic"] + total["false"]
    true = total["act"] + total["pedantic"]
    print(f"{'all':22} {'':8} {total['findings']:5} {labelled:8} {true:5} {total['act']:4} "
          f"{total['false']:5} {(true / labelled if labelled else 0):9.0%}")
    if uniform:
        score_uniform(uniform)


def score_uniform(uniform):
    """The uniform classes table of a --report-all run: is the class right?"""
    print("uniform classes")
    print(f"{'class':14} {'found':>5} {'labelled':>8} {'right':>5} {'wrong-lane-varying':>18} "
          f"{'wrong-too-weak':>14} {'% right':>7}")
    total = Counter()
    for cls, c in sorted(uniform.items()):
        print_uniform_row(cls, c)
        total.update(c)
    print_uniform_row("all", total)


def print_uniform_row(name, c):
    labelled = sum(c[label] for label in UNIFORM_LABELS)
    right = f"{c['right'] / labelled:.1%}" if labelled else "-"
    print(f"{name:14} {c['findings']:5} {labelled:8} {c['right']:5} {c['wrong-lane-varying']:18} "
          f"{c['wrong-too-weak']:14} {right:>7}")


def main():
    parser = argparse.ArgumentParser(
        usage="score.py LABELS.csv [--uniform-labels UNIFORM.csv ...] RUN_DIR [RUN_DIR ...]",
        description="Precision of divlint's findings on the audit selection (see the module doc).")
    parser.add_argument("labels", metavar="LABELS.csv")
    parser.add_argument("--uniform-labels", action="append", default=[], metavar="UNIFORM.csv",
                        help="labels of uniform-branch findings (repeatable)")
    parser.add_argument("runs", nargs="+", metavar="RUN_DIR")
    args = parser.parse_args()
    labels = load_labels(args.labels)
    for path in args.uniform_labels:
        labels.update(load_labels(path))
    for run_dir in args.runs:
        score(labels, run_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
