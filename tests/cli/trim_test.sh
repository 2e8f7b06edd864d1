#!/bin/bash
# ltcap trim on a real log (eltwise_binary: an add program, then a mul program reading the add's output, then two
# reads): the trimmed log of the mul program alone starts from a snapshot that holds the buffers' contents, replays
# alone in an empty folder and verifies both reads; the same by launch number (--programs); the snapshot's data
# matters (editing it makes the trimmed log's replay mismatch); ranges the log does not have are refused, saying what
# it has; a log bad at its end trims where the range ends long before it (PIPELINE's log); a kernel
# including a TT_METAL_HOME file trims to a log that compiles, in a folder named with % and [, LOG and OUT
# beginning with -.
#   trim_test.sh LTCAP LOG_EDIT ELTWISE_BINARY PIPELINE
set -uo pipefail
ltcap=$(realpath "$1") edit=$(realpath "$2") program=$(realpath "$3") pipeline=$(realpath "$4")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
count() { grep -cE "$1" "$2"; }

log=$work/eltwise.capnp
"$ltcap" capture -q -o "$log" -- "$program" >"$work/run.out" 2>&1 || fail "capture: $(cat "$work/run.out")"
"$ltcap" dump --no-times "$log" >"$work/whole.dump" || fail "dump exit $?"
second=$(grep -E '^#[0-9]+ \[t[0-9]+\] createProgram\(' "$work/whole.dump" | sed -n 2p | sed 's/^#\([0-9]*\) .*/\1/')
last_read=$(grep -E ' enqueueReadBuffer\(' "$work/whole.dump" | tail -1 | sed 's/^#\([0-9]*\) .*/\1/')
[ -n "$second" ] && [ -n "$last_read" ] || fail "the log has no second program or no read: $(cat "$work/whole.dump")"

# 1. By calls: from the second program's creation to the last read.
"$ltcap" trim --calls "$second-$last_read" "$log" "$work/calls.capnp" >"$work/trim.out" 2>&1 ||
    fail "trim --calls exit $?: $(cat "$work/trim.out")"
grep -q "replays on its own and its reads verify" "$work/trim.out" || fail "trim did not verify: $(cat "$work/trim.out")"
# It says what it is doing before each replay (a long log takes a while), and nothing with -q.
grep -q "^ltcap trim: replaying .* with capture on for calls $second-$last_read…$" "$work/trim.out" &&
    grep -q "^ltcap trim: replaying .*calls.capnp on its own to check it…$" "$work/trim.out" ||
    fail "trim does not say what it is doing: $(cat "$work/trim.out")"
"$ltcap" trim -q --calls "$second-$last_read" "$log" "$work/quiet.capnp" >"$work/quiet.out" 2>&1 || fail "trim -q"
[ ! -s "$work/quiet.out" ] || fail "trim -q printed: $(cat "$work/quiet.out")"
"$ltcap" dump --no-times "$work/calls.capnp" >"$work/calls.dump" || fail "dump of the trimmed log exit $?"
grep -q "starts mid-run" "$work/calls.dump" || fail "the trimmed log has no snapshot"
# Recorded: one program made and launched, both reads; from the snapshot: the add program and every buffer's contents.
[ "$(count '^#[0-9]+ \[t[0-9]+\] createProgram\(' "$work/calls.dump")" -eq 1 ] || fail "expected the mul program alone"
[ "$(count '^#[0-9]+ \[t[0-9]+\] enqueueProgram\(' "$work/calls.dump")" -eq 1 ] || fail "expected one launch"
grep -q '^#[0-9]* \[t[0-9]*\] createKernel(.*mul_tiles' "$work/calls.dump" || fail "the trimmed log's program is not the mul"
[ "$(count ' enqueueReadBuffer\(' "$work/calls.dump")" -eq 2 ] || fail "expected the two reads"
[ "$(count '\[snapshot\] enqueueWriteBuffer\(' "$work/calls.dump")" -eq 5 ] || fail "expected the 5 buffers' contents"
[ "$(count ' enqueueWriteBuffer\(' "$work/calls.dump")" -eq 5 ] || fail "the trimmed log repeats the program's writes"
# Alone: an empty folder, nothing but the log.
mkdir "$work/alone" && cp "$work/calls.capnp" "$work/alone/"
(cd "$work/alone" && env -i PATH=/usr/bin:/bin TT_METAL_EMU_CACHE_DIR="$work/cache2" "$ltcap" replay calls.capnp) >"$work/alone.out" 2>&1 ||
    fail "the trimmed log does not replay alone: $(cat "$work/alone.out")"
