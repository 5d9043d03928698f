#!/bin/bash
# PID 1 of the VM's power run: rings told {"screen": "off"} and "on" over a broker (Mosquitto in the
# guest), first as a console kiosk on KMS/DRM (the connector's DPMS, as sysfs reports it), then in
# Xorg on the same card (X11's DPMS, as `xset q` reports it, and a key pressed on the VM's keyboard
# while off); each time killed while off: the display must come back on, X's DPMS as it was found.
. /kms/common.sh
monitor() { xset q | grep -E "DPMS is|Monitor is" | sed 's/^ *//' | tr '\n' ' '; }
screen() { # name [config [options...]]: rings starts, says READY, shows its frame
  local name=$1 config=${2:-screen}; shift; shift
  rm -f /run/ready
  $B/rings --kiosk --no-intro --config /kms/power/$config.toml "$@" > $O/$name.out 2>&1 &
  P=$!
  if waitready /run/ready; then log "$name: READY"; else log "$name: no READY"; fi
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

# The TV: cec0 is vivid's HDMI input, claimed as the TV; cec1 and cec2 its outputs. rings takes
# cec1 by itself; cec2, a second playback device, asks the TV its power status.
export SDL_VIDEODRIVER=kmsdrm; unset DISPLAY
modprobe vivid n_devs=1 num_outputs=2 output_types=0x3 || log "C: no vivid"
for i in $(seq 1 50); do [ -e /dev/cec2 ] && break; sleep 0.1; done
cec-ctl -d0 --tv > $O/cec-tv.txt 2>&1; cec-ctl -d2 --playback > $O/cec-reader.txt 2>&1
cec-follower -d0 -v > $O/follower.log 2>&1 &
F=$!
tv() { cec-ctl -d2 --to 0 --give-device-power-status 2>&1 | grep -o 'pwr-state: [a-z-]*'; }
within "C: the TV follows" 20 tv "pwr-state: on"
log "C: check-config: $($B/rings check-config /kms/power/tv.toml 2>&1)"
# At noon, on; then the clock is set to ten seconds before 23:00 (the schedule is read every 15 s).
date -s "2026-11-28 12:00:00" > /dev/null
screen C tv; shot C1
date -s "2026-11-28 22:59:50" > /dev/null
within "C: 23:00 standby" 40 tv "pwr-state: standby"; log "C: dpms at standby: $(dpms)"
date -s "2026-11-29 06:59:55" > /dev/null
within "C: 07:00 on" 40 tv "pwr-state: on"; settled C2
log "C: state: $(mosquitto_sub -h 127.0.0.1 -t screens/vm/state -C 1 -W 10)"
tell '{"screen": "off"}'; within "C: off" 20 tv "pwr-state: standby"
tell '{"screen": "on"}'; within "C: on" 20 tv "pwr-state: on"
tell '{"screen": "off"}'; within "C: off again" 20 tv "pwr-state: standby"
kill -TERM $P; wait $P; log "C: rings exit $?"
within "C: killed while off, on" 20 tv "pwr-state: on"
# A TV that does not answer: its address given up, Standby is not acknowledged (the adapter named,
# as the TV's own, unclaimed now, would be taken first).
cec-ctl -d0 --clear >> $O/cec-tv.txt 2>&1
screen D tv --cec /dev/cec1
tell '{"screen": "off"}'; within "D: off by DPMS" 20 dpms Off
tell '{"screen": "on"}'; within "D: on by DPMS" 20 dpms On
tell '{"screen": "off"}'; within "D: off by DPMS again" 20 dpms Off
tell '{"screen": "on"}'; within "D: on by DPMS again" 20 dpms On; settled D1
kill -TERM $P; wait $P; log "D: rings exit $?"
kill $F

U=/run/user/65534; mkdir -p $U; chown nobody $U; chmod 700 $U; chmod 666 /run/notify.sock
# A command as nobody (setpriv and env exec it: `$!` is its own process id).
AS_NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH=/usr/bin:/bin HOME=$U XDG_RUNTIME_DIR=$U)
seatd -u nobody > $O/seatd.log 2>&1 &
SEATD=$!
for i in $(seq 1 50); do [ -e /run/seatd.sock ] && break; sleep 0.1; done
"${AS_NOBODY[@]}" LIBSEAT_BACKEND=seatd WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 SWAYSOCK=$U/sway.sock sway -c /kms/power/sway.config > $O/sway.log 2>&1 &
S=$!
sway_output() { "${AS_NOBODY[@]}" SWAYSOCK=$U/sway.sock swaymsg -t get_outputs -r 2>&1 | grep -o '"dpms": [a-z]*'; }
within "W: sway" 60 sway_output '"dpms": true'
date -s "2026-11-28 12:00:00" > /dev/null
rm -f /run/ready
"${AS_NOBODY[@]}" WAYLAND_DISPLAY=wayland-1 SDL_VIDEODRIVER=wayland NOTIFY_SOCKET=/run/notify.sock XDG_STATE_HOME=$U \
  $B/rings --kiosk --no-intro --config /kms/power/tv.toml --cec off > $O/W.out 2>&1 &
P=$!
if waitready /run/ready; then log "W: READY"; else log "W: no READY"; fi
sleep 2; shot W1
date -s "2026-11-28 22:59:50" > /dev/null
within "W: 23:00 off" 40 sway_output '"dpms": false'; log "W: connector at 23:00: $(dpms)"
date -s "2026-11-29 06:59:55" > /dev/null
within "W: 07:00 on" 40 sway_output '"dpms": true'; settled W2
tell '{"screen": "off"}'; within "W: off" 20 sway_output '"dpms": false'; log "W: connector off: $(dpms)"
tell '{"screen": "on"}'; within "W: on" 20 sway_output '"dpms": true'; log "W: connector on: $(dpms)"
tell '{"screen": "off"}'; within "W: off again" 20 sway_output '"dpms": false'
kill -TERM $P; wait $P; log "W: rings exit $?"
within "W: killed while off, on" 20 sway_output '"dpms": true'
kill $S $SEATD
log "done"; sync
echo o > /proc/sysrq-trigger; sleep 30
