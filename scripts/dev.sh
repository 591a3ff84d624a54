#!/usr/bin/env bash
# The two set-up commands of the README:
#   bash scripts/dev.sh run    install what is missing, build, open the app on the bundled demo
#   bash scripts/dev.sh test   install what is missing, build, run the whole test suite
#                              (the dev preset and its .deb installed in a clean Debian 12 root,
#                              then the dev-asan preset with ASan + UBSan, then klens built
#                              without the CUDA Toolkit)
# Works on a fresh Debian 12 machine; uses sudo for apt-get when not root.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Debian 12 packages. The CUDA Toolkit (NVRTC, nvJitLink) is optional and not installed here:
# it is used when found at $CUDAToolkit_ROOT or /usr/local/cuda.
PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libgl1-mesa-dev libxkbcommon-dev
    libmagic-dev libelf-dev libssl-dev rapidjson-dev libcli11-dev libhiredis-dev libmuparser-dev libarchive-dev libexpected-dev zlib1g-dev libxxhash-dev
    qtkeychain-qt6-dev libsecret-1-0
    redis-server openssl xvfb xauth xdotool imagemagick clang-format util-linux time desktop-file-utils
    debootstrap
    dbus-daemon dbus-session-bus-common gnome-keyring libsecret-tools
    fonts-wqy-microhei
    python3 python3-venv
    openssh-server sshfs
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if ((${#missing[@]} == 0)); then
        log "all ${#PACKAGES[@]} packages present"
        return
    fi
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 2; }
        sudo=(sudo)
    fi
    log "installing ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs() { nproc 2>/dev/null || echo 2; }

configure_and_build() { # preset [extra cmake args...]
    local preset=$1
    shift
    local werror=()
    [[ -n ${CI:-} ]] && werror=(-DKL_WERROR=ON)
    log "configure ($preset)"
    cmake --preset "$preset" "${werror[@]}" "$@"
    log "build ($preset)"
    cmake --build --preset "$preset" -j "$(jobs)"
}

cmd_run() {
    install_missing
    configure_and_build dev
    local app=build/dev/app/gui/kernellens
    if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
        log "built $app, but this session has no display."
        log "start it with a display, or see it headless: xvfb-run -a $app --demo"
        exit 1
    fi
    log "opening the demo cache"
    exec "$app" --demo
}

# A whole test run from nothing writes about 18 GB of builds (dev 6.4, dev-asan 9.8, no-cuda 1.1, measured
# 2026-11-29) beside a Debian root for the .deb. Say so before the builds, not 40 minutes in.
check_disk() {
    local need_gb=20 free_gb
    free_gb=$(df -Pk . | awk 'NR == 2 { print int($4 / 1048576) }')
    if ((free_gb < need_gb)); then
        log "warning: $(pwd) has ${free_gb} GB free; a test run from a fresh clone needs about ${need_gb} GB"
        log "(less when build/dev and build/dev-asan are already built)"
    fi
}

cmd_test() {
    install_missing
    check_disk
    bash scripts/triton-venv.sh || true
    bash scripts/hta-venv.sh || true
    configure_and_build dev
    log "test (dev)"
    ctest --preset dev -j "$(jobs)"
    log "the .deb in a clean Debian 12 root"
    bash scripts/check-deb.sh build/dev
    configure_and_build dev-asan
    log "test (dev-asan: AddressSanitizer + UndefinedBehaviorSanitizer)"
    ctest --preset dev-asan -j "$(jobs)"
    log "klens without the CUDA Toolkit"
    bash scripts/check-no-cuda.sh
}

case "${1:-}" in
run) cmd_run ;;
test) cmd_test ;;
*)
    echo "usage: bash scripts/dev.sh run|test" >&2
    exit 2
    ;;
esac
