#!/bin/bash
# Runs one divlint build on the audit selection: bench/audit/run_audit.sh DIVLINT OUTDIR [ARG...]
# (extra divlint arguments, e.g. --report-all for the uniform-class audit)
# The fetched trees live under /tmp/audit/<repo-dir> (never committed): see docs/precision-audit.md.
set -u
DIVLINT=$1 OUT=$2
shift 2
mkdir -p "$OUT"
grep -v '^#' "$(dirname "$0")/selection.txt" | while read -r REPO FILE ARGS; do
  [ -z "$REPO" ] && continue
  NAME=$(echo "$REPO/$FILE" | tr '/' '_')
  (cd "/tmp/audit/$REPO" && timeout 600 "$DIVLINT" --no-cache --format=json --timeout=300 "$@" "$FILE" -- $ARGS \
     > "$OUT/$NAME.json" 2> "$OUT/$NAME.err")
  echo "$REPO $FILE rc=$?"
done
