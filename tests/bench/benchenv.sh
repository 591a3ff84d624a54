# Sourced by the bench_*.sh scripts: where the binaries and the caches are, and how to fail.
# Set BENCH_NAME before sourcing. Environment: KL_KLENS, KL_GEN, KL_BENCH_DIR.
here="$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
KLENS="${KL_KLENS:-$repo/build/dev/app/cli/klens}"
GEN="${KL_GEN:-$repo/build/dev/tests/bench/kl_gen_synthetic_cache}"
BENCH_DIR="${KL_BENCH_DIR:-}"
[ -n "$BENCH_DIR" ] || BENCH_DIR=/tmp/kl-bench
TIME_BIN=/usr/bin/time

die() { echo "$BENCH_NAME: $*" >&2; exit 2; }
