#!/usr/bin/env bash
# Times `klens clean ROOT --max-size 0 --grace 0` against `rm -rf ROOT/*` on two identical
# synthetic Triton caches, regenerated before every repetition.
#
#   bench_clean.sh [COUNT]      COUNT entries per cache (default 50000)
#
# Each repetition generates cache A and cache B with kl_gen_synthetic_cache (same seed: identical
# names and bytes), syncs, then removes A with klens and B with rm (alternating which goes first).
# klens's time includes its whole run: the scan, the plan and the removal.
#
# Environment: KL_KLENS, KL_GEN, KL_BENCH_DIR (default /tmp/kl-bench), KL_BENCH_REPS (default 3),
# KL_BENCH_KLENS_ARGS (extra clean arguments, e.g. "--threads 4").
# Target (reported, never fatal): klens wall time <= 1.3 x rm's. Exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_clean
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-${KL_BENCH_COUNT:-50000}}"
REPS="${KL_BENCH_REPS:-3}"
KLENS_ARGS="${KL_BENCH_KLENS_ARGS:-}"
RATIO_TARGET=1.3

[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$GEN" ] || die "kl_gen_synthetic_cache not found at $GEN (set KL_GEN)"
[ -x "$TIME_BIN" ] || die "$TIME_BIN missing (apt-get install time)"
[[ "$COUNT" =~ ^[0-9]+$ ]] || die "COUNT must be a number"

WORK="$BENCH_DIR/clean-$COUNT"
A="$WORK/a"
B="$WORK/b"
mkdir -p "$WORK"
avail_kb=$(df -Pk "$WORK" | awk 'NR==2 {print $4}')
need_kb=$((COUNT * 80 * 2))
[ "$avail_kb" -gt "$need_kb" ] || die "need ~$((need_kb / 1024)) MB free under $WORK, have $((avail_kb / 1024)) MB"

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp" "$A" "$B"' EXIT

# `rm -rf ROOT/*` needs all the names on one command line: raise the stack limit, which sets ARG_MAX.
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true

gen() {
    rm -rf -- "$1"
    "$GEN" "$1" "$COUNT" >/dev/null || die "generation of $1 failed"
}

# run_one NAME ROOT: appends "wall_s user_s sys_s" to $tmp/NAME.
run_one() {
    local name="$1" root="$2" rc=0 t0 t1
    t0=$(date +%s%N)
    if [ "$name" = klens ]; then
        # shellcheck disable=SC2086
        "$TIME_BIN" -f '%U %S' -o "$tmp/time" "$KLENS" clean "$root" --max-size 0 --grace 0 $KLENS_ARGS \
            >"$tmp/klens.out" || rc=$?
    else
        "$TIME_BIN" -f '%U %S' -o "$tmp/time" bash -c 'rm -rf -- "$1"/*' _ "$root" || rc=$?
    fi
    t1=$(date +%s%N)
    [ "$rc" -eq 0 ] || die "$name failed (exit $rc)$( [ "$name" = klens ] && tail -n 3 "$tmp/klens.out")"
    left=$(find "$root" -mindepth 1 -maxdepth 1 | wc -l)
    [ "$left" -eq 0 ] || die "$name left $left items in $root"
    read -r user sys < <(tail -n 1 "$tmp/time")
    echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $user $sys" >>"$tmp/$name"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
TREE="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$repo" diff --quiet HEAD -- core app 2>/dev/null || echo ' + uncommitted core/app changes')"
for ((i = 1; i <= REPS; i++)); do
    echo "repetition $i/$REPS: generating two caches of $COUNT entries ..."
    gen "$A"
    gen "$B"
    sync
    if ((i % 2)); then order="klens rm"; else order="rm klens"; fi
    for name in $order; do
        if [ "$name" = klens ]; then run_one klens "$A"; else run_one rm "$B"; fi
        sync
    done
    echo "  klens $(tail -n 1 "$tmp/klens" | awk '{printf "%.3f s", $1}'), rm $(tail -n 1 "$tmp/rm" | awk '{printf "%.3f s", $1}')"
done
grep -E "^removed [0-9]+ entries" "$tmp/klens.out" || true

WK=$(awk '{print $1}' "$tmp/klens" | median)
WR=$(awk '{print $1}' "$tmp/rm" | median)
CK=$(awk '{print $2 + $3}' "$tmp/klens" | median)
CR=$(awk '{print $2 + $3}' "$tmp/rm" | median)
ratio=$(echo "$WK / $WR" | bc -l)
echo
echo "== klens clean --max-size 0 --grace 0 vs rm -rf ROOT/*: $COUNT entries ($((COUNT * 8)) files) per run"
echo "   $("$KLENS" --version 2>/dev/null || echo 'klens ?') at $KLENS${KLENS_ARGS:+ (args: $KLENS_ARGS)}"
echo "   source tree at start: $TREE (klens is whatever was last built there)"
echo "   $(nproc) CPUs, $(free -m | awk '/^Mem:/ {print $2}') MB RAM, filesystem $(df -PT "$WORK" | awk 'NR==2 {print $2}'), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "   load average (1/5/15 min) at start: $LOAD_START, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   klens wall s: $(awk '{printf "%.3f ", $1}' "$tmp/klens")  rm wall s: $(awk '{printf "%.3f ", $1}' "$tmp/rm")"
echo
printf '| %12s | %9s | %11s | %11s | %8s |\n' "klens wall s" "rm wall s" "klens/rm" "klens CPU s" "rm CPU s"
printf '| %12s | %9s | %11s | %11s | %8s |\n' ------------ --------- ----------- ----------- --------
printf '| %12.3f | %9.3f | %11.2f | %11.2f | %8.2f |\n' "$WK" "$WR" "$ratio" "$CK" "$CR"
echo "(medians of $REPS; CPU = user + sys)"
if [ "$(echo "$ratio <= $RATIO_TARGET" | bc -l)" = 1 ]; then verdict=met; else verdict=MISSED; fi
printf 'target klens <= %.1fx rm: %.2fx  %s\n' "$RATIO_TARGET" "$ratio" "$verdict"
exit 0
