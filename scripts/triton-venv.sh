#!/usr/bin/env bash
# Make sure <repo>/.venv-triton holds the Triton the fixture was made with, so the tests that
# compare KernelLens with real Triton (tests/keys) run instead of skipping.
#
#   bash scripts/triton-venv.sh     # idempotent: a quick check when the venv is already right
#
# The pin is read from resources/demo/triton/generate.sh, which makes the same venv (with
# PYTHON=python3.11 by default; override with PYTHON=...). Without PyPI (offline CI, a proxy)
# it warns and exits 0: the tests then skip and say why.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv-triton"
GENERATE="$REPO/resources/demo/triton/generate.sh"
PYTHON="${PYTHON:-python3.11}"

warn() { printf 'triton-venv: warning: %s\n' "$*" >&2; }

pin="$(sed -n 's/^TRITON_VERSION=\([0-9][0-9.]*\).*/\1/p' "$GENERATE" | head -n1)"
if [ -z "$pin" ]; then
  warn "no TRITON_VERSION= line in $GENERATE; not touching $VENV"
  exit 0
fi

installed() { "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("triton"))' 2>/dev/null; }

if [ -x "$VENV/bin/python" ] && [ "$(installed)" = "$pin" ]; then
  echo "triton-venv: $VENV has triton $pin"
  exit 0
fi

if ! command -v "$PYTHON" >/dev/null; then
  warn "no $PYTHON to make $VENV (set PYTHON=...); the Triton comparison tests will skip"
  exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
  echo "triton-venv: creating $VENV with $PYTHON"
  if ! "$PYTHON" -m venv "$VENV"; then
    warn "could not create $VENV (python3-venv missing?); the Triton comparison tests will skip"
    exit 0
  fi
fi

start=$SECONDS
echo "triton-venv: pip install triton==$pin (one ~290 MB wheel)"
if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --timeout 20 --retries 1 \
    "triton==$pin"; then
  warn "pip could not install triton==$pin (PyPI unreachable?); the Triton comparison tests will skip"
  exit 0
fi
echo "triton-venv: installed triton $(installed) in $((SECONDS - start))s"
