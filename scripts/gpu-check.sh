#!/usr/bin/env bash
# The GPU checks of the GPU-module issue, on a machine with an NVIDIA GPU and the CUDA Toolkit
# (nvcc, cuBLAS, cuobjdump; /usr/local/cuda or $CUDAToolkit_ROOT):
#   bash scripts/gpu-check.sh [OUTDIR]        (default: $OUT, else build/gpu-check)
# Builds only what it needs, GUI off: klens always; the Qt Test suites of tests/gpu, tests/nvrtc
# and tests/kernels only when Qt 6 Test is installed. On a GPU machine without Qt, carry a build
# made elsewhere instead (scripts/gpu-bundle.sh there, scripts/gpu-unbundle.sh here): when
# .gpucarry/bin/klens exists, nothing is built and the bundled suites run. It then
#   - runs `klens gpu` and sets it beside nvidia-smi's and PyTorch's view of the device;
#   - runs the GPU test suites (planted faults included: an illegal address, a block too large,
#     a kernel that never ends), and `klens gpu` without permission on the device nodes;
#   - autotunes vector_add, softmax, reduction, matmul_f16 and matmul_f16_wgmma (sm_90a), 3 runs each (the second and third
#     are all cache hits), and reports each best GB/s (TFLOP/s) against the device-to-device copy
#     measured in the same run (vector_add target >= 85%) and the run-to-run spread of the best
#     median (target <= 3%);
#   - times cuBLAS on matmul_f16's shape (tests/bench/cublas_hgemm.cu);
#   - compares `klens cubin` registers / shared / local with `cuobjdump -res-usage` for every
#     cubin the runs compiled, and with Nsight Compute (`ncu`) for two launched kernels.
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
source scripts/gpu-suites.sh
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

if [[ -x .gpucarry/bin/klens ]]; then
    log "prebuilt bundle: .gpucarry (scripts/gpu-bundle.sh)"
    klens=$PWD/.gpucarry/bin/klens
    suites=()
    for s in "${GPU_SUITES[@]}"; do
        suites+=("$(find build/gpucarry/tests -name "$s" -type f -executable | head -1)")
    done
    run_suite() { .gpucarry/bin/run "$1"; }
else
    tests=OFF
    if cmake --find-package -DNAME=Qt6Test -DCOMPILER_ID=GNU -DLANGUAGE=CXX -DMODE=EXIST >/dev/null 2>&1 ||
        [[ -e /usr/lib/x86_64-linux-gnu/cmake/Qt6Test/Qt6TestConfig.cmake ]]; then
        tests=ON
    fi
    log "configure (GUI off, tests $tests)"
    cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DKL_BUILD_GUI=OFF -DKL_BUILD_TESTS=$tests \
        -DKL_BUILD_BENCH=OFF >"$out/configure.log"
    targets=(klens klens-gpu-worker)
    [[ $tests == ON ]] && targets+=("${GPU_SUITES[@]}")
    log "build ${targets[*]}"
    cmake --build build/gpu -j "$(nproc)" --target "${targets[@]}" >"$out/build.log"
    klens=$PWD/build/gpu/app/cli/klens
    suites=()
    [[ $tests == ON ]] && for t in "${targets[@]:2}"; do suites+=("$(find build/gpu/tests -name "$t" -type f | head -1)"); done
    run_suite() { "$1"; }
fi

log "klens gpu"
"$klens" gpu | tee "$out/gpu.txt" || { echo "no usable GPU: nothing to check" >&2; exit 2; }
"$klens" gpu --json >"$out/gpu.json"
nvidia-smi --query-gpu=name,compute_cap,memory.total,driver_version --format=csv,noheader >"$out/nvidia-smi.txt" || true
python3 -c 'import torch; p = torch.cuda.get_device_properties(0)
print(p.name, f"{p.major}.{p.minor}", p.multi_processor_count, p.total_memory)' >"$out/torch-device.txt" 2>&1 || true

