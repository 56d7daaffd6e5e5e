#!/usr/bin/env python3
"""The fix-it rows of the report.json files of a `divlint confirm` run (one per build
directory), as the markdown table of bench/README.md. The other tables (predicted vs measured
per branch) come from ../confirm-2026-11-21/summarize.py, run on the same directory.

    python3 summarize_fixits.py DIR   (DIR holds <name>/report.json)
"""
import json
import pathlib
import sys


def main(root):
    print("| build | id | condition | fix-it variant | T(baseline) ms | T(fix-it) ms | speedup | "
          "outputs vs original |")
    print("|---|---|---|---|---|---|---|---|")
    for report in sorted(pathlib.Path(root).glob("*/report.json")):
        r = json.loads(report.read_text())
        for b in r["branches"]:
            for f in b.get("fixits", []):
                t = f["timing"]["median_ms"] if f["timing"] else None
                speed, base = f["speedup"], f["baseline_median_ms"]
                outputs = f["outputs"]
                if outputs in ("within-tolerance", "differ"):
                    outputs += f" ({f['differing_elements']} elements, max rel {f['max_rel_diff']:.2g})"
                if f["problem"]:
                    outputs += f"; {f['problem']}"
                noise = f" ±{100 * f['speedup_noise']:.1f}%" if f["speedup_noise"] is not None else ""
                print(f"| {report.parent.name} | {b['id']} | `{b['condition']}` | {f['variant']} | "
                      f"{'-' if base is None else f'{base:.4f}'} | {'-' if t is None else f'{t:.4f}'} | "
                      f"{'-' if speed is None else f'{speed:.3f}x{noise}'} | {outputs} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
