#!/bin/bash
# Capture windows, end to end: runs tests/v0.56.0/pipeline (or metal_trace, two_queues_events, mesh_trace_events)
# under the shim with one trigger configuration, then checks which calls each window's log holds, and that every log
# replays and verifies in a fresh process from another folder.
#   window_test.sh CASE PIPELINE METAL_TRACE TWO_QUEUES_EVENTS LIBLTCAP LTDUMP LTPLAY LOG_EDIT MESH_TRACE_EVENTS
set -uo pipefail
case_name=$1 pipeline=$(realpath "$2") metal_trace=$(realpath "$3") events=$(realpath "$4") shim=$(realpath "$5")
ltdump=$(realpath "$6") ltplay=$(realpath "$7") edit=$(realpath "$8") mesh=$(realpath "$9")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL ($case_name): $*" >&2; exit 1; }

# capture NAME PROGRAM [PROGRAM ARGS] — with the LTCAP_* variables already exported; the traced run must print
# what the plain run prints.
capture() {
    local name=$1 program=$2
    shift 2
    (unset $(compgen -v LTCAP_); "$program" "$@") >"$work/$name.plain" 2>&1 || fail "the program itself fails"
    LTCAP_LOG=quiet LTCAP_OUTPUT=${LTCAP_OUTPUT:-$work/$name.w%w.capnp} LD_PRELOAD=$shim "$program" "$@" \
        >"$work/$name.traced" 2>&1 || fail "the traced run failed: $(tail -3 "$work/$name.traced")"
    diff <(grep -v WARNING "$work/$name.plain" | sort) <(grep -v WARNING "$work/$name.traced" | sort) >/dev/null ||
        fail "the traced run printed something else"
}
# The calls the program made in a log (not the snapshot's), as "function" lines.
calls() { "$ltdump" --no-times "$1" | grep '^#' | grep -v '\[snapshot\]' | sed 's/^#[0-9]* \[t[0-9]*\] \([a-zA-Z]*\)(.*/\1/'; }
# ltdump's output for ARGS, whole, in $work/dumped (to grep -q: on a pipe, a match near the top ends grep before
# ltdump has written the rest, ltdump dies of SIGPIPE, and pipefail makes the match a miss — now and then).
dump_to_file() { "$ltdump" "$@" >"$work/dumped"; }
replays() {
    mkdir -p "$work/elsewhere"
    (cd "$work/elsewhere" && "$ltplay" "$1") >"$work/replay.out" 2>&1 || fail "ltplay $1: exit $?: $(cat "$work/replay.out")"
    grep -q ", 0 mismatches" "$work/replay.out" || fail "no verification summary for $1"
}
logs() { ls "$work"/$1.w*.capnp 2>/dev/null | wc -l; }
expect_calls() {  # LOG EXPECTED (space-separated functions)
    local got
    got=$(calls "$1" | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$2" ] || fail "$(basename "$1") holds [$got], expected [$2]"
}
it="enqueueProgram finish enqueueReadBuffer"  # one pipeline iteration

case $case_name in
ranges_program)
    # Boundary events = EnqueueProgram: window 3-4 opens before iteration 3's and closes after iteration 4's.
    LTCAP_RANGES=3-4 capture p "$pipeline"
    [ "$(logs p)" = 1 ] || fail "expected one log"
    expect_calls "$work/p.w1.capnp" "$it enqueueProgram"
    dump_to_file --no-times "$work/p.w1.capnp" && grep -q "^starts mid-run" "$work/dumped" || fail "the header does not say mid-run"
    replays "$work/p.w1.capnp"
    grep -q ", 1 reads checked" "$work/replay.out" || fail "iteration 3's read was not verified"
    ;;
ranges_beyond)
    # A window past the end of the run: no log, and one line saying how far the count got.
    LTCAP_RANGES=50-60 LTCAP_OUTPUT=$work/none.w%w.capnp LD_PRELOAD=$shim "$pipeline" >"$work/out" 2>"$work/err" ||
        fail "the traced run failed"
    [ "$(logs none)" = 0 ] || fail "a log was written"
    grep -q "^ltcap: no capture window opened; 6 program boundary events were counted$" "$work/err" ||
        fail "no line saying why there is no log: $(cat "$work/err")"
    ;;
