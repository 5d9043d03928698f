#!/bin/bash
# Runs one stage of `make test` and says how long it took ("make test: NAME took N s (exit S)"), on
# stdout and in .build/stages.log, which `make test` repeats at its end.
#   Tests/stage.sh NAME COMMAND [ARG]...
name=$1; shift
start=$EPOCHSECONDS
"$@"
status=$?
line="make test: $name took $((EPOCHSECONDS - start)) s (exit $status)"
echo "$line"
mkdir -p .build && echo "$line" >> .build/stages.log
exit $status
