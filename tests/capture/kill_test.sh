#!/bin/bash
# A program killed with SIGKILL (the OOM killer's way) at random points mid-run, with the default settings: each
# log must be readable up to the cut (ltdump reads its calls and reports it incomplete, exit 1), and must hold every
# call made more than one flush interval (LTCAP_FLUSH_MS, 100 ms by default) before the kill, give or take the
# scheduling slack a loaded machine adds: the test allows 500 ms more and prints what each kill lost.
set -uo pipefail
program=$1 shim=$(realpath "$2") ltdump=$3 ltcap=$4
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
source "$(dirname "$0")/forever_lib.sh" || fail "no forever_lib.sh beside the test"
warm_up "$program"
worst=0
# Runs 1-3 call tt-metal as fast as they can (batches fill and leave by themselves); runs 4-6 pause 5 ms per round,
# so only the periodic flush moves their calls to the file.
for run in 1 2 3 4 5 6; do
    log=$work/log$run.capnp
    pause=0
    [ $run -gt 3 ] && pause=5
    LTCAP_OUTPUT=$log LD_PRELOAD=$shim "$program" $pause >"$work/out$run" 2>"$work/err" &
    pid=$!
    started $pid "$work/out$run" || { kill -9 $pid 2>/dev/null; wait $pid; fail "run $run: the program did not run a round (exit $?): $(cat "$work/err")"; }
    sleep "0.$((RANDOM % 8 + 2))$((RANDOM % 10))"  # 0.20 to 0.99 s into the loop
    killed_ns=$(date +%s%N)
    kill -9 $pid
    wait $pid 2>/dev/null
    "$ltdump" "$log" >"$work/dump.txt" 2>"$work/dump.err"
    status=$?
    [ $status -eq 1 ] || fail "run $run: ltdump exit $status on a cut-off log (expected 1): $(cat "$work/dump.err")"
    grep -q "is incomplete" "$work/dump.err" || fail "run $run: ltdump did not say the log is incomplete"
    calls=$(grep -c ' enqueueProgram(' "$work/dump.txt")
    [ "$calls" -ge 10 ] || fail "run $run: only $calls enqueueProgram calls in the log"
    "$ltcap" info --json "$log" >"$work/info.json" 2>/dev/null
    read -r start_ns last_ns < <(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["start_time_unix_ns"], j["duration_ns"])' "$work/info.json")
    [ -n "$start_ns" ] && [ -n "$last_ns" ] || fail "run $run: ltcap info gives no start time or duration"
    lost_ms=$(( (killed_ns - start_ns - last_ns) / 1000000 ))
    echo "run $run (pause $pause ms): $calls launches kept; the last call in the log ended $lost_ms ms before the kill"
    [ "$lost_ms" -le 600 ] || fail "run $run: $lost_ms ms of calls lost (flush interval 100 ms)"
    [ "$lost_ms" -gt "$worst" ] && worst=$lost_ms
done
echo "PASS: every killed run kept its calls up to $worst ms before the kill at worst"
