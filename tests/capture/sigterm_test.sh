#!/bin/bash
# A program stopped with SIGTERM at random points mid-run, plain (uncompressed) logs and compressed ones: the shim's
# emergency flush writes what was appended and, when the signal did not land inside the capture's own critical
# section, an end entry naming the signal. The process must end within 20 s (the flush once freed memory in the
# handler and deadlocked on the allocator's lock the interrupted thread held), and every log must read — whole and
# ending with the signal (ltdump exit 0), or cut where the signal landed (exit 1) — never damaged (a batch written twice
# made every reader call the log damaged, about one run in 25). 30 runs; the verdict is the same wherever the signal
# lands.
set -uo pipefail
program=$1 shim=$(realpath "$2") ltdump=$3
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
source "$(dirname "$0")/forever_lib.sh" || fail "no forever_lib.sh beside the test"
warm_up "$program"
ended=0
for run in $(seq 1 30); do
    log=$work/log$run.capnp
    compress=1
    [ $((run % 2)) -eq 0 ] && compress=0
    LTCAP_COMPRESS=$compress LTCAP_LOG=quiet LTCAP_OUTPUT=$log LD_PRELOAD=$shim "$program" 0 >"$work/out$run" 2>"$work/err$run" &
    pid=$!
    started $pid "$work/out$run" || { kill -9 $pid 2>/dev/null; wait $pid; fail "run $run: the program did not run a round (exit $?): $(cat "$work/err$run")"; }
    sleep "0.$((RANDOM % 5))$((RANDOM % 10))"  # 0 to 0.49 s into the loop
    kill -TERM $pid
    for _ in $(seq 1 400); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
    if kill -0 $pid 2>/dev/null; then
        kill -9 $pid
        fail "run $run (compress $compress): the program still runs 20 s after SIGTERM (the emergency flush hangs)"
    fi
    wait $pid 2>/dev/null
    "$ltdump" "$log" >"$work/dump.txt" 2>"$work/dump.err"
    status=$?
    case $status in
        0) grep -q "signal 15\|SIGTERM" "$work/dump.txt" "$work/dump.err" ||
               fail "run $run: a whole log that does not end with the signal: $(tail -3 "$work/dump.txt")"
           ended=$((ended + 1)) ;;
        1) grep -q "is incomplete" "$work/dump.err" || fail "run $run: ltdump exit 1: $(head -c 600 "$work/dump.err")" ;;
        *) fail "run $run (compress $compress): ltdump exit $status: $(head -c 600 "$work/dump.err")" ;;
    esac
done
echo "PASS: 30 runs stopped by SIGTERM (compressed and plain logs): none damaged, $ended ending with the signal, the others cut"
