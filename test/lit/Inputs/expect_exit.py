"""usage: expect_exit.py CODE COMMAND...: runs COMMAND (output discarded), fails unless it exits CODE."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if got != want:
    print(f"expected exit {want}, got {got}: {' '.join(sys.argv[2:])}")
    sys.exit(1)
