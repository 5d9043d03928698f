# What the VM's PID 1 scripts share (sourced): the log, screendumps asked of the host, a wait for a
# flag file or for a command's output (`within`), the connector's DPMS, a command over the broker,
# the mounts rings needs, virtio-gpu's card0, and the notify socket READY comes on.
O=/kms/out; B=/kms/bin
up() { cut -d' ' -f1 /proc/uptime; }
log() { echo "GUEST[$(up)]: $*" | tee -a $O/guest.log; }
shot() { : > $O/$1.req; for i in $(seq 1 600); do [ -e $O/$1.done ] && return 0; sleep 0.1; done; log "$1: no screendump"; }
# Screendumps NAME-1, NAME-2, ... 3 s apart until two in a row are the same to the byte (QMP writes
# the same PNG for the same picture), kept as NAME; at most 60 s. Emulation's frames can be 2 s apart:
# dumps closer than a frame could agree before the last frame is drawn.
settled() { local n name prev=""; for n in $(seq 1 20); do name=$1-$n; shot $name
  if [ -n "$prev" ] && cmp -s $O/$name.png $O/$prev.png; then cp $O/$name.png $O/$1.png; log "$1: settled after $n screendumps"; return 0; fi
  prev=$name; sleep 3; done; log "$1: never settled"; }
waitready() { for i in $(seq 1 600); do [ -e $1 ] && return 0; sleep 0.1; done; return 1; }
# The connector's DPMS as the kernel says it; a command to the screen over the guest's broker.
dpms() { cat /sys/class/drm/card0-Virtual-1/dpms; }
tell() { mosquitto_pub -h 127.0.0.1 -t screens/vm/cmd -m "$1" || log "mosquitto_pub failed"; }
# within NAME SECONDS COMMAND TEXT: waits until COMMAND's output contains TEXT, and logs how long it took
within() {
  local t0=$(up) i
  for i in $(seq 1 $(($2 * 10))); do
    case "$($3)" in *"$4"*) log "$1 in $(echo "$(up) $t0" | awk '{printf "%.1f", $1 - $2}') s: $($3)"; return 0;; esac
    sleep 0.1
  done
  log "$1: not within $2 s: $($3)"
}
mount -t tmpfs tmpfs /run; mkdir -p /dev/pts /dev/shm /run/user/0
mount -t devpts devpts /dev/pts; mount -t tmpfs tmpfs /dev/shm
log "userspace up; kernel $(uname -r)"
modprobe virtio_gpu; for i in $(seq 1 50); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
log "card0: $(ls /dev/dri | tr '\n' ' ') modes: $(head -1 /sys/class/drm/card0-Virtual-1/modes 2>/dev/null)"
export HOME=/root XDG_RUNTIME_DIR=/run/user/0 XDG_STATE_HOME=/run/state XDG_CONFIG_HOME=/run/config
/usr/bin/python3 /kms/notify-listen.py /run/notify.sock $O/notify.log /run/ready &
sleep 0.5
export NOTIFY_SOCKET=/run/notify.sock
