#!/usr/bin/env bash
# Copies the seed inputs of the fuzzer into DEST (outside the repository): the conformance
# cases (../shared/spec), the lit tests and the regression inputs, and the examples.
#   fuzz/make_seed_corpus.sh DEST
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 DEST" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$1"
mkdir -p "$dest"
n=0
for f in "$root"/../shared/spec/*.cu "$root"/test/lit/*.cu "$root"/test/lit/Inputs/*.cu \
         "$root"/test/lit/Inputs/regressions/*.cu "$root"/examples/*.cu; do
  [ -f "$f" ] || continue
  # Prefixed names keep files of the same name from different folders apart.
  prefix="$(basename "$(dirname "$f")")"
  cp "$f" "$dest/seed-$prefix-$(basename "$f")"
  n=$((n + 1))
done
echo "fuzz: $n seed files in $dest"
