#!/usr/bin/env bash
# The GPU checks of the GPU-module issue, on a machine with an NVIDIA GPU and the CUDA Toolkit
# (nvcc, cuBLAS, cuobjdump; /usr/local/cuda or $CUDAToolkit_ROOT):
#   bash scripts/gpu-check.sh [OUTDIR]        (default: $OUT, else build/gpu-check)
# Builds only what it needs, GUI off: klens always; the Qt Test suites of tests/gpu, tests/nvrtc
# and tests/kernels only when Qt 6 Test is installed (the GPU machine may have no Qt: then the
# checks below run through klens alone). It then
#   - runs `klens gpu`, and the GPU test suites when built;
#   - autotunes vector_add (default size, 3 runs: the second and third are all cache hits) and
#     reports the best GB/s against the device-to-device copy measured in the same run (target
#     >= 85%) and the run-to-run spread of the best median (target <= 3%);
#   - autotunes matmul_f16 and times cuBLAS on the same shape (tests/bench/cublas_hgemm.cu);
#   - compares `klens cubin` registers / shared / local with `cuobjdump -res-usage` for every
#     cubin the runs compiled.
# Writes OUTDIR/gpu-check.md (the figures for tests/bench/RESULTS.md) and the raw outputs; exits
# 1 when a check misses its target, 2 when something could not run.
# Libraries the build needs (libmagic, libelf, OpenSSL, RapidJSON, CLI11, muparser, hiredis, tl::expected
# from libexpected-dev, header only):
# installed, or unpacked .debs under a prefix named by CMAKE_PREFIX_PATH and LD_LIBRARY_PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-${OUT:-build/gpu-check}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cuda=${CUDAToolkit_ROOT:-/usr/local/cuda}
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

tests=OFF
if cmake --find-package -DNAME=Qt6Test -DCOMPILER_ID=GNU -DLANGUAGE=CXX -DMODE=EXIST >/dev/null 2>&1 ||
    [[ -e /usr/lib/x86_64-linux-gnu/cmake/Qt6Test/Qt6TestConfig.cmake ]]; then
    tests=ON
fi
log "configure (GUI off, tests $tests)"
cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DKL_BUILD_GUI=OFF -DKL_BUILD_TESTS=$tests \
    -DKL_BUILD_BENCH=OFF >"$out/configure.log"
targets=(klens)
[[ $tests == ON ]] && targets+=(tst_gpudriver tst_gpulaunch tst_gpucli tst_autotuner tst_benchstats
    tst_nvrtccompiler tst_nvrtccache tst_kernelcompile)
log "build ${targets[*]}"
cmake --build build/gpu -j "$(nproc)" --target "${targets[@]}" >"$out/build.log"
klens=$PWD/build/gpu/app/cli/klens

log "klens gpu"
"$klens" gpu | tee "$out/gpu.txt" || { echo "no usable GPU: nothing to check" >&2; exit 2; }
"$klens" gpu --json >"$out/gpu.json"

if [[ $tests == ON ]]; then
    log "GPU test suites"
    ctest --test-dir build/gpu -R 'gpu|autotuner|benchstats|nvrtc|kernelcompile' --output-on-failure \
        | tee "$out/ctest.txt"
fi

export KERNELLENS_CACHE_DIR=$out/cache KERNELLENS_EVENTS_LOG=$out/events.jsonl
rm -rf "$KERNELLENS_CACHE_DIR"
for i in 1 2 3; do
    log "klens autotune vector_add (run $i of 3)"
    "$klens" autotune vector_add --json >"$out/vector_add.$i.json" || true
done
log "klens autotune matmul_f16"
"$klens" autotune matmul_f16 --json >"$out/matmul_f16.json" || true

log "cuBLAS on the same shape"
"$cuda/bin/nvcc" -O2 -o build/gpu/cublas_hgemm tests/bench/cublas_hgemm.cu -lcublas
size=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["size"]; print(s["M"], s["N"], s["K"])' \
    "$out/matmul_f16.json")
# shellcheck disable=SC2086
build/gpu/cublas_hgemm $size | tee "$out/cublas.txt"

log "cubin resources: klens cubin vs cuobjdump -res-usage"
: >"$out/resusage.txt"
find "$KERNELLENS_CACHE_DIR" -name '*.cubin' | sort | while read -r cubin; do
    {
        echo "### $cubin"
        "$cuda/bin/cuobjdump" -res-usage "$cubin"
        "$klens" cubin "$cubin" --json
    } >>"$out/resusage.txt" 2>&1
done

python3 scripts/gpu-report.py "$out"