# Without permission on the device nodes: a user that may not open /dev/nvidia* (bind-mounted
# unreadable copies in a private mount namespace, so the machine's own nodes stay as they are).
if command -v unshare >/dev/null && command -v setpriv >/dev/null; then
    log "klens gpu without permission on /dev/nvidia*"
    unshare -m bash -c '
        for n in /dev/nvidia*; do [[ -c $n ]] || continue
            t=/tmp/kl-noperm-$(basename "$n"); touch "$t"; chmod 000 "$t"; mount --bind "$t" "$n"; done
        setpriv --reuid=65534 --regid=65534 --clear-groups '"$klens"' gpu' >"$out/gpu-noperm.txt" 2>&1 &&
        echo "exit 0" >>"$out/gpu-noperm.txt" || echo "exit $?" >>"$out/gpu-noperm.txt"
fi

if ((${#suites[@]})); then
    log "GPU test suites"
    : >"$out/suites.txt"
    for s in "${suites[@]}"; do
        rc=0
        run_suite "$s" >>"$out/suites.txt" 2>&1 || rc=$?
        if ((rc == 0)); then echo "SUITE PASS $(basename "$s")"; else echo "SUITE FAIL $(basename "$s") (exit $rc)"; fi \
            >>"$out/suites.txt"
    done
    grep -E '^SUITE|^FAIL|^SKIP|^Totals' "$out/suites.txt"
fi

# Planted faults through the CLI, as a user meets them: an illegal address, a kernel that never
# ends (2 s bound) and too much shared memory, between configurations that must still run.
log "klens autotune of planted faults"
KERNELLENS_CACHE_DIR=$out/planted-cache timeout 120 "$klens" autotune tests/gpu/planted/planted_faults.json \
    --time-bound 2 --no-save --no-log --warmup-ms 1 --rep-ms 5 --json >"$out/planted.json" 2>"$out/planted.err" || true

export KERNELLENS_CACHE_DIR=$out/cache KERNELLENS_EVENTS_LOG=$out/events.jsonl
rm -rf "$KERNELLENS_CACHE_DIR"
for k in vector_add softmax reduction matmul_f16 matmul_f16_wgmma; do
    for i in 1 2 3; do
        log "klens autotune $k (run $i of 3)"
        timeout 300 "$klens" autotune "$k" --json >"$out/$k.$i.json" 2>"$out/$k.$i.err" || true
    done
done

log "cuBLAS on the same shape"
"$cuda/bin/nvcc" -O2 -o "$out/cublas_hgemm" tests/bench/cublas_hgemm.cu -lcublas
size=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["size"]; print(s["M"], s["N"], s["K"])' \
    "$out/matmul_f16.1.json")
# shellcheck disable=SC2086
"$out/cublas_hgemm" $size | tee "$out/cublas.txt"

log "cubin resources: klens cubin vs cuobjdump -res-usage"
: >"$out/resusage.txt"
find "$KERNELLENS_CACHE_DIR" -name '*.cubin' | sort | while read -r cubin; do
    {
        echo "### $cubin"
        "$cuda/bin/cuobjdump" -res-usage "$cubin"
        "$klens" cubin "$cubin" --json
    } >>"$out/resusage.txt" 2>&1
done

# Nsight Compute on one launch of the first configuration of two kernels, against klens cubin on
# the cubin that launch ran (the only one in a fresh cache).
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1 || true)
if [[ -n $ncu ]]; then
    for k in vector_add:vector_add matmul_f16:matmul_f16; do
        spec=${k%%:*} fn=${k##*:}
        log "ncu on $spec"
        rm -rf "$out/ncu-cache"
        KERNELLENS_CACHE_DIR=$out/ncu-cache timeout 300 "$ncu" --csv -k "regex:^$fn" -c 1 --metrics \
            launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__block_size,launch__grid_size,launch__occupancy_limit_registers,sm__maximum_warps_per_active_cycle_pct \
            "$klens" autotune "$spec" --limit 1 --no-copy --no-save --no-log --warmup-ms 1 --rep-ms 1 \
            >"$out/ncu-$spec.csv" 2>"$out/ncu-$spec.err" || true
        find "$out/ncu-cache" -name '*.cubin' -exec "$klens" cubin {} --json \; >"$out/ncu-$spec.klens.json" || true
    done
fi

python3 scripts/gpu-report.py "$out"
