#!/bin/bash
# Threads that crash together (tests/capture/fault_together.cpp): each faulting thread enters the shim's fatal-signal
# handler at once. The log must be whole — not damaged, no batch written twice, ended by the end entry saying the
# process died of SIGSEGV (End.signal) unless the writer thread was still writing — and hold every write the program
# made before the faults, once. Four runs with the plain message stream and four compressed, each with four
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
    # Complete, ended by the end entry naming SIGSEGV; or cut off, when the flush found the writer thread still
    # writing (it then writes no end entry behind it) — never anything else.
    if [ $dump_status -eq 0 ]; then
        grep -qE '^end of log: [0-9]+ calls; the process died of signal 11 \(SIGSEGV\)$' "$work/dump$run" ||
            fail "run $run: the log does not end saying the process died of SIGSEGV: $(tail -2 "$work/dump$run")"
    else
        [ $dump_status -eq 1 ] && grep -q 'is incomplete' "$work/dumperr$run" ||
            fail "run $run (compress $compress): ltdump exit $dump_status: $(cat "$work/dumperr$run")"
    fi
    kept=$(grep -c ' enqueueWriteBuffer' "$work/dump$run")
    [ "$kept" -eq 100 ] || fail "run $run (compress $compress): $kept writes in the log, the program made 100 before the faults"
    dup=$(grep -oE '^#[0-9]+' "$work/dump$run" | sort | uniq -d | head -3 | tr '\n' ' ')
    [ -z "$dup" ] || fail "run $run: calls in the log twice: $dup"
    echo "run $run (compress $compress): $(tail -1 "$work/dump$run" | cut -c1-60)…, all 100 writes once"
done
echo "PASS: four threads faulting together leave a whole log with every write once, in all 8 runs"
