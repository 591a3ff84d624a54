#!/usr/bin/env bash
# `cmake --install` into a temporary prefix: the programs, the .desktop file (valid), the icon,
# the demo data and the Python package kernellens (with its old module names and pyproject.toml)
# land where launchers and the app look for them, the installed package imports, and the installed
# kernellens answers --version and --help without a display.
#
#   check-install.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "check-install: $*" >&2; exit 1; }
for f in bin/kernellens bin/klens share/applications/kernellens.desktop \
    share/icons/hicolor/scalable/apps/kernellens.svg share/kernellens/demo/events/events.jsonl \
    share/kernellens/python/kernellens_triton_listener.py \
    share/kernellens/python/kernellens_triton_remote.py \
    share/kernellens/python/pyproject.toml \
    share/kernellens/python/kernellens/__init__.py \
    share/kernellens/python/kernellens/events.py \
    share/kernellens/python/kernellens/listener.py \
    share/kernellens/python/kernellens/remote.py; do
    [ -e "$prefix/$f" ] || fail "$f was not installed"
done
[ -z "$(find "$prefix/share/kernellens/python" -name __pycache__)" ] || fail "__pycache__ was installed"
if command -v python3 >/dev/null; then
    # Without Triton or redis-py: the old names load the package beside them, and kernellens.remote
    # imports with neither.
    PYTHONPATH="$prefix/share/kernellens/python" python3 -B -c \
        'import kernellens, kernellens.events, kernellens.remote, kernellens_triton_listener, kernellens_triton_remote' ||
        fail "the installed Python package does not import"
fi
[ -n "$(ls "$prefix/share/kernellens/demo/triton-cache")" ] || fail "the demo cache is empty"
[ -n "$(ls "$prefix/share/kernellens/demo/nvrtc-cache")" ] || fail "the demo NVRTC cache is empty"
[ -n "$(ls "$prefix/share/kernellens/demo/triton-eras")" ] || fail "the demo's older Triton entries are missing"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$prefix/share/applications/kernellens.desktop" || fail "invalid .desktop file"
else
    echo "check-install: desktop-file-validate not installed (apt-get install desktop-file-utils): not validated"
fi
grep -q '^Exec=kernellens' "$prefix/share/applications/kernellens.desktop" || fail "Exec is not kernellens"
env -u DISPLAY -u WAYLAND_DISPLAY "$prefix/bin/kernellens" --version | grep -q '^KernelLens ' || fail "--version"
env -u DISPLAY -u WAYLAND_DISPLAY "$prefix/bin/kernellens" --help | grep -q -- '--demo' || fail "--help"
echo "check-install: ok ($prefix)"