grep -qE "^ltplay: [0-9]+ calls replayed, 2 reads checked, 0 mismatches; [0-9.]+ (bytes?|KiB|MiB) verified$" "$work/alone.out" || fail "$(tail -1 "$work/alone.out")"

# ltplay's --window-signal (trim's mark of the range) where nothing handles the signal: refused, not killed by it.
"$ltcap" replay --calls 1-3 --window-signal SIGUSR2 "$log" >"$work/nosig.out" 2>&1
status=$?
[ $status -eq 3 ] && grep -q "window-signal: nothing handles SIGUSR2" "$work/nosig.out" ||
    fail "--window-signal with nothing handling it: exit $status: $(cat "$work/nosig.out")"
# It takes what LTCAP_TRIGGER_SIGNAL takes (the same parser), a real-time signal named as that setting names it;
# never a signal the shim does not take.
"$ltcap" replay --calls 1-3 --window-signal SIGRTMIN+1 "$log" >"$work/nosig.out" 2>&1
status=$?
[ $status -eq 3 ] && grep -q "window-signal: nothing handles SIGRTMIN+1 " "$work/nosig.out" ||
    fail "--window-signal SIGRTMIN+1 with nothing handling it: exit $status: $(cat "$work/nosig.out")"
"$ltcap" replay --calls 1-3 --window-signal SIGKILL "$log" >"$work/nosig.out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "window-signal SIGKILL: expected a signal LTCAP_TRIGGER_SIGNAL takes" "$work/nosig.out" ||
    fail "--window-signal SIGKILL: exit $status: $(cat "$work/nosig.out")"

# 2. The snapshot's buffer contents are what the mul reads: editing one makes the replay differ.
add_out=$(grep -m3 '\[snapshot\] enqueueWriteBuffer(' "$work/calls.dump" | tail -1 | sed 's/^#\([0-9]*\) .*/\1/')
"$edit" "$work/calls.capnp" "$work/edited.capnp" --write-payload "$add_out" 100 || fail "log_edit"
(cd "$work" && "$ltcap" replay -q edited.capnp) >/dev/null 2>&1
[ $? -eq 1 ] || fail "editing the snapshot's copy of the add's output did not change what the trimmed log reads"

# 3. By launch: the second program launch.
"$ltcap" trim -q --programs 2 "$log" "$work/programs.capnp" >"$work/trim2.out" 2>&1 || fail "trim --programs exit $?: $(cat "$work/trim2.out")"
[ ! -s "$work/trim2.out" ] || fail "-q printed: $(cat "$work/trim2.out")"
"$ltcap" dump --no-times "$work/programs.capnp" >"$work/programs.dump" || fail "dump exit $?"
[ "$(count '^#[0-9]+ \[t[0-9]+\] enqueueProgram\(' "$work/programs.dump")" -eq 1 ] || fail "--programs 2: expected one launch"
grep -q '\[snapshot\] createKernel(.*mul_tiles' "$work/programs.dump" || fail "--programs 2: the mul program is not in the snapshot"
"$ltcap" replay -q "$work/programs.capnp" || fail "the --programs log does not replay: exit $?"
# A launch without its reads replays but verifies nothing: trim and the replay say so, and --require-verified fails.
"$ltcap" trim --programs 2 "$log" "$work/launch.capnp" >"$work/trim3.out" 2>&1 || fail "trim --programs 2: exit $?: $(cat "$work/trim3.out")"
grep -q "launch.capnp replays on its own, but verifies nothing: the range has no read" "$work/trim3.out" ||
    fail "trim of a launch without reads: $(cat "$work/trim3.out")"
