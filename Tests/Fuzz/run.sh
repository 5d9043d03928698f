#!/bin/bash
# Runs one fuzz target (`make fuzz` builds them: Tests/Fuzz) for SECONDS, from its kept corpus
# (Tests/Fuzz/Corpus/NAME, read only) and what earlier runs here found (WORK/corpus/NAME). A crash,
# a broken assertion, a run over 1 s (5 s for FuzzShaping) or memory past the limit stops it, with the input kept in
# WORK/crashes; the run's figures are said in one line. SECONDS `corpus` runs each kept input once
# and tries nothing new.
#   Tests/Fuzz/run.sh BINARIES WORK NAME SECONDS|corpus [LIBFUZZER-OPTION]...
set -uo pipefail
BIN=${1:?the folder of the built fuzz targets}; WORK=${2:?a work folder}; NAME=${3:?a fuzz target}
SECONDS_GIVEN=${4:?seconds}; shift 4
D=$(cd "$(dirname "$0")" && pwd)
kept=$D/Corpus/$NAME found=$WORK/corpus/$NAME log=$WORK/$NAME.log
[ -x "$BIN/$NAME" ] || { echo "fuzz: no $BIN/$NAME (make fuzz builds it)" >&2; exit 2; }
[ -d "$kept" ] || { echo "fuzz: $NAME has no kept corpus ($kept)" >&2; exit 2; }
# libFuzzer's time limit is the wall clock's: a kept input replayed beside other suites on a busy
# machine may wait its turn for a second, so there it is 10 s (a hang still stops it).
if [ "$SECONDS_GIVEN" = corpus ]; then
  found=$WORK/replay/$NAME; rm -rf "$found"; run=(-runs=0 -timeout=10)
else
  run=(-max_total_time="$SECONDS_GIVEN" -timeout=1)
fi
mkdir -p "$found" "$WORK/crashes" || exit 2
# What fontconfig allocates for the fallback fonts a new character needs, it keeps where
# LeakSanitizer cannot see it: shaping is not checked for leaks (its memory is: the RSS limit).
leaks=1
[ "$NAME" = FuzzShaping ] && leaks=0
# Shaping makes Pango's font map anew past 8,192 characters laid out; freeing the old one frees
# thousands of fontconfig patterns, each of which the address sanitizer records a stack for: over
# 1 s with four fuzzers on two cores (an hour's run found it). A hang is still one past 5 s.
[ "$NAME" = FuzzShaping ] && [ "$SECONDS_GIVEN" != corpus ] && run+=(-timeout=5)
# The Swift runtime's own backtracer waits for a terminal that is not there: libFuzzer says where.
started=$SECONDS
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=0 \
  "$BIN/$NAME" "$found" "$kept" "${run[@]}" -rss_limit_mb=1024 \
  -malloc_limit_mb=256 -detect_leaks=$leaks -artifact_prefix="$WORK/crashes/$NAME-" -print_final_stats=1 "$@" \
  > "$log" 2>&1
status=$? elapsed=$((SECONDS - started))
stat() { awk -v k="$1" '$1 == k ":" { print $2 }' "$log" | tail -n 1; }
runs=$(stat stat::number_of_executed_units) speed=$(stat stat::average_exec_per_sec)
features=$(grep -aoE 'ft: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
rss=$(grep -aoE 'rss: [0-9]+Mb' "$log" | tail -n 1 | cut -d' ' -f2)
coverage=$(grep -aoE 'cov: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
inputs=$(find "$found" "$kept" -type f | wc -l)
if [ $status != 0 ]; then
  echo "fuzz: $NAME FAILED (exit $status); its log is $log:"
  grep -aE "ERROR|fuzz:|SUMMARY|Test unit written|artifact" "$log" | head -n 12
  exit 1
fi
[ "$SECONDS_GIVEN" = corpus ] && took="of its kept corpus" || took="in $elapsed s (${speed:-0}/s)"
echo "fuzz: $NAME: ${runs:-0} runs $took, coverage ${coverage:-0}," \
  "features ${features:-0}, corpus $inputs inputs, rss ${rss:-?}"
