#!/bin/bash
# Threads that crash together (tests/capture/fault_together.cpp): each faulting thread enters the shim's fatal-signal
# handler at once. The log must read as cut off — not damaged, no batch written twice — and hold every write the
# program made before the faults, once. Four runs with the plain message stream and four compressed, each with four
# threads faulting and batches only written when full (LTCAP_FLUSH_MS=0), so the handler has much to write.
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltdump=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
for run in 1 2 3 4 5 6 7 8; do
    compress=0
    [ $run -gt 4 ] && compress=1
    log=$work/run$run.capnp
    LTCAP_OUTPUT=$log LTCAP_COMPRESS=$compress LTCAP_FLUSH_MS=0 LD_PRELOAD=$shim "$program" 4 24 \
        >"$work/out$run" 2>"$work/err$run"
    status=$?
    [ $status -eq 139 ] || fail "run $run: exit $status, expected 139 (SIGSEGV): $(tail -3 "$work/err$run")"
    made=$(sed -n 's/^writes //p' "$work/out$run")
    [ "$made" = 100 ] || fail "run $run: the program did not report its 100 writes ($(cat "$work/out$run"))"
    "$ltdump" --no-times "$log" >"$work/dump$run" 2>"$work/dumperr$run"
    dump_status=$?
    [ $dump_status -eq 1 ] || fail "run $run (compress $compress): ltdump exit $dump_status (expected 1, cut off): $(cat "$work/dumperr$run")"
    grep -q 'is incomplete' "$work/dumperr$run" || fail "run $run: ltdump does not call the log cut off: $(cat "$work/dumperr$run")"
    kept=$(grep -c ' enqueueWriteBuffer' "$work/dump$run")
    [ "$kept" -eq 100 ] || fail "run $run (compress $compress): $kept writes in the log, the program made 100 before the faults"
    dup=$(grep -oE '^#[0-9]+' "$work/dump$run" | sort | uniq -d | head -3 | tr '\n' ' ')
    [ -z "$dup" ] || fail "run $run: calls in the log twice: $dup"
    echo "run $run (compress $compress): cut off after $(grep -c '^#' "$work/dump$run") calls, all 100 writes once"
done
echo "PASS: four threads faulting together leave a cut-off log with every write once, in all 8 runs"
