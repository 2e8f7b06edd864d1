#!/bin/bash
# Benchmark (not a test): every log-reading tool on one call-bound log, as ratios to the log's decompression floor
# measured in the same run (docs/performance.md, "Log-reading tools at a million calls").
#
# The log: capture_bench's child with CAPTURE_BENCH_CALLS_ONLY=1 — 1,000,004 payload-less calls (a million
# SetRuntimeArgs, each of 8 words) captured by the v0.56.0 shim. The floor: `zstd -dc LOG > /dev/null`. Each tool
# runs ROUNDS times (default 3), its output to /dev/null as the floor's, and counts its best time and its largest
# resident set (GNU time); each line names the issue's target. Nothing else should run meanwhile: absolute times move with the machine, ratios much less.
#   bazel run //cli:tools_bench [-- ROUNDS]
set -uo pipefail
rounds=${1:-3}
case $rounds in '' | *[!0-9]* | 0) echo "usage: tools_bench [ROUNDS]" >&2; exit 2 ;; esac
here=${RUNFILES_DIR:-$0.runfiles}/ltcap
[ -d "$here" ] || here=$PWD
tool() { realpath "$here/$1" 2>/dev/null || { echo "tools_bench: $1 is missing (bazel run //cli:tools_bench)" >&2; exit 2; }; }
capture_bench=$(tool interpose/capture_bench) shim=$(tool profiles/v0.56.0/libltcap.so)
ltcap=$(tool cli/ltcap) ltplay=$(tool profiles/v0.56.0/ltplay) read_bench=$(tool player/read_bench)
command -v zstd >/dev/null || { echo "tools_bench: zstd is not installed (the floor is zstd -dc)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "tools_bench: GNU time (/usr/bin/time) is not installed" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/tools_bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$work/calls.capnp

echo "== $(date -u '+%F %T') UTC; making the log (1,000,004 calls) ..."
(cd "$work" && CAPTURE_BENCH_CHILD=1 CAPTURE_BENCH_CALLS_ONLY=1 LTCAP_OUTPUT=$log LTCAP_LOG=quiet LD_PRELOAD=$shim \
    "$capture_bench" >/dev/null) || { echo "tools_bench: the capture failed" >&2; exit 1; }
calls=$("$ltcap" info "$log" | sed -n 's/^calls: *\([0-9]*\).*/\1/p')
echo "log: $(stat -c %s "$log") bytes compressed, ${calls:-?} calls"

# best SECONDS and largest RSS (KiB) of ROUNDS runs of a command, its standard output to /dev/null as the floor's
# (what a tool writes is measured apart: writing a file costs the page cache's time, not the tool's).
measure() {
    local best= rss=0 t
    for ((i = 0; i < rounds; i++)); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err"
        local status=$?
        [ $status -le 1 ] || { echo "tools_bench: '$*' exited $status: $(tail -2 "$work/err")" >&2; return 1; }
        read -r t r < <(tail -n 1 "$work/time")  # (GNU time puts a line about a non-zero status first)
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        if [ "$r" -gt "$rss" ]; then rss=$r; fi
    done
    echo "$best $rss"
}

read -r floor _ < <(measure zstd -dc "$log") || exit 1
awk "BEGIN{exit !($floor > 0)}" || floor=0.01
printf '%-44s %8s %8s %10s  %s\n' "tool" "seconds" "x floor" "peak RSS" "target"
printf '%-44s %8.2f %8s %10s  %s\n' "zstd -dc LOG (the floor)" "$floor" "1.0" "" ""
row() {  # NAME TARGET COMMAND...
    local name=$1 target=$2
    shift 2
    local t rss
    read -r t rss < <(measure "$@") || { printf '%-44s %8s\n' "$name" "failed"; return; }
    printf '%-44s %8.2f %8.1f %7d MiB  %s\n' "$name" "$t" "$(awk "BEGIN{print $t / $floor}")" $((rss / 1024)) "$target"
}
# What every tool pays before it looks at an entry: the reader (framing, decompression, each message validated
# whole), then the reader and the log checker.
row "reading alone (read_bench LOG)" "" "$read_bench" "$log"
row "reading and the log checker (read_bench --check)" "" "$read_bench" --check "$log"
row "ltplay LOG (replay, check pass included)" "<= 3x the floor + the program's call time" "$ltplay" "$log"
row "ltplay --check LOG" "<= 2x" "$ltplay" --check "$log"
row "ltcap info LOG" "<= 2x" "$ltcap" info "$log"
row "ltcap info --programs LOG" "<= 2x" "$ltcap" info --programs "$log"
row "ltcap dump LOG" "<= 8x" "$ltcap" dump "$log"
bytes() { "$@" 2>/dev/null | wc -c; }  # what a command writes (one more run, not timed)
per_call() { awk "BEGIN{printf \"%.0f\", $1 / ${calls:-1}}"; }
echo "    dump: $(bytes "$ltcap" dump "$log") bytes of text"
row "ltcap export --format json LOG" "the schema's form, every field" "$ltcap" export --format json "$log"
n=$(bytes "$ltcap" export --format json "$log")
echo "    json: $n bytes, $(per_call "$n") B a call"
row "ltcap export --format compact LOG" "<= 8x, <= 150 B a call" "$ltcap" export --format compact "$log"
n=$(bytes "$ltcap" export --format compact "$log")
echo "    compact: $n bytes, $(per_call "$n") B a call"
row "ltcap diff LOG LOG" "<= 6x, resident <= 64 MiB" "$ltcap" diff "$log" "$log"
row "ltcap trim --calls 1-100000 LOG OUT" "<= 3x" "$ltcap" trim --calls 1-100000 "$log" "$work/trimmed.capnp"
# What diff holds must not grow with the calls: the same diff on the trimmed log's tenth of them, for its resident set.
[ -f "$work/trimmed.capnp" ] &&
    row "ltcap diff OUT OUT (calls 1-100000 of LOG)" "resident as for LOG (bounded)" "$ltcap" diff "$work/trimmed.capnp" "$work/trimmed.capnp"
