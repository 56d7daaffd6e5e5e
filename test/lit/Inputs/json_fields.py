"""Flattens divlint's JSON into one line per finding for FileCheck."""
import json
import sys

d = json.load(sys.stdin)
print(f"version={d['version']} errors={len(d['errors'])}")
for f in d["findings"]:
    w = f["warps"] and f"{f['warps']['divergent']}/{f['warps']['total']}"
    s = f["split"] and f"{f['split']['true_lanes']}/{f['split']['active_lanes']}"
    print(f"{f['line']}:{f['column']} rule={f['rule']} construct={f['construct']} class={f['class']} "
          f"extent={f['extent']} warps={w} split={s} severity={f['severity']} "
          f"function={f['function']} kernel={f['kernel']} kernels={','.join(f.get('kernels', []))} "
          f"shape={f.get('block_shape')} assumes={' | '.join(f.get('assumptions', []))}")
