#!/bin/bash
# The test driver under systemd: the kiosk unit fed, stopped (the watchdog restarts it), killed
# (Restart= restarts it), reloaded with other colours, turned off by a broker command and on by a key; a screendump after each step, the unit's
# state and times (seconds of uptime) in /kms/out/sd-test.log, the journal beside it; then poweroff.
O=/kms/out; U=rings-kiosk.service
up() { cut -d' ' -f1 /proc/uptime; }
log() { echo "TEST[$(up)]: $*" | tee -a $O/sd-test.log; }
shot() { : > $O/$1.req; for i in $(seq 1 600); do [ -e $O/$1.done ] && return 0; sleep 0.1; done; log "$1: no screendump"; }
# Screendumps 3 s apart until two in a row are the same to the byte, kept as $1 (as common.sh's).
settled() { local n name prev=""; for n in $(seq 1 20); do name=$1-$n; shot $name
  if [ -n "$prev" ] && cmp -s $O/$name.png $O/$prev.png; then cp $O/$name.png $O/$1.png; log "$1: settled after $n screendumps"; return 0; fi
  prev=$name; sleep 3; done; log "$1: never settled"; }
show() { systemctl show $U -p ActiveState,SubState,MainPID,NRestarts,Result,StatusText | tr '\n' ' '; }
pid() { systemctl show $U -p MainPID --value; }
active() { [ "$(systemctl is-active $U)" = active ]; }
feed() { timeout 20 sh -c "echo '$1' > /var/lib/rings-feed" || log "feed: nobody read '$1'"; }
# Waits until the unit runs a process other than $1 and is active (READY=1: its first frame is shown).
back() { for i in $(seq 1 1200); do Q=$(pid); [ "$Q" != "$1" ] && [ "$Q" != 0 ] && active && return 0; sleep 0.05; done; return 1; }
for i in $(seq 1 1200); do active && break; sleep 0.1; done
log "started: $(show)"
feed "1=0.25 2=0.5 3=0.75"
for i in $(seq 1 300); do show | grep -q "3 of 3 rings" && break; sleep 0.1; done
log "fed: $(show)"
settled S1
P=$(pid); T=$(up); kill -STOP $P; log "SIGSTOP $P"
if back $P; then log "back after SIGSTOP in $(awk "BEGIN{print $(up) - $T}") s: $(show)"; else log "not back after SIGSTOP: $(show)"; fi
settled S2
feed "1=0.9 2=1.7 3=0.6"; sleep 1
settled S3
cp /kms/sd/kiosk-reloaded.toml /etc/rings/kiosk.toml.new && mv /etc/rings/kiosk.toml.new /etc/rings/kiosk.toml
systemctl reload $U; log "reloaded: $(show)"
sleep 1; settled S4
# The broker and the keyboard through the unit's hardening: off by a command, on by a key (wake-on-input).
state() { timeout 5 mosquitto_sub -h 127.0.0.1 -t screens/vm/state -C 1 2> /dev/null; }
until_state() { for i in $(seq 1 150); do state | grep -q "$1" && return 0; sleep 0.2; done; return 1; }
mosquitto_pub -h 127.0.0.1 -t screens/vm/cmd -m '{"screen": "off"}' || log "mosquitto_pub failed"
if until_state '"screen":"off"'; then log "off by MQTT: $(state)"; else log "not off by MQTT: $(state)"; fi
: > $O/wake.key; for i in $(seq 1 300); do [ -e $O/wake.done ] && break; sleep 0.1; done
if until_state '"screen":"on"'; then log "on by a key: $(state)"; else log "not on by a key: $(state)"; fi
P=$(pid); T=$(up); kill -KILL $P; log "SIGKILL $P"
if back $P; then log "back after SIGKILL in $(awk "BEGIN{print $(up) - $T}") s: $(show)"; else log "not back after SIGKILL: $(show)"; fi
settled S5
ls -ld /var/lib/rings >> $O/sd-test.log 2>&1; ls -l /var/lib/rings/ >> $O/sd-test.log 2>&1
systemd-analyze security rings-kiosk.service > $O/security.txt 2>&1
journalctl -b -o short-monotonic -u $U > $O/journal-rings.txt
journalctl -b -o short-monotonic > $O/journal-all.txt
log "done"; sync
systemctl poweroff
