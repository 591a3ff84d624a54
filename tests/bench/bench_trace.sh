#!/usr/bin/env bash
# Benchmark: `klens trace --json F` on a generated Kineto trace (scripts/gen_trace.py) against
# what a user would run instead:
#   - `python3 -c "import json; json.load(open(F))"`: only parsing the file (target: klens at
#     most 0.3x its wall time);
#   - Holistic Trace Analysis from PyPI (.venv-hta, scripts/hta-venv.sh): TraceAnalysis on the
#     trace's folder + get_gpu_kernel_breakdown (tests/bench/hta_breakdown.py; target: klens at
#     least 10x faster than HTA's own timing of those two calls, interpreter start and imports
#     left out);
# and checks that the per-kernel totals agree: klens's `kernels[].name/calls/total_us` against
# HTA's per-kernel sums (less the Inductor cpu_op rows HTA counts as kernels, see
# hta_breakdown.py) and against the generator's exact figures (--truth). Peak RSS of klens
# (/usr/bin/time) against the file's size: target at most 0.3x.
#
#   bench_trace.sh [SIZE [REPS]]     SIZE of the JSON (default 1G), REPS runs of klens and
#                                    json.load each, alternating (default 5)
#
# Environment: KL_KLENS, KL_BENCH_DIR (default /tmp/kl-bench), KL_BENCH_HTA_REPS (HTA runs,
# default 3; 0 skips HTA), KL_HTA_PYTHON (default <repo>/.venv-hta/bin/python),
# KL_BENCH_GZIP=1 (time a .json.gz instead; json.load then reads it through gzip.open),
# KL_BENCH_KEEP=1 (keep the generated trace; by default it is deleted at the end),
# KL_BENCH_BASELINES_ONLY=1 (time json.load and HTA only, e.g. before klens has `trace`).
# Targets are reported, never fatal; the exit status is 2 on errors (no klens trace, a tool
# failing) and 1 when the per-kernel totals disagree.
set -euo pipefail
BENCH_NAME=bench_trace
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
SIZE="${1:-1G}"
REPS="${2:-${KL_BENCH_REPS:-5}}"
HTA_REPS="${KL_BENCH_HTA_REPS:-3}"
HTA_PY="${KL_HTA_PYTHON:-$repo/.venv-hta/bin/python}"
GZ="${KL_BENCH_GZIP:-0}"

