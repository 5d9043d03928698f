#!/bin/bash
# Runs one stage of `make test` and says how long it took and how busy the machine's cores were
# meanwhile ("make test: NAME took N s (exit S; cores 71 % busy)"), on stdout and in
# .build/stages.log, which `make test` repeats at its end.
#   Tests/stage.sh NAME COMMAND [ARG]...
name=$1; shift
# The cores' busy and idle time so far (/proc/stat's first line: idle and iowait count as idle).
cpu() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }
start=$EPOCHSECONDS; before=$(cpu)
"$@"
status=$?
busy=$(echo "$before $(cpu)" | awk '{ b = $3 - $1; i = $4 - $2; printf "%d", (b + i > 0) ? 100 * b / (b + i) : 0 }')
line="make test: $name took $((EPOCHSECONDS - start)) s (exit $status; cores $busy % busy)"
echo "$line"
mkdir -p .build && echo "$line" >> .build/stages.log
exit $status
