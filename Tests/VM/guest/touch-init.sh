#!/bin/bash
# PID 1 of the VM's touch run: a touch screen made with uinput (touch/uinput-touch.c, a finger as a
# real panel reports it) on console kiosks with touch-controls, the screen 1280x800: upright, a tap on
# the outer ring and a drag along the middle one from 3 to 9 o'clock; a tap that wakes a screen the
# broker turned off. Then turned by 90 (portrait) and 270, each first shown still (its screendump),
# then dragged the same way in the frame's terms; the 270 one without touch-controls. Last, upright
# under Xorg (libinput, X11's touch events). The values as the screen's state on its broker says them.
. /kms/common.sh
percent() { mosquitto_sub -h 127.0.0.1 -t screens/vm/state -C 1 -W 5 | grep -o '"percent":\[[^]]*\]'; }
# gesture WORDS...: the finger does it, and the line returns once it is done
gesture() { local n=$(grep -c done $O/touch.log); echo "$*" >&3
  for i in $(seq 1 300); do [ "$(grep -c done $O/touch.log)" -gt "$n" ] && return 0; sleep 0.1; done; log "gesture $*: not done"; }
# kiosk NAME OPTIONS...: rings starts, says READY, and its screen settles (NAME.png)
kiosk() { local name=$1; shift
  rm -f /run/ready
  $B/rings --kiosk --no-intro --config /kms/touch/touch.toml "$@" > $O/$name.out 2>&1 &
  P=$!
  if waitready /run/ready; then log "$name: READY"; else log "$name: no READY"; fi
  settled $name
  BEFORE=$(percent); log "$name: before: $BEFORE"
}
# changed NAME WHAT: waits until the state's values differ from BEFORE (the kiosk's first) and hold
# for 1.5 s (the state is said at most once a second), and logs them
changed() { local now previous="" i
  for i in $(seq 1 40); do now=$(percent); [ "$now" != "$BEFORE" ] && [ "$now" = "$previous" ] && break; previous=$now; sleep 1.5; done
  log "$1: $2: $now"; }
stop() { kill -TERM $P; wait $P; log "$1: rings exit $?"; }

ip link set lo up
modprobe uinput; modprobe evdev
/lib/systemd/systemd-udevd --daemon
/usr/sbin/mosquitto -c /kms/power/mosquitto.conf -d
mkfifo /run/touch
$B/uinput-touch 1280 800 < /run/touch > $O/touch.log 2> $O/touch.err &
exec 3> /run/touch
for i in $(seq 1 100); do grep -q ready $O/touch.log && break; sleep 0.1; done
udevadm trigger --action=add; udevadm settle --timeout=20
E=$(grep -l 'rings test touch screen' /sys/class/input/event*/device/name | cut -d/ -f5)
log "input: $E $(udevadm info /dev/input/$E 2>/dev/null | grep -o 'ID_INPUT_TOUCHSCREEN=1')"
export SDL_VIDEODRIVER=kmsdrm

# Upright. The rings' centre is the screen's, the middle ring's band about 230 px from it. No gesture
# starts where the one before it ended, in x or in y: SDL 2.26 reads a touch screen's last position
# only for a finger that is down when it opens the device, and the kernel does not repeat a value
# that has not changed, so a new kiosk would place such a touch at 0.
kiosk R0
gesture tap $((640 + 216)) $((400 - 216))
gesture arc 640 400 230 90 270 24
changed R0 "after a tap on the outer ring and a drag on the middle one"
tell '{"screen": "off"}'; within "R0: off" 20 dpms Off
gesture arc 640 400 230 200 300 12
within "R0: a drag wakes it" 20 dpms On
log "R0: woken: $(percent)"
within "R0: off again after 5 s" 30 dpms Off
stop R0

# On its side, clockwise: the frame's 12 o'clock is the screen's 3 o'clock.
kiosk R90 --rotate 90
gesture arc 640 400 230 180 360 24
changed R90 "after the drag"
stop R90

# Turned by 270, without touch-controls: the drag changes nothing; a tap on the dark screen, after it, wakes it.
kiosk R270 --rotate 270 --no-touch-controls
gesture arc 640 400 235 10 170 24
tell '{"screen": "off"}'; within "R270: off" 20 dpms Off
gesture tap 640 400
within "R270: a tap wakes it" 20 dpms On
log "R270: after the drag: $(percent)"
# Stopped once it is dark and still again, as R0 is: a SIGTERM while it eases in or out has rings
# finish a frame first, which under emulation on a busy machine can outlast its 0.9 s grace.
within "R270: off again after 5 s" 30 dpms Off
stop R270

# Under Xorg on the same card, the touch screen through libinput: X11's touch events, as SDL 2.26
# takes them with its mouse emulation off.
export SDL_VIDEODRIVER=x11 DISPLAY=:0
Xorg :0 -config /kms/power/xorg.conf -nolisten tcp -noreset -logfile $O/Xorg.log vt2 > $O/Xorg.out 2>&1 &
X=$!
for i in $(seq 1 300); do xset q > /dev/null 2>&1 && break; sleep 0.1; done
xset s off; xset -dpms
kiosk X0
gesture arc 640 400 228 260 80 24
changed X0 "after the drag"
stop X0
kill $X; wait $X
exec 3>&-
log "done"; sync
echo o > /proc/sysrq-trigger; sleep 30
