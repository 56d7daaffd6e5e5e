#!/usr/bin/env python3
"""Edit-to-diagnostics latency of `divlint lsp`, against the command line on the same files.

    bench/lsp_latency.py BUILD/bin/divlint FILE.cu... [--edits N] [--debounce-ms MS]
                         [--cli-runs N] [--flags '-I... -D...']

For each file: the server opens it (the first analysis, "open"), then N edits are made one at a
time (a comment appended to the unsaved buffer, so that the text, not the file on disk, changes
and no cache can answer), each timed from sending didChange to receiving the
publishDiagnostics of that version ("edit": what a user waits for after typing, the debounce
included). The command line's time is that of `divlint FILE` on a copy of the file with the same
kind of edit (its result cache misses, its precompiled headers are warm, as the server's), the
median of --cli-runs runs. Both get the same compile flags (--flags, after `--`). Prints one line
per file and a summary: the median and slowest warm edit latency, and the files where the server
was slower than the command line.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "lsp"))
from lsp_client import LspClient  # noqa: E402


def cli_time(divlint, path, flags, runs, work):
    """Median seconds of `divlint COPY -- FLAGS` over runs, each on a newly edited copy."""
    copy = os.path.join(work, os.path.basename(path))
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    times = []
    for k in range(runs):
        with open(copy, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text + f"\n// cli edit {k} {time.time()}\n")
        start = time.monotonic()
        subprocess.run([divlint, "--quiet", copy, "--", *flags], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False,
                       cwd=os.path.dirname(os.path.abspath(path)))
        times.append(time.monotonic() - start)
    os.remove(copy)
    return statistics.median(times)


def lsp_times(divlint, path, flags, edits, debounce_ms):
    """(open seconds, [edit seconds], diagnostics count) for one file in a fresh server."""
    args = [f"--debounce-ms={debounce_ms}"] + (["--", *flags] if flags else [])
    client = LspClient(divlint, args)
    try:
        client.initialize(os.path.dirname(os.path.abspath(path)))
        text = open(path, encoding="utf-8", errors="replace").read()
        start = time.monotonic()
        uri = client.open(os.path.abspath(path), text, version=1)
        first = client.diagnostics(uri, 1, timeout=600)
        opened = first["_received"] - start
        count = len(first["params"]["diagnostics"])
        latencies = []
        for k in range(edits):
            text += f"\n// edit {k}\n"
            start = time.monotonic()
            client.change(uri, 2 + k, text)
            message = client.diagnostics(uri, 2 + k, timeout=600)
            latencies.append(message["_received"] - start)
        client.close()
        return opened, latencies, count
    finally:
        client.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("divlint")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--debounce-ms", type=int, default=200)
    parser.add_argument("--cli-runs", type=int, default=3)
    parser.add_argument("--flags", default="", help="compile flags for both (after --)")
    a = parser.parse_args()
    flags = a.flags.split()
    a.divlint = os.path.abspath(a.divlint)
    work = tempfile.mkdtemp(prefix="divlint-lsp-bench-")
    rows = []
    try:
        print(f"{'file':50} {'diags':>5} {'open s':>7} {'edit med':>8} {'edit max':>8} "
              f"{'cli s':>6}")
        for path in a.files:
            cli = cli_time(a.divlint, path, flags, a.cli_runs, work)
            opened, edits, count = lsp_times(a.divlint, path, flags, a.edits, a.debounce_ms)
            rows.append((path, count, opened, edits, cli))
            name = path if len(path) <= 50 else "..." + path[-47:]
            print(f"{name:50} {count:5} {opened:7.3f} {statistics.median(edits):8.3f} "
                  f"{max(edits):8.3f} {cli:6.3f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    warm = [t for r in rows for t in r[3]]
    per_file = [statistics.median(r[3]) for r in rows]
    slower = [r[0] for r in rows if statistics.median(r[3]) > r[4]]
    print(f"\n{len(rows)} files, {len(warm)} warm edits (debounce {a.debounce_ms} ms included): "
          f"median {statistics.median(warm):.3f} s, slowest {max(warm):.3f} s; per-file medians: "
          f"median {statistics.median(per_file):.3f} s, slowest {max(per_file):.3f} s; "
          f"CLI median {statistics.median([r[4] for r in rows]):.3f} s, slowest "
          f"{max(r[4] for r in rows):.3f} s")
    print(f"files where the server's median edit latency exceeds the CLI's time: {len(slower)}"
          + (": " + ", ".join(slower) if slower else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