ONLY_BASE="${KL_BENCH_BASELINES_ONLY:-0}"
[ -x "$TIME_BIN" ] || die "$TIME_BIN missing (apt-get install time)"
if [ "$ONLY_BASE" != 1 ]; then
    [ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
    "$KLENS" trace --help >/dev/null 2>&1 ||
        die "$KLENS has no 'trace' command yet (build klens from a tree that has it, or KL_BENCH_BASELINES_ONLY=1)"
fi

work="$BENCH_DIR/trace-$SIZE"
mkdir -p "$work/dir"
ext=.pt.trace.json; [ "$GZ" = 1 ] && ext=.pt.trace.json.gz
F="$work/dir/rank-0$ext"
truth="$work/truth.json"
tmp="$(mktemp -d)"
cleanup() {
    rm -rf -- "$tmp"
    if [ "${KL_BENCH_KEEP:-0}" != 1 ]; then rm -rf -- "$work"; fi
}
trap cleanup EXIT

gen_args=(--size "$SIZE" --seed 1 -o "$F" --truth "$truth")
[ "$GZ" = 1 ] && gen_args+=(--gzip)
stamp="$(sha256sum "$repo/scripts/gen_trace.py" | cut -c1-16) ${gen_args[*]}"
if [ -f "$F" ] && [ -f "$truth" ] && [ "$(cat "$work/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "reusing $F"
else
    rm -f "$work"/dir/* "$truth"
    echo "generating $F ($SIZE) ..."
    python3 "$repo/scripts/gen_trace.py" "${gen_args[@]}"
    echo "$stamp" >"$work/stamp"
fi
bytes=$(stat -c %s "$F")

if [ "$GZ" = 1 ]; then
    pyload='import gzip, json, sys; json.load(gzip.open(sys.argv[1]))'
else
    pyload='import json, sys; json.load(open(sys.argv[1]))'
fi

run_one() { # name: appends "wall_s rss_kb cpu_s" to $tmp/name
    local name="$1" t0 t1 rc=0
    t0=$(date +%s%N)
    case "$name" in
        klens) "$TIME_BIN" -f '%M %U %S' -o "$tmp/time" "$KLENS" trace --json "$F" >"$tmp/klens.json" 2>"$tmp/klens.err" || rc=$?
               [ "$rc" -le 1 ] || { cat "$tmp/klens.err" >&2; die "klens trace failed (exit $rc)"; } ;;
        json)  "$TIME_BIN" -f '%M %U %S' -o "$tmp/time" python3 -c "$pyload" "$F" || die "json.load failed" ;;
    esac
    t1=$(date +%s%N)
    read -r rss u s <"$tmp/time"
    echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $rss $(echo "$u + $s" | bc -l)" >>"$tmp/$name"
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
col() { awk -v c="$2" '{print $c}' "$tmp/$1"; }

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$ONLY_BASE" = 1 ]; then
    echo "untimed warm-up: json.load ..."
    run_one json; rm -f "$tmp/json"
    for ((i = 1; i <= REPS; i++)); do
        run_one json
        printf '  run %d: json.load %.2f s\n' "$i" "$(tail -n1 "$tmp/json" | cut -d' ' -f1)"
    done
else
    echo "untimed warm-up: klens, json.load ..."
    run_one klens; run_one json; rm -f "$tmp/klens" "$tmp/json"
    for ((i = 1; i <= REPS; i++)); do
        if ((i % 2)); then order="klens json"; else order="json klens"; fi
        for name in $order; do run_one "$name"; done
        printf '  run %d: klens %.2f s, json.load %.2f s\n' "$i" "$(tail -n1 "$tmp/klens" | cut -d' ' -f1)" \
            "$(tail -n1 "$tmp/json" | cut -d' ' -f1)"
    done
fi

hta_ok=0
if [ "$HTA_REPS" -gt 0 ] && [ -x "$HTA_PY" ] && "$HTA_PY" -c 'import hta.trace_analysis' 2>/dev/null; then
    hta_ok=1
    for ((i = 1; i <= HTA_REPS; i++)); do
        t0=$(date +%s%N)
        HTA_DISABLE_NS_ROUNDING=1 "$TIME_BIN" -f '%M' -o "$tmp/time" "$HTA_PY" "$here/hta_breakdown.py" "$work/dir" \
            "$tmp/hta.json" >"$tmp/hta.out" 2>"$tmp/hta.err" || { tail -n 20 "$tmp/hta.err" >&2; die "HTA failed"; }
        t1=$(date +%s%N)
        inner=$(sed -n 's/^hta_seconds \([0-9.]*\).*/\1/p' "$tmp/hta.out")
        echo "$inner $(tail -n1 "$tmp/time") $(echo "($t1 - $t0) / 1000000000" | bc -l)" >>"$tmp/hta"
        printf '  HTA run %d: %s (process %.2f s, peak RSS %d MB)\n' "$i" "$(cat "$tmp/hta.out")" \
            "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$(($(tail -n1 "$tmp/time") / 1024))"
    done
else
    echo "HTA skipped: no $HTA_PY with HTA (bash scripts/hta-venv.sh), or KL_BENCH_HTA_REPS=0"
fi

if [ "$ONLY_BASE" = 1 ]; then
    j=$(col json 1 | median); jcpu=$(col json 3 | median); jrss=$(col json 2 | sort -n | tail -n1)
    echo
    echo "== baselines only (no klens): $F, $bytes bytes"
    echo "   $(nproc) CPUs, $(($(sed -n 's/MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo) / 1024)) MB RAM, $(date -u +%Y-%m-%dT%H:%MZ); load average at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '   python3 json.load: median wall %.2f s, CPU %.2f s, peak RSS %.1f MB (%d runs)\n' "$j" "$jcpu" "$(echo "$jrss / 1024" | bc -l)" "$REPS"
    if [ $hta_ok = 1 ]; then
        printf '   HTA TraceAnalysis + get_gpu_kernel_breakdown: median %.2f s (whole process %.2f s), peak RSS %.1f MB (%d runs)\n' \
            "$(col hta 1 | median)" "$(col hta 3 | median)" "$(echo "$(col hta 2 | sort -n | tail -n1) / 1024" | bc -l)" "$HTA_REPS"
        python3 - "$truth" "$tmp/hta.json" <<'PY'
import json, sys
truth = {k["name"]: (k["calls"], k["total_ns"] / 1000) for k in json.load(open(sys.argv[1]))["kernels"]}
hta = json.load(open(sys.argv[2]))["kernels"]
bad = [n for n, (c, t) in truth.items() if n not in hta or hta[n]["calls"] - hta[n].get("inductor_cpu_calls", 0) != c
       or abs(hta[n]["sum_us"] - hta[n].get("inductor_cpu_us", 0) - t) > 5e-4 * c + 1e-6 * t]
print("   HTA's per-kernel sums (Inductor cpu_op rows taken out) vs the generator's: %d names, %d disagree" % (len(truth), len(bad)))
PY
        printf '   targets then: klens <= %.2f s (0.3x json.load), <= %.2f s (HTA / 10)\n' \
            "$(echo "0.3 * $j" | bc -l)" "$(echo "$(col hta 1 | median) / 10" | bc -l)"
    fi
    exit 0
fi

# Per-kernel totals: klens against the generator's exact figures and against HTA.
agree_rc=0
python3 - "$tmp/klens.json" "$truth" "$([ $hta_ok = 1 ] && echo "$tmp/hta.json")" >"$tmp/agree" <<'PY' || agree_rc=$?
import json, sys
kl = json.load(open(sys.argv[1]))
ours = {k["name"]: k for k in kl["kernels"]}
def compare(label, theirs):  # theirs: name -> (calls, total_us)
    bad = []
    for name, (calls, total) in theirs.items():
        k = ours.get(name)
        if k is None:
            bad.append("%s: missing in klens" % name[:80]); continue
        # klens's totals come from integer ns; 0.5 ns per call covers rounding of printed us.
        if k["calls"] != calls or abs(k["total_us"] - total) > 1e-3 * 0.5 * calls + 1e-6 * total:
            bad.append("%s: klens %d calls %.3f us, %s %d calls %.3f us" % (name[:80], k["calls"], k["total_us"], label, calls, total))
    extra = [n for n in ours if n not in theirs]
    bad += ["%s: only in klens" % n[:80] for n in extra]
    print("%s: %d kernel names compared, %d disagree" % (label, len(theirs), len(bad)))
    for b in bad[:10]:
        print("   ", b)
    return not bad
truth = json.load(open(sys.argv[2]))
ok = compare("generator", {k["name"]: (k["calls"], k["total_ns"] / 1000) for k in truth["kernels"]})
if len(sys.argv) > 3 and sys.argv[3]:
    hta = json.load(open(sys.argv[3]))["kernels"]
    corrected = {n: (r["calls"] - r.get("inductor_cpu_calls", 0), r["sum_us"] - r.get("inductor_cpu_us", 0.0)) for n, r in hta.items()}
    n_ind = sum(1 for r in hta.values() if "inductor_cpu_us" in r)
    print("HTA counts Inductor's cpu_op records of %d triton_* names as kernels; taken out before comparing" % n_ind)
    ok = compare("HTA", corrected) and ok
sys.exit(0 if ok else 1)
PY
cat "$tmp/agree"

k=$(col klens 1 | median); j=$(col json 1 | median)
krss=$(col klens 2 | sort -n | tail -n1); jrss=$(col json 2 | sort -n | tail -n1)
kcpu=$(col klens 3 | median); jcpu=$(col json 3 | median)
ratio_json=$(echo "$k / $j" | bc -l)
rss_ratio=$(echo "$krss * 1024 / $bytes" | bc -l)
verdict() { [ "$(echo "$1" | bc -l)" = 1 ] && echo met || echo "NOT met"; }
echo
echo "== klens trace --json vs json.load vs HTA: $F"
printf '   %d bytes (%.0f MB), %s events; klens at %s\n' "$bytes" "$(echo "$bytes / 1000000" | bc -l)" \
    "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["files"][0].get("events","?"))' "$tmp/klens.json" 2>/dev/null || echo '?')" "$KLENS"
echo "   source tree: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) CPUs, $(($(sed -n 's/MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo) / 1024)) MB RAM, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "   load average at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '| %-30s | %10s | %10s | %12s |\n' tool "wall s" "CPU s" "peak RSS MB"
printf '| %-30s | %10s | %10s | %12s |\n' ------------------------------ ---------- ---------- ------------
printf '| %-30s | %10.2f | %10.2f | %12.1f |\n' "klens trace --json" "$k" "$kcpu" "$(echo "$krss / 1024" | bc -l)"
printf '| %-30s | %10.2f | %10.2f | %12.1f |\n' "python3 json.load" "$j" "$jcpu" "$(echo "$jrss / 1024" | bc -l)"
if [ $hta_ok = 1 ]; then
    h=$(col hta 1 | median); hp=$(col hta 3 | median); hrss=$(col hta 2 | sort -n | tail -n1)
    printf '| %-30s | %10.2f | %10s | %12.1f |\n' "HTA (TraceAnalysis+breakdown)" "$h" "-" "$(echo "$hrss / 1024" | bc -l)"
    printf '| %-30s | %10.2f | %10s | %12s |\n' "HTA, whole python process" "$hp" "-" ""
fi
echo "(medians: klens and json.load of $REPS runs, HTA of $HTA_REPS; RSS: maximum over the runs)"
printf 'target klens <= 0.3x json.load:   %.3fx  %s\n' "$ratio_json" "$(verdict "$ratio_json <= 0.3")"
if [ $hta_ok = 1 ]; then
    speedup=$(echo "$h / $k" | bc -l)
    printf 'target klens >= 10x faster than HTA: %.1fx  %s  (HTA process: %.1fx)\n' "$speedup" \
        "$(verdict "$speedup >= 10")" "$(echo "$hp / $k" | bc -l)"
fi
printf 'target klens peak RSS <= 0.3x file: %.3fx  %s\n' "$rss_ratio" "$(verdict "$rss_ratio <= 0.3")"
if [ "$agree_rc" = 0 ]; then echo "per-kernel totals: agree"; else echo "per-kernel totals: DISAGREE (see above)"; exit 1; fi