ranges_finish)
    LTCAP_BOUNDARY=finish LTCAP_RANGES=2-3 capture f "$pipeline"
    # From just before the 2nd Finish to just after the 3rd.
    expect_calls "$work/f.w1.capnp" "finish enqueueReadBuffer enqueueProgram finish"
    replays "$work/f.w1.capnp"
    ;;
ranges_call)
    # Every intercepted call counts (the buffer destructor does not: no API call).
    LTCAP_BOUNDARY=call LTCAP_RANGES=20-22 capture c "$pipeline"
    [ "$(calls "$work/c.w1.capnp" | wc -l)" = 3 ] || fail "expected 3 calls: $(calls "$work/c.w1.capnp" | tr '\n' ' ')"
    replays "$work/c.w1.capnp"
    ;;
two_windows)
    LTCAP_RANGES=2,4-5 capture two "$pipeline"
    [ "$(logs two)" = 2 ] || fail "expected two logs, got $(ls "$work")"
    expect_calls "$work/two.w1.capnp" "enqueueProgram"
    expect_calls "$work/two.w2.capnp" "$it enqueueProgram"
    dump_to_file --no-times "$work/two.w2.capnp" && grep -q "^capture window 2" "$work/dumped" || fail "window 2's header"
    replays "$work/two.w1.capnp"
    replays "$work/two.w2.capnp"
    ;;
signal)
    # The program raises SIGUSR2 before iterations 3 and 5: capture is on from iteration 3's boundary to 5's.
    LTCAP_TRIGGER_SIGNAL=SIGUSR2 capture s "$pipeline" --toggle-at 3,5 --toggle-signal "$(kill -l SIGUSR2)"
    [ "$(logs s)" = 1 ] || fail "expected one log"
    expect_calls "$work/s.w1.capnp" "$it $it"
    replays "$work/s.w1.capnp"
    ;;
signal_early)
    # SIGUSR2 raised before the program's first tt-metal call (the shim handles it from load time, so it neither
    # kills the program nor is lost) and again before iteration 2: with every call a boundary, capture is on from the
    # first call (no snapshot before it) to iteration 2.
    LTCAP_BOUNDARY=call LTCAP_TRIGGER_SIGNAL=SIGUSR2 capture se "$pipeline" --toggle-at 0,2 --toggle-signal "$(kill -l SIGUSR2)"
    [ "$(logs se)" = 1 ] || fail "expected one log, got $(ls "$work")"
    [ "$(calls "$work/se.w1.capnp" | head -1)" = createDevice ] || fail "the log does not start at createDevice"
    [ "$(calls "$work/se.w1.capnp" | tail -3 | tr '\n' ' ')" = "$it " ] || fail "the log does not end at iteration 1"
    [ "$(calls "$work/se.w1.capnp" | grep -c '^enqueueProgram$')" = 1 ] || fail "more than iteration 1 captured"
    replays "$work/se.w1.capnp"
    ;;
file)
    LTCAP_TRIGGER_FILE=$work/go capture tf "$pipeline" --toggle-at 2,4 --toggle-file "$work/go"
    expect_calls "$work/tf.w1.capnp" "$it $it"
    replays "$work/tf.w1.capnp"
    ;;
lightmetal)
    # LightMetalBeginCapture before iteration 2, LightMetalEndCapture after iteration 3: both in the window.
    LTCAP_LIGHTMETAL=1 capture lm "$pipeline" --lightmetal-at 2,3
    expect_calls "$work/lm.w1.capnp" "lightMetalBeginCapture $it $it lightMetalEndCapture"
    replays "$work/lm.w1.capnp"
    # Without LTCAP_LIGHTMETAL the calls are recorded like any other, in a whole-run log.
    LTCAP_OUTPUT=$work/whole.capnp capture whole "$pipeline" --lightmetal-at 2,3
    [ "$(calls "$work/whole.capnp" | grep -c lightMetal)" = 2 ] || fail "whole-run log lacks the LightMetal calls"
    ;;
