#!/usr/bin/env bash
# Times `klens override ls` (linking a dump root to a cache by the XXH3-128 of the stages they
# share) against `klens scan` of the same two roots (issue 28's target: at most 2x), and against
# what a user would script to match them by hand: `sha256sum` of every stage file of both.
#
#   bench_override.sh [COUNT]
#
#   COUNT  cache entries and dump folders (default 10000). The cache is the synthetic one of
#          bench_scan.sh ($KL_BENCH_DIR/cache-COUNT, reused when its stamp matches); the dump root
#          is $KL_BENCH_DIR/override-COUNT/.triton/dump, one folder per entry holding copies of
#          its ttir, ttgir, llir, ptx and cubin (every folder links to one entry: the worst case).
#
# Warm runs (the page cache holds both trees after the untimed warm-up), with the scan index on
# (as users have it: a re-scan then opens no file, while linking must read every stage) and off. Environment: KL_KLENS, KL_GEN, KL_BENCH_DIR, KL_BENCH_REPS (default 5).
# Reports medians and ratios; exits non-zero only on errors.
set -euo pipefail

BENCH_NAME=bench_override
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-10000}"
REPS="${KL_BENCH_REPS:-5}"
RATIO_TARGET=2.0

[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$GEN" ] || die "kl_gen_synthetic_cache not found at $GEN (set KL_GEN)"

CACHE="$BENCH_DIR/cache-$COUNT"
STAMP="$CACHE.klbench-stamp"
WANT_STAMP="kl_gen_synthetic_cache v1 seed=1 count=$COUNT" # as bench_scan.sh writes it
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT_STAMP" ] || [ ! -d "$CACHE" ]; then
    rm -rf -- "$CACHE" "$STAMP"
    mkdir -p "$BENCH_DIR"
    echo "generating $COUNT entries under $CACHE ..."
    "$GEN" "$CACHE" "$COUNT" || die "generation failed"
    echo "$WANT_STAMP" >"$STAMP"
fi
DUMP="$BENCH_DIR/override-$COUNT/.triton/dump"
DSTAMP="$BENCH_DIR/override-$COUNT.klbench-stamp"
if [ ! -f "$DSTAMP" ] || [ "$(cat "$DSTAMP")" != "$WANT_STAMP" ]; then
    rm -rf -- "$BENCH_DIR/override-$COUNT" "$DSTAMP"
    echo "making $COUNT dump folders under $DUMP ..."
    python3 - "$CACHE" "$DUMP" <<'EOF' || die "making the dump root failed"
import base64, hashlib, os, shutil, sys
cache, dump = sys.argv[1:3]
for name in sorted(os.listdir(cache)):
    entry = os.path.join(cache, name)
    if not os.path.isdir(entry):
        continue
    # Named as Triton 3.3+ names a dump folder: base32 of a sha256 (here of the entry's name).
    folder = os.path.join(dump, base64.b32encode(hashlib.sha256(name.encode()).digest()).decode().rstrip("="))
    os.makedirs(folder)
    for f in os.listdir(entry):
        if f.rsplit(".", 1)[-1] in ("ttir", "ttgir", "llir", "ptx", "cubin"):
            shutil.copyfile(os.path.join(entry, f), os.path.join(folder, f))
EOF
    echo "$WANT_STAMP" >"$DSTAMP"
fi

tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
# Linking keeps stage digests between runs (core/override/digestcache): after the warm-up an
# unchanged stage is not read again. override-nodigests reads every stage, as a first link does.
export KERNELLENS_DIGEST_CACHE="$tmp/stage-digests"

run() { # NAME: one timed run, its wall seconds appended to $tmp/NAME
    local name="$1" rc=0 t0 t1
    t0=$(date +%s%N)
    case "$name" in
    scan) "$KLENS" scan "$CACHE" "$DUMP" --json >/dev/null || rc=$? ;;
    override) "$KLENS" override ls "$CACHE" "$DUMP" --json >"$tmp/override.json" || rc=$? ;;
    scan-noindex) KERNELLENS_SCAN_INDEX=off "$KLENS" scan "$CACHE" "$DUMP" --json >/dev/null || rc=$? ;;
    override-noindex)
        KERNELLENS_SCAN_INDEX=off "$KLENS" override ls "$CACHE" "$DUMP" --json >/dev/null || rc=$?
        ;;
    override-nodigests)
        KERNELLENS_DIGEST_CACHE=off "$KLENS" override ls "$CACHE" "$DUMP" --json >/dev/null || rc=$?
        ;;
    override-first) # a first link as users have it: an empty digest cache, filled by this run
        rm -f -- "$tmp/first-digests"
        KERNELLENS_DIGEST_CACHE="$tmp/first-digests" "$KLENS" override ls "$CACHE" "$DUMP" --json >/dev/null ||
            rc=$?
        ;;
    override-cold) # nothing of KernelLens's kept: no scan index, no digests (beside scan-noindex)
        KERNELLENS_SCAN_INDEX=off KERNELLENS_DIGEST_CACHE=off "$KLENS" override ls "$CACHE" "$DUMP" --json \
            >/dev/null || rc=$?
        ;;
    sha256sum)
        find "$CACHE" "$DUMP" -type f \( -name '*.ttir' -o -name '*.ttgir' -o -name '*.llir' -o -name '*.ptx' \
            -o -name '*.cubin' \) -print0 | xargs -0 -P "$(nproc)" -n 512 sha256sum >/dev/null || rc=$?
        ;;
    esac
    t1=$(date +%s%N)
    # scan exits 1 when entries have problems: not an error here.
    [ "$rc" -le 1 ] || die "$name failed (exit $rc)"
    echo "($t1 - $t0) / 1000000000" | bc -l >>"$tmp/$name"
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

