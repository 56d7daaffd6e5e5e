"""Flattens divlint's JSON `kernels` into one line per kernel for FileCheck."""
import json
import sys

d = json.load(sys.stdin)
for k in d["kernels"]:
    point = k.get("predicted_warp_execution_efficiency")
    rng = k.get("predicted_warp_execution_efficiency_range")
    print(f"{k['name']} {k['line']}:{k['column']} shapes={','.join(k['block_shapes'])} "
          f"point={point} range={rng} regions={k['lane_varying_regions']} cost={k['cost']}")
    for r in k["range_reasons"]:
        print(f"  because {r}")
