#!/usr/bin/env bash
# Times `klens remote ls URL --json` against `redis-cli --scan --pattern 'triton:*' | wc -l` on
# one real redis-server holding a synthetic remote cache (tests/bench/gen_remote_cache.py).
#
#   bench_remote.sh [COUNT]     COUNT entries (default 100000: 800,000 keys)
#
# Both list every key of the cache; klens also reads every value's size and idle time and every
# entry's group and metadata json, and judges each entry. REPS runs each, alternating which goes
# first. Environment: KL_KLENS, KL_BENCH_DIR (default /tmp/kl-bench), KL_BENCH_REPS (default 5).
# Target (reported, never fatal): klens wall time <= 1.5 x redis-cli's.
set -euo pipefail

BENCH_NAME=bench_remote
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-${KL_BENCH_COUNT:-100000}}"
REPS="${KL_BENCH_REPS:-5}"
RATIO_TARGET=1.5

[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
command -v redis-server >/dev/null || die "redis-server is not installed"
[ -x "$TIME_BIN" ] || die "$TIME_BIN missing (apt-get install time)"

WORK="$BENCH_DIR/remote-$COUNT"
mkdir -p "$WORK"
tmp="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" --daemonize yes \
    --pidfile "$tmp/redis.pid" --logfile "$tmp/redis.log"
trap 'kill "$(cat "$tmp/redis.pid" 2>/dev/null)" 2>/dev/null; rm -rf -- "$tmp"' EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
url="redis://127.0.0.1:$port/0"

echo "loading $COUNT entries into $url ..."
t0=$(date +%s)
python3 "$here/gen_remote_cache.py" "$COUNT" | redis-cli -p "$port" --pipe | tail -n 1
keys=$(redis-cli -p "$port" dbsize)
echo "  $keys keys in $(($(date +%s) - t0)) s, server memory $(redis-cli -p "$port" info memory | sed -n 's/^used_memory_human:\(.*\)\r$/\1/p')"

run_one() { # name: appends "wall_s peak_rss_kb" to $tmp/name
    local name="$1" t0 t1 rc=0
    t0=$(date +%s%N)
    if [ "$name" = klens ]; then
        "$TIME_BIN" -f '%M' -o "$tmp/time" "$KLENS" remote ls "$url" --json >"$tmp/klens.json" || rc=$?
        [ "$rc" -le 1 ] || die "klens failed (exit $rc)"
    else
        "$TIME_BIN" -f '%M' -o "$tmp/time" bash -c 'redis-cli -p "$1" --scan --pattern "triton:*" | wc -l' _ "$port" \
            >"$tmp/cli.out"
    fi
    t1=$(date +%s%N)
    echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $(tail -n 1 "$tmp/time")" >>"$tmp/$name"
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= REPS; i++)); do
    if ((i % 2)); then order="klens cli"; else order="cli klens"; fi
    for name in $order; do run_one "$name"; done
    echo "  run $i: klens $(tail -n 1 "$tmp/klens" | awk '{printf "%.2f s", $1}'), redis-cli $(tail -n 1 "$tmp/cli" | awk '{printf "%.2f s", $1}')"
done
listed=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["summary"]; print(s["entries"], s["keys"], s["by_status"].get("complete",0))' "$tmp/klens.json")
read -r entries klkeys complete <<<"$listed"
[ "$klkeys" -eq "$(cat "$tmp/cli.out")" ] || die "klens listed $klkeys keys, redis-cli $(cat "$tmp/cli.out")"
k=$(awk '{print $1}' "$tmp/klens" | median)
c=$(awk '{print $1}' "$tmp/cli" | median)
rss=$(awk '{print $2}' "$tmp/klens" | median)
ratio=$(echo "$k / $c" | bc -l)
echo
echo "bench_remote: $COUNT entries, $keys keys ($entries entries / $klkeys keys listed by klens, $complete complete)"
printf "  klens remote ls --json   median %.2f s  (peak RSS %d MB)\n" "$k" "$((rss / 1024))"
printf "  redis-cli --scan | wc -l median %.2f s\n" "$c"
printf "  ratio %.2f (target <= %.1f): %s\n" "$ratio" "$RATIO_TARGET" \
    "$(echo "$ratio <= $RATIO_TARGET" | bc -l | sed 's/1/met/;s/0/NOT met/')"
echo "  load average at start: $LOAD_START; reps: $REPS"
