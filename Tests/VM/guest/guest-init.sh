#!/bin/bash
# PID 1 of the VM's kms run (after the initramfs assembled the root): rings as a console kiosk on
# KMS/DRM, A and C with static values, B and D fed through a FIFO, A and B with --present auto (page
# flips), C and D with surface (drawn straight into the one buffer shown). Each asks the host for a screendump (/kms/out/NAME.req), records --stats and the
# notify messages, then the VM powers off.
. /kms/common.sh
export SDL_VIDEODRIVER=kmsdrm

static() { # name present
  log "$1: start rings --present $2"
  $B/rings --kiosk --theme flat --chrome none --progress 0.25,0.5,0.75 --present $2 --stats > $O/$1.out 2>&1 &
  P=$!
  if waitready /run/ready; then log "$1: READY"; else log "$1: no READY"; fi
  sleep 1                       # the intro's 1 s of animation, at least; then until the screen is still
  settled $1
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
  sleep 4                       # the 4 s of animation, at least; then until the screen is still
  settled $1
  kill -TERM $P; wait $P; log "$1: rings exit $?"; rm -f /run/ready
  exec 3>&-
}
static A auto; feed B auto; static C surface; feed D surface
log "done"; sync
echo o > /proc/sysrq-trigger; sleep 30
