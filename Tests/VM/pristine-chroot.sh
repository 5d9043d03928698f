#!/bin/bash
# Runs a command chrooted in a pristine image (pristine-install.sh's) as a program of that machine:
# its own /usr, nothing of this machine's but what is named. In a mount namespace of its own, so
# that everything mounted for it goes when it ends: /proc, /sys, /dev, a fresh /tmp (tmpfs, the
# image is not written), and each BIND folder of this machine at the same path in the image (an X
# server's /tmp/.X11-unix, a compositor's XDG_RUNTIME_DIR). The environment is only the VAR=VALUE
# given (and PATH); the process keeps its id through the execs (sway's tree names it).
#   pristine-chroot.sh ROOT [--user UID:GID] [--bind DIR]... [VAR=VALUE]... -- COMMAND [ARG]...
set -euo pipefail
if [ -z "${PRISTINE_NAMESPACE:-}" ]; then PRISTINE_NAMESPACE=1 exec unshare --mount --propagation private -- "$0" "$@"; fi
ROOT=$(readlink -f "${1:?the image}"); shift
# An arm64 image's programs run through qemu-user, registered in this namespace's binfmt_misc
# (registrations go with the last mount of it: none is left in a namespace that has ended).
. "$(dirname "$0")/../../Cross/cross-common.sh"
if foreign_arm64 "$ROOT"; then binfmt_arm64 >&2 || exit 2; fi
USERSPEC=0:0; BINDS=(); ENVS=(PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 HOME=/tmp)
while [ $# -gt 0 ]; do
  case $1 in
    --user) USERSPEC=$2; shift 2;;
    --bind) BINDS+=("$2"); shift 2;;
    --) shift; break;;
    *=*) ENVS+=("$1"); shift;;
    *) break;;
  esac
done
[ $# -gt 0 ] || { echo "pristine-chroot: no command" >&2; exit 2; }
mount -t proc proc "$ROOT/proc"
mount --rbind /sys "$ROOT/sys"
mount --rbind /dev "$ROOT/dev"
mount -t tmpfs -o mode=1777 tmp "$ROOT/tmp"
for b in "${BINDS[@]}"; do mkdir -p "$ROOT$b"; mount --bind "$b" "$ROOT$b"; done
exec chroot --userspec="$USERSPEC" "$ROOT" /usr/bin/env -i "${ENVS[@]}" "$@"
