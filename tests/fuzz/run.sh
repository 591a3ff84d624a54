#!/usr/bin/env bash
# Builds the "fuzz" preset and runs one libFuzzer target for a while.
#   tests/fuzz/run.sh <target> [seconds] [libFuzzer flags...]
#   tests/fuzz/run.sh <target> <input files...>      replays inputs (a crash, a regression) once
#   target: cubin | gpubinary | metadata | groupfile | trace (or fuzz_<target>); seconds default 300.
# One process (one core; the same as -jobs=1). The growing corpus lives in build/fuzz/corpus/<target>
# (seeded from tests/fuzz/seeds and tests/fuzz/regressions), crashes/timeouts/leaks go to
# build/fuzz/artifacts/<target>/ and the log to build/fuzz/logs/<target>.log.
set -euo pipefail

usage() {
    echo "usage: $0 cubin|gpubinary|metadata|groupfile [seconds] [libFuzzer flags...]" >&2
    echo "       $0 cubin|gpubinary|metadata|groupfile <input files...>" >&2
    exit 2
}
[[ $# -ge 1 ]] || usage
target=${1#fuzz_}
shift
replay=()
seconds=300
if [[ $# -ge 1 && -e $1 ]]; then
    for f in "$@"; do replay+=("$(realpath "$f")"); done
    set --
elif [[ $# -ge 1 ]]; then
    seconds=$1
    shift
    [[ $seconds =~ ^[0-9]+$ ]] || usage
fi

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build/fuzz

# Both ELF readers start from the cubin seeds; each kind replays its sibling's regressions too
# (the JSON ones all go through core/formats/json.cpp).
case $target in
cubin | gpubinary) dict=$here/cubin.dict seeds=$here/seeds/cubin maxlen=65536 kinds=(cubin gpubinary) ;;
metadata | groupfile) dict=$here/json.dict seeds=$here/seeds/$target maxlen=8192 kinds=(metadata groupfile) ;;
trace) dict=$here/json.dict seeds=$here/seeds/trace maxlen=65536 kinds=(trace) ;;
*) usage ;;
esac

cd "$root"
[[ -f $build/CMakeCache.txt ]] || cmake --preset fuzz
cmake --build "$build" --target "fuzz_$target"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:suppressions=$here/ubsan.supp}
if [[ ${#replay[@]} -gt 0 ]]; then
    exec "$build/tests/fuzz/fuzz_$target" "${replay[@]}"
fi

corpus=$build/corpus/$target
artifacts=$build/artifacts/$target
mkdir -p "$corpus" "$artifacts" "$build/logs"
regressions=()
for kind in "${kinds[@]}"; do
    [[ -d $here/regressions/$kind ]] && regressions+=("$here/regressions/$kind")
done

# libFuzzer writes new inputs into the first folder only, so the seeds in the tree stay as they are.
"$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$maxlen" -dict="$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" \
    "$corpus" "$seeds" "${regressions[@]}" 2>&1 | tee "$build/logs/$target.log"
