#!/bin/bash
# Unpacks what an arm64 VM boots with into OUT: Debian 13's arm64 kernel (linux-image-arm64's) at
# OUT/boot/vmlinuz, its modules under OUT/lib/modules/KVER (with their modules.dep) and a static
# busybox at OUT/bin/busybox for the initramfs, from the archive the arm64 image IMAGE lists
# (pristine-image.sh trixie IMAGE arm64). The packages are unpacked, never installed: the image is
# not changed. Cached: a complete OUT is kept (removed, the archive's newest is fetched).
#   arm64-kernel.sh IMAGE OUT
# Exit 0 with OUT complete; else apt's or dpkg-deb's failure.
set -euo pipefail
IMAGE=$(readlink -f "${1:?the arm64 image}"); OUT=${2:?the kernel folder}
D=$(cd "$(dirname "$0")" && pwd)
. "$D/pristine-common.sh"
. "$D/../../Cross/cross-common.sh"
mkdir -p "$(dirname "$OUT")"; exec 9> "$OUT.lock"; flock 9
if [ -e "$OUT/.complete" ]; then
  echo "arm64-kernel: $OUT is complete ($(tr '\n' ' ' < "$OUT/.complete"))"; exit 0
fi
NEW=$OUT.new; rm -rf "$NEW"; mkdir -p "$NEW/debs/partial" "$NEW/cache" "$NEW/root"
# apt's caches in NEW, not in the image: the image stays as it was made.
APT=(-o "Dir::Cache=$NEW/cache" -o "Dir::Cache::archives=$NEW/debs" -o Debug::NoLocking=1)
image_apt "$IMAGE" "${APT[@]}" -y -q --download-only --no-install-recommends install linux-image-arm64 busybox-static \
  > "$NEW/apt.log" 2>&1 || { echo "arm64-kernel: apt failed: $(tail -2 "$NEW/apt.log" | tr '\n' ' ')"; exit 1; }
STAMP=$(cd "$NEW/debs" && ls linux-image-[0-9]*.deb busybox-static_*.deb)
for deb in $STAMP; do dpkg-deb -x "$NEW/debs/$deb" "$NEW/root"; done
KVER=$(ls "$NEW/root/usr/lib/modules")
mkdir -p "$NEW/boot" "$NEW/bin" "$NEW/lib"
mv "$NEW/root/boot/vmlinuz-$KVER" "$NEW/boot/vmlinuz"
mv "$NEW/root/usr/lib/modules" "$NEW/lib/modules"
mv "$NEW/root/usr/bin/busybox" "$NEW/bin/busybox"
depmod -b "$NEW" "$KVER"
rm -rf "$NEW/root" "$NEW/debs" "$NEW/cache"
echo "$STAMP" > "$NEW/.complete"
rm -rf "$OUT"; mv "$NEW" "$OUT"
echo "arm64-kernel: $OUT complete: $KVER"
