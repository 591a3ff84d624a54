#!/usr/bin/env bash
# Times `klens remote pull --all` against Triton's own materialisation (RemoteCacheManager.get_group
# for every entry, tests/bench/triton_materialise.py) of the same COUNT entries on one real
# redis-server, each into an empty local cache.
#
#   bench_remote_pull.sh [COUNT]     COUNT entries (default 1000)
#
# klens runs twice per repetition: with fsync (its default: an entry survives a power loss whole)
# and --no-fsync (Triton's own durability). Triton runs with the KernelLens backend (Triton's own
# Redis backend does not start from 3.4 on); its time is reported for the loop alone and for the
# whole process. Needs <repo>/.venv-triton with triton and redis-py (scripts/triton-venv.sh).
# Environment: KL_KLENS, KL_BENCH_DIR, KL_BENCH_REPS (default 5). Target: klens >= 5x faster.
set -euo pipefail

BENCH_NAME=bench_remote_pull
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
COUNT="${1:-${KL_BENCH_COUNT:-1000}}"
REPS="${KL_BENCH_REPS:-5}"
PY="$repo/.venv-triton/bin/python"
[ -x "$KLENS" ] || die "klens not found at $KLENS (set KL_KLENS)"
"$PY" -c 'import triton, redis' 2>/dev/null || die "$PY lacks triton or redis (bash scripts/triton-venv.sh)"

WORK="$BENCH_DIR/remote-pull-$COUNT"
rm -rf "$WORK"
mkdir -p "$WORK"
tmp="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$tmp" --daemonize yes \
    --pidfile "$tmp/redis.pid" --logfile "$tmp/redis.log"
trap 'kill "$(cat "$tmp/redis.pid" 2>/dev/null)" 2>/dev/null; rm -rf -- "$tmp" "$WORK"' EXIT
for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
url="redis://127.0.0.1:$port/0"
python3 "$here/gen_remote_cache.py" "$COUNT" | redis-cli -p "$port" --pipe >/dev/null

export KERNELLENS_REDIS_URL="$url" KERNELLENS_EVENTS_LOG="$tmp/events.jsonl"
export TRITON_CACHE_MANAGER=triton.runtime.cache:RemoteCacheManager
export TRITON_REMOTE_CACHE_BACKEND=kernellens_triton_remote:RedisBackend
export PYTHONPATH="$repo/resources/python${PYTHONPATH:+:$PYTHONPATH}"

secs() { echo "($2 - $1) / 1000000000" | bc -l; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
for ((i = 1; i <= REPS; i++)); do
    for mode in fsync nofsync triton; do
        rm -rf "$WORK/$mode" && mkdir -p "$WORK/$mode"
        sync
        t0=$(date +%s%N)
        case $mode in
        fsync) "$KLENS" remote pull --all --into "$WORK/$mode" --url "$url" >/dev/null ;;
        nofsync) "$KLENS" remote pull --all --into "$WORK/$mode" --url "$url" --no-fsync >/dev/null ;;
        triton) "$PY" "$here/triton_materialise.py" "$WORK/$mode" >"$tmp/triton.json" ;;
        esac
        t1=$(date +%s%N)
        secs "$t0" "$t1" >>"$tmp/$mode"
    done
    "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["loop_s"])' "$tmp/triton.json" >>"$tmp/triton-loop"
    echo "  run $i: klens $(tail -n1 "$tmp/fsync" | awk '{printf "%.2f", $1}') s (fsync), $(tail -n1 "$tmp/nofsync" | awk '{printf "%.2f", $1}') s (no fsync); Triton $(tail -n1 "$tmp/triton" | awk '{printf "%.2f", $1}') s ($(tail -n1 "$tmp/triton-loop" | awk '{printf "%.2f", $1}') s in the loop)"
done
materialised=$("$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["materialised"], d["triton"])' "$tmp/triton.json")
klscan=$("$KLENS" scan "$WORK/nofsync" --json | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["entries"], s["by_status"].get("complete",0), s["problems"])')
trscan=$("$KLENS" scan "$WORK/triton" --json | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["entries"], s["by_status"].get("complete",0), s["problems"])' || true)
f=$(median <"$tmp/fsync"); n=$(median <"$tmp/nofsync"); t=$(median <"$tmp/triton"); l=$(median <"$tmp/triton-loop")
echo
echo "bench_remote_pull: $COUNT entries from $url"
printf "  klens remote pull --all             median %.2f s\n" "$f"
printf "  klens remote pull --all --no-fsync  median %.2f s\n" "$n"
printf "  Triton %s materialisation      median %.2f s (process), %.2f s (loop alone); %s entries\n" "${materialised#* }" "$t" "$l" "${materialised% *}"
printf "  speed-up vs Triton's process: %.1fx (fsync), %.1fx (no fsync); vs its loop alone: %.1fx, %.1fx (target >= 5x)\n" \
    "$(echo "$t / $f" | bc -l)" "$(echo "$t / $n" | bc -l)" "$(echo "$l / $f" | bc -l)" "$(echo "$l / $n" | bc -l)"
echo "  klens scan of the pulled cache: entries complete problems = $klscan"
echo "  klens scan of Triton's materialised cache: entries complete problems = $trscan"
