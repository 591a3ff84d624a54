#!/usr/bin/env bash
# Make sure <repo>/.venv-hta holds Holistic Trace Analysis (HTA, facebookresearch/
# HolisticTraceAnalysis) from PyPI, the tool tests/bench/bench_trace.sh times `klens trace`
# against:
#
#   bash scripts/hta-venv.sh     # idempotent: a quick check when the venv is already right
#
# The pin lives here (HTA_VERSION); the bench only checks that HTA imports. With
# PYTHON=python3.x another interpreter makes the venv (python3.11 by default, as
# scripts/triton-venv.sh). Without PyPI (offline CI, a proxy) it warns and exits 0: the bench
# then says HTA is missing and times klens against json.load alone.
#
# What the bench needs to know about HTA 0.5.0 (read from its source, checked on the corpus):
# - `TraceAnalysis(trace_dir=DIR)` reads every *.json / *.gz file in DIR; a file's rank is the
#   first `"rank":\s+N` found line by line (Kineto's `distributedInfo.rank`, which must come
#   before the events), rank 0 when there is none; two files with one rank: the last one wins.
#   No file-name pattern is required (Kineto's `<host>_<pid>.<ms>.pt.trace.json[.gz]` is usual).
# - `get_gpu_kernel_breakdown(visualize=False, num_kernels=..., duration_ratio=...,
#   include_memory_kernels=True)` returns (kernel_type_df, kernel_metrics_df); the second has per
#   rank and kernel name `sum (us)`, `max (us)`, `min (us)`, `stddev`, `mean (us)`,
#   `kernel_type`, `rank`. Past `num_kernels` names the small ones are folded into "others":
#   pass a huge num_kernels to get every name.
# - It counts as a GPU kernel every event whose args carry a `stream` (so Inductor's
#   `triton_*` cpu_op records, which carry `"stream": 0`, are added to their kernel's sum).
# - By default it rounds every event to whole microseconds (ts up, end down);
#   HTA_DISABLE_NS_ROUNDING=1 keeps Kineto's nanoseconds.
# - With two or more `ProfilerStep#N` annotations it keeps only the kernels launched before the
#   last step starts, unless `include_last_profiler_step=True`.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${KL_HTA_VENV:-$REPO/.venv-hta}"
PYTHON="${PYTHON:-python3.11}"
HTA_VERSION=0.5.0

warn() { printf 'hta-venv: warning: %s\n' "$*" >&2; }

version_of() { # venv package
  "$1/bin/python" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$2" 2>/dev/null
}

if [ -x "$VENV/bin/python" ] && [ "$(version_of "$VENV" HolisticTraceAnalysis)" = "$HTA_VERSION" ] &&
    "$VENV/bin/python" -c 'import hta.trace_analysis' 2>/dev/null; then
  echo "hta-venv: $VENV has HolisticTraceAnalysis $HTA_VERSION"
  exit 0
fi
if ! command -v "$PYTHON" >/dev/null; then
  warn "no $PYTHON to make $VENV (set PYTHON=...); the HTA comparison will be skipped"
  exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
  echo "hta-venv: creating $VENV with $PYTHON"
  if ! "$PYTHON" -m venv "$VENV"; then
    warn "could not create $VENV (python3-venv missing?); the HTA comparison will be skipped"
    exit 0
  fi
fi
start=$SECONDS
# HTA pulls pandas, numpy, plotly and jupyter's packages: about 150 MB installed.
echo "hta-venv: pip install into $VENV: HolisticTraceAnalysis==$HTA_VERSION"
if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --timeout 20 --retries 1 \
    "HolisticTraceAnalysis==$HTA_VERSION"; then
  warn "pip could not install HolisticTraceAnalysis into $VENV (PyPI unreachable?); the HTA comparison will be skipped"
  exit 0
fi
if ! "$VENV/bin/python" -c 'import hta.trace_analysis' ; then
  warn "HTA is installed in $VENV but does not import; the HTA comparison will be skipped"
  exit 0
fi
echo "hta-venv: $VENV has HolisticTraceAnalysis $(version_of "$VENV" HolisticTraceAnalysis)," \
  "pandas $(version_of "$VENV" pandas), numpy $(version_of "$VENV" numpy) ($((SECONDS - start))s)"
exit 0