device_contents)
    # a += b runs on the device, so when window 3-4 opens `a` holds a0 + 2b, which the host never wrote. The
    # replay can only reproduce iteration 3's read if the snapshot carries what the device held.
    LTCAP_RANGES=3-4 capture d "$pipeline"
    dump_to_file --no-times "$work/d.w1.capnp" &&
        grep -q -- "-- snapshot: .* 2 buffers (16384 bytes) read back" "$work/dumped" ||
        fail "the snapshot did not read both buffers back"
    replays "$work/d.w1.capnp"
    grep -q ", 1 reads checked" "$work/replay.out" || fail "the read after the snapshot was not verified"
    # The check bites: one changed byte (a high byte: exponent bits) of the snapshot's `a` makes that read differ.
    write_seq=$("$ltdump" --no-times "$work/d.w1.capnp" | grep -m1 '\[snapshot\] enqueueWriteBuffer' | sed 's/^#\([0-9]*\) .*/\1/')
    read_seq=$("$ltdump" --no-times "$work/d.w1.capnp" | grep -m1 ' enqueueReadBuffer' | sed 's/^#\([0-9]*\) .*/\1/')
    "$edit" "$work/d.w1.capnp" "$work/edited.capnp" --write-payload "$write_seq" 101 || fail "log_edit"
    (cd "$work/elsewhere" && "$ltplay" -q "$work/edited.capnp") >"$work/edited.out" 2>&1
    [ $? -eq 1 ] || fail "an edited snapshot still verifies: $(cat "$work/edited.out")"
    grep -q "MISMATCH in call #$read_seq " "$work/edited.out" || fail "the mismatch is not reported at #$read_seq"
    ;;
metal_trace)
    # Buffers, a program and a metal trace all exist before the window: the snapshot rebuilds the trace from its
    # recipe, and ReplayTrace inside the window verifies. (EnqueueProgram inside a trace capture is no boundary.)
    LTCAP_RANGES=3-4 capture mt "$metal_trace"
    "$ltdump" --no-times "$work/mt.w1.capnp" > "$work/mt.dump"
    for f in beginTraceCapture enqueueProgram endTraceCapture createProgram createKernel setRuntimeArgs; do
        grep -q "\[snapshot\] $f(" "$work/mt.dump" || fail "the snapshot lacks $f"
    done
    expect_calls "$work/mt.w1.capnp" "replayTrace enqueueReadBuffer enqueueWriteBuffer enqueueWriteBuffer replayTrace"
    replays "$work/mt.w1.capnp"
    grep -q ", 1 reads checked" "$work/replay.out" || fail "the trace's output was not verified"
    ;;
events)
    # The window opens at the EnqueueProgram, after the `uploaded` event was recorded on the I/O queue; the program
    # queries that event inside the window, so the snapshot must record it again.
    LTCAP_RANGES=1- capture ev "$events"
    dump_to_file --no-times "$work/ev.w1.capnp" && grep -q '\[snapshot\] enqueueRecordEvent(' "$work/dumped" || fail "the snapshot lacks the event"
    replays "$work/ev.w1.capnp"
    ;;
