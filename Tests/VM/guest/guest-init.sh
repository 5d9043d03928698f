#!/bin/bash
# PID 1 of the VM's kms run (after the initramfs assembled the root): rings as a console kiosk on
# KMS/DRM, A and C with static values, B and D fed through a FIFO, A and B with --present auto, C and
# D with vsync. Each asks the host for a screendump (/kms/out/NAME.req), records --stats and the
# notify messages, then the VM powers off.
O=/kms/out; B=/kms/bin
up() { cut -d' ' -f1 /proc/uptime; }
log() { echo "GUEST[$(up)]: $*" | tee -a $O/guest.log; }
shot() { : > $O/$1.req; for i in $(seq 1 600); do [ -e $O/$1.done ] && return 0; sleep 0.1; done; log "$1: no screendump"; }
waitready() { for i in $(seq 1 600); do [ -e $1 ] && return 0; sleep 0.1; done; return 1; }
mount -t tmpfs tmpfs /run; mkdir -p /dev/pts /dev/shm /run/user/0
mount -t devpts devpts /dev/pts; mount -t tmpfs tmpfs /dev/shm
log "userspace up; kernel $(uname -r)"
modprobe virtio_gpu; for i in $(seq 1 50); do [ -e /dev/dri/card0 ] && break; sleep 0.1; done
log "card0: $(ls /dev/dri | tr '\n' ' ') modes: $(head -1 /sys/class/drm/card0-Virtual-1/modes 2>/dev/null)"
export HOME=/root XDG_RUNTIME_DIR=/run/user/0 XDG_STATE_HOME=/run/state XDG_CONFIG_HOME=/run/config SDL_VIDEODRIVER=kmsdrm
/usr/bin/python3 /kms/notify-listen.py /run/notify.sock $O/notify.log /run/ready &
sleep 0.5
export NOTIFY_SOCKET=/run/notify.sock

static() { # name present
  log "$1: start rings --present $2"
  $B/rings --kiosk --theme flat --chrome none --progress 0.25,0.5,0.75 --present $2 --stats > $O/$1.out 2>&1 &
  P=$!
  if waitready /run/ready; then log "$1: READY"; else log "$1: no READY"; fi
  sleep 3                       # the intro (1 s of animation) ends
  shot $1
  kill -TERM $P; wait $P; log "$1: rings exit $?"; rm -f /run/ready
}
feed() { # name present
  rm -f /run/feed; mkfifo /run/feed
  log "$1: start rings --present $2"
  $B/rings --kiosk --theme flat --chrome none --progress 0.25,0.5,0.75 --no-intro --duration 4 --feed /run/feed --present $2 --stats > $O/$1.out 2>&1 &
  P=$!
  exec 3<>/run/feed
  if waitready /run/ready; then log "$1: READY"; else log "$1: no READY"; fi
  sleep 1
  log "$1: feed"; echo "1=0.9 2=1.7 3=0.6" >&3
  sleep 4.5
  shot $1
  kill -TERM $P; wait $P; log "$1: rings exit $?"; rm -f /run/ready
  exec 3>&-
}
static A auto; feed B auto; static C vsync; feed D vsync
log "done"; sync
echo o > /proc/sysrq-trigger; sleep 30
