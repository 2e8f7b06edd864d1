#!/bin/bash
# A captured run that dies — its own check fails and it aborts, or a tt-metal exception goes uncaught — leaves a
# complete log: the capture's emergency flush writes everything and an end entry naming the signal (End.signal,
# format 15). The process still dies of that signal. `ltcap info` and ltdump say how it ended; the replay goes up to
# the abort, verifies every read and exits 6 ("reproduced up to the abort"); extract, diff and trim take the log as
# whole.
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
        grep -qE "^state: +complete: the process died of signal 6 \(SIGABRT\) after call #[0-9]+, and the capture wrote everything before it$" \
            "$work/info" || fail "$how: ltcap info: $(grep '^state' "$work/info")"
        "$ltcap" info --json "$log" >"$work/info.json" || fail "$how: ltcap info --json"
        grep -q '"complete":true,"died_of_signal":6' "$work/info.json" || fail "$how: JSON: $(head -c 300 "$work/info.json")"
        "$ltdump" --no-times "$log" >"$work/dump" || fail "$how: ltdump exit $?"
        grep -qE "^end of log: [0-9]+ calls; the process died of signal 6 \(SIGABRT\)$" "$work/dump" ||
            fail "$how: ltdump: $(tail -2 "$work/dump")"
        (cd "$work/elsewhere" && "$ltplay" "$log") >"$work/play" 2>&1
        status=$?
        [ $status -eq 6 ] || fail "$how: ltplay exit $status, expected 6: $(cat "$work/play")"
        grep -qE "^ltplay: [0-9]+ calls replayed, 1 reads checked, 0 mismatches" "$work/play" &&
            grep -qE "^ltplay: reproduced up to the abort: the captured process died of signal 6 \(SIGABRT\) after call #[0-9]+" \
                "$work/play" || fail "$how: the verdict: $(cat "$work/play")"
        "$ltcap" extract "$log" "$work/x-$how-$compress" >/dev/null 2>&1 || fail "$how: ltcap extract exit $?"
        "$ltcap" diff "$log" "$log" >/dev/null 2>&1 || fail "$how: ltcap diff of the log with itself exit $?"
        echo "ok: $how (compressed: $compress): $(grep '^state' "$work/info" | sed 's/^state: *//')"
    done
done
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
