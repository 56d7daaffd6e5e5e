#!/usr/bin/env bash
# What runs on the GPU machine (through the device tool's `run`, GT carried), from the repo root:
#   bash bench/groundtruth/device.sh GT NAME [BUDGET_SECONDS] [profile.py options...]
# Writes the inputs the Rodinia programs read, profiles every built program of GT/manifest.json
# with Nsight Compute (profile.py), and packs the exports into $OUT/NAME.tar.xz for
# import_results.py. BUDGET: no program is started after that many seconds (default 360).
set -uo pipefail
gt="${1:?usage: device.sh GT NAME [BUDGET] [options]}"
name="${2:?usage: device.sh GT NAME [BUDGET] [options]}"
budget="${3:-360}"
shift $(( $# >= 3 ? 3 : 2 ))
here="$(cd "$(dirname "$0")" && pwd)"
export PYTHONUNBUFFERED=1
mkdir -p "/tmp/$name"
python3 "$here/gen_inputs.py" "$gt/run" > "/tmp/$name/gen.log" 2>&1
# the command must end inside the call's 600 s: budget + a last program's time-out + exports
timeout $(( budget + 170 )) python3 "$here/profile.py" --gt "$gt" --out "/tmp/$name" \
  --budget "$budget" --parallel 3 -j 10 "$@" 2>&1 | tee "/tmp/$name/log.txt"
(cd /tmp && tar cf - "$name" | xz -T8 -6 > "${OUT:-/tmp}/$name.tar.xz")
ls -la "${OUT:-/tmp}/$name.tar.xz"
