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
# The result cache (--cache-dir's default is $XDG_CACHE_HOME/divlint): a directory of this test
# run, emptied first, never the user's cache.
import shutil
cache_home = os.path.join(config.test_exec_root, "xdg-cache-home")
shutil.rmtree(cache_home, ignore_errors=True)
os.makedirs(cache_home, exist_ok=True)
config.environment["XDG_CACHE_HOME"] = cache_home
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
if os.path.isfile("/usr/local/cuda/include/cuda_runtime.h") or os.environ.get("CUDA_PATH"):
    config.available_features.add("cuda")

# SARIF: the fixes driver (test/sarif/sarif_fixes_driver.cpp) and the validator, against the
# official schema when ../shared has it (divlint's own contract is checked either way).
config.substitutions.append(("%sarif-fixes-driver",
                             os.path.join(config.divlint_obj_root, "bin", "sarif-fixes-driver")))
sarif_schema = os.path.join(config.divlint_src_root, "..", "shared", "sarif", "sarif-schema-2.1.0.json")
config.substitutions.append(("%validate-sarif", " ".join([
    config.python, os.path.join(config.divlint_src_root, "test", "sarif", "validate_sarif.py"),
    "--schema-optional", sarif_schema])))

# The clang-tidy plugin (integrations/clang-tidy), loaded into the clang-tidy it was built for.
def cmake_on(value):
    return value.upper() in ("ON", "TRUE", "1", "YES")
if cmake_on(getattr(config, "divlint_build_tidy_plugin", "OFF")) and \
        cmake_on(getattr(config, "divlint_tidy_plugin_built", "OFF")):
    config.available_features.add("tidy-plugin")
# (a wrapper that preloads the sanitizer runtime in a sanitizer build: test/CMakeLists.txt)
config.substitutions.append(("%clang-tidy", getattr(config, "clang_tidy", "") or
                             os.path.join(config.llvm_tools_dir, "clang-tidy")))
config.substitutions.append(("%tidy-plugin",
                             os.path.join(config.divlint_obj_root, "lib", "DivlintTidyModule.so")))
config.substitutions.append(("%tidy-skewed-plugin",
                             os.path.join(config.divlint_obj_root, "lib",
                                          "DivlintTidyModuleVersionSkew.so")))
# The device-side CUDA parse divlint itself uses (lib/Frontend/CudaFrontend.cpp, detectCuda).
cuda_root = os.environ.get("CUDA_PATH", "/usr/local/cuda")
config.substitutions.append(("%tidy-cuda-args", " ".join([
    "-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudalib -Wno-unknown-cuda-version",
    "-Xclang -target-sdk-version=12.8", "--cuda-path=" + cuda_root,
    "-isystem", os.path.join(cuda_root, "include", "cccl")])))

import shutil
if shutil.which("nvcc") or os.path.isfile("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
    config.environment["PATH"] = os.pathsep.join([config.environment["PATH"], "/usr/local/cuda/bin"])
if shutil.which("clang-apply-replacements-22"):
    config.available_features.add("clang-apply-replacements")

# The source tree and, when ../shared is checked out beside it, the classification spec
# (tidy/same-as-cli-spec.test runs over it).
config.substitutions.append(("%src-root", config.divlint_src_root))
spec_dir = os.path.join(config.divlint_src_root, "..", "shared", "spec")
if os.path.isdir(spec_dir):
    config.available_features.add("shared-spec")
    config.substitutions.append(("%spec-dir", spec_dir))
