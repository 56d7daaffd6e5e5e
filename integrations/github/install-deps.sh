#!/usr/bin/env bash
# Installs LLVM/Clang 22 and divlint's build dependencies on a Debian or Ubuntu runner (sudo when
# not root). Where the distribution has no clang-22 (GitHub's Ubuntu images), LLVM's own apt
# repository is added with apt.llvm.org's llvm.sh first; then divlint's scripts/install-deps.sh
# installs the packages it lists.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! apt-cache show clang-22 >/dev/null 2>&1; then
  $SUDO apt-get update
  if ! apt-cache show clang-22 >/dev/null 2>&1; then
    $SUDO apt-get install -y --no-install-recommends wget ca-certificates lsb-release gnupg
    wget -qO /tmp/llvm.sh https://apt.llvm.org/llvm.sh
    $SUDO bash /tmp/llvm.sh 22
  fi
fi
bash "$root/scripts/install-deps.sh"
