#!/bin/bash
# The test driver on the pristine machine (a service that starts once the machine is up, as an admin
# who logs in): the package is installed (pristine-install.sh did `apt install ./rings_*.deb` in the
# image); this does what docs/service.md says, step by step, then what the tests check of it:
#   the kiosk unit enabled and started (READY=1), fed, a screendump (P1); the watchdog restarting a
#   SIGSTOPped rings (P2, its values remembered, stale); fresh values (P3); the package in /kms/debs
#   installed over it while the unit runs (the unit restarted on the new binary, its values kept:
#   P4); `apt-get remove`, then `apt-get purge`, and what is left after each.
# Every step's command, exit status and output go to /kms/out/pristine.log, as "TEST[uptime]: ..."
# lines the host's test reads; the journal beside it; then poweroff.
O=/kms/out; U=rings-kiosk.service; P=/kms/pristine
up() { cut -d' ' -f1 /proc/uptime; }
log() { echo "TEST[$(up)]: $*" | tee -a $O/pristine.log; }
# Runs a command as the admin would, logging it, its exit status and what it said.
run() {
  local out rc; out=$("$@" 2>&1); rc=$?; out=${out//$'\r'/$'\n'}
  log "\$ $* -> exit $rc"
  [ -n "$out" ] && echo "$out" | sed 's/^/    /' >> $O/pristine.log
  return $rc
}
elapsed() { awk -v a="$1" -v b="$(up)" 'BEGIN { printf "%.1f", b - a }'; }
show() { systemctl show $U -p ActiveState,SubState,MainPID,NRestarts,Result,StatusText | tr '\n' ' '; }
pid() { systemctl show $U -p MainPID --value; }
active() { [ "$(systemctl is-active $U)" = active ]; }
now() { local u _; read -r u _ < /proc/uptime; echo "${u%.*}"; }
# Waits (at most $1 s of the guest's clock) for a condition: the rest of the line, a command.
until_() { local end=$(( $(now) + $1 )); shift; while :; do "$@" && return 0; [ "$(now)" -ge $end ] && return 1; sleep 0.2; done; }
feed() { timeout 60 sh -c "echo '$1' > /var/lib/rings-feed" || log "feed: nobody read '$1'"; }
values() { systemctl show $U -p StatusText --value | grep -q "^3 of 3 rings with values"; }
# The unit runs a process other than $1 and is active (READY=1: its first frame is shown).
back() { local q a; read -r q a <<< "$(systemctl show $U -p MainPID,ActiveState --value | tr '\n' ' ')"; [ "$q" != "$1" ] && [ "$q" != 0 ] && [ "$a" = active ]; }
# The screendump the host makes of NAME.req (qmp-shots.py).
shot() { : > $O/$1.req; until_ 120 [ -e $O/$1.done ] || { log "$1: no screendump"; return 1; }; rm -f $O/$1.req $O/$1.done; }
# Screendumps until the same picture has shown for 3 s (emulation's frames can be 2 s apart: dumps
# closer than that could agree before the last frame), at most 40; that picture is NAME.png.
settle() {
  local n prev= since done=0 t; t=$(up)
  for n in $(seq 1 40); do
    shot "$1-$n" || return 1
    if [ -n "$prev" ] && cmp -s "$O/$prev.png" "$O/$1-$n.png"; then
      rm -f "$O/$prev.png"; prev=$1-$n
      awk -v a="$since" -v b="$(up)" 'BEGIN { exit !(b - a >= 3) }' && { done=1; break; }
    else
      [ -n "$prev" ] && rm -f "$O/$prev.png"; prev=$1-$n; since=$(up)
    fi
    sleep 0.5
  done
  mv "$O/$prev.png" "$O/$1.png"
  if [ $done = 1 ]; then log "$1: settled after $n screendumps in $(elapsed $t) s"; else log "$1: not settled after $n screendumps"; fi
}
# The processes running a rings binary (procps is not on a minbase machine): "PID:EXE ...".
ringsProcesses() { local p e; for p in /proc/[0-9]*; do e=$(readlink $p/exe 2> /dev/null) && case $e in */rings*) echo -n "${p#/proc/}:$e ";; esac; done; }
# What is left of rings: the package's own files and folders (its list from before), the user and
# group, the state folder, the unit's links, and anything named *rings* on the machine.
leftovers() {
  local f
  log "$1: package files left: $(while read -r f; do [ -e "$f" ] && { [ ! -d "$f" ] || case $f in *rings*) true;; *) false;; esac; } && echo -n "$f "; done < $O/package-files.txt)"
  log "$1: user: $(getent passwd rings) group: $(getent group rings)"
  log "$1: /var/lib/rings: $(ls -A /var/lib/rings 2>&1 | tr '\n' ' ')"
  log "$1: /etc/rings: $(ls -A /etc/rings 2>&1 | tr '\n' ' ')"
  log "$1: unit links: $(find /etc/systemd /usr/lib/systemd /run/systemd/generator* -name 'rings*' 2> /dev/null | tr '\n' ' ')"
  log "$1: named rings: $(find /etc /var /opt /srv /root /home /usr/local \( -name rings -o -name 'rings[-._]*' \) -print 2> /dev/null | tr '\n' ' ')"
  log "$1: unit: $(systemctl show $U -p LoadState,ActiveState,UnitFileState | tr '\n' ' ') processes: $(ringsProcesses)"
}

