#!/usr/bin/env bash
# Runs divlint over the CUDA files of a compile database and writes a SARIF log (the "Run divlint"
# step of action.yml; it runs the same way locally). From the environment:
#   DIVLINT            the divlint binary (default: divlint on PATH)
#   DIVLINT_BUILD_DIR  directory with compile_commands.json (default: build)
#   DIVLINT_SOURCES    files to analyze (default: the database's .cu files under the current
#                      directory, which is the %SRCROOT% of the log: the repository root on CI)
#   DIVLINT_ARGS       extra divlint arguments
#   DIVLINT_SARIF      output (default: divlint.sarif)
# It exits 0 once the log is written (the action decides later whether findings fail the job) and
# records exit-code, results, errors and warnings in $GITHUB_OUTPUT when that is set.
set -uo pipefail
divlint="${DIVLINT:-divlint}"
build_dir="${DIVLINT_BUILD_DIR:-build}"
sarif="${DIVLINT_SARIF:-divlint.sarif}"
if [ ! -f "$build_dir/compile_commands.json" ]; then
  echo "run-divlint: no $build_dir/compile_commands.json (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2
  exit 2
fi
read -r -a sources <<< "${DIVLINT_SOURCES:-}"
if [ ${#sources[@]} -eq 0 ]; then
  mapfile -t sources < <(python3 - "$build_dir/compile_commands.json" <<'PY'
import json, os, sys
root = os.getcwd()
seen = set()
for e in json.load(open(sys.argv[1])):
    path = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if path.endswith(".cu") and path.startswith(root + os.sep) and path not in seen:
        seen.add(path)
        print(os.path.relpath(path, root))
PY
)
fi
if [ ${#sources[@]} -eq 0 ]; then
  echo "run-divlint: no .cu files in $build_dir/compile_commands.json under $(pwd)" >&2
  exit 2
fi
read -r -a extra <<< "${DIVLINT_ARGS:-}"
echo "run-divlint: $divlint -p $build_dir --format=sarif ${extra[*]} (${#sources[@]} files) > $sarif"
"$divlint" -p "$build_dir" --format=sarif "${extra[@]}" "${sources[@]}" > "$sarif"
rc=$?
counts="$(python3 - "$sarif" <<'PY'
import json, sys
try:
    results = json.load(open(sys.argv[1]))["runs"][0]["results"]
except (OSError, ValueError, KeyError, IndexError):
    sys.exit(1)
level = lambda l: sum(r.get("level") == l for r in results)
print(f"results={len(results)} errors={level('error')} warnings={level('warning')}")
PY
)" || { echo "run-divlint: divlint (exit $rc) wrote no SARIF log" >&2; exit 2; }
echo "run-divlint: divlint exit $rc, $counts"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "exit-code=$rc"; echo "sarif-file=$sarif"; tr ' ' '\n' <<< "$counts"; } >> "$GITHUB_OUTPUT"
fi
exit 0
