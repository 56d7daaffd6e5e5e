#!/usr/bin/env python3
"""Precision of divlint's findings on the audit selection, per rule and severity.

usage: score.py LABELS.csv RUN_DIR [RUN_DIR ...]

RUN_DIR holds one `<repo>_<file with / as _>.json` per file of selection.txt (run_audit.sh).
LABELS.csv: repo,commit,file,line,rule,class,severity,label,reason, one row per finding as an
engineer who wrote the code judged it: `act` (true and worth acting on), `pedantic` (true but
not worth acting on), `false` (wrong). A finding is matched to its label by (repo, file, line,
rule, class, severity); findings without a label are counted as `unlabeled`.
Prints, per run: for each (rule, severity), the findings, how many are labelled, true (act +
pedantic), act, false, and precision = true / labelled; "uniform" rows judge uniform-branch
findings (--report-all runs only).
"""
import csv
import json
import os
import sys
from collections import Counter, defaultdict


# The directories under /tmp/audit (run_audit.sh) and the repositories they were exported from.
REPOS = {"samples": "NVIDIA/cuda-samples", "cccl": "NVIDIA/cccl", "apex": "NVIDIA/apex"}


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
            path = f["file"]
            for prefix in ("/tmp/audit/" + repo + "/",):
                if path.startswith(prefix):
                    path = path[len(prefix):]
            yield repo, path, f


def score(labels, run_dir):
    table = defaultdict(Counter)
    for repo, path, f in findings(run_dir):
        key = (REPOS.get(repo, repo), path, f["line"], f["rule"], f["class"], f["severity"])
        label = labels.get(key, "unlabeled")
        row = table[(f["rule"], f["severity"])]
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


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    labels = load_labels(sys.argv[1])
    for run_dir in sys.argv[2:]:
        score(labels, run_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
