#!/usr/bin/env python3
"""Runs shared/tools/check_spec.py over shared/spec; exits 77 (ctest: skipped) if they are absent.

usage: run_conformance.py DIVLINT CHECK_SPEC SPEC_DIR [extra check_spec args...]
"""
import os
import subprocess
import sys

divlint, checker, spec = sys.argv[1:4]
if not os.path.isfile(checker) or not os.path.isdir(spec):
    print(f"SKIP: no shared spec here ({spec}); conformance needs ../shared beside the checkout")
    sys.exit(77)
cmd = [sys.executable, checker, divlint, spec, *sys.argv[4:]]
print("+", " ".join(cmd), flush=True)
sys.exit(subprocess.call(cmd))
