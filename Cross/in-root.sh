#!/bin/bash
# Runs a command in the build root (build-root.sh's) as the user who called it, with the checkout
# bound at its own path (what it builds lands in the checkout's .build), /proc, /dev and a fresh
# /tmp mounted, and this machine's git configuration (where Swift packages are fetched from). In a
# mount namespace of its own: nothing stays mounted when it ends.
#   in-root.sh ROOT CHECKOUT [VAR=VALUE]... -- COMMAND [ARG]...
set -euo pipefail
if [ -z "${CROSS_NAMESPACE:-}" ]; then CROSS_NAMESPACE=1 exec unshare --mount --propagation private -- "$0" "$@"; fi
ROOT=$(readlink -f "${1:?the build root}"); CHECKOUT=$(readlink -f "${2:?the checkout}"); shift 2
D=$(cd "$(dirname "$0")" && pwd)
. "$D/cross-common.sh"
[ -f "$ROOT/.complete" ] || { echo "in-root: $ROOT is not a complete build root (build-root.sh makes it)" >&2; exit 2; }
binfmt_arm64 >&2 || exit 2
USERSPEC=${SUDO_UID:-$(id -u)}:${SUDO_GID:-$(id -g)}
ENVS=(PATH=/usr/libexec/swift/bin:/usr/bin:/bin LANG=C.UTF-8 HOME=/tmp/home)
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; break;;
    *=*) ENVS+=("$1"); shift;;
    *) break;;
  esac
done
mount -t proc proc "$ROOT/proc"
mount --rbind /dev "$ROOT/dev"
mount -t tmpfs -o mode=1777 tmp "$ROOT/tmp"
mkdir -p "$ROOT$CHECKOUT" && mount --bind "$CHECKOUT" "$ROOT$CHECKOUT"
# Where git fetches packages from: this machine's settings (and a local mirror they name).
if [ -f /etc/gitconfig ]; then touch "$ROOT/etc/gitconfig" && mount --bind /etc/gitconfig "$ROOT/etc/gitconfig"; fi
if [ -d /opt/swift-packages ]; then
  mkdir -p "$ROOT/opt/swift-packages" && mount --bind /opt/swift-packages "$ROOT/opt/swift-packages"
fi
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2> /dev/null || true
exec chroot --userspec="$USERSPEC" "$ROOT" /usr/bin/env -i "${ENVS[@]}" \
  sh -c 'mkdir -p "$HOME" && cd "$0" && exec "$@"' "$CHECKOUT" "$@"
