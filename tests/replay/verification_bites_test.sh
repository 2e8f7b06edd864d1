#!/bin/bash
# Verification must catch a log that differs from what the program did: one runtime arg, one kernel source,
# one write payload. Each edited log replays with exit 1 and names the first read that differs.
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltdump=$(realpath "$3") edit=$(realpath "$4") loopback=$5 eltwise=$6
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
capture() { LTCAP_LOG=quiet LTCAP_OUTPUT=$work/$1.capnp LD_PRELOAD=$shim "$2" >/dev/null 2>&1 || fail "capturing $1"; }
seq_of() { "$ltdump" --no-times "$1" | grep -m1 " $2(" | sed 's/^#\([0-9]*\) .*/\1/'; }
expect_mismatch() {  # LOG CALLSEQ WHAT
    (cd "$work" && "$ltplay" -q "$1") >"$work/out" 2>&1
    local status=$?
    [ $status -eq 1 ] || fail "$3: ltplay exit $status, expected 1: $(cat "$work/out")"
    grep -q "MISMATCH in call #$2 " "$work/out" || fail "$3: the report does not name call #$2: $(cat "$work/out")"
    echo "ok: $3 -> $(head -1 "$work/out")"
}

capture loopback "$loopback"
capture eltwise "$eltwise"
(cd "$work" && "$ltplay" -q loopback.capnp) || fail "the unedited loopback log does not replay cleanly"

read_seq=$(seq_of "$work/loopback.capnp" enqueueReadBuffer)
args_seq=$(seq_of "$work/loopback.capnp" setRuntimeArgs)
# Runtime arg 5 of the loopback kernel is the byte count: copy half of it.
"$edit" "$work/loopback.capnp" "$work/arg.capnp" --runtime-arg "$args_seq" 3 5 51200 || fail "edit runtime arg"
expect_mismatch arg.capnp "$read_seq" "runtime arg edited"

"$edit" "$work/loopback.capnp" "$work/src.capnp" --kernel-source 1 "noc_async_write(l1_buffer_addr, dst_noc, size)" \
    "noc_async_write(l1_buffer_addr, dst_noc, size / 2)" || fail "edit kernel source"
expect_mismatch src.capnp "$read_seq" "kernel source edited"

write_seq=$(seq_of "$work/eltwise.capnp" enqueueWriteBuffer)
sum_read=$(seq_of "$work/eltwise.capnp" enqueueReadBuffer)
"$edit" "$work/eltwise.capnp" "$work/payload.capnp" --write-payload "$write_seq" 4000 || fail "edit payload"
expect_mismatch payload.capnp "$sum_read" "write payload edited"
echo "PASS: every edit is caught"
