#!/usr/bin/env bash
# Times `klens override try` of a PTX edit against `ptxas` on the same file (issue 28's target:
# at most 1.2x), on two files:
#   matmul  real Triton 3.6's matmul for sm_90a (tests/fixtures/triton-gpu, 24 KB of PTX) with a
#           register cap (.maxnreg 58): ptxas takes about 30 ms, so fixed costs show;
#   big     20 unrolled kernels compiled by `klens compile` (an NVRTC entry, 660 KB of PTX) with a
#           comment appended: ptxas takes about a second.
# klens assembles the edit with the toolkit's ptxas; the entry's PTX, assembled once by the
# warm-up, comes from KernelLens's try cache. It then reads both cubins, diffs the PTX and (with
# SASS) disassembles both with nvdisasm, whose answers the SASS cache keeps: "try" finds the edit's
# there (the same edit each rep), "try-new" does not (a user's new edit). Also printed: the Try's
# own time from --json (no process start or exit), which is what the window's Try button costs;
# the window shows the comparison at the --no-sass time and the SASS diff when nvdisasm is done.
# ptxas is the CUDA Toolkit's, of nvJitLink's version, at the entry's arch.
#
#   bench_override_try.sh
#
# Environment: KL_KLENS, KL_BENCH_REPS (default 9), KL_PTXAS (default: the toolkit's), KL_NVDISASM
# (default: the Triton venv's). Reports medians and ratios; exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_override_try
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
REPS="${KL_BENCH_REPS:-9}"
RATIO_TARGET=1.2
MATMUL="$repo/tests/fixtures/triton-gpu/cache/LOV4OMK6M64TPAW7RUIVQK656HNLAASHBIJLZPEEJISFBAZAIEYA"
PTXAS="${KL_PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}"
NVDISASM="${KL_NVDISASM:-$(ls "$repo"/.venv-triton/lib/python3*/site-packages/triton/backends/nvidia/bin/nvdisasm 2>/dev/null | head -1)}"

[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$PTXAS" ] || die "ptxas not found (set KL_PTXAS)"
[ -d "$MATMUL" ] || die "the fixture entry $MATMUL is missing"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
export KERNELLENS_SASS_CACHE="$tmp/sass-cache" KERNELLENS_TRY_CACHE="$tmp/try-cache"
[ -n "$NVDISASM" ] && export KERNELLENS_NVDISASM="$NVDISASM"

# matmul: the edit is a register cap before the kernel's body.
mkdir -p "$tmp/matmul"
python3 - "$MATMUL/matmul_kernel.ptx" "$tmp/matmul/matmul_kernel.ptx" <<'PY'
import sys
src, dst = sys.argv[1:3]
text = open(src).read()
at = text.index("\n{", text.index(".entry matmul_kernel"))
open(dst, "w").write(text[:at] + "\n.maxnreg 58" + text[at:])
PY
# big: bench_sass.sh's program, compiled into an NVRTC entry.
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
mkdir -p "$tmp/out" "$tmp/big"
KERNELLENS_CACHE_DIR="$tmp/nvrtc" "$KLENS" compile "$tmp/big.cu" --arch sm_90 -o "$tmp/out" --no-log >/dev/null ||
    die "klens compile failed (needs NVRTC)"
BIG=$(ls -d "$tmp"/nvrtc/*/ | head -1)
BIG=${BIG%/}
{ cat "$BIG/big.ptx"; echo "// edited"; } >"$tmp/big/big.ptx"

declare -A ENTRY=([matmul]="$MATMUL" [big]="$BIG")
declare -A FILE=([matmul]="$tmp/matmul/matmul_kernel.ptx" [big]="$tmp/big/big.ptx")

run() { # CASE NAME: one timed run, its wall seconds appended to $tmp/CASE-NAME
    local case="$1" name="$2" rc=0 t0 t1 file="${FILE[$1]}"
    local arch
    arch=$(sed -n 's/^\.target \([a-z0-9_]*\).*/\1/p' "$file" | head -1)
    if [ "$name" = try-new ]; then
        # A new edit, as each of a user's Tries is: the edit's SASS is not in the SASS cache (the
        # entry's is, from the first Try). The edit's cubin is the one ptxas made just before.
        local sass
        sass="$KERNELLENS_SASS_CACHE/$(sha256sum "$tmp/$case.cubin" | cut -d' ' -f1).sass"
        [ -f "$sass" ] || die "the edit's SASS is not where the bench expects it ($sass)"
        rm -f -- "$sass"
    fi
    t0=$(date +%s%N)
    case "$name" in
    ptxas) "$PTXAS" -arch="$arch" -O3 "$file" -o "$tmp/$case.cubin" || rc=$? ;;
    try) "$KLENS" override try "$file" --entry "${ENTRY[$case]}" --json >"$tmp/$case.json" || rc=$? ;;
    try-nosass)
        "$KLENS" override try "$file" --entry "${ENTRY[$case]}" --no-sass --json >"$tmp/$case-nosass.json" || rc=$?
        ;;
    try-new) "$KLENS" override try "$file" --entry "${ENTRY[$case]}" --json >"$tmp/$case-new.json" || rc=$? ;;
    esac
    t1=$(date +%s%N)
    [ "$rc" -eq 0 ] || die "$case $name failed (exit $rc)"
    echo "($t1 - $t0) / 1000000000" | bc -l >>"$tmp/$case-$name"
    # The Try itself, without klens starting and exiting: what the window's Try button costs.
    local inproc='import json, sys; print(json.load(open(sys.argv[1]))["microseconds"]["total"] / 1e6)'
    [ "$name" != try ] || python3 -c "$inproc" "$tmp/$case.json" >>"$tmp/$case-inproc"
    [ "$name" != try-new ] || python3 -c "$inproc" "$tmp/$case-new.json" >>"$tmp/$case-inproc-new"
    [ "$name" != try-nosass ] || python3 -c "$inproc" "$tmp/$case-nosass.json" >>"$tmp/$case-inproc-nosass"
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

