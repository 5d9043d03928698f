#!/bin/bash
# PID 1 of the VM's power run: rings told {"screen": "off"} and "on" over a broker (Mosquitto in the
# guest), first as a console kiosk on KMS/DRM (the connector's DPMS, as sysfs reports it), then in
# Xorg on the same card (X11's DPMS, as `xset q` reports it, and a key pressed on the VM's keyboard
# while off); each time killed while off: the display must come back on, X's DPMS as it was found.
. /kms/common.sh
dpms() { cat /sys/class/drm/card0-Virtual-1/dpms; }
monitor() { xset q | grep -E "DPMS is|Monitor is" | sed 's/^ *//' | tr '\n' ' '; }
# within NAME SECONDS COMMAND TEXT: waits until COMMAND's output contains TEXT, and logs how long it took
within() {
  local t0=$(up) i
  for i in $(seq 1 $(($2 * 10))); do
    case "$($3)" in *"$4"*) log "$1 in $(echo "$(up) $t0" | awk '{printf "%.1f", $1 - $2}') s: $($3)"; return 0;; esac
    sleep 0.1
  done
  log "$1: not within $2 s: $($3)"
}
tell() { mosquitto_pub -h 127.0.0.1 -t screens/vm/cmd -m "$1" || log "mosquitto_pub failed"; }
screen() { # name: rings starts, says READY, shows its frame
  rm -f /run/ready
  $B/rings --kiosk --no-intro --config /kms/power/screen.toml > $O/$1.out 2>&1 &
  P=$!
  if waitready /run/ready; then log "$1: READY"; else log "$1: no READY"; fi
  sleep 2
}

ip link set lo up
modprobe virtio_input; modprobe evdev
# udev, for libinput's sake (it takes only devices udev has seen)
/lib/systemd/systemd-udevd --daemon; udevadm trigger --action=add; udevadm settle --timeout=20
log "input: $(ls /dev/input | tr '\n' ' ')"
/usr/sbin/mosquitto -c /kms/power/mosquitto.conf -d
sleep 0.5

export SDL_VIDEODRIVER=kmsdrm
log "K: dpms before: $(dpms)"
screen K; shot K1
tell '{"screen": "off"}'; within "K: off" 20 dpms Off; shot K2
tell '{"screen": "on"}'; within "K: on" 20 dpms On; sleep 2; shot K3
tell '{"screen": "off"}'; within "K: off again" 20 dpms Off
kill -TERM $P; wait $P; log "K: rings exit $?"
log "K: dpms after: $(dpms)"

export SDL_VIDEODRIVER=x11 DISPLAY=:0
Xorg :0 -config /kms/power/xorg.conf -nolisten tcp -noreset -logfile $O/Xorg.log vt2 > $O/Xorg.out 2>&1 &
X=$!
for i in $(seq 1 300); do xset q > /dev/null 2>&1 && break; sleep 0.1; done
xset s off; xset -dpms
log "X: before: $(monitor)"
screen X; shot X1
tell '{"screen": "off"}'; within "X: off" 20 monitor "Monitor is Off"; log "X: dpms $(dpms)"; shot X2
: > $O/key1.key; sleep 2; log "X: a key pressed while off, 2 s later: $(monitor) dpms $(dpms)"
tell '{"screen": "on"}'; within "X: on" 20 dpms On; log "X: on: $(monitor)"; sleep 2; shot X3
tell '{"screen": "off"}'; within "X: off again" 20 monitor "Monitor is Off"
kill -TERM $P; wait $P; log "X: rings exit $?"
log "X: after: $(monitor) dpms $(dpms)"
kill $X; wait $X
log "done"; sync
echo o > /proc/sysrq-trigger; sleep 30
