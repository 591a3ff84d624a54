#!/usr/bin/env bash
# Times `klens doctor ROOT --json` against `klens scan ROOT --json` (warm), on the scan benchmark's
# 100,000-entry synthetic cache and on a smaller cache whose cubins are real.
#
#   bench_doctor.sh [COUNT]     entries of the synthetic cache (default 100000)
#
# 1. $KL_BENCH_DIR/cache-COUNT, shared with bench_scan.sh (reused when its stamp matches, else
#    generated). The generator's cubins are an ELF-looking header and random bytes that libelf
#    rejects at the identification bytes, so the doctor reads one page of each and reports 100,000
#    invalid-binary findings: the most output the doctor can produce for this cache.
# 2. $KL_BENCH_DIR/doctor-realcubin-N (N = KL_BENCH_REAL_COUNT, default 20000): the same generator,
#    then every cubin replaced by the real sm_90 cubin of resources/demo/triton (valid ELF): the
#    doctor's full check (ELF header, section header table, every section's range) on every entry.
#    Entries whose metadata says sm_80 get an invalid-binary finding (arch mismatch) after that check.
#
# Environment: KL_KLENS, KL_GEN, KL_BENCH_DIR, KL_BENCH_REPS (default 5), KL_BENCH_REAL_COUNT.
# Target (reported, never fatal): doctor wall time <= 2 x scan's. Exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_doctor
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-${KL_BENCH_COUNT:-100000}}"
REAL_COUNT="${KL_BENCH_REAL_COUNT:-20000}"
REPS="${KL_BENCH_REPS:-5}"
RATIO_TARGET=2.0
REAL_CUBIN="$repo/resources/demo/triton/cache/T7TU7KYQX7ZE4YM2UFP4TBMCFYMVCOQDPYCUIXDLVLUCMPIY3E5Q/add_kernel.cubin"

