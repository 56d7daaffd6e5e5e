"""usage: check_no_crash.py TIMEOUT DIVLINT-COMMAND... -- FILE...

Runs the divlint command on each file on its own; fails unless every run exits 0, 1 or 2
(findings, error findings, tool failure) within TIMEOUT seconds. A signal, an exit status of
128 or more (LLVM's crash handler), a timeout or a sanitizer report (the sanitizer build exits 1
after one by default, which would pass for "error findings") is a robustness bug."""
import subprocess
import sys

timeout = float(sys.argv[1])
split = sys.argv.index("--")
command, files = sys.argv[2:split], sys.argv[split + 1:]
failed = False
for f in files:
    try:
        p = subprocess.run(command + [f], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
        lines = p.stderr.decode("utf-8", "replace").strip().splitlines()
        report = [l for l in lines if "runtime error:" in l or "Sanitizer:" in l]
        ok = p.returncode in (0, 1, 2) and not report
        what = f"exit {p.returncode}" + (" with a sanitizer report" if report else "")
        tail = report[:3] if report else lines[-3:]
    except subprocess.TimeoutExpired:
        ok, what, tail = False, f"timed out after {timeout:g} s", []
    print(f"{'ok' if ok else 'FAIL'}: {f}: {what}")
    if not ok:
        failed = True
        for line in tail:
            print("   ", line)
sys.exit(1 if failed else 0)
