#!/bin/bash
# Installs a package into a fresh copy of a pristine image, as the README says a user installs it
# (`apt install ./rings_VERSION_ARCH.deb`: apt fetches what it depends on, and what it recommends,
# from the archive): TARGET becomes a copy of BASE (pristine-image.sh) with each DEB installed in
# turn by `apt-get install -y ./DEB`, chrooted, with services kept from starting; the NAMEs that are
# not .deb files are packages from the archive, installed together by one apt-get (under emulation
# each run of dpkg and its triggers takes long).
#   pristine-install.sh BASE TARGET DEB|NAME...
# BASE may also be such a copy (another package added to what it has). Downloaded packages are kept
# beside BASE (BASE.archives, or ARCHIVES) for the next run. Output: apt's log in TARGET.log, the
# versions installed in TARGET.installed. Exit 0 when every DEB installed; else apt's.
# Env: APT_OPTIONS (more options for apt-get install, e.g. --no-install-recommends), ARCHIVES.
set -euo pipefail
# In a mount namespace of its own: what is mounted for the chroot (proc, sys, dev, binds) goes with
# the process, however it ends (a test's timeout kills it), and never lingers under the image; in
# a PID namespace too, so that apt and dpkg end with it.
if [ -z "${PRISTINE_NAMESPACE:-}" ]; then PRISTINE_NAMESPACE=1 exec unshare --mount --propagation private --pid --fork --kill-child -- "$0" "$@"; fi
BASE=$(readlink -f "${1:?the pristine image}"); TARGET=${2:?the folder to make}; shift 2
[ $# -gt 0 ] || { echo "pristine-install: no package given"; exit 2; }
D=$(cd "$(dirname "$0")" && pwd)
. "$D/pristine-common.sh"
. "$D/../../Cross/cross-common.sh"
# An arm64 image's programs (dpkg, the maintainer scripts) run through qemu-user; apt runs here.
if foreign_arm64 "$BASE"; then binfmt_arm64 || exit 2; fi
[ -f "$BASE/.complete" ] || { echo "pristine-install: $BASE is not a complete image (pristine-image.sh makes it)"; exit 2; }
T0=$EPOCHREALTIME; LOG=$TARGET.log
remove_image "$TARGET"
cp -a "$BASE" "$TARGET"
echo "pristine-install: copied $BASE in $(since "$T0") s" | tee "$LOG"
trap 'chroot_down "$TARGET" 2> /dev/null; unmount_under "$TARGET" || true' EXIT
chroot_up "$TARGET"
ARCHIVES=${ARCHIVES:-$BASE.archives}
mkdir -p "$ARCHIVES/partial"
# One install at a time fetches into the shared folder.
exec 9> "$ARCHIVES.lock"; flock 9
mount --bind "$ARCHIVES" "$TARGET/var/cache/apt/archives"
T1=$EPOCHREALTIME
# Fresh lists, as a user's apt has; the image's own when the archive cannot be reached.
image_apt "$TARGET" update -q >> "$LOG" 2>&1 \
  || echo "pristine-install: apt-get update failed; the image's lists are used" | tee -a "$LOG"
echo "pristine-install: apt-get update took $(since "$T1") s" | tee -a "$LOG"
RC=0
# Installs WHAT (the arguments of apt-get install), said as NAME.
apt_install() {
  local name=$1 T2=$EPOCHREALTIME; shift
  # shellcheck disable=SC2086 # APT_OPTIONS holds several options
  image_apt "$TARGET" install -y -q ${APT_OPTIONS:-} "$@" >> "$LOG" 2>&1 || RC=$?
  echo "pristine-install: apt-get install $name: exit $RC in $(since "$T2") s" | tee -a "$LOG"
}
NAMES=()
for deb in "$@"; do
  case "$deb" in
    *.deb)
      # The file in the image's /tmp, named by its path on this machine when this machine's apt runs.
      name=$(basename "$deb"); what=/tmp/$name
      cp "$deb" "$TARGET/tmp/$name"
      if foreign_arm64 "$TARGET"; then what=$(readlink -f "$TARGET")$what; fi
      apt_install "$name" "$what"
      rm -f "$TARGET/tmp/$name"
      [ $RC = 0 ] || break ;;
    *) NAMES+=("$deb") ;;
  esac
done
if [ $RC = 0 ] && [ ${#NAMES[@]} -gt 0 ]; then apt_install "${NAMES[*]}" "${NAMES[@]}"; fi
in_chroot "$TARGET" dpkg-query -W -f '${Package} ${Version} ${Status}\n' > "$TARGET.installed" 2>&1 || true
umount "$TARGET/var/cache/apt/archives"
chroot_down "$TARGET"
trap - EXIT
echo "pristine-install: $TARGET in $(since "$T0") s ($(du -sm "$TARGET" | cut -f1) MB)" | tee -a "$LOG"
[ $RC = 0 ] || tail -20 "$LOG"
exit $RC
