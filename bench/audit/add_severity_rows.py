"""Adds label rows for findings whose severity changed: the judgement is the finding's, not its
severity's (docs/precision-audit.md, "Labels").

usage: add_severity_rows.py LABELS.csv RUN_DIR [RUN_DIR ...]
For every finding of the runs with no row under its severity but a row under another severity
for the same (repo, file, line, rule, class), appends a row with that label and reason. Prints
how many it added (appended at the end of LABELS.csv).
"""
import csv
import sys

import score


def main():
    path, runs = sys.argv[1], sys.argv[2:]
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    fields = list(rows[0].keys())
    by_finding, have = {}, set()
    for r in rows:
        k = (r["repo"], r["file"], int(r["line"]), r["rule"], r["class"])
        by_finding.setdefault(k, r)
        have.add(k + (r["severity"],))
    added = 0
    for run in runs:
        for repo, rel, f in score.findings(run):
            k = (score.REPOS.get(repo, repo), rel, f["line"], f["rule"], f["class"])
            if k + (f["severity"],) in have or k not in by_finding:
                continue
            new = dict(by_finding[k], severity=f["severity"])
            rows.append(new)
            have.add(k + (f["severity"],))
            added += 1
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    print("added", added)


if __name__ == "__main__":
    main()
