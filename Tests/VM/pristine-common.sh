# What pristine-image.sh and pristine-install.sh share (sourced): the Debian archive this machine's
# apt uses, and commands run chrooted in an image with /proc, /sys and /dev mounted for them and
# services kept from starting (policy-rc.d), everything mounted taken down again after.

# The archive: MIRROR, else the URI this machine's apt fetches its own release from.
host_mirror() {
  [ -n "${MIRROR:-}" ] && { echo "$MIRROR"; return; }
  local own; own=$(. /etc/os-release && echo "$VERSION_CODENAME")
  local uri; uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2> /dev/null | awk -v r="$own" '$2 == r {print $1; exit}')
  echo "${uri:-http://deb.debian.org/debian/}"
}

# Its security archive (the same host, debian-security), as a Debian install lists it.
host_security() {
  local uri; uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2> /dev/null | awk '$2 ~ /-security$/ {print $1; exit}')
  echo "${uri:-http://deb.debian.org/debian-security/}"
}

# Everything mounted at or under ROOT, deepest first.
mounts_under() {
  findmnt -rn -o TARGET | awk -v r="$(readlink -f "$1")" '$0 == r || index($0, r "/") == 1' | sort -r
}

# Takes down every mount under ROOT (a chroot's proc, sys, dev, binds); fails if one stays.
unmount_under() {
  local m
  for m in $(mounts_under "$1"); do umount "$m" 2> /dev/null || umount -l "$m"; done
  [ -z "$(mounts_under "$1")" ] || { echo "pristine: still mounted under $1: $(mounts_under "$1" | tr '\n' ' ')" >&2; return 1; }
}

# Removes an image's folder, never through a mount left inside it.
remove_image() {
  [ -e "$1" ] || return 0
  unmount_under "$1" && rm -rf --one-file-system "$1"
}

# Mounts what a package's scripts need in ROOT, and keeps services from starting.
chroot_up() {
  local r=$1
  mount -t proc proc "$r/proc"
  mount -t sysfs sys "$r/sys"
  mount --bind /dev "$r/dev"
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$r/dev/pts"
  printf '#!/bin/sh\n# pristine-image: no service starts in the chroot\nexit 101\n' > "$r/usr/sbin/policy-rc.d"
  chmod 755 "$r/usr/sbin/policy-rc.d"
  cp -L /etc/resolv.conf "$r/etc/resolv.conf" 2> /dev/null || true
}

# Undoes chroot_up.
chroot_down() {
  rm -f "$1/usr/sbin/policy-rc.d"
  unmount_under "$1/proc" && unmount_under "$1/sys" && unmount_under "$1/dev"
}

# Runs a command in ROOT as root, noninteractively, in English.
in_chroot() {
  local r=$1; shift
  chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# Runs apt-get in ROOT: chrooted; or, for an arm64 image on amd64 (foreign_arm64, Cross/cross-common.sh),
# this machine's apt on the image's own lists, status and sources, with dpkg and the packages'
# scripts run chrooted in it through qemu-user, as mmdebstrap does: apt under emulation takes minutes
# to read its lists on each start. There the image's apt.conf.d is not read: its one part that acts
# on an install, debconf's hook that asks questions before unpacking, starts apt's template
# extractor under emulation (minutes more), and nothing asks here.
image_apt() {
  local r; r=$(readlink -f "$1"); shift
  if ! foreign_arm64 "$r"; then in_chroot "$r" apt-get "$@"; return; fi
  local conf; conf=$(mktemp)
  printf 'Dir "%s/";\nDir::State::status "%s/var/lib/dpkg/status";\n' "$r" "$r" > "$conf"
  printf 'Dir::Etc::Parts "/dev/null";\n' >> "$conf"
  printf 'DPkg::Chroot-Directory "%s";\nAPT::Architecture "arm64";\nAPT::Architectures { "arm64"; };\n' "$r" >> "$conf"
  local rc=0
  /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
    APT_CONFIG="$conf" apt-get "$@" || rc=$?
  rm -f "$conf"
  return $rc
}

# Seconds since T0 (EPOCHREALTIME), to one decimal.
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
