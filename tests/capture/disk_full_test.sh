#!/bin/bash
# A capture whose disk fills up: the log goes to a 32 KiB tmpfs (mounted in a private user and mount namespace,
# no root needed), too small for the loopback program's log. The program must run exactly as without the shim;
# one ltcap: line must say the write failed and how much of the log is kept; the closing summary must not claim
# success; and the part on disk must read as an incomplete log that still has its header.
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltdump=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
"$program" >"$work/plain.out" 2>&1 || fail "the program fails without the shim"
unshare -rm true 2>/dev/null || fail "unshare -rm is not permitted here: a private tmpfs cannot be mounted"
mkdir -p "$work/full"
unshare -rm sh -c 'mount -t tmpfs -o size=32k tmpfs "$1" && shift && exec "$@"' sh "$work/full" \
    env LTCAP_OUTPUT="$work/full/log.capnp" LD_PRELOAD="$shim" "$program" >"$work/traced.out" 2>"$work/traced.err"
status=$?
cat "$work/traced.err"
[ $status -eq 0 ] || fail "the program exits $status when the log's disk is full"
diff -u <(cat "$work/plain.out") "$work/traced.out" >&2 || fail "stdout differs"
grep -qE '^ltcap: writing .*/full/log.capnp failed: No space left on device; the log keeps at least the first [0-9]+ of the [0-9]+ calls' \
    "$work/traced.err" || fail "no line reporting the failed write and what it lost"
[ "$(grep -c 'failed: No space left on device; the log keeps' "$work/traced.err")" -eq 2 ] ||
    fail "expected the failure and the closing summary to report the loss"
grep -q '^ltcap: .* is incomplete: [0-9]* bytes written before' "$work/traced.err" || fail "the summary does not say the log is incomplete"
! grep -q '^ltcap: wrote ' "$work/traced.err" || fail "the summary claims the log was written"
# The private tmpfs is gone with its namespace: check what it held from inside another one is not possible, so
# the same capture is repeated with the log read back before the namespace ends.
unshare -rm sh -c 'mount -t tmpfs -o size=32k tmpfs "$1" && LTCAP_LOG=quiet LTCAP_OUTPUT="$1/log.capnp" LD_PRELOAD="$2" "$3" >/dev/null 2>&1;
                   cp "$1/log.capnp" "$4"' sh "$work/full" "$shim" "$program" "$work/cut.capnp"
"$ltdump" --no-times "$work/cut.capnp" >"$work/dump.txt" 2>"$work/dump.err"
status=$?
[ $status -eq 1 ] || fail "ltdump exit $status on the log cut by the full disk (expected 1: incomplete): $(cat "$work/dump.err")"
grep -q "^ltcap log format" "$work/dump.txt" || fail "the header did not survive"
echo "PASS: the full disk is reported: $(grep -m1 'failed' "$work/traced.err")"
