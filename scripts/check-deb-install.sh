#!/usr/bin/env bash
# Builds the two Debian packages and installs them on a fresh Debian 12 made
# with debootstrap, as a new user's machine would be: apt resolves their
# dependencies from Debian's mirror, then warpscope renders a screenshot
# offscreen there and warpscope-record answers. Slow (a few minutes, more for
# the first build), so not part of CI. Needs root (debootstrap, chroot) and
# Debian's mirror.
#
# usage: sudo bash scripts/check-deb-install.sh [OUT_DIR]
#   OUT_DIR (default build-package/deb-check) receives screenshot.png and log.txt.
#   WARPSCOPE_DEB_ROOT=/path reuses a debootstrapped root from an earlier run
#   (it is copied, never changed); by default a fresh one is made each time.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build-package/deb-check}")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$out"
log=$out/log.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }

say "building the packages (preset package)"
export PATH=/usr/local/cuda/bin:$PATH
cmake --preset package >>"$log"
cmake --build --preset package -j "$(nproc)" >>"$log"
(cd build-package && rm -f ./*.deb && cpack -G DEB >>"$log")
gui=$(ls build-package/warpscope_*_amd64.deb)
record=$(ls build-package/warpscope-record_*_amd64.deb)
for deb in "$gui" "$record"; do
    say "$(basename "$deb"): $(du -h "$deb" | cut -f1)"
    dpkg-deb --field "$deb" Package Version Depends Recommends | tee -a "$log"
    if dpkg-deb --field "$deb" Depends | grep -qi cuda; then
        echo "$deb depends on a CUDA package: the runtime must be linked statically" | tee -a "$log"
        exit 1
    fi
done

command -v debootstrap >/dev/null || { say "installing debootstrap"; apt-get install -y debootstrap >>"$log"; }
work=$(mktemp -d /var/tmp/warpscope-deb-check.XXXXXX)
root=$work/root
cleanup() {
    mountpoint -q "$root/proc" && umount "$root/proc"
    rm -rf "$work"
}
trap cleanup EXIT
if [ -n "${WARPSCOPE_DEB_ROOT:-}" ]; then
    say "copying the Debian 12 root $WARPSCOPE_DEB_ROOT"
    cp -a "$WARPSCOPE_DEB_ROOT" "$root"
else
    say "debootstrap: a minimal Debian 12 (bookworm) from $mirror"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >>"$log" 2>&1
fi
mount -t proc proc "$root/proc"
cp "$gui" "$record" "$root/tmp/"

say "apt-get install ./$(basename "$gui") ./$(basename "$record")"
chroot "$root" apt-get update >>"$log" 2>&1
chroot "$root" env DEBIAN_FRONTEND=noninteractive sh -c \
    "cd /tmp && apt-get install -y --no-install-recommends ./$(basename "$gui") ./$(basename "$record")" \
    >>"$log" 2>&1
chroot "$root" dpkg -l warpscope warpscope-record >"$work/dpkg.txt"
tail -n 2 "$work/dpkg.txt" | tee -a "$log"

say "warpscope-record in the fresh system"
chroot "$root" warpscope-record --version | tee -a "$log"
chroot "$root" warpscope-record list >"$work/list.txt"
head -n 3 "$work/list.txt" | tee -a "$log"
# No GPU there: a run says why in one line and fails; the lock still works.
chroot "$root" warpscope-record run reduce-single-block -o /tmp/x.wstrace 2>&1 | tee -a "$log" || true
chroot "$root" env WARPSCOPE_LOCK_ID=GPU-check warpscope-record lock -- true 2>&1 | tee -a "$log"

say "warpscope --screenshot, offscreen"
chroot "$root" sh -c "cd /tmp && QT_QPA_PLATFORM=offscreen warpscope --experiment reduce-ladder \
    variant=best --screenshot /tmp/screenshot.png" 2>&1 | tee -a "$log"
cp "$root/tmp/screenshot.png" "$out/screenshot.png"
file "$out/screenshot.png" 2>/dev/null | tee -a "$log" || true
say "done: $out/screenshot.png, $log"
