#!/usr/bin/env bash
# The main window opening a 100,000-entry synthetic cache (offscreen): first rows visible, scan
# end, and the longest UI-thread stall, next to `find ROOT -type f` on the same folder; median of
# KL_BENCH_REPS (default 5). The cache is bench_scan.sh's (generated once, reused).
#
#   bench_gui.sh [COUNT]      targets: first rows < 300 ms, UI never blocked > 50 ms
set -euo pipefail

BENCH_NAME=bench_gui
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-${KL_BENCH_COUNT:-100000}}"
REPS="${KL_BENCH_REPS:-5}"
BENCH_GUI="${KL_BENCH_GUI:-$repo/build/dev/tests/bench/bench_gui_open}"
[ -x "$BENCH_GUI" ] || die "bench_gui_open not found at $BENCH_GUI (build the dev preset)"
[ -x "$GEN" ] || die "kl_gen_synthetic_cache not found at $GEN (set KL_GEN)"

ROOT="$BENCH_DIR/cache-$COUNT"
STAMP="$ROOT.klbench-stamp"
WANT_STAMP="kl_gen_synthetic_cache v1 seed=1 count=$COUNT" # the same stamp as bench_scan.sh
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT_STAMP" ] && [ -d "$ROOT" ]; then
    echo "reusing $ROOT ($WANT_STAMP)"
else
    rm -rf -- "$ROOT" "$STAMP"
    mkdir -p "$BENCH_DIR"
    echo "generating $COUNT entries in $ROOT"
    "$GEN" "$ROOT" "$COUNT" >/dev/null || die "generation failed"
    echo "$WANT_STAMP" >"$STAMP"
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
KERNELLENS_WATCH=off QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$BENCH_GUI" "$ROOT" "$REPS" 2> >(grep -v 'propagateSizeHints\|XDG_RUNTIME_DIR' >&2)