log "up: $(. /etc/os-release && echo "$PRETTY_NAME"); kernel $(uname -r); $(systemctl --version | head -1); PID 1 $(readlink /proc/1/exe); $(systemctl is-system-running)"
log "package: $(dpkg-query -W -f '${Package} ${Version} ${Status}' rings 2>&1); SDL $(dpkg-query -W -f '${Version} ' 'libsdl2-2.0-0*' 2>&1)"
# (udev loads the GPU's driver as the machine comes up: on an emulated arm64 one, after this starts.)
until_ 60 [ -e /dev/dri/card0 ]; log "card: $(ls /dev/dri 2>&1 | tr '\n' ' ')"

# docs/service.md as the package installed it, "Installing and starting it": each command of its
# example in turn, as the admin types it, from the folder that has their config (my-kiosk.toml):
# sudo left out (this is root), comments dropped, `journalctl -f` watched for 5 s. Whatever the doc
# says (the config, checked; a user, if it says to make one; the unit enabled and started) is done.
# The FIFO the config names is the test's own source of values, made first.
run mkfifo -m 644 /var/lib/rings-feed
DOC=/usr/share/doc/rings/docs/service.md
mkdir -p /root/kiosk && cp $P/kiosk.toml /root/kiosk/my-kiosk.toml
# (The section's first code block: the lines indented by four spaces, up to the next paragraph.)
awk '/^## Installing and starting it/ { f = 1; next } f && /^    [^ ]/ { print; c = 1; next } f && c && NF && !/^    / { exit }' $DOC 2>&1 \
  | sed 's/[[:space:]]*#.*$//; s/^[[:space:]]*//; s/\bsudo //g' > $O/doc-steps.txt
log "docs/service.md: $(grep -c . $O/doc-steps.txt) commands from $DOC"
while IFS= read -r step; do
  case $step in *" -f"|*" -f "*) limit=5;; *) limit=300;; esac
  T=$(up); out=$(cd /root/kiosk && timeout $limit bash -c "$step" < /dev/null 2>&1); rc=$?
  log "doc \$ $step -> exit $rc in $(elapsed $T) s"
  [ -n "$out" ] && echo "${out//$'\r'/$'\n'}" | sed 's/^/    /' >> $O/pristine.log
done < $O/doc-steps.txt
log "after the doc: $(show)$(systemctl show $U -p ExecMainCode,ExecMainStatus | tr '\n' ' ')"
log "the unit's user: $(id rings 2>&1)"
until_ 120 active; log "started: $(show)"

feed "1=0.25 2=0.5 3=0.75"
until_ 60 values; log "fed: $(show)"
settle P1

# The watchdog: a stopped rings says no WATCHDOG=1; systemd kills it (SIGABRT) and starts it again.
OLD=$(pid); T=$(up); kill -STOP "$OLD"; log "SIGSTOP $OLD"
if until_ 120 back "$OLD"; then log "back after SIGSTOP in $(elapsed $T) s: $(show)"; else log "not back after SIGSTOP: $(show)"; fi
settle P2
feed "1=0.9 2=1.7 3=0.6"
until_ 60 values; log "fed again: $(show)"
settle P3
log "state before the upgrade: $(ls -l --time-style=+%s /var/lib/rings 2>&1 | tail -n +2 | tr '\n' ' ')"

# An upgrade while the unit runs, as the README installs: apt with the new package's file.
dpkg -L rings > $O/package-files.txt
OLD=$(pid); OLDEXE=$(readlink /proc/$OLD/exe); T=$(up)
log "before the upgrade: $(dpkg-query -W -f '${Version}' rings) MainPID $OLD exe $OLDEXE inode $(stat -L -c %i /proc/$OLD/exe)"
NEW=$(ls /kms/debs/*.deb | head -1)
( cd /kms/debs && run apt-get install -y "./$(basename "$NEW")" )
log "apt-get install returned in $(elapsed $T) s"
# (A postinst restarts the unit before apt returns; a little longer for one that does it later.)
if until_ 15 back "$OLD"; then log "upgrade's restart: in $(elapsed $T) s: $(show)"; else log "upgrade's restart: none: $(show)"; fi
Q=$(pid)
log "upgraded: $(dpkg-query -W -f '${Version}' rings) MainPID $Q exe $(readlink /proc/$Q/exe) inode $(stat -L -c %i /proc/$Q/exe 2>&1) /usr/bin/rings inode $(stat -c %i /usr/bin/rings) old process: $(readlink /proc/$OLD/exe 2>&1 || echo gone)"
settle P4
log "state after the upgrade: $(ls -l --time-style=+%s /var/lib/rings 2>&1 | tail -n +2 | tr '\n' ' ')"

# Removed (the kiosk stops first, says the package), then purged.
T=$(up)
run apt-get remove -y rings
log "remove returned in $(elapsed $T) s"
until_ 20 sh -c "! systemctl -q is-active $U"
leftovers "after remove"
run apt-get purge -y rings
leftovers "after purge"
run systemctl daemon-reload
log "after purge and daemon-reload: $(systemctl show $U -p LoadState,ActiveState | tr '\n' ' ')"

journalctl -b -o short-monotonic -u $U > $O/journal-rings.txt
journalctl -b -o short-monotonic > $O/journal-all.txt
log "done"; sync
systemctl poweroff
