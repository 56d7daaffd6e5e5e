#!/usr/bin/env bash
# Re-measures reduce.py's reproducers on the GPU: builds every NAME.probe.cu (the branch wrapped
# in divlint's probe), runs it, and leaves NAME.probe.json (execs, divergent of probe 0).
# usage: verify_reduced.sh DIR PROBE_HEADER_DIR    (the directory holding divlint_probe.cuh)
set -u
DIR=$(cd "$1" && pwd); HDR=$(cd "$2" && pwd)
export DIR HDR
ls "$DIR"/*.probe.cu 2>/dev/null | xargs -r -P "${PAR:-16}" -I{} bash -c '
  f={}; b=${f%.cu}
  nvcc -O3 -lineinfo -arch=sm_90 -I"$HDR" -DDIVLINT_NUM_PROBES=1 -DDIVLINT_MODE=1 \
    -DDIVLINT_PROGRAM_HOOKS -o "$b.bin" "$f" > "$b.build.log" 2>&1 || { echo "build failed: $f"; exit 0; }
  DIVLINT_PROBE_OUT="$b.json" timeout 60 "$b.bin" > "$b.run.log" 2>&1; echo $? > "$b.rc"
  rm -f "$b.bin"'
python3 - "$DIR" <<'PY'
import json, os, sys
d = sys.argv[1]
for f in sorted(os.listdir(d)):
    if f.endswith(".probe.json"):
        try:
            p = json.load(open(os.path.join(d, f)))["probes"][0]
            print("%s: execs %d divergent %d" % (f[:-11], p["execs"], p["divergent"]))
        except (ValueError, KeyError, IndexError):
            print("%s: no result" % f[:-11])
PY