echo "warm-up (untimed) ..."
NAMES=(scan override scan-noindex override-noindex override-nodigests override-first override-cold sha256sum)
for name in "${NAMES[@]}"; do run "$name"; done
for name in "${NAMES[@]}"; do : >"$tmp/$name"; done
linked=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(1 for f in d["folders"] if f["entries"]))' "$tmp/override.json")
folders=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["folders"]))' "$tmp/override.json")
[ "$folders" -eq "$COUNT" ] || die "override ls listed $folders dump folders, not $COUNT"
[ "$linked" -eq "$COUNT" ] || die "override ls linked $linked of $COUNT dump folders"
for ((i = 0; i < REPS; i++)); do
    # Interleaved, so that a noisy minute falls on all alike.
    for name in "${NAMES[@]}"; do run "$name"; done
done
s=$(median <"$tmp/scan")
o=$(median <"$tmp/override")
h=$(median <"$tmp/sha256sum")
sn=$(median <"$tmp/scan-noindex")
on=$(median <"$tmp/override-noindex")
od=$(median <"$tmp/override-nodigests")
of=$(median <"$tmp/override-first")
oc=$(median <"$tmp/override-cold")
printf '%s\n' "bench_override: $COUNT cache entries + $COUNT dump folders ($folders listed, $linked linked), $REPS reps, warm, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '  klens scan CACHE DUMP           median %.2f s\n' "$s"
printf '  klens override ls CACHE DUMP    median %.2f s   %.2fx scan (target <= %.1fx)\n' "$o" "$(echo "$o / $s" | bc -l)" "$RATIO_TARGET"
printf '  scan index off (KERNELLENS_SCAN_INDEX=off): scan %.2f s, override ls %.2f s   %.2fx scan\n' "$sn" "$on" "$(echo "$on / $sn" | bc -l)"
printf '  stage digests not kept (KERNELLENS_DIGEST_CACHE=off): override ls %.2f s   %.2fx scan\n' "$od" "$(echo "$od / $s" | bc -l)"
printf '  a first link (an empty digest cache, filled by the run): override ls %.2f s   %.2fx scan\n' "$of" "$(echo "$of / $s" | bc -l)"
printf '  nothing kept (no scan index, no digests): override ls %.2f s   %.2fx scan with no index\n' "$oc" "$(echo "$oc / $sn" | bc -l)"
printf '  sha256sum of every stage file   median %.2f s   override ls is %.2fx of it\n' "$h" "$(echo "$o / $h" | bc -l)"
