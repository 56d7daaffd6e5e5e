#!/usr/bin/env python3
"""Edit-to-diagnostics latency of `divlint lsp`, against the command line on the same files.

    bench/lsp_latency.py BUILD/bin/divlint FILE.cu... [--edits N] [--debounce-ms MS]
                         [--cli-runs N] [--flags='-I... -D...']

For each file: the server opens it (the first analysis, "open"), then N edits are made one at a
time (a comment appended to the unsaved buffer, so that the text, not the file on disk, changes
and no cache can answer), each after a pause and timed from sending didChange to receiving the
publishDiagnostics of that version ("edit": an edit after a pause, such as a quick fix or a
paste, which the server analyzes at once). Then "typing": 5 keystrokes 50 ms apart, timed from
the last to its diagnostics (the debounce interval, then the analysis).

The command line's time is that of `divlint FILE` on a copy of the file with the same kind of
edit (its result cache misses, its precompiled headers are warm, as the server's; the copy's
"..." includes resolve in the original's directory), the median of --cli-runs runs. Both get the
same compile flags (--flags=..., after `--`). CPU columns: the analysis worker's CPU time (user +
system, from the server's log) and the CLI process's, which on a loaded machine say more than
wall times. Prints one line per file and a summary: the median and slowest warm edit latency,
and the files where the server was slower than the command line.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "lsp"))
from lsp_client import LspClient  # noqa: E402


def cli_time(divlint, path, flags, runs, work):
    """Median wall and CPU seconds of `divlint COPY -- FLAGS` over runs, each on a newly edited
    copy."""
    copy = os.path.join(work, os.path.basename(path))
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    times, cpus = [], []
    for k in range(runs):
        with open(copy, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text + f"\n// cli edit {k} {time.time()}\n")
        # -iquote: the copy's "..." includes resolve as the original's do.
        iquote = ["-iquote", os.path.dirname(os.path.abspath(path))]
        start = time.monotonic()
        proc = subprocess.Popen([divlint, "--quiet", copy, "--", *flags, *iquote],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                cwd=os.path.dirname(os.path.abspath(path)))
        _, _, usage = os.wait4(proc.pid, 0)  # this process's own CPU time
        proc.returncode = 0
        times.append(time.monotonic() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
    os.remove(copy)
    return statistics.median(times), statistics.median(cpus)


def lsp_times(divlint, path, flags, edits, debounce_ms):
    """(open seconds, [edit seconds], diagnostics count, typing seconds) for one file in a
    fresh server."""
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
            # A pause longer than the debounce interval: an edit after a pause, not typing.
            time.sleep(1.5 * debounce_ms / 1000)
            text += f"\n// edit {k}\n"
            start = time.monotonic()
            client.change(uri, 2 + k, text)
            message = client.diagnostics(uri, 2 + k, timeout=600)
            latencies.append(message["_received"] - start)
        # Typing: 5 keystrokes 50 ms apart; from the last one to its diagnostics (the debounce
        # interval, then the analysis).
        version = 2 + edits
        for k in range(5):
            text += "x" if k else "\n//"
            client.change(uri, version + k, text)
            start = time.monotonic()
            time.sleep(0.05)
        message = client.diagnostics(uri, version + 4, timeout=600)
        burst = message["_received"] - start
        client.close()
        # The worker's CPU time of each timed edit, from the server's log.
        cpu = {}
        for line in client.stderr_lines:
            m = re.search(r"analyzed .* version (\d+) in [\d.]+ s \(worker CPU ([\d.]+) s\)", line)
            if m:
                cpu[int(m.group(1))] = float(m.group(2))
        edit_cpu = [cpu[v] for v in range(2, 2 + edits) if v in cpu]
        return opened, latencies, count, burst, edit_cpu
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
              f"{'typing':>6} {'cli s':>6} {'editcpu':>7} {'clicpu':>6}")
        for path in a.files:
            cli, cli_cpu = cli_time(a.divlint, path, flags, a.cli_runs, work)
            opened, edits, count, burst, edit_cpu = lsp_times(a.divlint, path, flags, a.edits,
                                                              a.debounce_ms)
            rows.append((path, count, opened, edits, cli, burst, edit_cpu, cli_cpu))
            name = path if len(path) <= 50 else "..." + path[-47:]
            print(f"{name:50} {count:5} {opened:7.3f} {statistics.median(edits):8.3f} "
                  f"{max(edits):8.3f} {burst:6.3f} {cli:6.3f} "
                  f"{statistics.median(edit_cpu) if edit_cpu else float('nan'):7.3f} "
                  f"{cli_cpu:6.3f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    warm = [t for r in rows for t in r[3]]
    per_file = [statistics.median(r[3]) for r in rows]
    slower = [r[0] for r in rows if statistics.median(r[3]) > r[4]]
    print(f"\n{len(rows)} files, {len(warm)} warm edits after a pause (no debounce): "
          f"median {statistics.median(warm):.3f} s, slowest {max(warm):.3f} s; per-file medians: "
          f"median {statistics.median(per_file):.3f} s, slowest {max(per_file):.3f} s; "
          f"CLI median {statistics.median([r[4] for r in rows]):.3f} s, slowest "
          f"{max(r[4] for r in rows):.3f} s")
    print(f"typing (last of 5 keystrokes 50 ms apart to diagnostics, debounce {a.debounce_ms} ms "
          f"included): median {statistics.median([r[5] for r in rows]):.3f} s, slowest "
          f"{max(r[5] for r in rows):.3f} s")
    cpu_rows = [r for r in rows if r[6]]
    if cpu_rows:
        print(f"CPU seconds per analysis (worker vs CLI process), median of per-file medians: "
              f"{statistics.median([statistics.median(r[6]) for r in cpu_rows]):.3f} vs "
              f"{statistics.median([r[7] for r in cpu_rows]):.3f}; files where the worker used "
              f"more CPU than the CLI: "
              f"{sum(statistics.median(r[6]) > r[7] for r in cpu_rows)}")
    print(f"files where the server's median edit latency exceeds the CLI's time: {len(slower)}"
          + (": " + ", ".join(slower) if slower else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
