#!/bin/bash
# A program killed with SIGKILL mid-run leaves a log that is readable up to the cut: ltdump reads the calls
# and reports the log as incomplete (exit 1), with the periodic flush (LTCAP_FLUSH_MS) having written them.
set -uo pipefail
program=$1 shim=$(realpath "$2") ltdump=$3
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_FLUSH_MS=20 LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim "$program" >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 300); do grep -q running "$work/out" 2>/dev/null && break; sleep 0.1; done
grep -q running "$work/out" || { kill -9 $pid; fail "the program never started: $(cat "$work/err")"; }
sleep 0.5
kill -9 $pid
wait $pid 2>/dev/null
"$ltdump" --no-times "$work/log.capnp" >"$work/dump.txt" 2>"$work/dump.err"
status=$?
[ $status -eq 1 ] || fail "ltdump exit $status on a cut-off log (expected 1): $(cat "$work/dump.err")"
grep -q "is incomplete" "$work/dump.err" || fail "ltdump did not say the log is incomplete"
calls=$(grep -c ' enqueueProgram(' "$work/dump.txt")
[ "$calls" -ge 2 ] || fail "only $calls enqueueProgram calls in the log"
echo "PASS: $calls launches readable after SIGKILL"
