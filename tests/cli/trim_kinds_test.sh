#!/bin/bash
# ltcap trim on logs that are not single-threaded whole runs: a log of four threads sharing one queue, a log that
# is itself a window (a trimmed log trimmed again), and a log replaying a metal trace. Each trimmed log must replay
# on its own with exactly the reads its range holds in the source log, all verified.
#   trim_kinds_test.sh LTCAP PIPELINE METAL_TRACE
set -uo pipefail
ltcap=$(realpath "$1") pipeline=$(realpath "$2") metal_trace=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
dump() { "$ltcap" dump --no-times "$1" >"$1.dump" || fail "dump of $(basename "$1"): exit $?"; }
seqs() { grep -E "^#[0-9]+ \[t[0-9]+\] $1\(" "$2.dump" | sed 's/^#\([0-9]*\) .*/\1/'; }       # FN LOG
reads_between() { seqs enqueueReadBuffer "$3" | awk -v a="$1" -v b="$2" '$1 >= a && $1 <= b' | wc -l; }  # A B LOG
# trim ARGS… SOURCE OUT READS: OUT replays alone in an empty folder with READS reads checked and no mismatch.
trims() {
    local out=${*: -2:1} reads=${*: -1}
    "$ltcap" trim -q "${@:1:$#-1}" >"$work/trim.out" 2>&1 || fail "trim ${*:1:$#-1}: exit $?: $(cat "$work/trim.out")"
    rm -rf "$work/alone" && mkdir "$work/alone" && cp "$out" "$work/alone/"
    (cd "$work/alone" && "$ltcap" replay "$(basename "$out")") >"$work/replay.out" 2>&1 ||
        fail "$(basename "$out") does not replay alone: $(cat "$work/replay.out")"
    grep -qE "^ltplay: [0-9]+ calls replayed, $reads reads checked, 0 mismatches; [0-9.]+ (bytes?|KiB|MiB) verified$" "$work/replay.out" ||
        fail "$(basename "$out"): expected $reads reads checked: $(tail -1 "$work/replay.out")"
    dump "$out"
    grep -q "starts mid-run" "$out.dump" || fail "$(basename "$out") has no snapshot"
}

# 1. Four threads, one queue: from the second thread's first write to its third read (other threads' calls
#    interleave in that range and come along).
"$ltcap" capture -q -o "$work/mt.capnp" -- "$pipeline" --threads 4 --iterations 3 >"$work/run.out" 2>&1 ||
    fail "capture: $(cat "$work/run.out")"
dump "$work/mt.capnp"
threads=$(grep -E '^#[0-9]+ \[t[0-9]+\] enqueueWriteBuffer\(' "$work/mt.capnp.dump" | sed 's/^#[0-9]* \[\(t[0-9]*\)\].*/\1/' | uniq)
second=$(echo "$threads" | sed -n 2p)
[ -n "$second" ] || fail "the log's writes are not from several threads"
from=$(grep -E "^#[0-9]+ \[$second\] enqueueWriteBuffer\(" "$work/mt.capnp.dump" | head -1 | sed 's/^#\([0-9]*\) .*/\1/')
to=$(grep -E "^#[0-9]+ \[$second\] enqueueReadBuffer\(" "$work/mt.capnp.dump" | sed -n 3p | sed 's/^#\([0-9]*\) .*/\1/')
[ -n "$from" ] && [ -n "$to" ] || fail "thread $second has no write or no third read"
trims --calls "$from-$to" "$work/mt.capnp" "$work/mt.cut.capnp" "$(reads_between "$from" "$to" "$work/mt.capnp")"

# 2. A window of a window: the log just written starts from a snapshot; cut it again from its second launch on.
launch=$(seqs enqueueProgram "$work/mt.cut.capnp" | sed -n 2p)
last=$(grep -E '^#[0-9]+ ' "$work/mt.cut.capnp.dump" | tail -1 | sed 's/^#\([0-9]*\) .*/\1/')  # a seq, not a count: seqs skip
[ -n "$launch" ] || fail "the trimmed log has fewer than two launches"
trims --calls "$launch-$last" "$work/mt.cut.capnp" "$work/mt.cut2.capnp" "$(reads_between "$launch" "$last" "$work/mt.cut.capnp")"

# 3. A metal trace: from the second replay's inputs to the third replay's read. The trace was captured before the
#    range: the snapshot must capture it again.
"$ltcap" capture -q -o "$work/trace.capnp" -- "$metal_trace" >"$work/run.out" 2>&1 || fail "capture: $(cat "$work/run.out")"
dump "$work/trace.capnp"
replays=$(seqs replayTrace "$work/trace.capnp")
from=$(( $(echo "$replays" | sed -n 2p) - 2 )) to=$(( $(echo "$replays" | sed -n 3p) + 1 ))
trims --calls "$from-$to" "$work/trace.capnp" "$work/trace.cut.capnp" 2
grep -q '\[snapshot\] beginTraceCapture(' "$work/trace.cut.capnp.dump" || fail "the trace is not in the snapshot"
[ "$(seqs replayTrace "$work/trace.cut.capnp" | wc -l)" -eq 2 ] || fail "expected the two trace replays"
echo "PASS: multi-threaded, window and metal-trace logs trim and replay alone"
