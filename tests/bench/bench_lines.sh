#!/usr/bin/env bash
# Times `klens lines ENTRY --json` against `klens sass ENTRY --json` on one Triton entry of about
# 20,000 PTX lines (issue 29's target: at most 100 ms beyond the SASS), and `--no-sass` alone.
#
#   bench_lines.sh [STEPS]
#
# The entry: real Triton (.venv-triton) compiles a kernel whose helper is inlined STEPS times
# (default 160: 22,138 PTX lines, 47,794 LLIR lines with Triton 3.9) for sm_90, no GPU needed. The
# SASS cache is filled by an untimed run first, so both sides read it (reopening, as a user does).
# Environment: KL_KLENS, KL_BENCH_REPS (default 5). Reports medians; exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_lines
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
STEPS="${1:-160}"
REPS="${KL_BENCH_REPS:-5}"
PY="$repo/.venv-triton/bin/python"
[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$PY" ] || die "no $PY (scripts/triton-venv.sh makes it)"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
cat >"$tmp/big.py" <<'PY'
import sys, triton, triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

@triton.jit
def _step(x, k):
    return tl.sqrt(x * k + 1.0) - x

@triton.jit
def kl_big_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, STEPS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(STEPS):
        v = tl.load(x_ptr + offs + i * n, mask=offs < n, other=0.0)
        acc += _step(v, i + 1.0)
    tl.store(out_ptr + offs, acc)

sig = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr", "STEPS": "constexpr"}
src = ASTSource(fn=kl_big_kernel, signature=sig, constexprs={"BLOCK": 1024, "STEPS": int(sys.argv[1])})
triton.compile(src, target=GPUTarget("cuda", 90, 32))
PY
TRITON_DEFAULT_FP_FUSION=1 TRITON_CACHE_DIR="$tmp/cache" "$PY" "$tmp/big.py" "$STEPS" 2>/dev/null || die "Triton failed"
ENTRY=$(ls -d "$tmp"/cache/*/)
ptx_lines=$(wc -l <"$ENTRY"/kl_big_kernel.ptx)
export PATH="$repo/.venv-triton/bin:$PATH" KERNELLENS_SASS_CACHE="$tmp/sass-cache"

run() { # NAME: one timed run, its wall seconds appended to $tmp/NAME
    local name="$1" t0 t1
    t0=$(date +%s%N)
    case "$name" in
    sass) "$KLENS" sass "$ENTRY" --json >/dev/null ;;
    lines) "$KLENS" lines "$ENTRY" --json >/dev/null ;;
    lines-nosass) "$KLENS" lines "$ENTRY" --json --no-sass >/dev/null ;;
    esac
    t1=$(date +%s%N)
    echo "($t1 - $t0) / 1000000000" | bc -l >>"$tmp/$name"
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
NAMES=(sass lines lines-nosass)
for name in "${NAMES[@]}"; do run "$name"; done
for name in "${NAMES[@]}"; do : >"$tmp/$name"; done
for ((i = 0; i < REPS; i++)); do
    for name in "${NAMES[@]}"; do run "$name"; done
done
s=$(median <"$tmp/sass")
l=$(median <"$tmp/lines")
n=$(median <"$tmp/lines-nosass")
printf '%s\n' "bench_lines: one sm_90 Triton entry, $ptx_lines PTX lines, $REPS reps, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '  klens sass --json (SASS cache warm)    median %.3f s\n' "$s"
printf '  klens lines --json                      median %.3f s   %.0f ms beyond the SASS (target <= 100 ms)\n' "$l" "$(echo "($l - $s) * 1000" | bc -l)"
printf '  klens lines --json --no-sass            median %.3f s\n' "$n"