[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$GEN" ] || die "kl_gen_synthetic_cache not found at $GEN (set KL_GEN)"
[ -x "$TIME_BIN" ] || die "$TIME_BIN missing (apt-get install time)"
[ -f "$REAL_CUBIN" ] || die "fixture cubin missing: $REAL_CUBIN"

# ensure_cache ROOT COUNT STAMP: reuse ROOT when ROOT.klbench-stamp says STAMP, else generate it.
ensure_cache() {
    local root="$1" count="$2" want="$3"
    if [ -f "$root.klbench-stamp" ] && [ "$(cat "$root.klbench-stamp")" = "$want" ] && [ -d "$root" ]; then
        echo "reusing $root ($want)"
        return
    fi
    rm -rf -- "$root" "$root.klbench-stamp"
    mkdir -p "$(dirname "$root")"
    echo "generating $count entries under $root ..."
    "$GEN" "$root" "$count" >/dev/null || die "generation failed"
    if [[ "$want" == *realcubin* ]]; then
        echo "replacing every cubin with $REAL_CUBIN ..."
        find "$root" -mindepth 2 -maxdepth 2 -name '*.cubin' -print0 | xargs -0 -n 1000 sh -c \
            'for f; do cp -- "$0" "$f"; done' "$REAL_CUBIN"
    fi
    sync
    echo "$want" >"$root.klbench-stamp"
}

# Same stamp as bench_scan.sh, so both benchmarks share the 100,000-entry cache.
MAIN="$BENCH_DIR/cache-$COUNT"
ensure_cache "$MAIN" "$COUNT" "kl_gen_synthetic_cache v1 seed=1 count=$COUNT"
REAL="$BENCH_DIR/doctor-realcubin-$REAL_COUNT"
ensure_cache "$REAL" "$REAL_COUNT" "kl_gen_synthetic_cache v1 seed=1 count=$REAL_COUNT realcubin=$(sha256sum "$REAL_CUBIN" | cut -c1-16)"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT

# run_one NAME ROOT: appends "wall_s rss_kb user_s sys_s" to $tmp/NAME.
run_one() {
    local name="$1" root="$2" rc=0 t0 t1
    t0=$(date +%s%N)
    "$TIME_BIN" -f '%M %U %S' -o "$tmp/time" "$KLENS" "$name" "$root" --json >"$tmp/$name.json" || rc=$?
    t1=$(date +%s%N)
    [ "$rc" -le 1 ] || die "klens $name failed (exit $rc)"
    read -r rss user sys < <(tail -n 1 "$tmp/time")
    echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $rss $user $sys" >>"$tmp/$name"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
maxof() { sort -g | tail -n 1; }

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
TREE="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$repo" diff --quiet HEAD -- core app 2>/dev/null || echo ' + uncommitted core/app changes')"
declare -A ROWS
for root in "$MAIN" "$REAL"; do
    echo "warm-up (untimed) on $root ..."
    rm -f "$tmp/doctor" "$tmp/scan"
    "$KLENS" scan "$root" --json >/dev/null || [ $? -le 1 ] || die "klens scan failed"
    "$KLENS" doctor "$root" --json >"$tmp/doctor.json" || [ $? -le 1 ] || die "klens doctor failed"
    summary=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["summary"]; print(s["entries"], "entries,", s["binaries_checked"], "binaries checked, findings:", json.dumps(s["by_code"]))' "$tmp/doctor.json" 2>/dev/null || echo "?")
    echo "  doctor: $summary"
    for ((i = 1; i <= REPS; i++)); do
        for name in doctor scan; do
            run_one "$name" "$root"
        done
    done
    wd=$(awk '{print $1}' "$tmp/doctor" | median)
    ws=$(awk '{print $1}' "$tmp/scan" | median)
    cd_=$(awk '{print $3 + $4}' "$tmp/doctor" | median)
    cs=$(awk '{print $3 + $4}' "$tmp/scan" | median)
    rd=$(awk '{print $2 / 1024}' "$tmp/doctor" | maxof)
    rs=$(awk '{print $2 / 1024}' "$tmp/scan" | maxof)
    echo "  doctor wall s: $(awk '{printf "%.3f ", $1}' "$tmp/doctor")"
    echo "  scan wall s:   $(awk '{printf "%.3f ", $1}' "$tmp/scan")"
    ROWS[$root]=$(printf '| %-28s | %13.3f | %11.3f | %11.2f | %12.2f | %10.2f | %13.1f | %11.1f |' \
        "$(basename "$root")" "$wd" "$ws" "$(echo "$wd / $ws" | bc -l)" "$cd_" "$cs" "$rd" "$rs")
    ROWS[$root.summary]="$summary"
done

echo
echo "== klens doctor --json vs klens scan --json (warm)"
echo "   $("$KLENS" --version 2>/dev/null || echo 'klens ?') at $KLENS"
echo "   source tree at start: $TREE (klens is whatever was last built there)"
echo "   $(nproc) CPUs, $(free -m | awk '/^Mem:/ {print $2}') MB RAM, filesystem $(df -PT "$MAIN" | awk 'NR==2 {print $2}'), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "   load average (1/5/15 min) at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '| %-28s | %13s | %11s | %11s | %12s | %10s | %13s | %11s |\n' cache "doctor wall s" "scan wall s" "doctor/scan" "doctor CPU s" "scan CPU s" "doctor RSS MB" "scan RSS MB"
printf '| %-28s | %13s | %11s | %11s | %12s | %10s | %13s | %11s |\n' ---------------------------- ------------- ----------- ----------- ------------ ---------- ------------- -----------
for root in "$MAIN" "$REAL"; do echo "${ROWS[$root]}"; done
echo "(wall and CPU = user+sys: medians of $REPS; RSS: maximum)"
for root in "$MAIN" "$REAL"; do echo "$(basename "$root"): ${ROWS[$root.summary]}"; done
for root in "$MAIN" "$REAL"; do
    r=$(echo "${ROWS[$root]}" | awk -F'|' '{gsub(/ /, "", $5); print $5}')
    if [ "$(echo "$r <= $RATIO_TARGET" | bc -l)" = 1 ]; then v=met; else v=MISSED; fi
    printf 'target doctor <= %.1fx scan on %s: %sx  %s\n' "$RATIO_TARGET" "$(basename "$root")" "$r" "$v"
done
exit 0
