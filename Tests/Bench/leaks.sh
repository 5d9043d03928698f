#!/bin/bash
# The kiosk under LeakSanitizer: rings built with the address sanitizer (`make leaks` builds it
# and runs this), under Xvfb, fed for MINUTES (10 unless told) by a FIFO (a line every 50 ms) and by
# a Mosquitto broker on loopback (every 10 s a burst of 1,000 messages, one in five garbage, on the
# shared topic and on a ring's own), then ended by Ctrl+Alt+Q. LeakSanitizer's report at its end is
# summed: what was definitely lost where rings' own code (Sources/) allocated it, and what was
# lost where a library did; the whole report is kept in /tmp/rings-leaks-report.txt.
# Exit 1 when rings' own code lost anything, or when LeakSanitizer gave no report.
#   Tests/Bench/leaks.sh RINGS-BUILT-WITH-ASAN [MINUTES]
set -u
rings=$(realpath "${1:?an address-sanitized rings}"); minutes=${2:-10}
sources=$(cd "$(dirname "$0")/../.." && pwd)/Sources/
work=$(mktemp -d /tmp/rings-leaks.XXXXXX)
n=$((100 + RANDOM % 100)) port=$((20000 + RANDOM % 20000))
Xvfb :$n -screen 0 1280x720x24 -nolisten tcp > "$work/xvfb.log" 2>&1 & xvfb=$!
printf 'listener %s 127.0.0.1\nallow_anonymous true\n' "$port" > "$work/mosquitto.conf"
mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 & broker=$!
trap 'kill $xvfb $broker $feeder 2>/dev/null; rm -rf "$work"' EXIT
feeder=
for _ in $(seq 100); do DISPLAY=:$n xdpyinfo > /dev/null 2>&1 && break; sleep 0.1; done
mkfifo "$work/feed"
cat > "$work/kiosk.toml" <<TOML
kiosk = true
chrome = "full"
feed = "$work/feed"
state-file = "$work/state.json"
[[ring]]
name = "Move"
[[ring]]
name = "运动"
[[ring]]
name = "التمارين"
[mqtt]
url = "mqtt://127.0.0.1:$port"
topic = ["fleet/rings", "fleet/rings/+"]
client-id = "leaks"
status-topic = "screens/leaks"
discovery = true
TOML
export ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0:malloc_context_size=30
DISPLAY=:$n SWIFT_BACKTRACE=enable=no "$rings" --config "$work/kiosk.toml" --size 640x400 \
  > "$work/rings.out" 2> "$work/rings.err" & pid=$!
# The feed: a line every 50 ms, now and then one that is not a value.
( i=0; while :; do i=$((i + 1)); if [ $((i % 7)) = 0 ]; then echo "garbage $i"; else
    echo "$((i % 3 + 1))=$((i % 150))%"; fi; sleep 0.05; done > "$work/feed" ) & feeder=$!
end=$((SECONDS + minutes * 60)); bursts=0
while [ $SECONDS -lt $end ] && kill -0 $pid 2>/dev/null; do
  awk -v b=$bursts 'BEGIN { for (i = 0; i < 1000; i++)
    print (i % 5 == 4) ? "{\"not\": json" : ((i % 3) + 1) "=" ((i + b) % 140) "%" }' > "$work/burst.txt"
  mosquitto_pub -p "$port" -q 1 -t fleet/rings -l < "$work/burst.txt"
  mosquitto_pub -p "$port" -q 1 -t fleet/rings/Move -m "0.$((bursts % 10))"
  bursts=$((bursts + 1))
  sleep 10
done
# Ended as a person ends a kiosk, by Ctrl+Alt+Q (XTEST): a SIGTERM gives a quit 0.9 s, which
# LeakSanitizer's check at the end outlasts.
DISPLAY=:$n xdotool mousemove 20 20 key ctrl+alt+q
for _ in $(seq 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill -0 $pid 2>/dev/null && { echo "leaks: rings did not end on Ctrl+Alt+Q; SIGTERM"; kill -TERM $pid; }
wait $pid; status=$?
report=/tmp/rings-leaks-report.txt
cp "$work/rings.err" "$report"
# Whose loss each is: the first frame past the allocator and the Swift runtime (and the standard
# library's code specialised into rings) that is rings' own (Sources/) or a library's (a .so of
# the system); one decided by neither counts as rings' own.
lost=$(awk -v src="$sources" -v runtime='libswift|libFoundation|libdispatch|libstdc\+\+|libBlocksRuntime' '
  /^(Direct|Indirect) leak of/ { kind = $1; bytes = $4; whose = ""; next }
  /^    #[0-9]+ / && whose == "" {
    if (index($0, src)) whose = "own"
    else if ($0 ~ /\((\/usr)?\/lib\// && $0 !~ runtime) whose = "lib"
    next
  }
  /^$/ && kind != "" {
    if (kind == "Direct") { if (whose == "lib") l += bytes; else o += bytes }
    kind = ""
  }
  END { printf "%d %d", o, l }' "$report")
echo "leaks: ${minutes} min, $bursts bursts of 1,000 messages, rings exit $status (1: leaks reported);" \
  "definitely lost by rings' own code: ${lost% *} bytes; by libraries: ${lost#* } bytes"
grep -E "^SUMMARY" "$report" | head -n 2
if ! grep -q "LeakSanitizer" "$report"; then
  echo "leaks: no report from LeakSanitizer (rings said:)"; tail -n 5 "$report"; exit 1
fi
[ "${lost% *}" = 0 ] || { grep -A 30 "Direct leak" "$report" | head -n 90; exit 1; }
