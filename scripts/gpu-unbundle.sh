#!/usr/bin/env bash
# On the GPU machine, from the repo root: unpacks .gpucarry/bundle.tar.xz (scripts/gpu-bundle.sh)
# into build/gpucarry and .gpucarry/lib, and links the path the bundle was built at to this
# checkout so the paths compiled into the tests resolve. It writes .gpucarry/bin/klens and
# .gpucarry/bin/run (`run PROGRAM ARGS...`), which set LD_LIBRARY_PATH and MAGIC for that program
# alone: exported for the whole shell, the bundled libstdc++ could shadow a newer one that the
# machine's Python, PyTorch or CMake need.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p .gpucarry/lib .gpucarry/bin
tar -xJf .gpucarry/bundle.tar.xz
mv lib/* .gpucarry/lib/
rmdir lib
built_at=$(cat .gpucarry/source-dir)
if [[ $built_at != "$PWD" && ! -e $built_at ]]; then
    mkdir -p "$(dirname "$built_at")"
    ln -s "$PWD" "$built_at"
fi
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} MAGIC=%s exec "$@"\n' \
    "$PWD/.gpucarry/lib" "$PWD/.gpucarry/lib/magic.mgc" >.gpucarry/bin/run
printf '#!/bin/sh\nexec %s %s "$@"\n' "$PWD/.gpucarry/bin/run" "$PWD/build/gpucarry/app/cli/klens" \
    >.gpucarry/bin/klens
chmod +x .gpucarry/bin/run .gpucarry/bin/klens
echo "unpacked $(ls build/gpucarry/app/cli/klens) and $(ls .gpucarry/lib | wc -l) libraries" >&2
