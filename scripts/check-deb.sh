#!/usr/bin/env bash
# The Debian package in a clean Debian 12 root (issue 32): `cpack -G DEB` in a build folder, then
# debootstrap a minimal bookworm, `apt install ./kernellens_*.deb` there (apt resolves the
# dependencies the package declares from the Debian mirror), and run what a user runs first:
#
#   bash scripts/check-deb.sh [BUILD_DIR]     # default build/dev; dev.sh test runs it once
#
# Needs root (chroot, mount), debootstrap and dpkg-shlibdeps (dev.sh installs them) and the mirror
# ($KL_DEBIAN_MIRROR, default http://deb.debian.org/debian). debootstrap's downloads are kept in
# $KL_DEBOOTSTRAP_CACHE (default /var/cache/kl-debootstrap), so a second run fetches nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build/dev}
mirror=${KL_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${KL_DEBOOTSTRAP_CACHE:-/var/cache/kl-debootstrap}

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
fail() { printf 'check-deb: %s\n' "$*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || fail "needs root (debootstrap, chroot, mount)"
command -v debootstrap >/dev/null || command -v /usr/sbin/debootstrap >/dev/null ||
    fail "debootstrap is not installed (apt-get install debootstrap)"
[[ -f $build/CPackConfig.cmake ]] || fail "$build is not a configured build folder (no CPackConfig.cmake)"

log "cpack -G DEB in $build"
out=$(mktemp -d /tmp/kl-deb.XXXXXX)
root=$(mktemp -d /tmp/kl-debroot.XXXXXX)
chmod 755 "$root" # apt's sandbox user reads the lists under it
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    # Never into a mount left behind (the chroot's /proc when umount failed).
    rm -rf --one-file-system "$root" "$out"
}
trap cleanup EXIT
(cd "$build" && cpack -G DEB -B "$out" >/dev/null) || fail "cpack -G DEB failed in $build"
deb=$(ls "$out"/kernellens_*.deb)
dpkg-deb --info "$deb" | sed -n 's/^ \(Package\|Version\|Depends\|Recommends\|Installed-Size\):/  \1:/p'
contents=$(dpkg-deb --contents "$deb")
for path in ./usr/bin/kernellens ./usr/bin/klens ./usr/share/applications/kernellens.desktop \
    ./usr/share/kernellens/python/kernellens/triton.py ./usr/share/kernellens/demo/triton-cache; do
    grep -q " $path" <<<"$contents" || fail "$(basename "$deb") lacks $path"
done

log "debootstrap a minimal Debian 12 (bookworm) in $root"
mkdir -p "$cache"
/usr/sbin/debootstrap --variant=minbase --cache-dir="$cache" bookworm "$root" "$mirror" >"$out/debootstrap.log" 2>&1 ||
    fail "debootstrap failed: $(tail -3 "$out/debootstrap.log")"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
log "apt install ./$(basename "$deb") in the clean root"
chroot "$root" apt-get update -qq >/dev/null
chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "/tmp/$(basename "$deb")" >"$out/apt.log" 2>&1 || fail "apt install failed: $(tail -5 "$out/apt.log")"
log "run it there"
chroot "$root" klens --version
chroot "$root" env QT_QPA_PLATFORM=offscreen kernellens --demo --help | head -3
# The demo data came along and reads: every entry of the installed demo cache.
# (exit 1: the scan found problems, which the demo plants.)
rc=0
chroot "$root" klens scan /usr/share/kernellens/demo/triton-cache >"$out/scan.txt" 2>&1 || rc=$?
[[ $rc -le 1 ]] || fail "klens scan of the installed demo cache exited with $rc: $(tail -3 "$out/scan.txt")"
tail -1 "$out/scan.txt"
# libarchive is opened on first use, so only the package's Depends bring it: export proves it came.
entry=$(chroot "$root" sh -c 'ls -d /usr/share/kernellens/demo/triton-cache/*/ | head -1')
chroot "$root" klens export "$entry" -o /tmp/export.tar.gz >"$out/export.txt" 2>&1 ||
    fail "klens export in the clean root failed: $(tail -3 "$out/export.txt")"
chroot "$root" gzip -t /tmp/export.tar.gz || fail "klens export wrote no gzip in the clean root"
echo "klens export: $(tail -1 "$out/export.txt")"
# libmagic too: a file that is not a cubin is named by what it is.
echo "not a cubin" >"$root/tmp/fake.cubin"
chroot "$root" klens cubin /tmp/fake.cubin >"$out/magic.txt" 2>&1 || true
grep -q "libmagic: ASCII text" "$out/magic.txt" || fail "libmagic did not answer in the clean root: $(cat "$out/magic.txt")"
# And muparser: a kernel spec with a broken expression gets muparser's own words.
chroot "$root" sh -c 'cd /usr/share/kernellens/kernels && cp vector_add.cu /tmp/ && sed "s/\"3 \* 4 \* N\"/\"3 * * N\"/" vector_add.json >/tmp/bad-spec.json'
chroot "$root" klens autotune /tmp/bad-spec.json >"$out/muparser.txt" 2>&1 || true
grep -q "Unexpected operator" "$out/muparser.txt" || fail "muparser did not answer in the clean root: $(cat "$out/muparser.txt")"
# The window starts on the demo with the platform plugins the package pulled in, and keeps running
# until it is stopped (124: timeout stopped it; anything else is a failure to start or a crash).
rc=0
chroot "$root" env QT_QPA_PLATFORM=offscreen HOME=/tmp timeout 8 kernellens --demo >"$out/window.log" 2>&1 || rc=$?
[[ $rc -eq 124 ]] || fail "kernellens --demo exited with $rc in the clean root: $(tail -5 "$out/window.log")"
echo "kernellens --demo: still running after 8 s, stopped"
log "the .deb installs and runs on a clean Debian 12: $(basename "$deb")"
