#!/bin/bash
# A captured run that dies — its own check fails and it aborts, or a tt-metal exception goes uncaught — leaves a
# complete log: the capture's emergency flush writes everything and an end entry naming the signal (End.signal,
# format 15) and the exception nobody caught (End.uncaught, format 16). The process still dies of that signal.
# `ltcap info` and ltdump say how it ended; the replay goes up to the abort, verifies every read and exits 6
# ("reproduced up to the abort"); extract, diff and trim take the log as whole. A run that reports its failure by its
# exit status (main returns 3, or exit(4)) keeps that status, and its log says it (End.exited, End.exitStatus).
# A log cut without its end entry is still cut off (exit 2).
#   crashed_run_test.sh LIBLTCAP ABORTS LTPLAY LTCAP LTDUMP LOG_EDIT
set -uo pipefail
shim=$(realpath "$1") program=$(realpath "$2") ltplay=$(realpath "$3") ltcap=$(realpath "$4") ltdump=$(realpath "$5")
edit=$(realpath "$6")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
mkdir -p "$work/elsewhere"

for how in abort throw; do
    for compress in 1 0; do
        log=$work/$how-$compress.capnp
        LTCAP_LOG=quiet LTCAP_COMPRESS=$compress LTCAP_OUTPUT=$log LD_PRELOAD=$shim "$program" $how \
            >"$work/run.out" 2>&1
        status=$?
        # The process died of SIGABRT as it would have without the shim (128 + 6 from the shell).
        [ $status -eq 134 ] || fail "$how: the program's exit status is $status, not 134 (SIGABRT): $(cat "$work/run.out")"
        grep -q "now failing on purpose" "$work/run.out" || fail "$how: the program did not get to its failure"
        "$ltcap" info "$log" >"$work/info" 2>&1 || fail "$how: ltcap info exit $?: $(cat "$work/info")"
        # How it ended: the signal, and for `throw` the exception's type and what() (the emulated tt-metal throws a
        # std::runtime_error, as tt-metal's TT_THROW does).
        ended="the process died of signal 6 \(SIGABRT\)"
        json='"complete":true,"died_of_signal":6,"exited":false,"exit_status":0,"uncaught_exception":""'
        if [ $how = throw ]; then
            ended="$ended, on an exception nobody caught: std::runtime_error: TT_THROW: Out of Memory.*"
            json='"complete":true,"died_of_signal":6,"exited":false,"exit_status":0,"uncaught_exception":"std::runtime_error: TT_THROW: Out of Memory'
        fi
        grep -qE "^state: +complete: $ended, after call #[0-9]+; the capture wrote everything before it$" \
            "$work/info" || fail "$how: ltcap info: $(grep '^state' "$work/info")"
        "$ltcap" info --json "$log" >"$work/info.json" || fail "$how: ltcap info --json"
        grep -qF "$json" "$work/info.json" || fail "$how: JSON: $(head -c 400 "$work/info.json")"
        "$ltdump" --no-times "$log" >"$work/dump" || fail "$how: ltdump exit $?"
        grep -qE "^end of log: [0-9]+ calls; $ended$" "$work/dump" || fail "$how: ltdump: $(tail -2 "$work/dump")"
        (cd "$work/elsewhere" && "$ltplay" "$log") >"$work/play" 2>&1
        status=$?
        [ $status -eq 6 ] || fail "$how: ltplay exit $status, expected 6: $(cat "$work/play")"
        grep -qE "^ltplay: [0-9]+ calls replayed, 1 reads checked, 0 mismatches" "$work/play" &&
            grep -qE "^ltplay: reproduced up to the abort: the captured process died of signal 6 \(SIGABRT\)(, on an exception nobody caught: std::runtime_error: TT_THROW: Out of Memory.*)?, after call #[0-9]+" \
                "$work/play" || fail "$how: the verdict: $(cat "$work/play")"
        "$ltcap" extract "$log" "$work/x-$how-$compress" >/dev/null 2>&1 || fail "$how: ltcap extract exit $?"
        "$ltcap" diff "$log" "$log" >/dev/null 2>&1 || fail "$how: ltcap diff of the log with itself exit $?"
        echo "ok: $how (compressed: $compress): $(grep '^state' "$work/info" | sed 's/^state: *//')"
    done
