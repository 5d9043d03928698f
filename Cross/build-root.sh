#!/bin/bash
# Makes ROOT the build root for arm64: Debian 13 (trixie) for amd64 with Debian's own Swift
# (`swiftlang` 6.0.3, the compiler), arm64's libraries and headers beside amd64's (multiarch: what
# rings links, with its -dev packages), and arm64's Swift standard library (from `swiftlang:arm64`,
# which cannot be installed beside amd64's, unpacked under /opt/swift-arm64). The compiler and the
# standard library are the same Swift release, as a cross build needs. arm64 programs run in it
# through qemu-user (binfmt_misc): the tests' binaries and the package's tools.
#   build-root.sh ROOT
# Cached: a ROOT whose .complete names this script's version and the archive is kept. Env: MIRROR.
# Exit 0 with ROOT complete; 2 when mmdebstrap or qemu-user-static is missing; else the failure.
set -euo pipefail
if [ -z "${CROSS_NAMESPACE:-}" ]; then
  CROSS_NAMESPACE=1 exec unshare --mount --propagation private --pid --fork --kill-child -- "$0" "$@"
fi
ROOT=${1:?the build root folder}
D=$(cd "$(dirname "$0")" && pwd)
. "$D/../Tests/VM/pristine-common.sh"
. "$D/cross-common.sh"
command -v mmdebstrap > /dev/null || { echo "build-root: missing mmdebstrap"; exit 2; }
binfmt_arm64 || exit 2
MIRROR=$(host_mirror); SECURITY=$(host_security)
STAMP="trixie $MIRROR $(cat "$0" "$D/cross-common.sh" "$D/unpack-swift.sh" | sha256sum | cut -c1-16)"
mkdir -p "$(dirname "$ROOT")"; exec 9> "$ROOT.lock"; flock 9
if [ "$(cat "$ROOT/.complete" 2> /dev/null)" = "$STAMP" ]; then echo "build-root: $ROOT is complete"; exit 0; fi
T0=$EPOCHREALTIME; NEW=$ROOT.new; LOG=$ROOT.log
remove_image "$NEW"
trap 'unmount_under "$NEW" || true' EXIT
# What building needs: the compiler and amd64's C library (for Package.swift and build tools), the
# C/C++ toolchain's arm64 parts (clang comes with swiftlang),
# binutils for arm64 (the linker, strip), dpkg-dev (dpkg-shlibdeps), and the -dev packages rings
# links, for arm64; the fonts the tests draw text in every script with.
FONTS="fontconfig fonts-dejavu-core fonts-comfortaa fonts-noto-cjk fonts-noto-core fonts-symbola fonts-noto-color-emoji"
DEV="libsdl2-dev libpango1.0-dev libpng-dev libx11-dev libxext-dev libdrm-dev libfontconfig-dev libmosquitto-dev
     libssl-dev libsystemd-dev libtomlplusplus-dev libwayland-dev libc6-dev libstdc++-14-dev libgcc-14-dev"
TOOLS="swiftlang libc6-dev libstdc++-14-dev git make binutils-aarch64-linux-gnu dpkg-dev file ca-certificates"
PACKAGES="$TOOLS $FONTS $(for p in $DEV; do printf '%s:arm64,' "$p"; done)"
echo "build-root: mmdebstrap trixie amd64+arm64 from $MIRROR" | tee "$LOG"
mmdebstrap --variant=apt --architectures=amd64,arm64 --include="${PACKAGES// /,}" \
  trixie "$NEW" "deb $MIRROR trixie main" "deb $MIRROR trixie-updates main" "deb $SECURITY trixie-security main" \
  >> "$LOG" 2>&1 \
  || { echo "build-root: mmdebstrap failed: $(tail -5 "$LOG" | tr '\n' ' ')"; exit 1; }
echo "build-root: mmdebstrap took $(since "$T0") s" | tee -a "$LOG"
# arm64's Swift: the static standard library and the modules, from the package of the same version.
T1=$EPOCHREALTIME
chroot_up "$NEW"
cp "$D/unpack-swift.sh" "$NEW/tmp/unpack-swift.sh"
in_chroot "$NEW" sh /tmp/unpack-swift.sh >> "$LOG" 2>&1 \
  || { chroot_down "$NEW"; echo "build-root: swiftlang:arm64: $(tail -3 "$LOG" | tr '\n' ' ')"; exit 1; }
rm "$NEW/tmp/unpack-swift.sh"
in_chroot "$NEW" apt-get clean
chroot_down "$NEW"
echo "build-root: arm64's Swift unpacked in $(since "$T1") s" | tee -a "$LOG"
echo "$STAMP" > "$NEW/.complete"
remove_image "$ROOT"
mv "$NEW" "$ROOT"
trap - EXIT
echo "build-root: $ROOT complete in $(since "$T0") s ($(du -sm "$ROOT" | cut -f1) MB)" | tee -a "$LOG"
