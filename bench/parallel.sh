#!/usr/bin/env bash
# Benchmark 3: -j 1 vs -j 2 over a corpus, as one divlint run over a compile database.
# usage: bench/parallel.sh CORPUS_DIR [DIVLINT]   (goal: >= 1.6x on 2 cores; wall time)
set -euo pipefail
corpus=$(realpath "$1")
divlint=$(realpath "${2:-$(dirname "$0")/../build/bin/divlint}")
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
python3 - "$corpus" "$db" <<'PY'
import json, os, sys
corpus, db = sys.argv[1:3]
inc = sorted({d for d, _, _ in os.walk(corpus) if os.path.basename(d) in ("Common", "include")})
flags = " ".join(f"-I{d}" for d in inc)
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".cu"))
json.dump([{"directory": os.path.dirname(f), "file": f, "command": f"nvcc {flags} -c {f}"} for f in files],
          open(os.path.join(db, "compile_commands.json"), "w"))
print(f"{len(files)} files")
PY
for j in 1 2; do
  start=$(date +%s.%N)
  "$divlint" -p "$db" -j $j --format=json > "$db/out$j.json" 2>/dev/null || true
  end=$(date +%s.%N)
  echo "-j $j: $(echo "$end - $start" | bc) s wall"
done
cmp -s "$db/out1.json" "$db/out2.json" && echo "outputs identical" || echo "OUTPUTS DIFFER"
