#!/bin/bash
# The desktop widget beside Conky's Lua/cairo rings, in one run under one Xvfb with xcompmgr: six
# gauges (CPU, memory, swap, /, two cores), 1 s updates, a 400x400 ARGB window each. Prints each
# one's share of a core over 60 s and its resident memory, three rounds, alternating.
# Usage: Tests/Bench/widget.sh [rings binary]   (apt-get install conky-all xcompmgr first)
set -eu
rings=$(realpath "${1:-.build/release/rings}")
peer=$(cd "$(dirname "$0")/peers/conky" && pwd)
n=196; Xvfb :$n -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
for _ in $(seq 50); do DISPLAY=:$n xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
DISPLAY=:$n xcompmgr >/dev/null 2>&1 & comp=$!
trap 'kill $comp $xvfb 2>/dev/null' EXIT
sed "s#LUA_FILE#'$peer/rings.lua'#" "$peer/conkyrc" > /tmp/widget-bench.conkyrc.$$
# Nanoseconds every thread of process $1 has run (the scheduler's count: finer than the 10 ms ticks of /proc/PID/stat).
runtime() { cat /proc/$1/task/*/schedstat | awk '{ s += $1 } END { printf "%d", s }'; }
# measure NAME COMMAND...: starts it, lets it settle 5 s, then its CPU over 60 s and its RSS.
measure() {
    local name=$1; shift
    DISPLAY=:$n "$@" >/dev/null 2>&1 & local pid=$!
    sleep 5
    local a b rss
    a=$(runtime $pid); sleep 60; b=$(runtime $pid)
    rss=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
    kill $pid; wait $pid 2>/dev/null || true
    python3 -c "print('%-6s %.3f %% of a core, RSS %.1f MB' % ('$name', ($b-$a)/60e9*100, $rss/1024))"
}
for round in 1 2 3; do
    measure conky conky -c /tmp/widget-bench.conkyrc.$$
    measure rings "$rings" --widget --source cpu,mem,swap,disk:/,cpu:0,cpu:1 --every 1s --size 400x400 --state-file off
done
rm -f /tmp/widget-bench.conkyrc.$$
