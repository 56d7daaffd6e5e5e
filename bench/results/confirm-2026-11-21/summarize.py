#!/usr/bin/env python3
"""Summarizes the report.json files of a `divlint confirm` benchmark run (one per build
directory) as the markdown tables of bench/README.md.

    python3 summarize.py DIR   (DIR holds <name>/report.json)
"""
import json
import pathlib
import sys

TOL = 0.2


def fmt(v, f="{:.2f}"):
    return "-" if v is None else f.format(v)


def main(root):
    totals = {"branches": 0, "confirmed": 0, "refuted": 0, "inconclusive": 0}
    slow_pairs = []  # (name, id, predicted, measured, overall verdict)
    eff_pairs = []
    rows = []
    for report in sorted(pathlib.Path(root).glob("*/report.json")):
        name = report.parent.name
        r = json.loads(report.read_text())
        s = r["summary"]
        for k in totals:
            totals[k] += s[k]
        rows.append(f"| {name} | {r['mode']} | {s['branches']} | {s['confirmed']} | {s['refuted']} | "
                    f"{s['inconclusive']} | {'; '.join(r['problems']) or '-'} |")
        for b in r["branches"]:
            p, m = b["predicted"], b["measured"]
            if p["slowdown"] is not None and m["slowdown"] is not None:
                slow_pairs.append((name, b, p["slowdown"], m["slowdown"]))
            if p["efficiency"] is not None and m["efficiency"] is not None and m["divergent_executions"]:
                eff_pairs.append((name, b, p["efficiency"], m["efficiency"]))
    print("| build | mode | branches | confirmed | refuted | inconclusive | problems |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"| **total** | | {totals['branches']} | {totals['confirmed']} | {totals['refuted']} | "
          f"{totals['inconclusive']} | |")

    def within(p, m):
        return m > 0 and abs(p / m - 1) <= TOL + 1e-9

    print("\nSlowdown, predicted (kernel-level) vs measured T(original)/T(uniformized):\n")
    print("| build | id | condition | extent | predicted | measured | within ±20% | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for name, b, p, m in slow_pairs:
        print(f"| {name} | {b['id']} | `{b['condition']}` | {b['predicted']['extent']} | {p:.2f} | "
              f"{m:.2f} | {'yes' if within(p, m) else 'no'} | {b['verdict']['overall']} |")
    conf = [(p, m) for _, b, p, m in slow_pairs if b["verdict"]["overall"] == "confirmed"]
    ok = sum(within(p, m) for p, m in conf)
    allok = sum(within(p, m) for _, _, p, m in slow_pairs)
    print(f"\nSlowdown within ±20%: {ok} of {len(conf)} confirmed branches; "
          f"{allok} of {len(slow_pairs)} branches with both numbers.")
    print("\nEfficiency of diverging branches, predicted vs measured (same arm costs):\n")
    print("| build | id | condition | extent | predicted | measured | within ±20% |")
    print("|---|---|---|---|---|---|---|")
    for name, b, p, m in eff_pairs:
        print(f"| {name} | {b['id']} | `{b['condition']}` | {b['predicted']['extent']} | {p:.2f} | "
              f"{m:.2f} | {'yes' if within(p, m) else 'no'} |")
    exact = [(p, m) for _, b, p, m in eff_pairs
             if b["predicted"]["extent"] in ("every-warp", "partial")]
    print(f"\nEfficiency within ±20%: {sum(within(p, m) for p, m in exact)} of {len(exact)} "
          f"enumerated (every-warp/partial) branches; "
          f"{sum(within(p, m) for _, _, p, m in eff_pairs)} of {len(eff_pairs)} in all.")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
