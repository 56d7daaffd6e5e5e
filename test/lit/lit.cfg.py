# lit configuration for divlint's command-line tests.
import os
import lit.formats

config.name = "divlint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.divlint_obj_root, "test", "lit")

# Tests run against the built-in prelude unless they ask for the real CUDA (%divlint-cuda), so
# that they do not depend on which CUDA is installed.
config.substitutions.append(("%divlint-cuda", config.divlint))
config.substitutions.append(("%divlint", config.divlint + " --no-cuda"))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
if os.path.isfile("/usr/local/cuda/include/cuda_runtime.h") or os.environ.get("CUDA_PATH"):
    config.available_features.add("cuda")
