#!/bin/bash
# Median ms per frame of cairo drawing the reference scene (docs/scene.md, default values), the fastest
# CPU peer measured so far, pinned to one core, single-threaded: 5 warm-up frames, then FRAMES frames.
# Prints only the number. Builds the peer (and installs libcairo2-dev) when needed.
# Usage: bench_cairo.sh WxH FRAMES   (env CPU = core to pin, default 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 WxH FRAMES" >&2; exit 2; }
size=$1 frames=$2
[[ $size =~ ^[1-9][0-9]*x[1-9][0-9]*$ && $frames =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 WxH FRAMES" >&2; exit 2; }
cpu=${CPU:-1}
taskset -c "$cpu" true 2>/dev/null || cpu=0
bin=${TMPDIR:-/tmp}/rings-peer-cairo
if [ ! -x "$bin" ] || [ "$here/peer_cairo.c" -nt "$bin" ]; then
  dpkg -s libcairo2-dev >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq libcairo2-dev pkg-config; } >&2
  gcc -O2 -o "$bin" "$here/peer_cairo.c" $(pkg-config --cflags --libs cairo) -lm >&2
fi
line=$(taskset -c "$cpu" "$bin" segments "$size" "$frames" 5)
ms=$(sed -n 's/.*"median_ms": *\([0-9.][0-9.]*\).*/\1/p' <<<"$line")
[ -n "$ms" ] || { echo "no median_ms in: $line" >&2; exit 1; }
echo "$ms"
