#!/usr/bin/env bash
# Runs divlint over the CUDA files of a compile database and writes a SARIF log (the "Run divlint"
# step of action.yml; it runs the same way locally). From the environment:
#   DIVLINT            the divlint binary (default: divlint on PATH)
#   DIVLINT_BUILD_DIR  directory with compile_commands.json (default: build)
#   DIVLINT_SOURCES    files to analyze (default: the database's .cu files under the current
#                      directory, which is the %SRCROOT% of the log: the repository root on CI;
#                      in diff mode, the CUDA files the diff changes)
#   DIVLINT_DIFF_BASE  a git ref: report only findings on the lines changed since it
#                      (`git diff -U0 REF | divlint --diff`); default on a pull request
#                      ($GITHUB_BASE_REF set): the base branch, fetched when missing
#   DIVLINT_CHANGED_LINES_ONLY  'false': every finding, even on a pull request (default 'true')
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

# Diff mode: on a pull request, the lines it changes (against the merge base when the history
# has it, else the base branch's tip, which is the first parent of GitHub's merge checkout).
diff_base="${DIVLINT_DIFF_BASE:-}"
if [ -z "$diff_base" ] && [ "${DIVLINT_CHANGED_LINES_ONLY:-true}" = true ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  diff_base="origin/$GITHUB_BASE_REF"
  if ! git rev-parse --verify -q "$diff_base^{commit}" >/dev/null; then
    git fetch --no-tags --depth=1 origin "+refs/heads/$GITHUB_BASE_REF:refs/remotes/$diff_base" || {
      echo "run-divlint: cannot fetch the base branch $GITHUB_BASE_REF" >&2; exit 2; }
  fi
fi
diff_args=()
if [ -n "$diff_base" ]; then
  base_commit="$(git merge-base "$diff_base" HEAD 2>/dev/null || git rev-parse --verify -q "$diff_base^{commit}")" || {
    echo "run-divlint: no such git ref: $diff_base" >&2; exit 2; }
  diff_file="$(mktemp)"
  trap 'rm -f "$diff_file"' EXIT
  git diff -U0 "$base_commit" > "$diff_file" || { echo "run-divlint: git diff $diff_base failed" >&2; exit 2; }
  echo "run-divlint: only lines changed since $diff_base ($(git rev-parse --short "$base_commit"))"
  diff_args=(--diff="$diff_file")
fi

if [ ${#sources[@]} -eq 0 ] && [ ${#diff_args[@]} -eq 0 ]; then
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
if [ ${#sources[@]} -eq 0 ] && [ ${#diff_args[@]} -eq 0 ]; then
  echo "run-divlint: no .cu files in $build_dir/compile_commands.json under $(pwd)" >&2
  exit 2
fi
read -r -a extra <<< "${DIVLINT_ARGS:-}"
echo "run-divlint: $divlint -p $build_dir --format=sarif ${diff_args[*]} ${extra[*]} (${#sources[@]} files named) > $sarif"
"$divlint" -p "$build_dir" --format=sarif "${diff_args[@]}" "${extra[@]}" "${sources[@]}" > "$sarif"
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
