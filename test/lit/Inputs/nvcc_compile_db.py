"""usage: nvcc_compile_db.py BUILD_DIR SOURCE NVCC_FLAG...: a compile_commands.json with one nvcc
entry for SOURCE, with the given flags (fast-math and friends)."""
import json
import os
import sys

build, source, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
command = ["/usr/local/cuda/bin/nvcc", "-arch=sm_90", "-O3", *flags, "-c", source, "-o", "k.o"]
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump([{"directory": build, "file": source, "arguments": command}], f, indent=1)
