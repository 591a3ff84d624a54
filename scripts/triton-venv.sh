#!/usr/bin/env bash
# Make sure the Triton venvs the tests use hold what they need, so the tests that compare
# KernelLens with real Triton (tests/keys, tests/events) and the Redis team-cache tests
# (tests/tritonremote) run instead of skipping:
#
#   <repo>/.venv-triton     the Triton the fixture was made with, plus redis-py
#   <repo>/.venv-triton33   triton 3.3.1 plus redis-py: the last Triton whose own Redis backend
#                           works (3.4 and later read knobs.cache.redis, which does not exist)
#   <repo>/.venv-triton32   triton 3.2.0 plus redis-py: the one era that names dump, override and
#                           cache folders in base64url (tests/override)
#
#   bash scripts/triton-venv.sh     # idempotent: a quick check when the venvs are already right
#
# The .venv-triton pin is read from resources/demo/triton/generate.sh, which makes the same venv
# (with PYTHON=python3.11 by default; override with PYTHON=...). Without PyPI (offline CI, a
# proxy) it warns and exits 0: the tests then skip and say why.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GENERATE="$REPO/resources/demo/triton/generate.sh"
PYTHON="${PYTHON:-python3.11}"
# The one place these pins live (the tests only check what is installed).
REDIS_PY_VERSION=8.1.0
TRITON33_VERSION=3.3.1
TRITON32_VERSION=3.2.0

warn() { printf 'triton-venv: warning: %s\n' "$*" >&2; }

version_of() { # venv package
  "$1/bin/python" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$2" 2>/dev/null
}

ensure_venv() { # venv triton-pin
  local venv=$1 pin=$2
  local want="triton $pin, redis $REDIS_PY_VERSION"
  if [ -x "$venv/bin/python" ] && [ "$(version_of "$venv" triton)" = "$pin" ] &&
      [ "$(version_of "$venv" redis)" = "$REDIS_PY_VERSION" ]; then
    echo "triton-venv: $venv has $want"
    return
  fi
  if ! command -v "$PYTHON" >/dev/null; then
    warn "no $PYTHON to make $venv (set PYTHON=...); the tests that need it will skip"
    return
  fi
  if [ ! -x "$venv/bin/python" ]; then
    echo "triton-venv: creating $venv with $PYTHON"
    if ! "$PYTHON" -m venv "$venv"; then
      warn "could not create $venv (python3-venv missing?); the tests that need it will skip"
      return
    fi
  fi
  local start=$SECONDS
  # pip skips what is already at the pinned version: adding redis to an existing venv is quick.
  echo "triton-venv: pip install into $venv: $want (Triton is one wheel of a few hundred MB)"
  if ! "$venv/bin/python" -m pip install --disable-pip-version-check --no-input --timeout 20 --retries 1 \
      "triton==$pin" "redis==$REDIS_PY_VERSION"; then
    warn "pip could not install $want into $venv (PyPI unreachable?); the tests that need it will skip"
    return
  fi
  echo "triton-venv: $venv has triton $(version_of "$venv" triton), redis $(version_of "$venv" redis)" \
    "($((SECONDS - start))s)"
}

pin="$(sed -n 's/^TRITON_VERSION=\([0-9][0-9.]*\).*/\1/p' "$GENERATE" | head -n1)"
if [ -z "$pin" ]; then
  warn "no TRITON_VERSION= line in $GENERATE; not touching $REPO/.venv-triton"
else
  ensure_venv "$REPO/.venv-triton" "$pin"
fi
ensure_venv "$REPO/.venv-triton33" "$TRITON33_VERSION"
ensure_venv "$REPO/.venv-triton32" "$TRITON32_VERSION"
exit 0
