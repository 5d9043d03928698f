#!/bin/bash
# How evenly a compositor paces the kiosk's frames: cage's headless output (1280x720, 60 Hz), `rings
# --kiosk --present vsync` native on Wayland, one line into its FIFO starting a 4-second animation of
# every ring, SIGTERM 6 s later; prints each run's --stats line, and the CPU the idle second used.
# Run by hand (as root it runs cage as the tests' unprivileged user rings-kiosk); the figures go to
# docs/kiosk.md.   Tests/Bench/pacing.sh [BINARY] [RUNS]   (.build/release/rings, 3 runs)
set -euo pipefail
BIN=$(readlink -f "${1:-.build/release/rings}")
RUNS=${2:-3}
DIR=$(mktemp -d /tmp/rings-pacing.XXXXXX)
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$DIR"' EXIT
cp "$BIN" "$DIR/rings"
AS=()
if [ "$(id -u)" = 0 ]; then
  id rings-kiosk > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin rings-kiosk
  chown -R rings-kiosk: "$DIR"
  AS=(setpriv --reuid=rings-kiosk --regid=rings-kiosk --clear-groups --)
fi
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
for run in $(seq "$RUNS"); do
  mkfifo "$DIR/feed" && chmod 666 "$DIR/feed"
  # cage starts a shell that runs rings; the shell says rings' pid.
  env -i PATH="$PATH" XDG_RUNTIME_DIR="$DIR" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
    "${AS[@]}" cage -d -- /bin/sh -c "\"$DIR/rings\" --kiosk --present vsync --stats --theme flat --chrome none --feed \"$DIR/feed\" \
      --duration 4 --curve linear --progress 0,0,0 > \"$DIR/stats\" 2> \"$DIR/errors\" & echo \$! > \"$DIR/pid\"; wait" 2> "$DIR/cage.log" &
  for _ in $(seq 100); do [ -s "$DIR/pid" ] && break; sleep 0.1; done
  pid=$(cat "$DIR/pid")
  sleep 1
  echo "1=1 2=1.5 3=0.8" > "$DIR/feed"
  sleep 5
  before=$(ticks "$pid"); sleep 1; after=$(ticks "$pid")
  kill -TERM "$pid"; wait || true
  echo "run $run: $(cat "$DIR/stats"); idle second: $((after - before)) ticks of CPU"
  rm -f "$DIR/feed" "$DIR/pid" "$DIR/stats"
done
