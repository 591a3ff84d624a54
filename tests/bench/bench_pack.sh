#!/usr/bin/env bash
# Packed caches (docs/pack-format.md): `klens scan --json --no-resources` over a synthetic cache as
# folders, then over the same cache after `klens pack` (the scan then lists every entry from the
# packs: index lines, each record's meta and json files), warm, median of KL_BENCH_REPS, and the
# ratio (the target is at most 1.0x); the packed listing must equal the folders' but for paths; with the times of `klens pack`, of `klens doctor --no-binaries`
# on the packed cache (it reads every record whole) and of `klens unpack`, whose result must scan
# as the folders did.
#
#   bench_pack.sh [COUNT]      COUNT entries (default 20000), generated in $KL_BENCH_DIR/pack-COUNT
#
# Environment: KL_KLENS, KL_GEN, KL_BENCH_DIR (default /tmp/kl-bench), KL_BENCH_REPS (default 5).
# The cache is generated afresh each run (pack and unpack change it). Exits non-zero on errors only.
set -euo pipefail

BENCH_NAME=bench_pack
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-20000}"
REPS="${KL_BENCH_REPS:-5}"
[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
[ -x "$GEN" ] || die "kl_gen_synthetic_cache not found at $GEN (set KL_GEN)"
command -v jq >/dev/null || die "jq is needed to compare the scans"

ROOT="$BENCH_DIR/pack-$COUNT"
rm -rf -- "$ROOT"
mkdir -p "$ROOT"
"$GEN" "$ROOT" "$COUNT" >/dev/null || die "generation failed"
sync
tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
export KERNELLENS_SCAN_INDEX=off # the scan index would hide the folder walk

seconds() { # seconds CMD...: wall time of one run; klens exit 1 (problems) is no failure
    local t0 t1 rc=0
    t0=$(date +%s%N)
    "$@" >/dev/null || rc=$?
    t1=$(date +%s%N)
    [ "$rc" -le 1 ] || die "$* failed (exit $rc)"
    echo "($t1 - $t0) / 1000000000" | bc -l
}
median_of() { # median_of CMD...: median wall time of REPS warm runs
    for _ in $(seq "$REPS"); do seconds "$@"; done | sort -g |
        awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'
}

"$KLENS" scan "$ROOT" --json --no-resources >"$tmp/before.json" || [ $? -le 1 ] || die "scan failed"
folders=$(median_of "$KLENS" scan "$ROOT" --json --no-resources)
"$KLENS" scan "$ROOT" --json >"$tmp/before-res.json" || [ $? -le 1 ] || die "scan failed"
foldersRes=$(median_of "$KLENS" scan "$ROOT" --json)
pack=$(seconds "$KLENS" pack "$ROOT")
"$KLENS" scan "$ROOT" --json --no-resources >"$tmp/packed.json" || [ $? -le 1 ] || die "scan failed"
[ "$(jq '.roots[0].packed.entries' "$tmp/packed.json")" = "$COUNT" ] || die "the packed scan does not count $COUNT entries"
[ "$(jq '[.entries[] | select(.pack != null)] | length' "$tmp/packed.json")" = "$COUNT" ] ||
    die "the packed scan does not list $COUNT entries"
same() { jq -S '[.entries[] | del(.path, .pack, .handle)] | sort_by(.folder)' "$1"; }
cmp -s <(same "$tmp/before.json") <(same "$tmp/packed.json") ||
    die "the packed entries are not listed as their folders were"
packed=$(median_of "$KLENS" scan "$ROOT" --json --no-resources)
"$KLENS" scan "$ROOT" --json >"$tmp/packed-res.json" || [ $? -le 1 ] || die "scan failed"
cmp -s <(same "$tmp/before-res.json") <(same "$tmp/packed-res.json") ||
    die "the packed entries' resources differ from their folders'"
packedRes=$(median_of "$KLENS" scan "$ROOT" --json)
doctor=$(seconds "$KLENS" doctor "$ROOT" --json --no-binaries --triton-version 3.9.0 --arch 90)
unpack=$(seconds "$KLENS" unpack "$ROOT")
"$KLENS" scan "$ROOT" --json --no-resources >"$tmp/after.json" || [ $? -le 1 ] || die "scan failed"
cmp -s <(jq -S .entries "$tmp/before.json") <(jq -S .entries "$tmp/after.json") ||
    die "the scan after pack + unpack differs from the scan before"

printf '%s entries (%s files), %s reps, load %s\n' "$COUNT" "$((COUNT * 8))" "$REPS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'klens scan, folders:              %6.3f s (median)\n' "$folders"
printf 'klens scan, packs (every entry):   %6.3f s (median), %.2fx the folders\n' "$packed" "$(echo "$packed / $folders" | bc -l)"
printf 'with cubins read (resources): folders %.3f s, packs %.3f s (medians), %.2fx\n' "$foldersRes" "$packedRes" "$(echo "$packedRes / $foldersRes" | bc -l)"
printf 'klens pack:                       %6.3f s\n' "$pack"
printf 'klens doctor, packs read whole:   %6.3f s\n' "$doctor"
printf 'klens unpack:                     %6.3f s (the scan after it equals the scan before)\n' "$unpack"
rm -rf -- "$ROOT"
