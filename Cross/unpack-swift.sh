# Run in the build root (build-root.sh): unpacks arm64's Swift, of the same version as the compiler,
# under /opt/swift-arm64 (its packages cannot be installed beside amd64's): `swiftlang` for the
# modules and the static libraries, `libswiftlang` for the shared ones (the tests link those).
set -e
cd /tmp
apt-get update -q
version=$(dpkg-query -W -f='${Version}' swiftlang)
apt-get download -q "swiftlang:arm64=$version" "libswiftlang:arm64=$version"
for deb in swiftlang_*_arm64.deb libswiftlang_*_arm64.deb; do dpkg-deb -x "$deb" unpacked; done
# Only the libraries and modules, and the C headers they are built with.
mkdir -p /opt/swift-arm64
for part in swift swift_static clang; do mv "unpacked/usr/libexec/swift/lib/$part" /opt/swift-arm64/; done
rm -rf unpacked ./*_arm64.deb
