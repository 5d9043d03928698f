#!/bin/bash
# What installing the package costs a minimal Debian: the installed size (dpkg's Installed-Size) of
# every package apt adds to a pristine image (Tests/VM/pristine-image.sh, debootstrap's minbase) for
# `apt install ./DEB` as apt does by default (with what the packages recommend), and with
# --no-install-recommends plus the recommended fonts. Run as root, by hand: the figures go to
# docs/performance.md.
#   Tests/Bench/install-size.sh [RELEASE] [DEB]      (bookworm and ./rings_*.deb by default)
set -euo pipefail
D=$(cd "$(dirname "$0")/../VM" && pwd)
RELEASE=${1:-bookworm}
DEB=$(readlink -f "${2:-$(ls rings_*.deb | head -n 1)}")
BASE=$(pwd)/.build/pristine/$RELEASE
FONTS=$(dpkg-deb -f "$DEB" Recommends | tr -d ',')
"$D/pristine-image.sh" "$RELEASE" "$BASE" > /dev/null
packages() { chroot "$1" dpkg-query -W -f '${Package} ${Installed-Size}\n' | sort; }
added() { # ROOT: the installed size in MB of what is there and not in the base image, and how many
  join -v 1 <(packages "$1") <(packages "$BASE") | awk '{ kb += $2; n++ } END { printf "%.0f MB in %d packages", kb / 1024, n }'
}
trap 'bash -c ". \"$D/pristine-common.sh\"; remove_image /var/tmp/install-size-$$"' EXIT
"$D/pristine-install.sh" "$BASE" /var/tmp/install-size-$$ "$DEB" > /dev/null
echo "$RELEASE: apt install ./$(basename "$DEB"): $(added /var/tmp/install-size-$$)"
APT_OPTIONS=--no-install-recommends "$D/pristine-install.sh" "$BASE" /var/tmp/install-size-$$ "$DEB" $FONTS > /dev/null
echo "$RELEASE: apt install --no-install-recommends ./$(basename "$DEB") $FONTS: $(added /var/tmp/install-size-$$)"