NAMES=(ptxas try try-nosass try-new)
echo "bench_override_try: $REPS reps, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $("$PTXAS" --version | tail -1 | sed 's/^Build //')"
for case in matmul big; do
    for name in "${NAMES[@]}"; do run "$case" "$name"; done # warm-up: fills the try and SASS caches
    for name in "${NAMES[@]}" inproc inproc-new inproc-nosass; do : >"$tmp/$case-$name"; done
    for ((i = 0; i < REPS; i++)); do
        for name in "${NAMES[@]}"; do run "$case" "$name"; done
    done
    read -r route regs sass < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
k = d["kernels"][0]
print(d["route"], "%s->%s" % (k["original"]["registers"], k["edited"]["registers"]),
      "yes" if d["sass_diff"] else ("no:" + (d["sass_unavailable"] or "equal")).replace(" ", "_"))' "$tmp/$case.json")
    p=$(median <"$tmp/$case-ptxas")
    t=$(median <"$tmp/$case-try")
    n=$(median <"$tmp/$case-try-nosass")
    x=$(median <"$tmp/$case-try-new")
    xw=$(median <"$tmp/$case-inproc-new")
    nw=$(median <"$tmp/$case-inproc-nosass")
    w=$(median <"$tmp/$case-inproc")
    printf '  %s: %s (%s bytes), route %s, first kernel registers %s, SASS diff %s\n' "$case" \
        "$(basename "${FILE[$case]}")" "$(wc -c <"${FILE[$case]}")" "$route" "$regs" "$sass"
    printf '    ptxas                          median %.3f s\n' "$p"
    printf '    klens override try --json      median %.3f s   %.2fx ptxas (target <= %.1fx)\n' "$t" "$(echo "$t / $p" | bc -l)" "$RATIO_TARGET"
    printf '    klens override try --no-sass   median %.3f s   %.2fx ptxas\n' "$n" "$(echo "$n / $p" | bc -l)"
    printf '    a new edit (its SASS not cached) median %.3f s   %.2fx ptxas (nvdisasm on the edit)\n' "$x" "$(echo "$x / $p" | bc -l)"
    printf '    the Try in process (the window) median %.3f s   %.2fx ptxas; a new edit: %.3f s   %.2fx\n' "$w" \
        "$(echo "$w / $p" | bc -l)" "$xw" "$(echo "$xw / $p" | bc -l)"
    printf '    the window shows the comparison after %.3f s   %.2fx ptxas (its SASS follows)\n' "$nw" "$(echo "$nw / $p" | bc -l)"
done
