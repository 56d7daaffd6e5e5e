#!/usr/bin/env bash
# Builds the VS Code extension (integrations/vscode) into integrations/vscode/divlint.vsix:
# `npm ci` from the committed package-lock.json, TypeScript, `vsce package` (all from npm).
# Needs Node.js >= 18 and npm (Debian 12: `apt-get install -y nodejs npm`, node 18.20 / npm 9.2;
# hence @vscode/vsce 2.x, the last line that runs on node 18; checked with node 18.20.4 and
# npm 9.2.0, where `npm ci` warns EBADENGINE for @azure/* packages that only `vsce publish`
# loads). CI calls it after the tests.
#   scripts/build-vscode.sh [OUT.vsix]
set -euo pipefail
cd "$(dirname "$0")/../integrations/vscode"
out="${1:-$PWD/divlint.vsix}"
if ! command -v npm >/dev/null || ! command -v node >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq nodejs npm
  else
    echo "build-vscode: needs node and npm (Debian: apt-get install -y nodejs npm)" >&2
    exit 1
  fi
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 18 ]; then
  echo "build-vscode: node $(node --version) is too old (needs 18 or newer)" >&2
  exit 1
fi
echo "build-vscode: node $(node --version), npm $(npm --version)"
npm ci --no-audit --no-fund
npx tsc -p ./
npx vsce package --out "$out"
# A .vsix is a zip: it must hold the compiled extension and the language client it loads.
python3 - "$out" <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
for needed in ("extension/package.json", "extension/out/extension.js",
               "extension/node_modules/vscode-languageclient/node.js"):
    if needed not in names:
        sys.exit(f"build-vscode: {sys.argv[1]} lacks {needed}")
print(f"build-vscode: {sys.argv[1]}: {len(names)} files")
PY
