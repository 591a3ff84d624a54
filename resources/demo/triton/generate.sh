#!/usr/bin/env bash
# Regenerate resources/demo/triton/{cache/,expected.json} and the README entry table with a
# real, pinned Triton from PyPI. No GPU needed (kernels are compiled for explicit targets).
#
#   bash resources/demo/triton/generate.sh                  # what is committed (CPU only)
#   bash resources/demo/triton/generate.sh --fresh          # delete and recreate the venv first
#   bash resources/demo/triton/generate.sh --with-autotune  # ALSO the autotune entry; needs an
#                                                           # NVIDIA GPU; installs torch too
#
# The venv lives at <repo>/.venv-triton (git-ignored). Override the interpreter with
# PYTHON=/path/to/python3.11. Folder names depend on the Triton wheel (and so on the Python
# minor version): use Python 3.11 to reproduce the committed folder names.
set -euo pipefail

TRITON_VERSION=3.9.0   # latest on PyPI for CPython 3.11 when the fixture was made
TORCH_VERSION=2.15.0   # only for --with-autotune; torch 2.15.0 requires triton~=3.9.0

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
VENV="$REPO/.venv-triton"
PYTHON="${PYTHON:-python3.11}"

FRESH=0
WITH_AUTOTUNE=0
for arg in "$@"; do
  case "$arg" in
    --fresh) FRESH=1 ;;
    --with-autotune) WITH_AUTOTUNE=1 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

start=$SECONDS
command -v "$PYTHON" >/dev/null || { echo "no $PYTHON; set PYTHON=..." >&2; exit 1; }
pyver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ "$pyver" != "3.11" ]; then
  echo "warning: Python $pyver, the committed fixture was made with 3.11; folder names will differ" >&2
fi

if [ "$FRESH" = 1 ] && [ -d "$VENV" ]; then
  echo "removing $VENV"
  rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
  echo "creating venv $VENV"
  "$PYTHON" -m venv "$VENV"
fi

installed="$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("triton"))' 2>/dev/null || true)"
if [ "$installed" != "$TRITON_VERSION" ]; then
  t0=$SECONDS
  echo "pip install triton==$TRITON_VERSION"
  "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input "triton==$TRITON_VERSION"
  echo "pip install took $((SECONDS - t0))s"
fi
if [ "$WITH_AUTOTUNE" = 1 ]; then
  if ! "$VENV/bin/python" -c 'import torch' 2>/dev/null; then
    echo "pip install torch==$TORCH_VERSION (for --with-autotune)"
    "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input \
      "torch==$TORCH_VERSION" "triton==$TRITON_VERSION"
  fi
fi

t0=$SECONDS
args=()
[ "$WITH_AUTOTUNE" = 1 ] && args+=(--with-autotune)
"$VENV/bin/python" "$HERE/generate_cache.py" "${args[@]}"
echo "generate_cache.py took $((SECONDS - t0))s; generate.sh total $((SECONDS - start))s"