grep -q "reads verify" "$work/trim3.out" && fail "trim says reads verify in a log without reads: $(cat "$work/trim3.out")"
"$ltcap" trim -q --require-verified --programs 2 "$log" "$work/launch2.capnp" >"$work/trim4.out" 2>&1
status=$?
[ $status -eq 5 ] || fail "trim --require-verified of a launch without reads: exit $status: $(cat "$work/trim4.out")"
grep -q "verifies nothing" "$work/trim4.out" || fail "trim --require-verified: $(cat "$work/trim4.out")"
"$ltcap" replay "$work/launch.capnp" >"$work/launch.out" 2>&1 || fail "replay of the launch: exit $?"
grep -qE "^ltplay: [0-9]+ calls replayed, 0 reads checked, 0 mismatches; nothing verified: the log has no reads$" "$work/launch.out" ||
    fail "the replay of a log without reads: $(tail -1 "$work/launch.out")"
"$ltcap" replay -q --require-verified "$work/launch.capnp" >"$work/launch.out" 2>&1
status=$?
[ $status -eq 5 ] || fail "replay --require-verified of a log without reads: exit $status"
[ "$(grep -c "nothing verified: the log has no reads" "$work/launch.out")" -eq 1 ] || fail "-q --require-verified: $(cat "$work/launch.out")"

# 4. Refusals: exit 2, one line, no output file.
for args in "--calls 900-950" "--programs 3" "--calls 5-2" "--calls 1-2 --programs 1" ""; do
    "$ltcap" trim $args "$log" "$work/bad.capnp" >"$work/bad.out" 2>&1
    status=$?
    [ $status -eq 2 ] || fail "trim $args: exit $status, expected 2: $(cat "$work/bad.out")"
    [ ! -e "$work/bad.capnp" ] || fail "trim $args wrote a log"
done
# A range the log does not hold is found by the replay (it opens no window); the whole log is read to say why.
"$ltcap" trim -q --calls 900-950 "$log" "$work/bad.capnp" >"$work/bad.out" 2>&1
grep -qE "^ltcap trim: .*eltwise.capnp holds calls #1 to #[0-9]+; --calls asks for #900 to #950$" "$work/bad.out" ||
    fail "trim --calls 900-950 does not say which calls the log holds: $(cat "$work/bad.out")"
"$ltcap" trim -q --programs 3 "$log" "$work/bad.capnp" >"$work/bad.out" 2>&1
grep -qE "^ltcap trim: .*eltwise.capnp has 2 program launches; --programs starts at 3$" "$work/bad.out" ||
    fail "trim --programs 3 does not say how many launches the log has: $(cat "$work/bad.out")"
# Only what the range needs is read: a log whose end entry is bad (an exception text over the bound) trims where the
# range ends long before it, and is refused where the range reaches it.
"$ltcap" capture -q -o "$work/pipeline.capnp" -- "$pipeline" --iterations 30 >"$work/run.out" 2>&1 ||
    fail "capture of the pipeline: $(cat "$work/run.out")"
"$edit" "$work/pipeline.capnp" "$work/bad-end.capnp" --uncaught 5000 || fail "log_edit --uncaught"
"$ltcap" info "$work/bad-end.capnp" >"$work/bad.out" 2>&1
[ $? -eq 2 ] || fail "ltcap info accepts the log with a bad end entry: $(cat "$work/bad.out")"
"$ltcap" trim -q --calls 1-12 "$work/bad-end.capnp" "$work/early.capnp" >"$work/bad.out" 2>&1 ||
    fail "trim of calls 1-12 of a log bad at its end: exit $?: $(cat "$work/bad.out")"
