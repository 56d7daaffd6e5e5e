#!/usr/bin/env bash
# Installs what divlint needs on Debian 12 (as root): LLVM/Clang 22, nlohmann/json, GoogleTest,
# lit/FileCheck (llvm-22-tools), CMake, Python's jsonschema (SARIF validation) and yaml (tests of
# the GitHub action and clang-tidy fix exports), git (the pre-commit hook test), and clang's
# sanitizer and libFuzzer runtimes (libclang-rt-22-dev: scripts/test-sanitizers.sh).
set -euo pipefail
PACKAGES=(build-essential cmake python3 python3-jsonschema python3-yaml git
          clang-22 libclang-22-dev llvm-22-dev clang-tidy-22 llvm-22-tools
          libclang-rt-22-dev nlohmann-json3-dev libgtest-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "divlint: installing ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
