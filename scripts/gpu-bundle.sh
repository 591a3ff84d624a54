#!/usr/bin/env bash
# Builds klens and the GPU test suites here (GUI off, Release) and packs them with every shared
# library they load, except glibc's, into one archive for a GPU machine that has the CUDA Toolkit
# but no Qt and no package registry (the device machine of the developers' guide):
#   bash scripts/gpu-bundle.sh                   # writes .gpucarry/bundle.tar.xz (git-ignored)
# There, from the repo root:  bash scripts/gpu-unbundle.sh && bash scripts/gpu-check.sh
# Paths compiled into the tests (the source tree, klens's path) point at this checkout, so the
# unbundle step links this checkout's path to the repo root there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=build/gpucarry
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

source scripts/gpu-suites.sh
suites=("${GPU_SUITES[@]}")
log "configure and build $build (Release, GUI off)"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKL_BUILD_GUI=OFF -DKL_BUILD_TESTS=ON \
    -DKL_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" --target klens klens-gpu-worker "${suites[@]}"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
bins=("$build/app/cli/klens" "$build/gpu/klens-gpu-worker")
for s in "${suites[@]}"; do
    bins+=("$(find "$build/tests" -name "$s" -type f -executable | head -1)")
done
mkdir -p "$stage/lib"
# Opened on first use (core/util/dynlib), so ldd of the binaries does not name them: muparser
# (every kernel spec's expressions), libmagic and libarchive, with what they load in turn.
opened=()
for soname in libmuparser.so.2 libmagic.so.1 libarchive.so.13; do
    path=$(/sbin/ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64/ {print $NF; exit}')
    [ -n "$path" ] || { echo "gpu-bundle: $soname not installed (scripts/dev.sh installs it)" >&2; exit 1; }
    opened+=("$path")
done
# glibc and the dynamic loader stay the machine's own: they must match its kernel and each other.
{ printf '%s\n' "${opened[@]}"; ldd "${bins[@]}" "${opened[@]}" | awk '$3 ~ /^\// {print $3}'; } | sort -u |
    grep -Ev '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' |
    while read -r lib; do cp -L "$lib" "$stage/lib/"; done
cp -L /usr/lib/file/magic.mgc "$stage/lib/"
# The test list ctest reads, beside the binaries, so `ctest --test-dir build/gpucarry` works there.
mkdir -p .gpucarry
tar -cJf .gpucarry/bundle.tar.xz "${bins[@]}" $(find "$build" -name CTestTestfile.cmake) \
    -C "$stage" lib
grep -qx '/.gpucarry/' .git/info/exclude 2>/dev/null || echo '/.gpucarry/' >>"$(git rev-parse --git-path info/exclude)"
log "$(du -h .gpucarry/bundle.tar.xz | cut -f1) in .gpucarry/bundle.tar.xz (built at $PWD)"
echo "$PWD" >.gpucarry/source-dir