done
# A run that fails by its exit status keeps it, and its log says so; its replay is a good one (exit 0).
for how in return exit; do
    log=$work/$how.capnp
    want=3
    [ $how = exit ] && want=4
    LTCAP_LOG=quiet LTCAP_OUTPUT=$log LD_PRELOAD=$shim "$program" $how >"$work/run.out" 2>&1
    status=$?
    [ $status -eq $want ] || fail "$how: the program's exit status is $status, not $want: $(cat "$work/run.out")"
    "$ltcap" info "$log" >"$work/info" 2>&1 || fail "$how: ltcap info exit $?: $(cat "$work/info")"
    grep -qE "^state: +complete \(closed cleanly\): the process exited with status $want$" "$work/info" ||
        fail "$how: ltcap info: $(grep '^state' "$work/info")"
    "$ltcap" info --json "$log" | grep -qF "\"exited\":true,\"exit_status\":$want," || fail "$how: JSON exit status"
    "$ltdump" --no-times "$log" | grep -qE "^end of log: [0-9]+ calls; the process exited with status $want$" ||
        fail "$how: ltdump's end line"
    (cd "$work/elsewhere" && "$ltplay" "$log") >"$work/play" 2>&1 || fail "$how: ltplay exit $?: $(cat "$work/play")"
    grep -q "^ltplay: the captured process exited with status $want$" "$work/play" ||
        fail "$how: the replay does not say how the captured run ended: $(cat "$work/play")"
    echo "ok: $how: $(grep '^state' "$work/info" | sed 's/^state: *//')"
done
# The exception's text is the log's, so hostile: printed with its escapes made harmless, and over 4096 bytes refused.
"$edit" "$work/throw-0.capnp" "$work/escapes.capnp" --uncaught 200 || fail "log_edit --uncaught"
"$ltcap" info "$work/escapes.capnp" >"$work/info" 2>&1 || fail "escapes: ltcap info exit $?"
"$ltdump" --no-times "$work/escapes.capnp" >"$work/dump" 2>&1 || fail "escapes: ltdump exit $?"
if LC_ALL=C grep -q $'\x1b\|\xc2\x9b' "$work/info" "$work/dump"; then fail "a terminal escape of the log reached the output"; fi
grep -q "on an exception nobody caught: std::runtime_error: .*owned.* \.\.\.," "$work/info" ||
    fail "escapes: $(grep '^state' "$work/info")"
"$edit" "$work/throw-0.capnp" "$work/long.capnp" --uncaught 5000 || fail "log_edit --uncaught"
(cd "$work/elsewhere" && "$ltplay" "$work/long.capnp") >"$work/play" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "exception text has 5000 bytes, more than 4096" "$work/play" ||
    fail "an overlong exception text: exit $status: $(cat "$work/play")"
echo "ok: a hostile exception text: $(grep -m1 '4096' "$work/play")"

# Without the shim the same exit statuses (nothing the shim does changes them).
"$program" return >/dev/null 2>&1; [ $? -eq 3 ] || fail "return without the shim"

# The exception that went uncaught was recorded as thrown (the replay's call threw too, or it would have failed).
grep -qE '^#[0-9]+ \[t1\] createBufferInterleaved\(.*\) threw "TT_THROW: Out of Memory' "$work/dump" ||
    fail "throw: the uncaught exception's call is not recorded as thrown: $(tail -3 "$work/dump")"

# ltcap trim cuts a crashed run's log like any other: its replay up to the abort is a good one.
"$ltcap" trim -q --calls 2- "$work/abort-1.capnp" "$work/part.capnp" >"$work/trim.out" 2>&1 ||
    fail "ltcap trim of a crashed run's log: exit $?: $(cat "$work/trim.out")"
echo "ok: trimmed: $("$ltcap" info "$work/part.capnp" | grep '^state')"

# Without its end entry (what kill -9 leaves), the same log is cut off: exit 2, as before.
"$edit" "$work/abort-0.capnp" "$work/cut.capnp" --cut-after 3 || fail "log_edit --cut-after"
(cd "$work/elsewhere" && "$ltplay" "$work/cut.capnp") >"$work/play" 2>&1
[ $? -eq 2 ] && grep -q "incomplete" "$work/play" || fail "a cut log: $(cat "$work/play")"
echo "ok: without its end entry the log is cut off: $(grep incomplete "$work/play" | head -1)"
echo PASS
