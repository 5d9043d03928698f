#!/bin/bash
# Writes OUT: the package DEB with its version changed to VERSION and nothing else (the same binary,
# files and maintainer scripts). The pristine test's "previous version" to upgrade from: building an
# older commit would take minutes, and what the upgrade tests is the path (the old prerm, the new
# postinst, systemd restarting the unit), not the old code.
#   repackage.sh DEB VERSION OUT
set -euo pipefail
DEB=${1:?the package}; VERSION=${2:?the version}; OUT=${3:?the package to write}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
dpkg-deb -R "$DEB" "$W/root"
sed -i "s/^Version: .*/Version: $VERSION/" "$W/root/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz -z1 --build "$W/root" "$OUT" > /dev/null
echo "repackage: $(dpkg-deb -f "$OUT" Package Version | tr '\n' ' ')-> $OUT"
