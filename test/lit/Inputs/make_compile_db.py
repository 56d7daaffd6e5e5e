"""usage: make_compile_db.py BUILD_DIR SRC_DIR: nvcc entries for .cu files, g++ for the rest."""
import json
import os
import sys

build, src = sys.argv[1:3]
entries = []
for name in sorted(os.listdir(src)):
    path = os.path.join(src, name)
    cc = "/usr/local/cuda/bin/nvcc -arch=sm_90 -O2 -Xcompiler -fPIC" if name.endswith(".cu") else "g++ -O2"
    entries.append({"directory": build, "file": path, "command": f"{cc} -c {path} -o {name}.o"})
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
