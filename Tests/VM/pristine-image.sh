#!/bin/bash
# Makes ROOT a pristine Debian RELEASE (bookworm or trixie) such as a console-only machine (a
# Raspberry Pi's Lite image) has: debootstrap's minbase from the archive this machine's apt uses,
# plus what such a machine has that minbase lacks and the tests need: systemd as PID 1
# (systemd-sysv), udev (devices, the render group) and kmod. Nothing of rings' own needs: the
# package must bring those (pristine-install.sh installs it into a copy).
#   pristine-image.sh RELEASE ROOT [ARCH]
# ARCH: this machine's (the default), or arm64 on amd64: its programs run through qemu-user.
# Cached: a ROOT whose .complete names this script's version, the release, ARCH and the archive is kept.
# Env: MIRROR (the archive; default this machine's). Exit 0 with ROOT complete; 2 when debootstrap
# is missing; else debootstrap's or apt's failure (the log in ROOT.log).
set -euo pipefail
# In a mount namespace of its own: what is mounted for the chroot (proc, sys, dev, binds) goes with
# the process, however it ends (a test's timeout kills it), and never lingers under the image; in
# a PID namespace too, so that apt and dpkg end with it.
if [ -z "${PRISTINE_NAMESPACE:-}" ]; then PRISTINE_NAMESPACE=1 exec unshare --mount --propagation private --pid --fork --kill-child -- "$0" "$@"; fi
RELEASE=${1:?bookworm or trixie}; ROOT=${2:?the image folder}; ARCH=${3:-$(dpkg --print-architecture)}
D=$(cd "$(dirname "$0")" && pwd)
. "$D/pristine-common.sh"
command -v debootstrap > /dev/null || { echo "pristine: missing debootstrap"; exit 2; }
. "$D/../../Cross/cross-common.sh"
if [ "$ARCH" != "$(dpkg --print-architecture)" ]; then binfmt_arm64 || exit 2; fi
MIRROR=$(host_mirror); SECURITY=$(host_security)
STAMP="$RELEASE $ARCH $MIRROR $(cat "$0" "$D/pristine-common.sh" | sha256sum | cut -c1-16)"
# One maker at a time (another test run may want the same image): the second finds it complete.
mkdir -p "$(dirname "$ROOT")"; exec 9> "$ROOT.lock"; flock 9
if [ "$(cat "$ROOT/.complete" 2> /dev/null)" = "$STAMP" ]; then echo "pristine: $ROOT is complete ($STAMP)"; exit 0; fi
T0=$EPOCHREALTIME
NEW=$ROOT.new; LOG=$ROOT.log
remove_image "$NEW"
trap 'chroot_down "$NEW" 2> /dev/null; unmount_under "$NEW" || true' EXIT
echo "pristine: debootstrap --variant=minbase --arch=$ARCH $RELEASE from $MIRROR" | tee "$LOG"
debootstrap --variant=minbase --arch="$ARCH" --include=systemd-sysv,udev,kmod "$RELEASE" "$NEW" "$MIRROR" \
  >> "$LOG" 2>&1 \
  || { echo "pristine: debootstrap failed: $(tail -3 "$LOG" | tr '\n' ' ')"; exit 1; }
echo "pristine: debootstrap took $(since "$T0") s" | tee -a "$LOG"
# The sources a Debian install lists: the release, its updates and its security archive.
cat > "$NEW/etc/apt/sources.list" <<EOF
deb $MIRROR $RELEASE main
deb $MIRROR $RELEASE-updates main
deb $SECURITY $RELEASE-security main
EOF
T1=$EPOCHREALTIME
chroot_up "$NEW"
image_apt "$NEW" update -q >> "$LOG" 2>&1
image_apt "$NEW" -y -q upgrade >> "$LOG" 2>&1
image_apt "$NEW" clean
chroot_down "$NEW"
echo "pristine: updates took $(since "$T1") s" | tee -a "$LOG"
# A machine of its own: a fresh identity on every boot (as an image written to a card has), no
# host name or resolver of this machine's.
: > "$NEW/etc/machine-id"; rm -f "$NEW/var/lib/dbus/machine-id"
echo pristine > "$NEW/etc/hostname"; : > "$NEW/etc/resolv.conf"
echo "$STAMP" > "$NEW/.complete"
remove_image "$ROOT"
mv "$NEW" "$ROOT"
trap - EXIT
echo "pristine: $ROOT complete in $(since "$T0") s ($(du -sm "$ROOT" | cut -f1) MB; $STAMP)" | tee -a "$LOG"
