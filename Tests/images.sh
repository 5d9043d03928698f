#!/bin/bash
# Makes the images a test run uses, one after another, each only when its cache is not complete:
# `build-root`, arm64's build root (Cross/build-root.sh, at BUILD_ROOT), and the pristine Debian
# images `bookworm`, `trixie` and `trixie-arm64` (Tests/VM/pristine-image.sh, in PRISTINE_CACHE), and
# `arm64-kernel`, what an arm64 VM boots with (Tests/VM/arm64-kernel.sh, after trixie-arm64).
# `make test` starts it in the background while it builds and runs the main suites (making an image
# is mostly downloading and unpacking), and again before the suites that use them: each maker holds
# its image's lock, so the second run waits for what the first is making, then finds it complete.
#   Tests/images.sh PRISTINE_CACHE BUILD_ROOT NAME...
# Exit 0 when every image is complete; else 1, after the failing maker's own line.
set -uo pipefail
PRISTINE=${1:?the pristine images folder}; BUILD_ROOT=${2:?the build root folder}; shift 2
D=$(cd "$(dirname "$0")" && pwd)
for name in "$@"; do
  start=$EPOCHSECONDS
  case $name in
    build-root) "$D/../Cross/build-root.sh" "$BUILD_ROOT" ;;
    bookworm | trixie) "$D/VM/pristine-image.sh" "$name" "$PRISTINE/$name" ;;
    trixie-arm64) "$D/VM/pristine-image.sh" trixie "$PRISTINE/$name" arm64 ;;
    arm64-kernel) "$D/VM/arm64-kernel.sh" "$PRISTINE/trixie-arm64" "$PRISTINE/$name" ;;
    *) echo "images: no image called $name"; exit 2 ;;
  esac
  status=$?
  [ $status = 0 ] || { echo "images: $name failed (exit $status)"; exit 1; }
  echo "images: $name complete in $((EPOCHSECONDS - start)) s"
done