"$ltcap" trim -q --calls 90- "$work/bad-end.capnp" "$work/bad.capnp" >"$work/bad.out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "exception text has 5000 bytes" "$work/bad.out" ||
    fail "trim of a range reaching a bad end entry: exit $status: $(cat "$work/bad.out")"
[ ! -e "$work/bad.capnp" ] || fail "trim of a range reaching a bad end entry wrote a log"
"$ltcap" trim --calls 1-5 "$work/run.out" "$work/bad.capnp" >"$work/bad.out" 2>&1
[ $? -eq 2 ] || fail "trim of a file that is no log: not exit 2"
ls -a "$work" | grep -q '^\.ltcap-trim' && fail "trim left its temporary folder behind"

# 5. A kernel including a file through TT_METAL_HOME's include roots (a home file, format 9): the trimmed log holds
# it as a home file again and compiles. OUT's folder holds '%' and '[' (pattern characters of LTCAP_OUTPUT and of
# glob), and LOG and OUT begin with '-' (after "--").
home=$work/home odd="$work/we%w[1]d"
mkdir -p "$home/tests/v0.56.0" "$home/ltcap_inc" "$work/elsewhere" "$odd"
cp -rL tests/v0.56.0/shared_kernels "$home/tests/v0.56.0/" && chmod -R u+w "$home" || fail "copying the kernels"
printf '#pragma once\nconstexpr unsigned kTrimHomeValue = 1;\n' >"$home/ltcap_inc/trim_home.h"
writer=$home/tests/v0.56.0/shared_kernels/writer_unary_tiles.cpp
sed -i 's|^#include "dataflow_api.h"$|#include "dataflow_api.h"\n#include "ltcap_inc/trim_home.h"|' "$writer"
grep -q trim_home.h "$writer" || fail "the writer kernel does not include the home file"
(cd "$work/elsewhere" && TT_METAL_HOME=$home "$ltcap" capture -q -o "$work/home.capnp" -- "$program") >"$work/home.out" 2>&1 ||
    fail "capture with a home: $(cat "$work/home.out")"
cp "$work/home.capnp" "$odd/-home.capnp" || fail "copy"
"$ltcap" dump --data -- "$odd/-home.capnp" >"$work/home.dump" && grep -qE "source#[0-9]+: .*writer_unary_tiles.cpp \(2 files, 2 in TT_METAL_HOME\)" "$work/home.dump" ||
    fail "the capture did not record the writer and its include as home files"
(cd "$odd" && "$ltcap" trim --programs 2- -- -home.capnp -trimmed.capnp) >"$work/trim5.out" 2>&1 ||
    fail "trim of a log with home files, in $odd: exit $?: $(cat "$work/trim5.out")"
grep -q "replays on its own and its reads verify" "$work/trim5.out" || fail "$(cat "$work/trim5.out")"
"$ltcap" dump --data -- "$odd/-trimmed.capnp" >"$work/trimmed.dump" && grep -qE "source#[0-9]+: .*writer_unary_tiles.cpp \(2 files, 2 in TT_METAL_HOME\)" "$work/trimmed.dump" ||
    fail "the trimmed log does not hold the writer's home files"
mkdir "$work/alone5" && cp "$odd/-trimmed.capnp" "$work/alone5/" || fail "copy"
(cd "$work/alone5" && env -i PATH=/usr/bin:/bin TT_METAL_EMU_CACHE_DIR="$work/cache5" "$ltcap" replay -- -trimmed.capnp) >"$work/alone5.out" 2>&1 ||
    fail "the trimmed log with home files does not replay alone: $(cat "$work/alone5.out")"
ls -a "$odd" | grep -q '^\.ltcap-trim' && fail "trim left its temporary folder behind in $odd"
echo "PASS: trimmed logs replay alone and verify"
