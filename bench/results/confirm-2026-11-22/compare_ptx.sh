#!/usr/bin/env bash
# Whether each fix-it changes the code nvcc generates: compiles the unprobed and every fix-it
# variant of the build directories under DIR (generate.sh's output) to PTX with the plan's nvcc
# arguments and compares them, ignoring line information (.loc/.file). Needs nvcc, no GPU.
#   bash compare_ptx.sh [DIR]   (default confirm-runs)
set -eu
DIR=${1:-confirm-runs}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for d in "$DIR"/*/; do
  [ -d "$d/variants" ] || continue
  n=$(basename "$d")
  for v in $(ls "$d/variants"); do
    # The plan's arguments with src/ (the probed sources) replaced by the variant's own tree.
    args=$(python3 -c "
import json, sys
p = json.load(open('$d/plan.json'))
print(' '.join(a.replace('-Isrc', '-Ivariants/$v/src', 1) for a in p['nvcc_args']),
      '-DDIVLINT_NUM_PROBES=%d' % max(1, len(p['probes'])))")
    (cd "$d" && "$NVCC" -O3 -arch="$(python3 -c "import json; print(json.load(open('plan.json'))['arch'])")" \
       -I. -Ivariants/$v/src $args -DDIVLINT_MODE=0 -DDIVLINT_UNIFORM_ID=-1 -ptx \
       -o "$TMP/$v.ptx" "variants/$v/driver.cu" 2>/dev/null)
    grep -v -e '^\s*\.loc' -e '^\s*\.file' "$TMP/$v.ptx" > "$TMP/$v.stripped"
  done
  for v in $(ls "$d/variants" | grep '^fixit'); do
    if cmp -s "$TMP/unprobed.stripped" "$TMP/$v.stripped"; then
      echo "$n $v: PTX identical to the unprobed source"
    else
      echo "$n $v: PTX differs ($(diff "$TMP/unprobed.stripped" "$TMP/$v.stripped" | grep -c '^[<>]') lines)"
    fi
  done
done
