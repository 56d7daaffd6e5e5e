#!/usr/bin/env bash
# Runs divlint over every .cu/.cuh file under PATH, one process per file with a timeout, and
# prints a table of analyzed files, parse failures, tool errors, crashes and timeouts.
#
#   test/corpus/run_corpus.sh [options] PATH [DIVLINT] [-- COMPILER ARGS...]
#
# Options (see run_corpus.py): --name, --timeout S (120), --memory-mb MB (8192), -j N,
# --include-own-dir (the file's directory on the include path), --tu-only (skip #included files),
# --json FILE, --divlint-arg ARG. Exits 1 when a file crashed or timed out.
set -euo pipefail
exec python3 "$(dirname "$0")/run_corpus.py" "$@"
