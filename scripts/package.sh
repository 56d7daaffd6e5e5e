#!/usr/bin/env bash
# Builds the Debian package build/divlint_<version>_amd64.deb with CPack from the Release build
# in build/ (scripts/test.sh's: configured and built here only when missing, so CI builds once),
# then checks that its Depends name the package of every shared library its binaries link.
# Prints the path of the .deb last.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=build
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build" -j"$(nproc)" --target divlint DivlintTidyModule
rm -f "$build"/divlint_*.deb
(cd "$build" && cpack -G DEB)
shopt -s nullglob
debs=("$build"/divlint_*_amd64.deb)
if [ ${#debs[@]} -ne 1 ]; then
  echo "package: expected one $build/divlint_*_amd64.deb, found ${#debs[@]}" >&2
  exit 1
fi
deb="${debs[0]}"

# Every library a binary of the package needs must come from a package it depends on.
depends="$(dpkg-deb -f "$deb" Depends)"
echo "package: Depends: $depends"
depends_names="$(tr ',' '\n' <<< "$depends" | awk '{print $1}')"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
missing=0
for elf in "$root"/usr/bin/divlint "$root"/usr/lib/divlint/*.so; do
  for lib in $(objdump -p "$elf" | awk '/NEEDED/ {print $2}'); do
    # awk reads to the end (no `exit`): an early exit would SIGPIPE the writer under pipefail.
    path="$(ldconfig -p | awk -v l="$lib" '!found && $1 == l && /x86-64/ {print $NF; found = 1}')"
    [ -n "$path" ] || path="$(ldd "$elf" | awk -v l="$lib" '!found && $1 == l {print $3; found = 1}')"
    owner="$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n1 | cut -d: -f1)" || true
    if [ -z "$owner" ]; then
      owner="$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1)" || true
    fi
    if [ -z "$owner" ] || ! grep -qxF "$owner" <<< "$depends_names"; then
      echo "package: $(basename "$elf") needs $lib ($path, package '${owner:-?}'), not in Depends" >&2
      missing=1
    fi
  done
done
for pkg in $depends_names; do
  apt-cache show "$pkg" >/dev/null 2>&1 || { echo "package: Depends names unknown package $pkg" >&2; missing=1; }
done
[ "$missing" -eq 0 ] || exit 1
echo "package: $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version) ($(du -h "$deb" | cut -f1))"
echo "$deb"
