#!/usr/bin/env python3
"""Runs divlint over every .cu/.cuh file of a source tree and sorts each file's outcome.

usage: run_corpus.py [--name NAME] [--timeout S] [--memory-mb MB] [-j N] [--json FILE]
                     [--divlint-arg ARG]... [--include-own-dir] [--tu-only] [--exclude RE]
                     PATH [DIVLINT] [-- COMPILER ARGS...]

One divlint process per file (so one crash or hang costs one file), under a wall-clock timeout
and an address-space limit. Outcomes:
  analyzed      exit 0 or 1 (1 = error findings, which is an analysis result)
  parse-failure exit 2 with "failed to parse as CUDA" (the first clang error is kept)
  tool-error    exit 2 for any other reason
  crash         killed by a signal, or exit >= 128 (LLVM's crash handler re-raises as 128+sig)
  timeout       still running after --timeout seconds
Prints a table of the outcomes and a machine-readable summary (one JSON object, also written to
--json FILE with the per-file details).
"""
import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

OUTCOMES = ["analyzed", "parse-failure", "tool-error", "crash", "timeout"]


def find_sources(root):
    if os.path.isfile(root):
        return [root]
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for f in sorted(filenames):
            if f.endswith((".cu", ".cuh")):
                found.append(os.path.join(dirpath, f))
    return found


