#!/usr/bin/env bash
# Times `klens sass --json` of a cubin of about 1 MB against `nvdisasm -c -gi` alone on the same
# file (issue 29's targets: at most 1.2x; reopening from KernelLens's SASS cache at most 20 ms).
#
#   bench_sass.sh
#
# The cubin: CUDA C++ written here (20 kernels, each an unrolled chain of loads and FMAs), compiled
# with line info by `klens compile` (NVRTC, no GPU). nvdisasm is the one in .venv-triton (Triton's
# wheel ships it), found by klens as a user's active virtual environment's; KL_NVDISASM overrides.
# Environment: KL_KLENS, KL_BENCH_DIR, KL_BENCH_REPS (default 5). Reports medians and ratios;
# exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_sass
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
REPS="${KL_BENCH_REPS:-5}"
[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
NVDISASM="${KL_NVDISASM:-$(ls "$repo"/.venv-triton/lib/python3*/site-packages/triton/backends/nvidia/bin/nvdisasm 2>/dev/null | head -1)}"
[ -x "$NVDISASM" ] || die "no nvdisasm (scripts/triton-venv.sh makes .venv-triton; or set KL_NVDISASM)"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
python3 - "$tmp/big.cu" <<'PY'
import sys
out = ['extern "C" {']
for k in range(20):
    out.append(f'__global__ void chain{k}(const float* __restrict__ x, float* y, float s) {{')
    out.append('    int i = blockIdx.x * blockDim.x + threadIdx.x; float a = x[i];')
    out.append('#pragma unroll')
    out.append(f'    for (int j = 0; j < 96; ++j) {{ a = a * s + x[i + j * {k + 3}]; if (a > {k}.5f) a -= x[i ^ j]; }}')
    out.append('    y[i] = a; }')
out.append('}')
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
mkdir -p "$tmp/out"
KERNELLENS_CACHE_DIR="$tmp/nvrtc" "$KLENS" compile "$tmp/big.cu" --arch sm_90 --lineinfo -o "$tmp/out" --no-log \
    >/dev/null || die "klens compile failed (needs NVRTC)"
CUBIN="$tmp/out/big.cubin"
size=$(stat -c %s "$CUBIN")

export PATH="$(dirname "$NVDISASM"):$PATH"
export KERNELLENS_NVDISASM="$NVDISASM"
run() { # NAME: one timed run, its wall seconds appended to $tmp/NAME
    local name="$1" t0 t1
    t0=$(date +%s%N)
    case "$name" in
    nvdisasm) "$NVDISASM" -c -gi "$CUBIN" >/dev/null 2>&1 ;;
    klens) KERNELLENS_SASS_CACHE=off "$KLENS" sass "$CUBIN" --json >"$tmp/sass.json" ;;
    reopen) KERNELLENS_SASS_CACHE="$tmp/sass-cache" "$KLENS" sass "$CUBIN" --json >/dev/null ;;
    esac
    t1=$(date +%s%N)
    echo "($t1 - $t0) / 1000000000" | bc -l >>"$tmp/$name"
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

NAMES=(nvdisasm klens reopen)
for name in "${NAMES[@]}"; do run "$name"; done # warm-up; fills the SASS cache
for name in "${NAMES[@]}"; do : >"$tmp/$name"; done
for ((i = 0; i < REPS; i++)); do
    for name in "${NAMES[@]}"; do run "$name"; done
done
rows=$(python3 -c 'import json,sys; print(sum(len(k["instructions"]) for k in json.load(open(sys.argv[1]))["kernels"]))' "$tmp/sass.json")
n=$(median <"$tmp/nvdisasm")
k=$(median <"$tmp/klens")
r=$(median <"$tmp/reopen")
printf '%s\n' "bench_sass: a $size-byte sm_90 cubin with line info, $rows instructions, $REPS reps, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '  nvdisasm -c -gi                   median %.3f s\n' "$n"
printf '  klens sass --json (no cache)      median %.3f s   %.2fx nvdisasm (target <= 1.2x)\n' "$k" "$(echo "$k / $n" | bc -l)"
printf '  klens sass --json (reopened)      median %.3f s   (target <= 0.020 s)\n' "$r"

# The window's SASS tab on the same cubin (bench_gui_sass, built with the GUI): the longest UI stall
# while the tab fills, reopened from the SASS cache (target < 50 ms).
GUI_BENCH="${KL_BENCH_GUI_SASS:-$(dirname "$KLENS")/../../tests/bench/bench_gui_sass}"
if [ -x "$GUI_BENCH" ]; then
    mkdir -p "$tmp/entry/BIGSASSENTRY"
    cp "$CUBIN" "$tmp/entry/BIGSASSENTRY/big.cubin"
    QT_QPA_PLATFORM=offscreen KERNELLENS_SASS_CACHE="$tmp/sass-cache" "$GUI_BENCH" "$tmp/entry/BIGSASSENTRY" "$REPS" 2>/dev/null |
        sed 's/^/  window: /'
else
    echo "  window: bench_gui_sass not built (a build with the GUI makes it)"
fi
