#!/bin/bash
# Runs one divlint build on the modern units: bench/audit/run_modern_audit.sh DIVLINT OUTDIR [ARG...]
# (extra divlint arguments, e.g. --report-all for the uniform-class audit). The units and their
# arguments come from bench/modern_units.py list (checkouts under /tmp/corpora-modern, never
# committed); each gives OUTDIR/<path under /tmp/corpora-modern, / as _>.json, so a file's name
# starts with its corpus (cutlass_, cccl_, flash-attention_), as score.py expects.
set -u
DIVLINT=$1 OUT=$2
shift 2
mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")" && pwd)
python3 "$HERE/../modern_units.py" list | while read -r CORPUS FILE ARGS; do
  [ -z "$CORPUS" ] && continue
  NAME=$(echo "${FILE#/tmp/corpora-modern/}" | tr '/' '_')
  timeout 900 "$DIVLINT" --no-cache --format=json --timeout=600 "$@" "$FILE" -- $ARGS \
     > "$OUT/$NAME.json" 2> "$OUT/$NAME.err"
  echo "$CORPUS $NAME rc=$?"
done