INCLUDE_RE = re.compile(rb'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
SCANNED = (".cu", ".cuh", ".h", ".hpp", ".hh", ".c", ".cc", ".cpp", ".cxx", ".inl", ".inc")


def included_sources(root, sources):
    """The sources another file under root #includes: parts of that file's translation unit
    (a .cuh, or a .cu pasted into another), not translation units of their own. An include
    resolves next to the including file first, else to any source whose path ends with it."""
    known = {os.path.normpath(s) for s in sources}
    by_name = {}
    for s in sources:
        by_name.setdefault(os.path.basename(s), []).append(os.path.normpath(s))
    included = set()
    for dirpath, _, filenames in os.walk(root):
        for f in filenames:
            if not f.endswith(SCANNED):
                continue
            try:
                with open(os.path.join(dirpath, f), "rb") as fh:
                    text = fh.read()
            except OSError:
                continue
            for m in INCLUDE_RE.finditer(text):
                name = os.path.normpath(m.group(1).decode("utf-8", "replace"))
                beside = os.path.normpath(os.path.join(dirpath, name))
                if beside in known:
                    included.add(beside)
                    continue
                for s in by_name.get(os.path.basename(name), []):
                    if s.endswith(os.sep + name.lstrip("./")) or s == name:
                        included.add(s)
    return {s for s in sources if os.path.normpath(s) in included and not defines_main(s)}


def defines_main(path):
    """A file with main() is built on its own too (llm.c's train_gpt2.cu, also #included by
    test_gpt2.cu)."""
    try:
        with open(path, "rb") as fh:
            return re.search(rb"^\s*int\s+main\s*\(", fh.read(), re.M) is not None
    except OSError:
        return False


def first_clang_error(stderr):
    for line in stderr.splitlines():
        if re.search(r":\d+:\d+: (fatal )?error: ", line):
            return line.strip()
    for line in stderr.splitlines():
        if "error:" in line:
            return line.strip()
    return ""


def classify(rc, stderr):
    if rc is None:
        return "timeout"
    if rc < 0 or rc >= 128:
        return "crash"
    if rc in (0, 1):
        return "analyzed"
    if rc == 2 and "failed to parse as CUDA" in stderr:
        return "parse-failure"
    return "tool-error"


def run_one(path, cmd_prefix, cmd_suffix, timeout, memory_mb):
    def limits():
        os.setsid()  # its own process group: a timeout kills everything it started
        if memory_mb:
            limit = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    start = time.monotonic()
    proc = subprocess.Popen(cmd_prefix + [path] + cmd_suffix(path), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, preexec_fn=limits)
    try:
        _, err = proc.communicate(timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        rc = None
    stderr = err.decode("utf-8", "replace")
    outcome = classify(rc, stderr)
    detail = ""
    if outcome == "parse-failure":
        detail = first_clang_error(stderr)
    elif outcome in ("tool-error", "crash"):
        tail = [l for l in stderr.splitlines() if l.strip()]
        detail = " | ".join(tail[-3:])[:400]
        if rc is not None and rc < 0:
            detail = f"signal {-rc}: " + detail
    return {"file": path, "outcome": outcome, "rc": rc,
            "seconds": round(time.monotonic() - start, 2), "detail": detail}


def main():
    argv = sys.argv[1:]
    compiler_args = []
    if "--" in argv:
        i = argv.index("--")
        argv, compiler_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("path")
    p.add_argument("divlint", nargs="?", default=None)
    p.add_argument("--name", help="corpus name in the table (default: the path's base name)")
    p.add_argument("--timeout", type=float, default=120, help="seconds per file (default 120)")
    p.add_argument("--memory-mb", type=int, default=8192,
                   help="address-space limit per process (default 8192; 0: none)")
    p.add_argument("-j", "--jobs", type=int, default=1)
    p.add_argument("--json", help="write the summary and per-file results here")
    p.add_argument("--divlint-arg", action="append", default=[],
                   help="an option for divlint itself (e.g. --no-cuda); repeatable")
    p.add_argument("--quiet", action="store_true", help="no per-file lines for failures")
    p.add_argument("--include-own-dir", action="store_true",
                   help="add the file's directory to the include path, after the system "
                        "headers (what `-I.` in a per-directory makefile does for "
                        "`#include <sibling.h>`)")
    p.add_argument("--tu-only", action="store_true",
                   help="skip files another file of the corpus #includes (headers and .cu "
                        "fragments): analyze translation units only")
    p.add_argument("--exclude", metavar="RE",
                   help="skip files whose path matches this regular expression (files the "
                        "corpus' own build does not compile on this platform); counted apart")
    a = p.parse_args(argv)

    here = os.path.dirname(os.path.abspath(__file__))
    divlint = a.divlint or os.path.join(here, "..", "..", "build", "bin", "divlint")
    if not os.access(divlint, os.X_OK):
        sys.exit(f"run_corpus: no divlint binary at {divlint}")
    sources = find_sources(a.path)
    if not sources:
        sys.exit(f"run_corpus: no .cu/.cuh files under {a.path}")
    skipped = 0
    if a.tu_only:
        included = included_sources(a.path, sources)
        skipped = len(included)
        sources = [s for s in sources if s not in included]
    excluded = 0
    if a.exclude:
        kept = [s for s in sources if not re.search(a.exclude, s)]
        excluded = len(sources) - len(kept)
        sources = kept
    name = a.name or os.path.basename(os.path.normpath(a.path))
    prefix = [divlint] + a.divlint_arg
    def suffix(path):
        # -idirafter: after the system headers, so that a sibling named like one of them
        # (Rodinia's own cuda.h) does not replace it, as it does not under nvcc.
        own = ["-idirafter", os.path.dirname(path) or "."] if a.include_own_dir else []
        return ["--"] + own + compiler_args

    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(
            lambda s: run_one(s, prefix, suffix, a.timeout, a.memory_mb), sources))
    seconds = round(time.monotonic() - start, 1)

    counts = {o: sum(r["outcome"] == o for r in results) for o in OUTCOMES}
    summary = {"corpus": name, "files": len(results), **counts, "seconds": seconds,
               "analyzed_pct": round(100.0 * counts["analyzed"] / len(results), 1),
               "slowest": max(results, key=lambda r: r["seconds"])["file"],
               "slowest_seconds": max(r["seconds"] for r in results),
               "skipped_included": skipped, "excluded": excluded}

    if not a.quiet:
        for r in results:
            if r["outcome"] != "analyzed":
                print(f"{r['outcome']:13} {r['file']}: {r['detail']}")
    print()
    print("| corpus | files | analyzed | parse failures | tool errors | crashes | timeouts | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {name} | {len(results)} | {counts['analyzed']} ({summary['analyzed_pct']}%) | "
          f"{counts['parse-failure']} | {counts['tool-error']} | {counts['crash']} | "
          f"{counts['timeout']} | {seconds} |")
    if skipped or excluded:
        print(f"\nnot counted: {skipped} files other files #include (--tu-only), "
              f"{excluded} excluded (--exclude)")
    causes = {}
    for r in results:
        if r["outcome"] == "parse-failure":
            cause = re.sub(r"^.*?:\d+:\d+: ", "", r["detail"]) or "(no clang error line)"
            causes[cause] = causes.get(cause, 0) + 1
    if causes:
        print("\nparse failures by first error:")
        for cause, n in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))[:15]:
            print(f"  {n:4} {cause[:150]}")
    print("SUMMARY " + json.dumps(summary, sort_keys=True))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"summary": summary, "results": results}, f, indent=1)
    # Non-zero when anything crashed or hung (what a robustness run must never see).
    return 1 if counts["crash"] or counts["timeout"] else 0


if __name__ == "__main__":
    sys.exit(main())
