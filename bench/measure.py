"""Shared helpers for divlint's benchmarks: run a command, return its CPU time and peak RSS.

CPU time (user + system of the child, from wait4) is used rather than wall time so that numbers
stay comparable on a loaded machine; wall time is reported too.
"""
import os
import subprocess
import time


def run(cmd, cwd=None, timeout=600):
    """Runs cmd; returns dict(cpu=seconds, wall=seconds, rss_mb=peak, rc=exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.005)
    wall = time.perf_counter() - start
    return {"cpu": usage.ru_utime + usage.ru_stime, "wall": wall,
            "rss_mb": usage.ru_maxrss / 1024.0, "rc": os.waitstatus_to_exitcode(status)}


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
