#!/usr/bin/env bash
# Benchmark: `klens diff A B` against `git diff --no-index --histogram A B` on two 200,000-line
# IR files with about 1% of the lines changed, both in the same run, interleaved, median of
# REPEATS. Also checks that both count the same changed lines (within 1%: histogram diffs may
# align ties differently). Usage: bench_diff.sh [LINES [PERCENT [REPEATS]]]
set -euo pipefail
BENCH_NAME=bench_diff
source "$(dirname "${BASH_SOURCE[0]}")/benchenv.sh"
lines=${1:-200000}
percent=${2:-1}
repeats=${3:-7}
command -v git >/dev/null || die "git is needed for the comparison"
mkdir -p "$BENCH_DIR/diff"
a=$BENCH_DIR/diff/a.ll
b=$BENCH_DIR/diff/b.ll
python3 "$here/gen_ir_pair.py" "$a" "$b" "$lines" "$percent"

count() { grep -c '^[-+][^-+]' || true; }
ours=$( ("$KLENS" diff "$a" "$b" || true) | count)
theirs=$( (git diff --no-index --histogram "$a" "$b" || true) | count)
echo "changed lines: klens $ours, git $theirs"
python3 - "$ours" "$theirs" <<'PY' || die "klens and git disagree on the changed lines by more than 1%"
import sys
o, t = int(sys.argv[1]), int(sys.argv[2])
sys.exit(0 if abs(o - t) <= 0.01 * t else 1)
PY

python3 - "$KLENS" "$a" "$b" "$repeats" <<'PY'
import statistics, subprocess, sys, time
klens, a, b, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
cmds = {"klens diff": [klens, "diff", a, b],
        "git diff --no-index --histogram": ["git", "diff", "--no-index", "--histogram", a, b]}
times = {k: [] for k in cmds}
for _ in range(n):
    for name, cmd in cmds.items():
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - t0) * 1000)
for name, t in times.items():
    print(f"{name:34s} median {statistics.median(t):8.1f} ms   range {min(t):.1f}-{max(t):.1f} ms")
ratio = statistics.median(times["klens diff"]) / statistics.median(times["git diff --no-index --histogram"])
print(f"klens / git = {ratio:.2f}   (target <= 1.00)")
PY