mesh)
    # Mesh objects before the window: a mesh with two queues, three mesh buffers, a workload, a mesh trace and
    # events. The window opens at the 2nd ReplayTrace (boundaries: the workload's first enqueue, the 1st and 2nd
    # ReplayTrace; the enqueue inside the trace capture is none), after that round's A was written on the I/O queue:
    # the snapshot rebuilds the mesh objects and writes every shard back from the device.
    LTCAP_RANGES=3- capture m "$mesh"
    "$ltdump" --no-times "$work/m.w1.capnp" > "$work/m.dump"
    for f in meshDeviceCreate meshBufferCreate createProgram addProgramToMeshWorkload meshBeginTraceCapture \
        enqueueMeshWorkload meshEndTraceCapture meshEnqueueRecordEvent meshCqEnqueueWriteShards; do
        grep -q "\[snapshot\] $f(" "$work/m.dump" || fail "the snapshot lacks $f"
    done
    grep -q -- "-- snapshot: .* 3 buffers (196608 bytes) read back" "$work/m.dump" ||
        fail "the snapshot did not read every shard of the 3 buffers back: $(grep -- '-- snapshot' "$work/m.dump")"
    [ "$(calls "$work/m.w1.capnp" | head -1)" = meshReplayTrace ] || fail "the window does not open at ReplayTrace"
    replays "$work/m.w1.capnp"
    grep -q ", 16 reads checked" "$work/replay.out" || fail "the two rounds' shard reads were not all verified"
    # The check bites: a byte of A's snapshot (every shard shares its bytes) changes this round's 8 reads of C, and
    # not the next round's, which writes A anew.
    write_seq=$(grep -m1 '\[snapshot\] meshCqEnqueueWriteShards' "$work/m.dump" | sed 's/^#\([0-9]*\) .*/\1/')
    reads=$(grep ' meshCqEnqueueReadShards(' "$work/m.dump" | sed 's/^#\([0-9]*\) .*/\1/')
    "$edit" "$work/m.w1.capnp" "$work/m.edited.capnp" --write-payload "$write_seq" 101 || fail "log_edit"
    (cd "$work/elsewhere" && "$ltplay" -q "$work/m.edited.capnp") >"$work/edited.out" 2>&1
    [ $? -eq 1 ] || fail "an edited mesh snapshot still verifies: $(cat "$work/edited.out")"
    [ "$(grep -c "MISMATCH in call #" "$work/edited.out")" -eq 8 ] || fail "expected 8 mismatches: $(cat "$work/edited.out")"
    for seq in $(echo "$reads" | head -8); do
        grep -q "MISMATCH in call #$seq (meshCqEnqueueReadShards, shard" "$work/edited.out" || fail "read #$seq is not reported"
    done
    ;;
backtrace)
    LTCAP_BACKTRACE=enqueueProgram LTCAP_OUTPUT=$work/bt.capnp capture bt "$pipeline" --iterations 2
    # Without --symbolize only the log's own facts: module+offset, no file opened.
    "$ltdump" --no-times "$work/bt.capnp" > "$work/bt.raw"
    grep -A1 " enqueueProgram(" "$work/bt.raw" | grep -qE "^    at pipeline\+0x[0-9a-f]+$" ||
        fail "unsymbolized frames are not module+offset: $(grep -A2 ' enqueueProgram(' "$work/bt.raw" | head -3)"
    "$ltdump" --no-times --symbolize "$work/bt.capnp" > "$work/bt.dump"
    grep -A1 " enqueueProgram(" "$work/bt.dump" | grep -q "^    at RunIteration(" ||
        fail "enqueueProgram's backtrace does not start at RunIteration: $(grep -A2 ' enqueueProgram(' "$work/bt.dump" | head -3)"
    grep -q "pipeline.cpp:[0-9]" "$work/bt.dump" || fail "no file:line in the backtrace"
    if grep -A1 " finish(" "$work/bt.dump" | grep -q "^    at "; then fail "finish has a backtrace, not asked for"; fi
    # An addr2line that quits at once (one per module is kept running and asked address by address): ltdump goes on
    # without file:line, and is not killed by writing to it.
    mkdir -p "$work/quitter" && printf '#!/bin/sh\nexit 0\n' > "$work/quitter/addr2line" && chmod +x "$work/quitter/addr2line"
    PATH="$work/quitter:$PATH" "$ltdump" --no-times --symbolize "$work/bt.capnp" > "$work/bt.quit" ||
        fail "ltdump --symbolize failed when addr2line quits"
    grep -A1 " enqueueProgram(" "$work/bt.quit" | grep -q "^    at RunIteration(" || fail "no symbols when addr2line quits"
    if grep -q "pipeline.cpp:[0-9]" "$work/bt.quit"; then fail "file:line from an addr2line that quit"; fi
    replays "$work/bt.capnp"
    ;;
