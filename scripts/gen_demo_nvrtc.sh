#!/usr/bin/env bash
# Regenerates resources/demo/nvrtc-cache: KernelLens's own NVRTC cache entries for the demo,
# compiled from the demo kernels (resources/kernels) with `klens compile` for two archs. Needs a
# dev build with the CUDA Toolkit's NVRTC (no GPU). Commit what it writes.
#
#   scripts/gen_demo_nvrtc.sh [path/to/klens]
set -euo pipefail
cd "$(dirname "$0")/.."
klens=${1:-build/dev/app/cli/klens}
out=resources/demo/nvrtc-cache
rm -rf "$out"
mkdir -p "$out"
for arch in sm_80 sm_90; do
    for k in vector_add reduction softmax; do
        "$klens" compile --no-log --cache "$out" --arch "$arch" "resources/kernels/$k.cu" >/dev/null
    done
done
# Sources are stored by name; the recorded absolute paths would name this checkout.
echo "wrote $(find "$out" -mindepth 1 -maxdepth 1 | wc -l) entries, $(du -sh "$out" | cut -f1) in $out"