threads)
    # Eight threads create their buffers and programs concurrently and share queue 0.
    LTCAP_OUTPUT=$work/t8.capnp capture t8 "$pipeline" --threads 8 --iterations 3
    [ "$("$ltdump" --no-times "$work/t8.capnp" | grep '^#' | sed 's/^#[0-9]* \[t\([0-9]*\)\].*/\1/' | sort -u | wc -l)" = 8 ] ||
        fail "the log does not hold calls from 8 threads"
    replays "$work/t8.capnp"
    grep -q ", 24 reads checked" "$work/replay.out" || fail "expected 24 verified reads: $(cat "$work/replay.out")"
    # A window opening mid-run while the threads work.
    LTCAP_RANGES=6-12 capture t8w "$pipeline" --threads 8 --iterations 3
    replays "$work/t8w.w1.capnp"
    ;;
fork)
    # One intercepted call, then fork: the child runs the pipeline and writes its own log; then the parent does.
    # Before forking the parent sets a kernel's runtime args 5000 times (kept late, by the log's writer thread):
    # the child's log starts from the last of them.
    LTCAP_OUTPUT=$work/fk.%p.capnp capture fk "$pipeline" --fork --iterations 2 --args-before-fork 5000
    [ "$(ls "$work"/fk.*.capnp | wc -l)" = 2 ] || fail "expected two logs: $(ls "$work")"
    children=0
    for f in "$work"/fk.*.capnp; do
        dump_to_file "$f" || fail "ltdump $(basename "$f")"
        if grep -q "^forked from pid " "$work/dumped"; then
            children=$((children + 1))
            got=$("$ltdump" --no-times "$f" | grep '\[snapshot\] setRuntimeArgs')
            [ "$(echo "$got" | sed 's/.*runtime_args=//')" = "[5000, 5000, 5000, 0])" ] ||
                fail "the child's snapshot does not hold the last runtime args set before the fork: [$got]"
        fi
        [ "$(calls "$f" | grep -c enqueueProgram)" = 2 ] || fail "$(basename "$f") lacks its two iterations"
        replays "$f"
    done
    [ $children = 1 ] || fail "expected exactly one log to say it is a forked child's"
    # Without %p in the pattern the child still gets a file of its own.
    LTCAP_OUTPUT=$work/fixed.capnp capture fixed "$pipeline" --fork --iterations 1
    [ "$(ls "$work"/fixed*.capnp | wc -l)" = 2 ] || fail "without %p the child overwrote the parent's log"
    ;;
exec)
    # The program execs itself (same name, same pid): the log before the exec is closed cleanly, the exec'd program
    # writes its own next to it.
    LTCAP_OUTPUT=$work/ex.%p.capnp capture ex "$pipeline" --iterations 2 --exec
    [ "$(ls "$work"/ex.*.capnp | wc -l)" = 2 ] || fail "expected two logs: $(ls "$work")"
    for f in "$work"/ex.*.capnp; do
        "$ltdump" "$f" >/dev/null || fail "$(basename "$f") is not a complete log"
        replays "$f"
    done
    [ "$(calls "$(ls "$work"/ex.*.2.capnp)" | grep -c enqueueProgram)" = 1 ] || fail "the exec'd program's log"
    # Which logs are the process's own is told across exec, not guessed from file times: an earlier run's log at
    # the same name, modified "in the future" (a wall clock that stepped back), is replaced by the first image, and
    # the exec'd image still never takes the first image's log.
    echo stale >"$work/fixed_ex.capnp"
    touch -d '+1 hour' "$work/fixed_ex.capnp"
    LTCAP_OUTPUT=$work/fixed_ex.capnp capture fixed_ex "$pipeline" --iterations 2 --exec
    [ "$(ls "$work"/fixed_ex*.capnp | wc -l)" = 2 ] || fail "expected the two images' logs only: $(ls "$work")"
    "$ltdump" "$work/fixed_ex.capnp" >/dev/null && [ "$(calls "$work/fixed_ex.capnp" | grep -c enqueueProgram)" -ge 1 ] ||
        fail "the first image did not replace the stale log"
    [ "$(calls "$work/fixed_ex.2.capnp" | grep -c enqueueProgram)" = 1 ] || fail "the exec'd image's log"
    ;;
*)
    fail "unknown case"
    ;;
esac
echo "PASS ($case_name)"
